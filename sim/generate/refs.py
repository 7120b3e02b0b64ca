"""Generated scenarios by reference, without files: ``gen:FAMILY:SPLIT:SEED:INDEX``.

A reference names one generated scenario completely (generation is a pure function of these
coordinates), so it travels to worker processes, Ray actors, a resumed run's stored config
and the OpenEnv server like a bundled id, and every holder regenerates the same scenario.
:func:`sim.loader.get_scenario` resolves it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from sim.errors import ConfigError
from sim.generate.sampler import Split

if TYPE_CHECKING:
    from sim.scenario import Scenario

__all__ = ["PREFIX", "is_generated_ref", "make_ref", "parse_ref", "refs_for", "resolve_ref"]

PREFIX = "gen:"


def is_generated_ref(ref: object) -> bool:
    return isinstance(ref, str) and ref.startswith(PREFIX)


def make_ref(family: str, split: Split, seed: int, index: int) -> str:
    return f"{PREFIX}{family}:{split.value}:{seed}:{index}"


def parse_ref(ref: str) -> tuple[str, Split, int, int]:
    """(family, split, seed, index) of ``ref``; a malformed one is a :class:`ConfigError`."""
    parts = ref.removeprefix(PREFIX).split(":")
    try:
        family, split, seed, index = parts
        return family, Split(split), int(seed), int(index)
    except ValueError:
        raise ConfigError(
            f"generated scenario {ref[:80]!r}: expected gen:FAMILY:train|test:SEED:INDEX"
        ) from None


def refs_for(family: str, count: int, seed: int, split: Split = Split.TRAIN) -> list[str]:
    """``count`` references of ``family`` (or ``all``) for ``seed``."""
    return [make_ref(family, split, seed, i) for i in range(count)]


@lru_cache(maxsize=4096)
def resolve_ref(ref: str) -> Scenario:
    """The generated scenario ``ref`` names."""
    from sim.generate.generator import generate_one, templates_for

    family, split, seed, index = parse_ref(ref)
    if index < 0:
        raise ConfigError(f"generated scenario {ref[:80]!r}: the index must be >= 0")
    try:
        chosen = templates_for(family)
    except ValueError as exc:
        raise ConfigError(str(exc)) from None
    return generate_one(chosen[index % len(chosen)], split, seed, index).synthesized.scenario

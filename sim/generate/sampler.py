"""Sampling a template's variables and rendering its skeleton, deterministically per seed.

Each scenario gets its own ``random.Random`` seeded from a SHA-256 of (family, template,
split, seed, index), so scenario ``i`` does not depend on how many came before it and the
same seed gives the same scenarios on any machine. The train split never samples a
``held_out`` choice; every test scenario samples at least one (one variable with held-out
choices is drawn and forced to a held-out value), so the splits share no held-out variant.
Slots are ``{{name}}`` or ``{{name.part}}``; a string that is exactly one slot takes the
value with its type. The text is substituted, never formatted.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import random
import re
from enum import StrEnum
from typing import Any

from sim.generate.templates_model import Choice, Template, Variable

__all__ = ["Sample", "Split", "render", "rng_for", "sample"]

_SLOT = re.compile(r"\{\{\s*([a-z_][a-z0-9_]*)(?:\.([a-z_][a-z0-9_]*))?\s*\}\}")


class Split(StrEnum):
    """Which variants a scenario may use."""

    TRAIN = "train"
    TEST = "test"


class Sample:
    """The values drawn for one scenario, and the difficulty points of the choices."""

    __slots__ = ("held_out", "points", "values")

    def __init__(self, values: dict[str, Any], points: int, held_out: list[str]) -> None:
        self.values = values
        self.points = points
        self.held_out = held_out
        """Variables whose held-out choice was drawn (test split only)."""


def rng_for(family: str, template: str, split: Split, seed: int, index: int) -> random.Random:
    """The scenario's own generator: a pure function of its coordinates."""
    key = f"{family}|{template}|{split.value}|{seed}|{index}".encode()
    return random.Random(int.from_bytes(hashlib.sha256(key).digest()[:8], "big"))


def _pick(rng: random.Random, choices: list[Choice]) -> Choice:
    return rng.choices(choices, weights=[c.weight for c in choices], k=1)[0]


def _draw(
    rng: random.Random, var: Variable, pool: list[Choice] | None
) -> tuple[Any, Choice | None]:
    if var.min is not None and var.max is not None:
        return rng.randint(var.min, var.max), None
    choice = _pick(rng, pool if pool is not None else var.choices)
    return choice.value, choice


def sample(template: Template, split: Split, rng: random.Random) -> Sample:
    """Draw every variable of ``template`` for ``split`` (in declaration order)."""
    holdable = [name for name, v in template.variables.items() if v.has_held_out]
    forced = rng.choice(holdable) if split is Split.TEST else None
    values: dict[str, Any] = {"opened": template.opened}
    points = 0
    held: list[str] = []
    for name, var in template.variables.items():
        pool: list[Choice] | None = None
        if var.choices:
            if name == forced:
                pool = [c for c in var.choices if c.held_out]
            elif split is Split.TRAIN:
                pool = [c for c in var.choices if not c.held_out]
        value, choice = _draw(rng, var, pool)
        values[name] = value
        if choice is not None:
            points += choice.difficulty
            if choice.held_out:
                held.append(name)
    opened = dt.date.fromisoformat(template.opened)
    for name, value in list(values.items()):
        if name.endswith("_days_ago") and isinstance(value, int):
            values[name.removesuffix("_days_ago") + "_date"] = (
                opened - dt.timedelta(days=value)
            ).isoformat()
    # A choice may use other variables' slots (one level, the derived dates included):
    # filled once, after every draw.
    values = {name: render(value, values) for name, value in values.items()}
    return Sample(values, points, held)


def _lookup(values: dict[str, Any], name: str, part: str | None) -> Any:
    if name not in values:
        raise KeyError(f"unknown slot {{{{{name}}}}}")
    value = values[name]
    if part is None:
        return value
    if not isinstance(value, dict) or part not in value:
        raise KeyError(f"slot {{{{{name}.{part}}}}}: the value has no part {part!r}")
    return value[part]


def render(node: Any, values: dict[str, Any]) -> Any:
    """``node`` with every slot filled from ``values`` (lists and mappings walked)."""
    if isinstance(node, str):
        if "{{" not in node:
            return node  # no slot: nothing to fill (most of a skeleton's text)
        whole = _SLOT.fullmatch(node.strip())
        if whole:
            return _lookup(values, whole.group(1), whole.group(2))
        return _SLOT.sub(lambda m: str(_lookup(values, m.group(1), m.group(2))), node)
    if isinstance(node, list):
        return [render(item, values) for item in node]
    if isinstance(node, dict):
        return {key: render(item, values) for key, item in node.items()}
    return node

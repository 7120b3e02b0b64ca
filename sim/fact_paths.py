"""A fact that is a menu path ("Account > Billing > Cancel subscription") is stated only when
every step after the first is named.

A fact phrase counts as stated when most of its words are found near each other
(:func:`sim.claims.fact_stated`). For a path that lets the one step the customer could not
guess drop out: "cancel the subscription in your account" has three of the four words of
"Account > Billing > Cancel subscription" and never says where. Each step after the first
must be named by one of its words; the first (the account, the settings) is the place every
path starts from and is often left implicit ("go to Billing > Cancel subscription").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache

__all__ = ["path_steps", "steps_named"]

_SEPARATOR = re.compile(r"\s*(?:>|->|»|→|,|\bthen\b)\s*")
_STEP = re.compile(r"^[A-Z0-9][\w'-]*(?:\s+[\w'-]+){0,3}$")
"""One step of a path: a name of up to four words that starts with a capital ("Billing",
"Cancel subscription")."""


@lru_cache(maxsize=1024)
def path_steps(
    phrase: str, words: tuple[str, ...], stems: Callable[[str], tuple[str, ...]]
) -> tuple[tuple[int, ...], ...]:
    """For a path phrase, the positions in ``words`` (the phrase's stemmed content words) of
    the words of each step after the first; ``()`` when the phrase is no path (fewer than two
    steps, or a part that is not a name). ``stems(text)`` gives a text's stemmed words as
    ``words`` was made. Cached (the body is :func:`_path_steps`)."""
    return _path_steps(phrase, words, stems)


def _path_steps(
    phrase: str, words: tuple[str, ...], stems: Callable[[str], tuple[str, ...]]
) -> tuple[tuple[int, ...], ...]:
    parts = _SEPARATOR.split(phrase.strip())
    if len(parts) < 2 or not all(_STEP.match(p) for p in parts):
        return ()
    steps: list[tuple[int, ...]] = []
    for part in parts[1:]:
        mine = set(stems(part))
        at = tuple(i for i, w in enumerate(words) if w in mine)
        if not at:
            return ()  # a step of function words only: nothing to require
        steps.append(at)
    return tuple(steps)


def steps_named(steps: Sequence[Sequence[int]], found: Sequence[bool]) -> bool:
    """Whether each step has one of its words among those ``found`` (aligned with the
    phrase's words)."""
    return all(any(found[i] for i in step) for step in steps)

"""A required fact that is a calendar date is communicated by that date, in any form.

A fact phrase such as "November 1" used to match on its words alone, and its only word is
the month: "our return window changed on November 15" communicated "changed on November 1".
A phrase that is a date is matched as a date instead: the reply must state the same month
and day ("1 November", "Nov. 1st", "the first of November", "2026-11-01"), in a clause that
affirms it (not negated, not asked).
"""

from __future__ import annotations

import datetime as dt
import re
from functools import lru_cache

from sim.dates import dates_in
from sim.reader import Reading

__all__ = ["fact_days", "phrase_day", "states_day"]

_ANCHOR = dt.date(2000, 6, 15)
"""Any day serves: only the month and the day are compared (2000 has a February 29)."""
_TOKENS = re.compile(r"[a-z]+|\d+")


@lru_cache(maxsize=1024)
def phrase_day(phrase: str) -> tuple[int, int] | None:
    """(month, day) when a fact phrase is a calendar date and little else ("November 1",
    "on 1 November 2026"); ``None`` for any other phrase."""
    found = dates_in(phrase, _ANCHOR)
    if len(found) != 1 or len(_TOKENS.findall(phrase.lower())) > 4:
        return None
    return found[0].day.month, found[0].day.day


def fact_days(phrases: tuple[str, ...]) -> frozenset[tuple[int, int]]:
    """The (month, day) pairs of a fact's phrases that are dates."""
    return frozenset(d for d in map(phrase_day, phrases) if d is not None)


def states_day(reading: Reading, days: frozenset[tuple[int, int]]) -> bool:
    """Whether a clause of ``reading`` that affirms what it says states one of ``days``."""
    return any(
        (said.day.month, said.day.day) in days
        for clause in reading.clauses
        if clause.states
        for said in dates_in(clause.text, _ANCHOR)
    )

"""Facts whose phrase is a date ("1 November"), matched as dates, day included.

A fact's phrases are matched by their content words, and a word matcher drops numbers, so a
date phrase used to come down to its month: "your vase arrived on November 6" stated the
fact "the policy changed on 1 November". Here a date phrase is read as a (month, day) and
counts only when a clause that asserts (not negated, not a question, not word salad) gives
that same day, in any of the forms :func:`sim.dates.dates_in` reads ("Nov 1", "1st of
November", "2026-11-01"). The year is left out: the phrases of a fact rarely give one.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from functools import lru_cache

from sim.dates import dates_in
from sim.reader import Reading

__all__ = ["date_fact_stated", "phrase_day"]

_ANCHOR = dt.date(2000, 6, 1)
"""Any day: only the month and the day of what is read are kept (2000 has a 29 February)."""


@lru_cache(maxsize=4096)
def phrase_day(phrase: str) -> tuple[int, int] | None:
    """The (month, day) a fact phrase is, if the phrase is one date and nothing else."""
    found = dates_in(phrase, _ANCHOR)
    if len(found) != 1:
        return None
    words = [w for w in phrase.lower().replace(",", " ").split() if w.isalpha()]
    if len(words) > 2:  # "the 1 November update": more than a date, matched by its words
        return None
    day = found[0].day
    return (day.month, day.day)


def date_fact_stated(reading: Reading, phrases: Iterable[str]) -> bool:
    """Whether ``reading`` asserts one of the dates among ``phrases``."""
    wanted = {d for p in phrases if (d := phrase_day(p)) is not None}
    if not wanted:
        return False
    for clause in reading.clauses:
        if clause.negated or clause.question or clause.salad:
            continue
        if any((d.day.month, d.day.day) in wanted for d in dates_in(clause.text, _ANCHOR)):
            return True
    return False

"""A required fact that is a date (sim/fact_dates.py): stated by that day in any form, not by
its month alone (probe2 h4-prw-06: "changed on November 15" for "November 1")."""

from __future__ import annotations

import pytest

from sim.claims import fact_stated
from sim.fact_dates import fact_days, phrase_day, states_day
from sim.reader import read
from sim.scenario import Fact


@pytest.mark.parametrize(
    ("phrase", "day"),
    [
        ("November 1", (11, 1)),
        ("1 November", (11, 1)),
        ("on 1 November 2026", (11, 1)),
        ("Dec 14", (12, 14)),
        ("2026-12-14", (12, 14)),
        ("February 29", (2, 29)),
        ("the first of November", (11, 1)),
        ("November", None),
        ("stays active", None),
        ("November 1 or November 2", None),
        ("the window changed on November 1 this year", None),
    ],
)
def test_phrase_day(phrase: str, day: tuple[int, int] | None) -> None:
    assert phrase_day(phrase) == day


def test_fact_days_keeps_the_phrases_that_are_dates() -> None:
    assert fact_days(("1 November", "November 1", "changed")) == frozenset({(11, 1)})
    assert fact_days(("changed",)) == frozenset()


@pytest.mark.parametrize(
    ("text", "stated"),
    [
        ("Our return window changed on November 1.", True),
        ("It changed on the 1st of November.", True),
        ("It changed on Nov 1st, so the window is 14 days.", True),
        ("It changed on November first.", True),
        ("Our return window changed on November 15.", False),
        ("Our return window changed in November.", False),
        ("The window did not change on November 1.", False),
        ("Did the window change on November 1?", False),
    ],
)
def test_a_date_fact_is_stated_by_its_day(text: str, stated: bool) -> None:
    assert states_day(read(text), frozenset({(11, 1)})) is stated
    fact = Fact(id="changed_on", any_of=["1 November", "November 1"])
    assert fact_stated(read(text), fact) is stated


def test_other_phrases_of_a_date_fact_still_match_by_words() -> None:
    fact = Fact(id="changed_on", any_of=["November 1", "window changed"])
    assert fact_stated(read("Our window changed recently."), fact)

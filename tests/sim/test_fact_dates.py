"""Date phrases of facts (sim/fact_dates.py): the day counts, not only the month."""

from __future__ import annotations

from sim.claims import fact_stated
from sim.fact_dates import date_fact_stated, phrase_day
from sim.reader import read
from sim.scenario import Fact


def test_a_date_phrase_is_a_month_and_a_day() -> None:
    assert phrase_day("1 November") == (11, 1)
    assert phrase_day("Nov 1st") == (11, 1)
    assert phrase_day("2026-12-03") == (12, 3)
    assert phrase_day("Tuesday, 1 November 2026") == (11, 1)
    assert phrase_day("end of the paid period") is None
    assert phrase_day("1 November or 2 November") is None  # two dates: not one date
    assert phrase_day("the new policy of 1 November") is None  # more than a date


def test_the_day_must_be_the_one_of_the_fact() -> None:
    phrases = ("1 November", "November 1")
    for text in (
        "The window changed on November 1st.",
        "Since the 1st of November it is 14 days.",
        "From 2026-11-01 the window is 14 days.",
        "It changed on Nov 1.",
    ):
        assert date_fact_stated(read(text), phrases), text
    for text in (
        "Your vase arrived on November 6.",
        "It changed in November.",
        "It did not change on November 1.",
        "Did it change on November 1?",
    ):
        assert not date_fact_stated(read(text), phrases), text
    assert not date_fact_stated(read("It changed on November 1."), ("end of the period",))


def test_fact_stated_reads_a_date_phrase_as_a_date() -> None:
    fact = Fact(id="changed_on", any_of=["1 November", "the change of rules"])
    assert fact_stated(read("The rules changed on 1 Nov."), fact)
    assert not fact_stated(read("Your parcel came on November 6."), fact)
    # the other phrases still match by their words
    assert fact_stated(read("This follows the change of rules."), fact)


def test_a_negated_or_asked_clause_before_the_date_does_not_stop_the_reading() -> None:
    phrases = ("1 November",)
    assert date_fact_stated(
        read("It did not change in October; it changed on November 1."), phrases
    )
    assert date_fact_stated(read("Did it change? It changed on 1 November."), phrases)

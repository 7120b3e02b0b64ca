"""Shorthand as human agents type it: unit abbreviations and courtesy shorthand, written out
so the reader parses them (contractions without the apostrophe are the reader's one
contraction table's: tests/sim/test_one_contraction_table.py)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from sim.reader import read
from sim.shorthand import expand_shorthand


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("refunded, 5-7 biz days", "refunded, 5-7 business days"),
        ("pls check spam, thx", "please check spam, thanks"),
        ("plz allow 2 wks", "please allow 2 weeks"),
        ("covered for 1 yr", "covered for 1 year"),
        ("warranty is 2 yrs", "warranty is 2 years"),
        ("takes 2-3 wkg days", "takes 2-3 working days"),
        ("link valid for 30 mins", "link valid for 30 minutes"),
        ("within 3 mos", "within 3 months"),
        ("your acct mgr will call", "your account manager will call"),
    ],
)
def test_shorthand_is_written_out(text: str, expected: str) -> None:
    assert expand_shorthand(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "i was ill last week",  # an English word, not "i'll"
        "we were happy to help",
        "its status is shipped",
        "the bus was late",  # "bus" without a dot is a bus
        "a mo or two",  # a unit abbreviation only after a number
        "the d key",
        "business as usual",
        "2nd attempt",
    ],
)
def test_words_are_left_alone(text: str) -> None:
    assert expand_shorthand(text) == text


@pytest.mark.parametrize(
    "text", ["ive sent it", "we cant refund that, it isnt possible", "thats done, youll see"]
)
def test_contractions_are_not_shorthand(text: str) -> None:
    # one table writes contractions out (sim.reader.expand_contractions); a second here
    # would read them twice, and differently
    assert expand_shorthand(text) == text


def test_abbreviated_business_days_read_as_a_duration() -> None:
    for text in (
        "refund done, 5-7 biz days to your card.",
        "refunded the $10, 3 to 5 biz days.",
        "Refunded, should show in 3-5 biz days",
    ):
        durations = read(text).stated_durations()
        assert durations, text
        assert durations[0].unit.value == "business_day", text


def test_abbreviated_weeks_read_as_a_duration() -> None:
    durations = read("replacement ships within 2 wks.").stated_durations()
    assert [(d.low, d.high) for d in durations] == [(Decimal(2), Decimal(2))]


def test_apostrophe_less_contraction_keeps_its_negation() -> None:
    assert read("we cant refund the october charge.").clauses[0].negated
    assert not read("we can refund the october charge.").clauses[0].negated


def test_apostrophe_less_first_person_reports_the_act() -> None:
    acts = {c.act for c in read("ive refunded the $20 to your card.").claims}
    assert acts == {c.act for c in read("i've refunded the $20 to your card.").claims}
    assert acts

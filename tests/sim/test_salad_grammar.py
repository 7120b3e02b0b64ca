"""A span of waiting time where English puts no noun is word salad (:mod:`sim.salad_grammar`)."""

from __future__ import annotations

import pytest

from sim.reader import read
from sim.salad_grammar import span_as_object


@pytest.mark.parametrize(
    "low",
    [
        "the cancelled voucher of your mattress settles the 2 to 4 business days",
        "your invoice approves the 10 working days of the router",
        "the parcel swaps these 48 hours to the card",
        "the reset link expires the 30 minutes",
        "the warranty refund the 7 bank days",
    ],
)
def test_a_span_of_waiting_time_after_a_verb_or_noun_is_salad(low: str) -> None:
    assert span_as_object(low)


@pytest.mark.parametrize(
    "low",
    [
        "it reaches your bank within the 2 to 4 business days",
        "please allow the 10 working days we quoted",
        "you may need to wait the 48 hours before trying again",
        "past the 30 minutes the link stops working",
        "so the 5 business days start today",
        "i have refunded the four months you did not use",
        "we credited the 3 days of your trial",
        "the 30-day window has closed",
        "refunded in 3 business days",
        "through the 6 hours of maintenance nothing is charged",
    ],
)
def test_spans_in_their_grammatical_places_are_not_salad(low: str) -> None:
    assert not span_as_object(low)


def test_the_reader_reads_such_a_sentence_as_salad_and_a_terse_one_as_a_sentence() -> None:
    salad = read("The voucher of your blender approves the 2 to 4 business days, so $58.00 goes.")
    assert salad.salad
    assert not read("$58.00 refunded. Back in 2-4 biz days.").salad

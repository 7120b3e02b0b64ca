"""A denial about another thing than a reported act is no contradiction
(:mod:`sim.distinct_objects`), and the same denial of the same thing still is."""

from __future__ import annotations

import pytest

from sim.distinct_objects import denies_other_thing
from sim.reader import Act, read


def _pair(text: str) -> tuple[str, str, str]:
    reading = read(text)
    done = next(c for c in reading.claims if c.act is Act.REFUND and c.positive)
    denied = next(c for c in reading.claims if c.act is Act.REFUND and not c.positive)
    return done.context, done.sentence.lower(), denied.context


@pytest.mark.parametrize(
    "text",
    [
        "The $12.95 express fee is refunded in full. The set itself isn't refunded for lateness.",
        "I've refunded the $8.00 shipping charge. The lamp itself can't be refunded, though.",
        "Your $5 gift wrap fee has been refunded. The boots themselves aren't refundable now.",
        "Refund done: USD 12.99 for the Nov 15 renewal. The October charge can't be refunded.",
        "I've refunded the $30.00 from March 3 to your card. The February payment can't be"
        " refunded as that month was used.",
        "I've refunded $160.00 to your card. The month in progress isn't refunded.",
        "I have refunded $45.00 to your card. The current month is not refunded.",
    ],
)
def test_a_denial_of_another_thing_is_not_the_same_act(text: str) -> None:
    assert denies_other_thing(*_pair(text))


@pytest.mark.parametrize(
    "text",
    [
        "I've refunded $40.00 to your card. Unfortunately the charge can't be refunded.",
        "I've refunded the $12.95 fee. The fee itself isn't refundable, though.",
        "I've refunded the October charge of $9.99. The October charge can't be refunded.",
        "I've refunded $160.00 to your card. The 8 months left aren't refunded.",
        "I've refunded the current month, $20.00. The current month is not refunded.",
        "I've refunded $12.99. It can't be refunded, sorry.",
    ],
)
def test_a_denial_of_the_same_thing_stays_a_contradiction(text: str) -> None:
    assert not denies_other_thing(*_pair(text))


def test_months_need_a_month_on_both_sides() -> None:
    assert not denies_other_thing("refund done", "refund done: $5.", "the october charge x")
    assert not denies_other_thing("refund done", "refund for oct. 3", "the charge is not refunded")
    assert denies_other_thing("refund", "refund for sept 3", "the august charge is not refunded")


def test_a_noun_matches_in_the_singular_and_the_plural() -> None:
    denied = "the boots themselves are not refunded"
    assert not denies_other_thing("i have refunded the boot", "i have refunded the boot", denied)
    assert not denies_other_thing("i have refunded the boots", "i have refunded the boots", denied)
    assert denies_other_thing("i have refunded the fee", "i have refunded the fee", denied)


def test_a_month_and_its_abbreviation_are_one_month() -> None:
    assert not denies_other_thing("refund", "refund for sep 3", "the september charge is not x")
    assert not denies_other_thing("refund", "refund for sept. 3", "the sep charge is not x")

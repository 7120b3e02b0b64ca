"""The policy check on probe2's false rejects: a discount the article offers, said as a
reduced price, and stopping payments, said of the billing rather than the access."""

from __future__ import annotations

import pytest

from sim.discounts import offers_discount, without_discount
from sim.kbcheck import kb_problems
from sim.loader import get_scenario
from sim.reader import read


def _problems(scenario: str, text: str) -> list[str]:
    return [p for _, p in kb_problems(read(text), get_scenario(scenario))]


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("I've added 50% off your next month, so StreamPlus stays active at half price.", False),
        ("We can make your next StreamPlus month half price, fifty percent off.", False),
        ("Your next StreamPlus month is at a reduced price with the retention offer.", False),
        # a reduced price set against the full one is what is left after the discount
        (
            "I've put a half-price discount on your next month, so it'll cost you just $9.99 "
            "rather than $19.99.",
            False,
        ),
        # a fee beside the discount is still a cost the article does not give
        ("Your next StreamPlus month is half price, plus a small handling fee.", True),
        ("The retention offer for premium accounts has a small handling fee.", True),
    ],
)
def test_a_discount_the_article_offers_is_not_a_cost_it_rules_out(text: str, wrong: bool) -> None:
    problems = _problems("retention-accepts-offer", text)
    assert any("says it is paid" in p for p in problems) is wrong, problems


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("But you can stop future payments right away: go to Account > Billing > Cancel.", False),
        ("Cancelling stops the charges immediately; Plus stays active until December 15.", False),
        ("Cancelling ends your renewal right away and Plus stays active until December 15.", False),
        ("If you cancel, your access stops immediately.", True),
        ("Cancelling ends Plus right away.", True),
        ("Your lessons stop right away once you cancel.", True),
    ],
)
def test_stopping_the_billing_is_not_ending_the_access(text: str, wrong: bool) -> None:
    problems = _problems("subscription-used-no-refund", text)
    assert any("access ends at once" in p for p in problems) is wrong, problems


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("standard accounts 50% off the next month", True),
        ("Standard Accounts 50 percent off", True),
        ("10 per cent off your order", True),
        ("2.5% off", True),
        ("half off the first box", True),
        ("half price for a month", True),
        ("a discount on the renewal", True),
        ("a reduced price for students", True),
        ("one month at no charge", False),
        ("50% of the price is refunded", False),
        ("half the month is used", False),
    ],
)
def test_offers_discount(text: str, expected: bool) -> None:
    assert offers_discount(text) is expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("the next month is half price", "the next month is  "),
        ("it is at half price now", "it is   now"),
        ("at a reduced price", " "),
        ("a discounted price and a fee", "  and a fee"),
        ("at a lower price", " "),
        ("sold at a discount", "sold  "),
        ("a small handling fee", "a small handling fee"),
        ("your plan is half-price", "your plan is  "),
        ("so it will cost you about $8 instead of $16", "so it   $16"),
        ("it costs just twelve dollars down from 24", "it   24"),
        ("it will cost you $8 for the label", "it will cost you $8 for the label"),
    ],
)
def test_without_discount(sentence: str, expected: str) -> None:
    assert without_discount(sentence) == expected

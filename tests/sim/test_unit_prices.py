"""A unit price the reply's own count makes from a supported total (sim/unit_prices.py)."""

from __future__ import annotations

import asyncio
from decimal import Decimal

import pytest

from sim.accuracy import CorpusItem, judge_item
from sim.loader import get_scenario
from sim.unit_prices import counts_in, per_unit

D = Decimal


@pytest.mark.parametrize(
    ("sentence", "counts"),
    [
        ("eight unused months at $20 each", {8}),
        ("refunded $160.00 for 8 months", {8}),
        ("2 seats, 160 dollars", {2}),
        ("1 month, 50% off, 2.5 days", set()),
        ("$1,188.00 for 12 licences and 999 pens", {12, 999}),
        ("1000 pens", set()),
        ("3 USD", set()),
        ("3 bucks for 4 pens", {4}),
        ("ORD-40217 and 7 days", {7}),
        ("4% and 5 percent", set()),
    ],
)
def test_counts_in(sentence: str, counts: set[int]) -> None:
    assert counts_in(sentence) == counts


@pytest.mark.parametrize(
    ("amount", "sentence", "supported", "expected"),
    [
        (D("20.00"), "eight unused months at $20 each", {D("160.00")}, True),
        (D("20.00"), "nine unused months at $20 each", {D("160.00")}, False),
        (D("25.00"), "eight unused months at $25 each", {D("160.00")}, False),
        (D("20.00"), "months at $20 each", {D("160.00")}, False),
        (D("80.00"), "2 items at $80", {D("160.00"), D("5.00")}, True),
    ],
)
def test_per_unit(amount: Decimal, sentence: str, supported: set[Decimal], expected: bool) -> None:
    assert per_unit(amount, sentence, supported) is expected


@pytest.mark.parametrize(("each", "success"), [("$20", True), ("$25", False)])
def test_a_unit_price_from_the_refund_is_supported(each: str, success: bool) -> None:
    reply = (
        "Card confirmed. I've cancelled Teamwork Pro effective today and refunded $160.00 -- "
        f"eight unused months at {each} each. It'll be on your card within 5 business days."
    )
    item = CorpusItem(id="t", label="good", category="t", reply=reply)
    verdict = asyncio.run(judge_item(get_scenario("billing-annual-prorata"), item))
    assert verdict.success is success, verdict.report.failed

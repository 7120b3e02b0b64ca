"""A fee withdrawn on some goods, then a share of the sum kept back anyway
(:mod:`sim.fee_both_ways`: the fee's goods between it and its verb, a share taken without the
word "fee")."""

from __future__ import annotations

import pytest

from sim.fee_both_ways import fee_both_ways
from sim.reader import read

_FEE = "says a fee applies and that it does not"


@pytest.mark.parametrize(
    ("text", "second"),
    [
        (
            "The handling fee on large furniture was dropped last week, so you get all $420.00 "
            "back. Because it was assembled, the standard 15% will be deducted on arrival.",
            "Because it was assembled, the standard 15% will be deducted on arrival.",
        ),
        (
            "The collection fee for bulky items has been waived. The $25.00 is withheld from "
            "your refund.",
            "The $25.00 is withheld from your refund.",
        ),
        (
            "The restocking fee was removed. The 20% gets kept back until the check is done.",
            "The 20% gets kept back until the check is done.",
        ),
        (
            "Your restocking fee on opened cameras was cancelled. The usual 10% has been taken "
            "off.",
            "The usual 10% has been taken off.",
        ),
    ],
)
def test_a_fee_withdrawn_then_a_share_kept(text: str, second: str) -> None:
    assert fee_both_ways(read(text)) == [(second, _FEE)]


@pytest.mark.parametrize(
    "text",
    [
        # a discount taken off a later order gives, it keeps nothing back
        "The restocking fee was waived, and the 10% will be taken off your next order.",
        # only the denial, or only the share
        "The handling fee on large furniture was dropped, so you get all $420.00 back.",
        "The 15% will be deducted once the sofa is inspected.",
        # a share with no article is a rate, not this reply's sum
        "The restocking fee was waived; 10% is deducted only on opened items.",
        # the fee on goods, but not withdrawn
        "The handling fee on large furniture was explained in the email.",
    ],
)
def test_no_fee_both_ways(text: str) -> None:
    assert fee_both_ways(read(text)) == [], text

"""A sum said to go or come back to the customer's card is a refund claim (sim/reader.py,
``_MONEY_TO_COME`` and ``_stated_tense``): done when it is simply on its way, promised when
its way back waits on an event still to come."""

from __future__ import annotations

import pytest

from sim.reader import Act, Tense, read


@pytest.mark.parametrize(
    ("text", "tense"),
    [
        ("The $25.50 will go back to your Visa within a week.", Tense.DONE),
        ("Your $12.00 should be back in your account by Friday.", Tense.DONE),
        ("The money will come back to your PayPal balance.", Tense.DONE),
        ("The $9.99 went back to your card this morning.", Tense.DONE),
        (
            "The $310.00 will be back on your card once the courier collects the bike.",
            Tense.PROMISED,
        ),
        ("The $62.00 would go back to your card after the scan.", Tense.PROMISED),
        ("Your refund comes back to your card once we have the box.", Tense.PROMISED),
    ],
)
def test_money_on_its_way_back_is_a_refund(text: str, tense: Tense) -> None:
    claims = [c for c in read(text).claims if c.act is Act.REFUND]
    assert len(claims) == 1
    assert claims[0].positive
    assert claims[0].tense is tense


@pytest.mark.parametrize(
    "text",
    [
        "The parcel will go back to our warehouse.",
        "The $60.00 charge will go through on Monday.",
        "The $45.00 will go on your next invoice.",
        "The speaker will go back to your door with the courier.",
        "The $80.00 will come off your next bill.",
        "The $30.00 will go to the seller once the sale completes.",
    ],
)
def test_money_or_goods_going_elsewhere_is_no_refund(text: str) -> None:
    assert not [c for c in read(text).claims if c.act is Act.REFUND]

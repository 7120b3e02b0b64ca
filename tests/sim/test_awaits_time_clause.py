"""A time clause that dates a charge holds no refund (sim/awaits.py): "the $12.99 taken after
you'd already cancelled has been refunded and should be back in five days" waits on nothing;
"it appears once we've received the mugs back" waits on the goods."""

from __future__ import annotations

import pytest

from sim.awaits import _GOODS_BACK


@pytest.mark.parametrize(
    "clause",
    [
        "i have refunded the full $32.00; it will appear once we have received the mugs back",
        "i have refunded you; the money arrives when we get the parcel back",
        "i refunded it, effective once the warehouse has the kettle back",
        "refunded; it lands upon receiving the item back",
        "refunded, but it only clears after we actually receive both mugs back",
    ],
)
def test_a_condition_on_receiving_the_goods_back_holds_the_refund(clause: str) -> None:
    assert _GOODS_BACK.search(clause)


@pytest.mark.parametrize(
    "clause",
    [
        "the twelve dollars ninety-nine taken on the 15th after you had already cancelled has "
        "been refunded to your card and should be back in five to seven business days",
        "the charge made after you had cancelled has been refunded, and you will get it back "
        "within a week",
        "the payment taken when you had already left has been refunded and will be back in 5 days",
        "the fee from after your plan ended was refunded; expect it back by friday",
    ],
)
def test_a_time_clause_that_dates_the_charge_holds_nothing(clause: str) -> None:
    assert _GOODS_BACK.search(clause) is None


async def test_a_refund_of_a_charge_dated_by_a_time_clause_is_no_contradiction() -> None:
    from tests.sim.judge_helpers import judged

    reply = (
        "Hi Sofia, the $12.99 we took on November 15, after you had already cancelled, has "
        "been refunded to your card; you should have it back within 5-7 business days. "
        "October's charge stays: that period had already started when you cancelled."
    )
    success, failed = await judged("billing-charged-after-cancel", reply)
    assert success, failed

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
        # a gerund clause that dates the wait from the goods' arrival
        "the refund shows within 3 to 5 business days of the cracked lamp reaching our depot",
        "it clears on your parcel arriving back at our returns centre",
        "it is released after the blender getting back to us",
        "the credit posts upon the faulty kettle coming back to our warehouse",
        "it lands within a week of your toaster being returned",
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
        # the money reaching the customer is no goods coming back
        "it shows within 3 to 5 business days of the refund reaching your bank",
        "it clears on the payment arriving at your card",
        "the refund posts after the money getting to you",
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


async def test_a_refund_made_then_dated_from_the_goods_arriving_is_a_contradiction() -> None:
    from tests.sim.judge_helpers import judged

    reply = (
        "I'm so sorry the mugs came broken. I've refunded the full $32.00 to your original "
        "payment method and there's nothing to return. You'll see it within 5 to 7 business "
        "days of your mugs arriving back at our warehouse."
    )
    success, failed = await judged("refund-damaged-on-arrival", reply)
    assert not success
    assert any("waits on the goods" in f for f in failed), failed


@pytest.mark.parametrize(
    ("reply", "held"),
    [
        ("I've refunded the $45.00. You'll see it once we get the coat back.", True),
        ("I've refunded the $45.00. It lands once we get the coat back.", True),
        # the sentence before reports no refund made
        ("I can refund the $45.00. You'll see it once we get the coat back.", False),
        # two sentences on: not the same breath
        ("I've refunded the $45.00. Thanks. You'll see it once we get the coat back.", False),
        # nothing names the refund again
        ("I've refunded the $45.00. Labels go out once we get the coat back.", False),
        # a refund of its own, still to come
        ("I've refunded the shipping. Once we get the coat back, I'll refund it too.", False),
        ("I've refunded the shipping. Your refund will be issued once the coat is back.", False),
    ],
)
def test_the_next_sentence_holds_the_refund_when_it_names_it_again(reply: str, held: bool) -> None:
    from sim.awaits import _refers_back
    from sim.reader import Act, Tense, read

    reading = read(reply)
    done = {
        c.sentence
        for c in reading.claims
        if c.act is Act.REFUND and c.positive and c.tense is Tense.DONE
    }
    last = reading.clauses[-1]
    assert _refers_back(last, reading, done) is held


def test_the_sentence_after_a_done_refund_holds_it_only_when_it_follows_it() -> None:
    """The next sentence that names the refund and dates it from the goods' arrival holds
    it, even beside a promise of another act; the same sentence before the report does not."""
    from sim.awaits import refund_awaits_goods
    from sim.reader import read
    from tests.sim.test_world_claims import _state

    state = _state("refund-damaged-on-arrival", "x")
    message = next(m for m in state.conversation if m.content.endswith("x"))
    held = (
        "I will escalate the case, and you'll see it within 5 days of the lamp reaching our "
        "warehouse."
    )
    reply = f"I've refunded the $27.00. {held}"
    assert refund_awaits_goods(message, read(reply), state) == [
        (held, "says the refund was made and that it waits on the goods coming back")
    ]
    before = (
        "You'll see it within 5 days of the lamp reaching our warehouse. I've refunded the $27.00."
    )
    assert refund_awaits_goods(message, read(before), state) == []

"""Replies that say a thing and, elsewhere in the same reply, its opposite in other grammar: a
fee taken and denied, a cancelled order that still comes, an act reserved to others that the
agent then does, a denied act confirmed in a noun phrase, a cancelled plan billed once more,
a subscription ended now that the customer keeps using, a changed order sent to the "old
address" (:mod:`sim.fee_both_ways`, :mod:`sim.cancelled_goods`, :mod:`sim.only_others`,
:mod:`sim.presupposed_acts`, :mod:`sim.world_claims`, :mod:`sim.grounding`).

Mutation (mutmut 3.8, each module alone with this file): fee_both_ways 41 mutants, 40 killed,
1 equivalent; cancelled_goods 18/18; only_others 20/20; presupposed_acts 12/12. Equivalent:
- fee_both_ways._kinds, strip(" -") -> strip("XX -XX"): clause text is lower-cased, no "X".
(The patterns are module-level, which mutmut does not mutate.)"""

from __future__ import annotations

import pytest

from sim.cancelled_goods import cancelled_goods_come
from sim.fee_both_ways import fee_both_ways
from sim.grounding import cancelled_now_problems, old_address_problems
from sim.only_others import reserved_then_done
from sim.presupposed_acts import denied_then_presupposed
from sim.reader import read
from sim.tools import CancelOrder
from sim.world_claims import renewal_after_cancel
from tests.sim.test_said_and_undone import _END, _MOVE, _NOW, DESK, STREAM, _done, _problems, _state

# -- a fee taken and denied ------------------------------------------------------------------

_FEE = "says a fee applies and that it does not"


@pytest.mark.parametrize(
    ("text", "second"),
    [
        # denied, then taken off the sum
        (
            "Good news: there's no handling fee on returned lamps. I've refunded $60.00 minus "
            "the $6 fee.",
            "I've refunded $60.00 minus the $6 fee.",
        ),
        # there is one, then it does not apply
        (
            "There's a 15% handling fee on opened lamps. The handling fee doesn't apply to "
            "your lamp.",
            "The handling fee doesn't apply to your lamp.",
        ),
        # waived, then deducted
        (
            "The handling fee has been waived. We refunded $51 after deducting your fee.",
            "We refunded $51 after deducting your fee.",
        ),
        # without one, then it applies
        (
            "You can send the lamp back without any fee. A fee of $6 applies, though.",
            "A fee of $6 applies, though.",
        ),
    ],
)
def test_a_fee_taken_and_denied(text: str, second: str) -> None:
    assert fee_both_ways(read(text)) == [(second, _FEE)]


@pytest.mark.parametrize(
    "text",
    [
        # two kinds of fee
        "There's no return postage fee. I've refunded $60.00 less the handling fee.",
        # the denial held to a condition
        "If the lamp is unopened there is no fee; otherwise a 15% handling fee applies.",
        # a fee that cannot be waived is a fee taken, not denied
        "The handling fee can't be waived, so I refunded $54 after the handling fee.",
        # only denied, or only taken
        "There's no handling fee, so you get the full $60 back.",
        "There's a 15% handling fee, so $51 comes back to you.",
        # no fee at all
        "I've refunded the full $60 to your card.",
    ],
)
def test_one_fee_said_one_way_is_no_contradiction(text: str) -> None:
    assert fee_both_ways(read(text)) == []


def test_a_hyphenated_fee_is_the_same_fee_as_the_spaced_one() -> None:
    # "restocking-fee" names the kind "restocking", not "restocking-"
    text = "There's no restocking-fee on speakers. We refunded $80 less the restocking fee."
    assert fee_both_ways(read(text)) == [("We refunded $80 less the restocking fee.", _FEE)]


def test_a_question_before_the_two_fees_is_skipped_not_the_end() -> None:
    text = "Was the speaker opened? There's no restocking fee. We refunded $80 minus the fee."
    assert fee_both_ways(read(text)) == [("We refunded $80 minus the fee.", _FEE)]


@pytest.mark.parametrize(
    "text",
    [
        # taken first, then another kind denied: each kind is compared, not any fee
        "There's a 12% restocking fee on opened speakers. There's no return courier fee.",
        "We refunded $70 less the restocking fee, and without any courier fee.",
    ],
)
def test_a_fee_taken_then_another_kind_denied(text: str) -> None:
    assert fee_both_ways(read(text)) == []


# -- a cancelled order said to still come ----------------------------------------------------

_CANCEL = CancelOrder(order_id="ORD-51904", reason="customer asked")
_COMES = "says the cancelled order still comes; it was cancelled"


@pytest.mark.parametrize(
    "sentence",
    [
        "It's boxed already, so it will still arrive on Friday.",
        "The desk is still on its way to you.",
        "Your desk is going to still be delivered tomorrow.",
    ],
)
def test_a_cancelled_order_said_to_still_come(sentence: str) -> None:
    state = _state(DESK, _done(1, _CANCEL))
    assert _problems(cancelled_goods_come, state, 2, sentence) == [(sentence, _COMES)]


@pytest.mark.parametrize(
    "sentence",
    [
        "Your refund will still arrive within 5 days.",  # the money
        "The replacement will still ship on Monday.",  # other goods
        "It won't still arrive, don't worry.",  # denied
        "There is no way the rug will still be delivered.",  # denied, not asked
        "I don't think it will still arrive.",  # denied, not asked
        "If the courier took it, it will still arrive.",  # a condition
        "Will it still arrive?",  # asked
        "It will arrive on Friday.",  # no "still"
    ],
)
def test_what_a_cancellation_does_not_stop(sentence: str) -> None:
    assert _problems(cancelled_goods_come, _state(DESK, _done(1, _CANCEL)), 2, sentence) == []


def test_a_denied_clause_before_the_still_coming_one_is_skipped_not_the_end() -> None:
    text = "The courier wasn't stopped in time, so the rug will still be delivered on Friday."
    state = _state(DESK, _done(1, _CANCEL))
    assert _problems(cancelled_goods_come, state, 2, text) == [(text, _COMES)]


def test_still_coming_is_wrong_only_after_a_valid_cancellation_before_the_reply() -> None:
    text = "It will still arrive on Friday."
    assert _problems(cancelled_goods_come, _state(DESK), 2, text) == []
    assert _problems(cancelled_goods_come, _state(DESK, _done(2, _CANCEL)), 2, text) == []
    invalid = _state(DESK, _done(1, _CANCEL, valid=False))
    assert _problems(cancelled_goods_come, invalid, 2, text) == []


# -- an act reserved to others, then done by the agent ---------------------------------------

_RESERVED = "reserves the act to others and says the agent does it"


@pytest.mark.parametrize(
    ("text", "second"),
    [
        (
            "Only the fraud desk can release held payments. I'll release it for you right now.",
            "I'll release it for you right now.",
        ),
        (
            "Only our billing specialists are able to waive fees. I have waived the fee.",
            "I have waived the fee.",
        ),
        (
            "Only the bank can reverse a charge, but I can reverse it from here today.",
            "Only the bank can reverse a charge, but I can reverse it from here today.",
        ),
    ],
)
def test_an_act_reserved_to_others_that_the_agent_does(text: str, second: str) -> None:
    assert reserved_then_done(read(text)) == [(second, _RESERVED)]


@pytest.mark.parametrize(
    "text",
    [
        # another act
        "Only the fraud desk can release held payments, so I'll pass your case to them.",
        # the agent cannot
        "Only the fraud desk can release held payments; I can't release it myself.",
        # held to a condition
        "Only the fraud desk can release it. If they agree, I will release the order.",
        # no "only"
        "The fraud desk can release held payments, and I'll release yours now.",
        # the reservation denied or asked, not stated
        "It isn't the case that only the loans team can unfreeze a card, so I'll unfreeze it.",
        "Is it true that only the loans team can unfreeze cards? I'll unfreeze yours now.",
        # "not only" shares the act rather than reserving it
        "Not only the loans team can unfreeze cards: I will unfreeze yours now.",
    ],
)
def test_an_act_reserved_to_others_that_the_agent_leaves_to_them(text: str) -> None:
    assert reserved_then_done(read(text)) == []


# -- a denied act confirmed in a noun phrase -------------------------------------------------

_PRESUPPOSED = "denies the act and then confirms it was done"


@pytest.mark.parametrize(
    ("text", "second"),
    [
        (
            "The parcel has left our warehouse, so I can't cancel it. An email confirming "
            "the cancellation is on its way.",
            "An email confirming the cancellation is on its way.",
        ),
        (
            "I'm not able to refund the kettle. You'll receive a confirmation of your refund "
            "by tonight.",
            "You'll receive a confirmation of your refund by tonight.",
        ),
        (
            "That plan can't be cancelled mid-term. Your cancellation confirmation follows.",
            "Your cancellation confirmation follows.",
        ),
    ],
)
def test_a_denied_act_confirmed_later(text: str, second: str) -> None:
    assert denied_then_presupposed(read(text)) == [(second, _PRESUPPOSED)]


@pytest.mark.parametrize(
    "text",
    [
        # the act is not denied
        "I've cancelled it. An email confirming the cancellation is on its way.",
        # a confirmation of another thing
        "I can't cancel it, but an email confirming the return label is on its way.",
        # the confirmation itself denied
        "I can't cancel it, so you won't get an email confirming the cancellation.",
        # a refund denied, a cancellation confirmed
        "I can't refund the fee. An email confirming the cancellation is on its way.",
    ],
)
def test_a_confirmation_of_what_the_reply_does_not_deny(text: str) -> None:
    assert denied_then_presupposed(read(text)) == []


# -- a cancelled plan billed once more -------------------------------------------------------

_RENEWS = "says the subscription renews; it was cancelled"


@pytest.mark.parametrize(
    "sentence",
    [
        "On June 9 it renews one final time and then stops.",
        "It renews one more time at $8.49.",
        "Your last payment of $8.49 on June 9 will be the final one.",
        "Your next bill of $8.49 is due, then nothing more.",
    ],
)
def test_a_cancelled_plan_said_to_bill_once_more(sentence: str) -> None:
    state = _state(STREAM, _done(1, _END))
    assert [p for _, p in _problems(renewal_after_cancel, state, 2, sentence)] == [_RENEWS]


@pytest.mark.parametrize(
    "sentence",
    [
        "Your last payment of $8.49 on May 9 was the final one.",  # past
        "It renewed one final time on May 9.",  # past
        "Your next bill of $8.49 won't be taken.",  # denied
    ],
)
def test_a_last_bill_in_the_past_or_denied(sentence: str) -> None:
    state = _state(STREAM, _done(1, _END))
    assert _problems(renewal_after_cancel, state, 2, sentence) == []


# -- a subscription ended now that the customer keeps using ----------------------------------

_RUNS = "says the subscription runs on; it was cancelled now"


@pytest.mark.parametrize(
    "sentence",
    [
        "You can keep listening until June 9.",
        "You can continue streaming on all devices until the renewal date.",
    ],
)
def test_a_subscription_ended_now_said_to_be_used_on(sentence: str) -> None:
    state = _state(STREAM, _done(1, _NOW))
    assert _problems(cancelled_now_problems, state, 2, sentence) == [(sentence, _RUNS)]


@pytest.mark.parametrize(
    "sentence",
    [
        "You can keep listening today.",  # no later end
        "Keep the receipt until June 9.",  # no gerund: a thing kept
    ],
)
def test_using_on_needs_a_gerund_and_a_later_end(sentence: str) -> None:
    assert _problems(cancelled_now_problems, _state(STREAM, _done(1, _NOW)), 2, sentence) == []


# -- a changed order sent to the "old address" -----------------------------------------------

_OLD = "says the order goes to the old address"


@pytest.mark.parametrize(
    "sentence",
    [
        "The label was printed, so it will still go to your old address.",
        "It ships to the previous address this once.",
    ],
)
def test_a_changed_order_sent_to_its_former_address(sentence: str) -> None:
    state = _state(DESK, _done(1, _MOVE))
    assert _problems(old_address_problems, state, 2, sentence) == [(sentence, _OLD)]


@pytest.mark.parametrize(
    "sentence",
    [
        "It won't go to your old address any more.",  # denied
        "I've replaced your old address with the new one.",  # no verb of going
    ],
)
def test_the_former_address_named_without_sending_the_order_there(sentence: str) -> None:
    assert _problems(old_address_problems, _state(DESK, _done(1, _MOVE)), 2, sentence) == []


def test_the_former_address_needs_a_change_before_the_reply() -> None:
    text = "It will still go to your old address."
    assert _problems(old_address_problems, _state(DESK), 2, text) == []

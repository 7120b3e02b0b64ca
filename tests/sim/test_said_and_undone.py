"""Replies that report an act and, elsewhere in the same reply, undo it: a subscription
cancelled at the end of its period said to end now, an order whose address was changed said
to go to the old street, a refund already issued said to come once the goods arrive or once
someone approves it, a cancelled plan said to renew, a fee denied and then taken."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from sim.actions import Action
from sim.claims import refund_again
from sim.contradictions import held_back
from sim.falseacts import levy_contradiction
from sim.grounding import ended_now_problems, old_address_problems
from sim.loader import get_scenario
from sim.portions import portions_of
from sim.reader import Act, Claim, Tense, read
from sim.scenario import Scenario
from sim.state import ActionRecord, EpisodeState, Message, RefundRecord, Role
from sim.tools import CancelSubscription, CancelWhen, UpdateAddress
from sim.world import Address
from sim.world_claims import charged_twice_said, renewal_after_cancel

D = Decimal
STREAM = "retention-accepts-offer"  # SUB-3187
DESK = "orders-address-before-shipping"  # ORD-51904, shipping to 15 Birch Lane


def _state(scenario: str | Scenario, *records: ActionRecord, **update: Any) -> EpisodeState:
    loaded = get_scenario(scenario) if isinstance(scenario, str) else scenario
    return EpisodeState(
        episode_id="e", seed=1, scenario=loaded, persona_id="p", max_steps=30
    ).model_copy(update={"actions": list(records), **update})


def _done(step: int, action: Action, *, valid: bool = True) -> ActionRecord:
    return ActionRecord(step=step, action=action, valid=valid, feedback="", reward=0.0, events=())


def _problems(check: Any, state: EpisodeState, step: int, text: str) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = check(
        Message(role=Role.AGENT, content=text, step=step), read(text), state
    )
    return found


# -- a subscription cancelled at the end of its period, said to end now ----------------------

_END = CancelSubscription(subscription_id="SUB-3187", when=CancelWhen.END_OF_PERIOD)
_NOW = CancelSubscription(subscription_id="SUB-3187", when=CancelWhen.NOW)
_ENDED = "says the subscription ended now; it runs to its end"


@pytest.mark.parametrize(
    "sentence",
    [
        "Your membership is cancelled and it stopped immediately.",
        "The plan has been cancelled, effective right away.",
        "I've closed the subscription with immediate effect.",
        "Done: your access has now ended.",
        "The subscription ends today.",
        "I cancelled it and your benefits are gone.",
    ],
)
def test_a_subscription_cancelled_at_period_end_said_to_end_now(sentence: str) -> None:
    state = _state(STREAM, _done(1, _END))
    assert _problems(ended_now_problems, state, 2, sentence) == [(sentence, _ENDED)]


@pytest.mark.parametrize(
    "sentence",
    [
        "Your plan stays active until the 9th and then ends.",
        "Your access hasn't ended: it runs until the renewal.",
        "If you'd rather, it ends today.",
        "Has my access ended already?",
        "The discount offer ends today.",  # not the subscription
        "Your plan is cancelled and access continues until December 9.",
    ],
)
def test_a_subscription_cancelled_at_period_end_said_to_run_on(sentence: str) -> None:
    assert _problems(ended_now_problems, _state(STREAM, _done(1, _END)), 2, sentence) == []


def test_ending_now_is_wrong_only_after_a_valid_cancellation_at_period_end() -> None:
    text = "Your plan has been cancelled, effective immediately."
    assert _problems(ended_now_problems, _state(STREAM, _done(1, _NOW)), 2, text) == []
    assert _problems(ended_now_problems, _state(STREAM, _done(1, _END, valid=False)), 2, text) == []
    assert _problems(ended_now_problems, _state(STREAM, _done(2, _END)), 2, text) == []
    assert _problems(ended_now_problems, _state(STREAM), 2, text) == []
    two = "It ends today, and access has ended."
    assert _problems(ended_now_problems, _state(STREAM, _done(1, _END)), 2, two) == [(two, _ENDED)]


# -- an order whose address was changed, said to go to the old street ------------------------

_NEW = Address(
    line1="48 Larch Avenue", line2="Apt 3", city="Portland", postcode="97214", country="US"
)
_MOVE = UpdateAddress(order_id="ORD-51904", address=_NEW)
_OLD = "says the order goes to the old address"


@pytest.mark.parametrize(
    "sentence",
    [
        "Sadly it will still go to 15 Birch Lane.",
        "The parcel may be delivered to Birch Lane after all.",
        "It is heading out to birch lane as before.",
        "It ships to your 15 Birch Lane address.",
    ],
)
def test_a_changed_order_said_to_go_to_the_old_street(sentence: str) -> None:
    state = _state(DESK, _done(1, _MOVE))
    assert _problems(old_address_problems, state, 2, sentence) == [(sentence, _OLD)]


@pytest.mark.parametrize(
    "sentence",
    [
        "It will now go to 48 Larch Avenue instead of 15 Birch Lane.",
        "I've changed it from 15 Birch Lane to 48 Larch Avenue.",
        "It won't go to Birch Lane any more.",
        "If it had shipped, it would go to Birch Lane.",
        "Will it still go to Birch Lane?",
        "Your desk is going to 48 Larch Avenue.",
    ],
)
def test_a_changed_order_said_to_go_to_the_new_street(sentence: str) -> None:
    assert _problems(old_address_problems, _state(DESK, _done(1, _MOVE)), 2, sentence) == []


def test_the_old_street_is_the_order_s_own_and_needs_a_change_before() -> None:
    text = "It will still go to 15 Birch Lane."
    assert _problems(old_address_problems, _state(DESK), 2, text) == []
    assert _problems(old_address_problems, _state(DESK, _done(2, _MOVE)), 2, text) == []
    assert (
        _problems(old_address_problems, _state(DESK, _done(1, _MOVE, valid=False)), 2, text) == []
    )
    # an order whose old street is another one: that street, read from the record
    desk = get_scenario(DESK)
    quarry = Address(line1="9 Quarry Road", city="Leeds", postcode="LS1 4AB", country="GB")
    orders = [
        o.model_copy(update={"shipping_address": quarry}) if o.id == "ORD-51904" else o
        for o in desk.customer.orders
    ]
    moved = desk.model_copy(
        update={"customer": desk.customer.model_copy(update={"orders": orders})}
    )
    state = _state(moved, _done(1, _MOVE))
    assert _problems(old_address_problems, state, 2, text) == []
    other = "Unfortunately it will still ship to Quarry Road."
    assert _problems(old_address_problems, state, 2, other) == [(other, _OLD)]
    # an order with no address of its own: the customer's, which here is the new street
    bare = [
        o.model_copy(update={"shipping_address": None}) if o.id == "ORD-51904" else o
        for o in desk.customer.orders
    ]
    same = desk.model_copy(
        update={"customer": desk.customer.model_copy(update={"orders": bare, "address": _NEW})}
    )
    assert _problems(old_address_problems, _state(same, _done(1, _MOVE)), 2, text) == []
    moving = "It will still go to 48 Larch Avenue."
    assert _problems(old_address_problems, _state(same, _done(1, _MOVE)), 2, moving) == []


# -- a refund already issued, said to come in the company's voice ---------------------------


def _refund(step: int, amount: str) -> RefundRecord:
    return RefundRecord(
        step=step, amount=D(amount), target="ORD-1", reason="r", policy_consulted=True
    )


def _promise(context: str, *, by_me: bool = False) -> Claim:
    return Claim(
        Act.REFUND, True, Tense.CONDITIONAL, (D("86.40"),), (), by_me, context, context=context
    )


def _again(claim: Claim, *refunds: RefundRecord) -> str | None:
    state = _state(STREAM, refunds=list(refunds))
    return refund_again(claim, Message(role=Role.AGENT, content="x", step=5), state)


def test_a_refund_issued_then_promised_by_we() -> None:
    said = "once the kettle reaches our depot we will refund $86.40 to your card"
    assert _again(_promise(said), _refund(3, "86.40")) == (
        "says a refund is still to come; it was already issued"
    )
    assert _again(_promise(said.replace("we will", "we shall")), _refund(3, "86.40"))
    # another party's promise, or a refund made after the reply
    other = "once the kettle reaches the depot finance will refund $86.40"
    assert _again(_promise(other), _refund(3, "86.40")) is None
    assert _again(_promise(said), _refund(3, "86.40"), _refund(6, "10.00")) is None
    assert _again(_promise(said), _refund(3, "12.00")) is None


# -- a refund held back by an approval still to come ----------------------------------------

_REFUNDED = {Act.REFUND: ({"ORD-1"}, {D("289.00")})}


def _none(_: str) -> set[str]:
    return set()


@pytest.mark.parametrize(
    "text",
    [
        "I've refunded $289.00. Once our finance department approves the refund, it goes out.",
        "I've refunded the $289.00; when the returns desk signs off it will be paid.",
        "The $289.00 is refunded, and I'll confirm once it's approved.",
        "I've refunded it; you'll hear from us as soon as the refund gets authorised.",
        "Refund done. It will be sent after it has been approved.",
    ],
)
def test_a_refund_done_then_waiting_on_an_approval(text: str) -> None:
    found = held_back(read(text), _REFUNDED, _none)
    assert [p for _, p in found] == ["says the refund still waits; it was done before"], text


@pytest.mark.parametrize(
    "text",
    [
        "I've refunded $289.00 now that my supervisor approved it.",
        "I've refunded the $289.00; the finance team approved it yesterday.",
        "Once the courier approves the collection slot, they'll pick the parcel up.",
        "I've refunded $289.00 after it was approved.",
    ],
)
def test_a_refund_done_after_an_approval(text: str) -> None:
    assert held_back(read(text), _REFUNDED, _none) == [], text


def test_a_bare_next_week_is_a_date_not_a_part_of_the_term() -> None:
    assert portions_of("it will be paid out next week") == frozenset()
    assert portions_of("we noticed it last month") == frozenset()
    assert portions_of("the next month is not refunded") == {("next", "month")}
    assert portions_of("your last week is free") == {("last", "week")}
    assert portions_of("this month is not refunded") == {("this", "month")}


# -- a cancelled plan said to renew, in a "when ... will" clause of time ---------------------

_RENEWS = "says the subscription renews; it was cancelled"


@pytest.mark.parametrize(
    "text",
    [
        "I've cancelled it; you keep it until March 3, when it will renew for another year.",
        "It's cancelled and runs to the 9th, when the plan will renew.",
    ],
)
def test_a_relative_when_clause_states_a_renewal(text: str) -> None:
    assert [
        p for _, p in _problems(renewal_after_cancel, _state(STREAM, _done(1, _END)), 2, text)
    ] == [_RENEWS]


@pytest.mark.parametrize(
    "text",
    [
        "It's cancelled. When it renews, nothing will be charged.",  # a condition on time
        "It's cancelled; when your plan would renew, it ends instead.",
        "It's cancelled: when we renew plans next year, yours won't be one.",
    ],
)
def test_a_when_clause_of_condition_states_no_renewal(text: str) -> None:
    assert _problems(renewal_after_cancel, _state(STREAM, _done(1, _END)), 2, text) == []


def test_the_reader_keeps_a_present_when_clause_conditional() -> None:
    (renews,) = [
        c for c in read("Until then, when it renews, you pay.").clauses if "renews" in c.text
    ]
    assert renews.conditional
    (will,) = [
        c
        for c in read("Until May 2, when it will renew, you keep it.").clauses
        if "renew" in c.text
    ]
    assert not will.conditional


# -- a fee denied, then taken ----------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "There's no handling fee as of this week. I refunded $80.00 minus the handling fee.",
        "There is no restocking fee since Monday. A 15% restocking fee ($9.00) will be taken "
        "off when the blender is back.",
        "There's no handling fee, and I've refunded $72.00 of the $80.00 (10% handling fee).",
        "No restocking fee applies, so I've refunded $54.00 of $60.00 ($6.00 fee).",
    ],
)
def test_a_fee_denied_then_taken(text: str) -> None:
    found = levy_contradiction(read(text))
    assert found and all(p.endswith("then that it is levied") for _, p in found), text


@pytest.mark.parametrize(
    "text",
    [
        "There's no handling fee, so you get the full $80.00 (no fee).",
        "There's no restocking fee. The $80.00 (your full price) is refunded.",
        "There is no handling fee since Monday; a delivery charge ($9.00) was refunded too.",
        "There's no restocking fee. I've refunded $72.00 of the $80.00 (10% shipping charge).",
        "I've refunded $72.00 of the $80.00 (10% restocking fee).",
    ],
)
def test_a_fee_denied_and_not_taken(text: str) -> None:
    assert levy_contradiction(read(text)) == [], text


# -- the reader: an act named in the plural, a sum said to be on its way ---------------------


@pytest.mark.parametrize(
    ("text", "act"),
    [
        ("Sadly, replacements aren't possible for this lamp.", Act.REPLACE),
        ("Cancellations are no longer possible on this order.", Act.CANCEL),
    ],
)
def test_an_act_ruled_out_in_the_plural(text: str, act: Act) -> None:
    (claim,) = [c for c in read(text).claims if c.act is act]
    assert not claim.positive


@pytest.mark.parametrize(
    "text",
    [
        "Good news: the $62.50 is on its way.",
        "$62.50 is on its way.",
        "So the remaining $12 is on its way to you.",
    ],
)
def test_a_sum_on_its_way_is_a_refund(text: str) -> None:
    (claim,) = read(text).claims
    assert claim.act is Act.REFUND and claim.positive and claim.amounts
    assert claim.tense is Tense.DONE


@pytest.mark.parametrize(
    "text",
    [
        "Your parcel is on its way.",
        "The kettle, $62.50, is on its way.",
        "A $62.50 refund isn't on its way yet.",
    ],
)
def test_goods_on_their_way_are_no_refund_done(text: str) -> None:
    assert not [c for c in read(text).claims if c.positive and c.tense is Tense.DONE], text


# -- a double charge said where the account shows one ----------------------------------------

PENDING = "billing-pending-authorisation"  # one charge of 39.99; a pending hold beside it
DOUBLE = "hard-double-billing"  # two charges of one amount
_TWICE = "says the customer was charged twice; one charge shows"


@pytest.mark.parametrize(
    "sentence",
    [
        "Yes, you've been charged twice for the toaster.",
        "Right, we charged you twice.",
        "I checked and you were double-charged.",
        "It seems you were billed two times.",
    ],
)
def test_a_double_charge_affirmed_against_one_charge(sentence: str) -> None:
    assert _problems(charged_twice_said, _state(PENDING), 2, sentence) == [(sentence, _TWICE)]


@pytest.mark.parametrize(
    "sentence",
    [
        "I see why it looks like you were charged twice, but it's one charge.",
        "It might look like you were charged twice.",
        "You weren't charged twice.",
        "Were you charged twice?",
        "If you were charged twice, we'd refund one.",
        "You won't be charged twice.",
        "You saw the amount twice on your statement.",
    ],
)
def test_a_double_charge_only_seen_or_denied(sentence: str) -> None:
    assert _problems(charged_twice_said, _state(PENDING), 2, sentence) == []


def test_a_double_charge_on_the_record_may_be_said() -> None:
    text = "You were charged twice, and I've refunded the second charge."
    assert _problems(charged_twice_said, _state(DOUBLE), 2, text) == []

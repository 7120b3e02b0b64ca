"""The grounding rules (sim/grounding.py) asserted exactly, from mutation testing: which
recorded action grounds a report, which steps perform an act, and the sentences (with their
problem text) that the world contradicts. Each case is one a wrong rule would get wrong."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from sim.actions import Action, IssueRefund, RequestApproval
from sim.grounding import (
    TOOL_WORDS,
    ToolWords,
    _tool,
    act_steps,
    address_problems,
    cancelled_now_problems,
    collection_arranged,
    done_in_world,
    grounded_report,
    offer_after_cancel,
    record_durations,
    unverified_disclosures,
    words_of,
)
from sim.loader import get_scenario
from sim.reader import Act, read
from sim.state import ActionRecord, EpisodeState, Message, Role
from sim.tools import (
    ApplyCredit,
    CancelOrder,
    CancelSubscription,
    CancelWhen,
    CreateReturn,
    OfferRetention,
    SendPasswordReset,
    UpdateAddress,
    VerifyIdentity,
)
from sim.world import Address, OrderStatus, ReturnKind, SubscriptionStatus

D = Decimal
RUG = "orders-cancel-before-shipping"  # ORD-40217 Halden wool rug, ORD-38840 mug set
DESK = "orders-address-before-shipping"  # ORD-51904 standing desk, ORD-50077 cable tray
STREAM = "retention-accepts-offer"  # SUB-3187 StreamPlus monthly, offers 50% / 100% / call
MIDWAY = "policy-retention-offer-midway"  # SUB-3881; 50% offer, an update adds 100%
IMPOSTOR = "fraud-impostor-address-change"  # ORD-35520 Vireo 14 Pro laptop, 1249.00


def _state(scenario: str, *records: ActionRecord, **update: Any) -> EpisodeState:
    return EpisodeState(
        episode_id="e", seed=1, scenario=get_scenario(scenario), persona_id="p", max_steps=30
    ).model_copy(update={"actions": list(records), **update})


def _done(step: int, action: Action | None, *, valid: bool = True) -> ActionRecord:
    return ActionRecord(step=step, action=action, valid=valid, feedback="", reward=0.0, events=())


def _agent(step: int, text: str) -> Message:
    return Message(role=Role.AGENT, content=text, step=step)


def _problems(check: Any, state: EpisodeState, step: int, text: str) -> list[tuple[str, str]]:
    message = _agent(step, text)
    found: list[tuple[str, str]] = check(message, read(text), state)
    return found


_NEW = Address(
    line1="48 Larch Avenue", line2="Apt 3", city="Portland", postcode="97214", country="US"
)

# -- grounded reports: every verb and every object noun of every tool --------------------------

_TOOL_CASES: dict[str, tuple[str, Action]] = {
    "create_return": (RUG, CreateReturn(order_id="ORD-38840", reason="chipped")),
    "send_password_reset": (RUG, SendPasswordReset()),
    "update_address": (DESK, UpdateAddress(order_id="ORD-51904", address=_NEW)),
    "cancel_order": (RUG, CancelOrder(order_id="ORD-40217", reason="changed mind")),
    "cancel_subscription": (STREAM, CancelSubscription(subscription_id="SUB-3187")),
    "offer_retention": (
        STREAM,
        OfferRetention(subscription_id="SUB-3187", offer_id="standard-half-off"),
    ),
    "apply_credit": (RUG, ApplyCredit(amount=D("5.00"), reason="sorry")),
    "request_approval": (
        "workflow-approval-granted",
        RequestApproval(
            action=IssueRefund(amount=D("289.00"), target="ORD-81244", reason="faulty"),
            justification="faulty",
        ),
    ),
}

_VERBS = {
    "create_return": "created opened set started raised arranged booked generated made issued "
    "sent emailed logged registered organised organized processed",
    "send_password_reset": "sent emailed issued triggered made generated resent",
    "update_address": "changed updated amended set switched moved corrected edited redirected put",
    "cancel_order": "cancelled canceled stopped ended closed terminated withdrawn voided",
    "cancel_subscription": "cancelled canceled stopped ended closed terminated switched turned",
    "offer_retention": "offered applied added put set given gave made extended proposed mentioned",
    "apply_credit": "added applied credited put given gave issued",
    "request_approval": "requested sought submitted referred took taken brought raised",
}
_OBJECTS = {
    "create_return": "return returns label labels replacement exchange",
    "send_password_reset": "reset link password email",
    "update_address": "address delivery deliver shipping ship destination",
    "cancel_order": "order purchase",
    "cancel_subscription": "subscription plan membership renewal account service",
    "offer_retention": "offer discount deal month off price call manager percent free half",
    "apply_credit": "credit balance account voucher",
    "request_approval": "approval approve supervisor manager exception authorisation authorization",
}


def test_the_tool_table_covers_the_world_changing_tools() -> None:
    assert sorted(TOOL_WORDS) == sorted(_VERBS)


@pytest.mark.parametrize(
    ("tool", "verb"), [(t, v) for t, verbs in _VERBS.items() for v in verbs.split()]
)
def test_every_verb_of_a_tool_reports_it(tool: str, verb: str) -> None:
    scenario, action = _TOOL_CASES[tool]
    noun = _OBJECTS[tool].split()[0]
    sentence = f"I {verb} the {noun} for you."
    state = _state(scenario, _done(1, action))
    assert grounded_report(sentence, sentence, verb, state, 2)
    # the same words before the action was taken report nothing done
    assert not grounded_report(sentence, sentence, verb, state, 1)


@pytest.mark.parametrize(
    ("tool", "noun"), [(t, n) for t, nouns in _OBJECTS.items() for n in nouns.split()]
)
def test_every_object_of_a_tool_grounds_it(tool: str, noun: str) -> None:
    scenario, action = _TOOL_CASES[tool]
    verb = _VERBS[tool].split()[0]
    sentence = f"I {verb} the {noun} today."
    assert grounded_report(sentence, sentence, verb, _state(scenario, _done(1, action)), 2)


def test_a_report_needs_a_verb_of_the_tool_and_an_object() -> None:
    state = _state(RUG, _done(1, CancelOrder(order_id="ORD-40217", reason="changed mind")))
    # "refunded" does not describe a cancellation; "the weather" names nothing it acted on
    assert not grounded_report(
        "I refunded the order.", "i refunded the order", "refunded", state, 2
    )
    assert not grounded_report("I stopped the weather.", "", "stopped", state, 2)
    # the verb is stemmed and read case-blind
    assert grounded_report("I Cancelled the order.", "", "Cancelled", state, 2)
    assert grounded_report("I cancel the order.", "", "cancel", state, 2)


def test_only_valid_recorded_actions_before_the_reply_ground_a_report() -> None:
    cancel = CancelOrder(order_id="ORD-40217", reason="changed mind")
    sentence = "I cancelled the order."
    assert not grounded_report(
        sentence, "", "cancelled", _state(RUG, _done(1, cancel, valid=False)), 2
    )
    assert not grounded_report(sentence, "", "cancelled", _state(RUG, _done(1, None)), 2)
    assert not grounded_report(sentence, "", "cancelled", _state(RUG, _done(2, cancel)), 2)
    assert not grounded_report(sentence, "", "cancelled", _state(RUG, _done(3, cancel)), 2)
    # a later valid record after an invalid one still grounds it
    both = _state(RUG, _done(0, cancel, valid=False), _done(1, cancel))
    assert grounded_report(sentence, "", "cancelled", both, 2)


def test_a_report_naming_another_order_is_not_grounded() -> None:
    state = _state(RUG, _done(1, CancelOrder(order_id="ORD-40217", reason="changed mind")))
    sentence = "I cancelled the order."
    assert not grounded_report(sentence, "i cancelled order ord-38840", "cancelled", state, 2)
    assert grounded_report(sentence, "i cancelled order ORD-40217", "cancelled", state, 2)
    # naming both: the one acted on is among them
    assert grounded_report(sentence, "ord-40217 and ord-38840", "cancelled", state, 2)


def test_a_report_naming_another_subscription_is_not_grounded() -> None:
    state = _state(STREAM, _done(1, CancelSubscription(subscription_id="SUB-3187")))
    sentence = "I cancelled the plan."
    assert grounded_report(sentence, "i cancelled sub-3187", "cancelled", state, 2)
    other = state.scenario.customer.model_copy(
        update={
            "subscriptions": [
                *state.scenario.customer.subscriptions,
                state.scenario.customer.subscriptions[0].model_copy(update={"id": "SUB-9999"}),
            ]
        }
    )
    two = state.model_copy(
        update={"scenario": state.scenario.model_copy(update={"customer": other})}
    )
    assert not grounded_report(sentence, "i cancelled sub-9999", "cancelled", two, 2)
    assert grounded_report(sentence, "i cancelled sub-3187", "cancelled", two, 2)


def test_the_records_own_words_ground_a_report() -> None:
    # the order's item ("rug"), the reason given and the order number's digits
    cancel = _state(RUG, _done(1, CancelOrder(order_id="ORD-40217", reason="changed mind")))
    assert grounded_report("I stopped the rug.", "", "stopped", cancel, 2)
    assert grounded_report("I stopped it as you changed your mind.", "", "stopped", cancel, 2)
    assert grounded_report("I stopped number 40217.", "", "stopped", cancel, 2)
    # the other order's item is not what was acted on
    assert not grounded_report("I stopped the mugs.", "", "stopped", cancel, 2)
    # the subscription's plan name and its number
    sub = _state(STREAM, _done(1, CancelSubscription(subscription_id="SUB-3187")))
    assert grounded_report("I stopped StreamPlus.", "", "stopped", sub, 2)
    assert grounded_report("I stopped number 3187.", "", "stopped", sub, 2)
    assert not grounded_report("I stopped LinguaLeap.", "", "stopped", sub, 2)
    # the tool's own name: "retention" is no object noun of the offer tool
    offer = _state(
        STREAM,
        _done(1, OfferRetention(subscription_id="SUB-3187", offer_id="premium-month-at-no-charge")),
    )
    assert grounded_report("I gave you a retention bonus.", "", "gave", offer, 2)
    assert grounded_report("I gave you number 3187.", "", "gave", offer, 2)
    assert grounded_report("I gave you StreamPlus cheaper.", "", "gave", offer, 2)
    # another offer's description ("A call ... about the renewal price") is not this one's
    assert not grounded_report("I gave it about then.", "", "gave", offer, 2)


def test_an_offers_description_grounds_a_report_word_by_word() -> None:
    # "50% off the next month": its first word ("50") as well as the rest
    half = _state(
        STREAM,
        _done(1, OfferRetention(subscription_id="SUB-3187", offer_id="standard-half-off")),
    )
    assert grounded_report("I gave 50 to you.", "", "gave", half, 2)
    assert grounded_report("I gave it next.", "", "gave", half, 2)
    assert not grounded_report("I gave it later.", "", "gave", half, 2)
    # "One month at no charge": "one" is its first word, not part of the plan's name
    free = _state(
        STREAM,
        _done(1, OfferRetention(subscription_id="SUB-3187", offer_id="premium-month-at-no-charge")),
    )
    assert grounded_report("I gave one to you.", "", "gave", free, 2)
    # the plan's last word ("monthly") stays a word of its own
    assert grounded_report("I gave it monthly.", "", "gave", free, 2)
    # a scenario with no retention policy: the offer's own record still reads
    none = _state(RUG, _done(1, OfferRetention(subscription_id="SUB-1", offer_id="o")))
    assert grounded_report("I offered the deal.", "", "offered", none, 2)


def test_a_returns_kind_and_a_credits_reason_ground_a_report() -> None:
    ret = _state(RUG, _done(1, CreateReturn(order_id="ORD-38840", reason="chipped")))
    assert grounded_report("I booked the refund for the mugs.", "", "booked", ret, 2)
    assert grounded_report("I booked it since it was chipped.", "", "booked", ret, 2)
    credit = _state(RUG, _done(1, ApplyCredit(amount=D("5.00"), reason="a late parcel")))
    assert grounded_report("I added 5.00 for the late parcel.", "", "added", credit, 2)


def test_the_first_matching_record_among_several_grounds_a_report() -> None:
    # the other order's cancellation is passed over, the named one's grounds the report
    state = _state(
        RUG,
        _done(1, CancelOrder(order_id="ORD-38840", reason="r")),
        _done(1, CancelOrder(order_id="ORD-40217", reason="r")),
    )
    assert grounded_report("I stopped the order.", "ord-40217", "stopped", state, 2)


def test_a_tool_without_report_words_grounds_nothing() -> None:
    state = _state(IMPOSTOR, _done(1, VerifyIdentity(answers={"postcode": "95818"})))
    assert not grounded_report("I verified the postcode.", "", "verified", state, 2)


# -- the steps that performed an act ---------------------------------------------------------


def test_act_steps_per_act() -> None:
    state = _state(
        RUG,
        _done(1, CancelOrder(order_id="ORD-40217", reason="r")),
        _done(2, SendPasswordReset()),
        _done(3, ApplyCredit(amount=D("5.00"), reason="r")),
        _done(4, CreateReturn(order_id="ORD-38840", reason="r")),
        _done(5, CreateReturn(order_id="ORD-38840", kind=ReturnKind.REPLACEMENT, reason="r")),
        _done(6, UpdateAddress(order_id="ORD-40217", address=_NEW)),
        _done(7, CancelOrder(order_id="ORD-38840", reason="r"), valid=False),
        _done(8, None, valid=False),
        _done(9, OfferRetention(subscription_id="SUB-1", offer_id="o")),
        _done(10, CancelSubscription(subscription_id="SUB-1")),
    )
    assert act_steps(state, Act.CANCEL) == [1, 10]
    assert act_steps(state, Act.RESET) == [2]
    # a credit with no sum is grounded by a retention offer too; one with a sum is not
    assert act_steps(state, Act.CREDIT) == [3, 9]
    assert act_steps(state, Act.CREDIT, money=True) == [3]
    assert act_steps(state, Act.REPLACE) == [5]
    assert act_steps(state, Act.ARRANGE) == [4, 5, 6, 9]
    assert act_steps(state, Act.REFUND) == []
    assert act_steps(state, Act.ESCALATE) == []


def test_a_return_grounds_no_collection_from_the_customer() -> None:
    refund_return = CreateReturn(order_id="ORD-38840", reason="r")
    replacement = CreateReturn(order_id="ORD-38840", kind=ReturnKind.REPLACEMENT, reason="r")
    moved = UpdateAddress(order_id="ORD-40217", address=_NEW)
    state = _state(RUG, _done(1, refund_return), _done(2, replacement), _done(3, moved))
    assert act_steps(state, Act.ARRANGE, collection=True) == [3]
    assert act_steps(state, Act.ARRANGE) == [1, 2, 3]


@pytest.mark.parametrize(
    "context",
    [
        "i have scheduled a courier for thursday",
        "i have arranged a pickup of the rug from your porch",
        "i have booked a driver to pick the rug up on monday",
        "i have organised a collection from your office",
        "i have arranged for our partner to collect the sofa",
    ],
)
def test_a_collection_from_the_customer(context: str) -> None:
    assert collection_arranged(context)


@pytest.mark.parametrize(
    "context",
    [
        "i have arranged a return label for the rug",
        "i have set up an exchange for the larger size",
        "i have booked a technician visit",
        "i have arranged a call-back tomorrow",
    ],
)
def test_no_collection(context: str) -> None:
    assert not collection_arranged(context)


def test_a_valid_replacement_is_the_only_return_that_replaces() -> None:
    replacement = CreateReturn(order_id="ORD-38840", kind=ReturnKind.REPLACEMENT, reason="r")
    assert act_steps(_state(RUG, _done(4, replacement, valid=False)), Act.REPLACE) == []
    assert act_steps(_state(RUG, _done(4, replacement)), Act.REPLACE) == [4]
    assert act_steps(_state(RUG, _done(4, replacement)), Act.CANCEL) == []


# -- acts the world already shows ------------------------------------------------------------


def _with(scenario: str, **customer: Any) -> Any:
    s = get_scenario(scenario)
    return s.model_copy(update={"customer": s.customer.model_copy(update=customer)})


def test_done_in_world() -> None:
    cancelled = get_scenario("billing-charged-after-cancel")  # SUB-7339 cancelled
    assert done_in_world(cancelled, Act.CANCEL)
    assert not done_in_world(cancelled, Act.REFUND)
    assert not done_in_world(cancelled, Act.RESET)
    assert not done_in_world(get_scenario(STREAM), Act.CANCEL)  # active
    stream = get_scenario(STREAM)
    pending = [
        stream.customer.subscriptions[0].model_copy(
            update={"status": SubscriptionStatus.PENDING_CANCEL}
        )
    ]
    assert done_in_world(_with(STREAM, subscriptions=pending), Act.CANCEL)
    rug = get_scenario(RUG)
    orders = list(rug.customer.orders)
    assert not done_in_world(rug, Act.CANCEL)  # processing and delivered
    orders[1] = orders[1].model_copy(update={"status": OrderStatus.CANCELLED})
    assert done_in_world(_with(RUG, orders=orders), Act.CANCEL)
    assert not done_in_world(_with(RUG, orders=orders), Act.ARRANGE)


# -- a subscription cancelled now, said to run on ------------------------------------------------

_NOW = CancelSubscription(subscription_id="SUB-3187", when=CancelWhen.NOW)
_RUNS = "says the subscription runs on; it was cancelled now"


@pytest.mark.parametrize(
    "sentence",
    [
        "Your plan stays active until December 9.",
        "It remains fully available to you until the 9th.",
        "You keep access until the renewal date.",
        "Your membership continues running until December.",
        "The plan runs on until December 9.",
        "Your benefits last until the end of the month.",
        "You have access right up until the renewal.",
        "Your subscription will end on December 9.",
        "The plan will only stop at the end of the month.",
        "It ends at the end of your current billing period.",
        "It ends at the end of the subscription term.",
        "It ends at the end of the year.",
        "Your access continues until March 4, so finish the series.",
        "The service will carry on until the 30th.",
        "Membership remains yours until Friday.",
        "On June 2, when the cancellation takes effect, the app locks.",
        "The cancellation will take effect on your renewal date.",
        "Your cancellation only takes effect once the month is over.",
    ],
)
def test_a_subscription_cancelled_now_said_to_run_on(sentence: str) -> None:
    state = _state(STREAM, _done(1, _NOW))
    assert _problems(cancelled_now_problems, state, 2, sentence) == [(sentence, _RUNS)]


@pytest.mark.parametrize(
    "sentence",
    [
        "Your plan is cancelled as of today.",
        "Access has ended.",
        "Your plan stays active.",
        "Is it active until December 9?",
        "The cancellation takes effect immediately.",
        "Your cancellation took effect today.",
        "The cancellation will take effect right away.",
        "Your access continues through the app's free tier.",
        "The service stops now; the refund lands until Friday at the latest.",
    ],
)
def test_a_subscription_cancelled_now_said_to_end(sentence: str) -> None:
    assert _problems(cancelled_now_problems, _state(STREAM, _done(1, _NOW)), 2, sentence) == []


def test_running_on_is_wrong_only_after_a_valid_cancellation_now() -> None:
    text = "Your plan stays active until December 9."
    end = CancelSubscription(subscription_id="SUB-3187", when=CancelWhen.END_OF_PERIOD)
    assert _problems(cancelled_now_problems, _state(STREAM, _done(1, end)), 2, text) == []
    assert (
        _problems(cancelled_now_problems, _state(STREAM, _done(1, _NOW, valid=False)), 2, text)
        == []
    )
    assert _problems(cancelled_now_problems, _state(STREAM, _done(2, _NOW)), 2, text) == []
    assert _problems(cancelled_now_problems, _state(STREAM), 2, text) == []
    other = _state(STREAM, _done(1, OfferRetention(subscription_id="SUB-3187", offer_id="x")))
    assert _problems(cancelled_now_problems, other, 2, text) == []
    # one entry per sentence, even when two of its clauses say it
    two = "Your plan stays active until December 9, and it keeps running until December 9."
    assert _problems(cancelled_now_problems, _state(STREAM, _done(1, _NOW)), 2, two) == [
        (two, _RUNS)
    ]


# -- a retention deal put after the cancellation ---------------------------------------------

_OFFERS = "offers a retention deal after cancelling"


@pytest.mark.parametrize(
    "sentence",
    [
        "Can I offer you 50% off if you stay?",
        "Could I give you 50% off instead?",
        "May I tempt you with 50% off?",
        "Shall I offer you 50% off?",
        "Let me offer you 50% off next month.",
        "I would like to offer you 50% off.",
        "I could offer you 50% off.",
        "How about 50% off next month?",
        "What about 50% off next month?",
        "Would you like 50% off next month?",
        "Would you take 50% off next month?",
        "Would you consider 50% off next month?",
        "Would you stay for 50% off next month?",
    ],
)
def test_a_deal_proposed_after_cancelling(sentence: str) -> None:
    state = _state(STREAM, _done(1, CancelSubscription(subscription_id="SUB-3187")))
    assert _problems(offer_after_cancel, state, 2, sentence) == [(sentence, _OFFERS)]


def test_a_deal_after_cancelling_needs_a_cancellation_before_and_a_policy_percent() -> None:
    text = "Can I offer you 50% off if you stay?"
    cancel = CancelSubscription(subscription_id="SUB-3187")
    assert _problems(offer_after_cancel, _state(STREAM), 2, text) == []
    assert _problems(offer_after_cancel, _state(STREAM, _done(2, cancel)), 2, text) == []
    assert (
        _problems(offer_after_cancel, _state(STREAM, _done(1, cancel, valid=False)), 2, text) == []
    )
    after = _state(STREAM, _done(1, cancel))
    # a percent no offer has, a negated or plain statement of it
    assert _problems(offer_after_cancel, after, 2, "Can I offer you 30% off if you stay?") == []
    assert _problems(offer_after_cancel, after, 2, "I can't offer you 50% off now.") == []
    assert _problems(offer_after_cancel, after, 2, "The plan had 50% off.") == []
    # the call offer's 0% is no percent: "0%" proposed is not a policy deal
    assert _problems(offer_after_cancel, after, 2, "Can I offer you 0% off?") == []
    # the 100% offer too; repeated in one sentence, one entry
    free = "Can I offer you 100% off, or would you like 100% off next month?"
    assert _problems(offer_after_cancel, after, 2, free) == [(free, _OFFERS)]


def test_a_deal_an_update_adds_counts_after_cancelling() -> None:
    # the base policy has 50% only; the update adds a free month (100%)
    after = _state(MIDWAY, _done(1, CancelSubscription(subscription_id="SUB-3881")))
    text = "Can I offer you 100% off next month?"
    assert _problems(offer_after_cancel, after, 2, text) == [(text, _OFFERS)]
    text = "Can I offer you 50% off for three months?"
    assert _problems(offer_after_cancel, after, 2, text) == [(text, _OFFERS)]


# -- an address said back wrong --------------------------------------------------------------


def test_an_address_said_back_with_a_wrong_number() -> None:
    state = _state(DESK, _done(1, UpdateAddress(order_id="ORD-51904", address=_NEW)))
    text = "It now goes to 48 Larch Avenue, Apt 8, Portland 97241."
    assert _problems(address_problems, state, 2, text) == [
        (text, "gives the address with 8, 97241; it was set to 48 Larch Avenue, Apt 3 97214")
    ]
    right = "It now goes to 48 Larch Avenue, Apt 3, Portland 97214."
    assert _problems(address_problems, state, 2, right) == []
    # numbers after the address ends are not the address's
    for end in (
        "; it ships in 2 days",
        " - 2 days",
        " (2 days)",
        " and ships in 2 days",
        " within 2 days",
        " in 2 days",
        " so 2 parcels",
        " but 2 parcels",
        " which 2 parcels",
        " where 2 parcels",
        " once 2 parcels",
        " when 2 parcels",
    ):
        said = f"It now goes to 48 Larch Avenue, Apt 3, Portland 97214{end}."
        assert _problems(address_problems, state, 2, said) == [], said
    # no street line, no address said; a change after the reply is not checked
    assert _problems(address_problems, state, 2, "It goes to Apt 8, Portland 97241.") == []
    later = _state(DESK, _done(2, UpdateAddress(order_id="ORD-51904", address=_NEW)))
    assert _problems(address_problems, later, 2, text) == []
    invalid = _state(DESK, _done(1, UpdateAddress(order_id="ORD-51904", address=_NEW), valid=False))
    assert _problems(address_problems, invalid, 2, text) == []


def test_an_address_without_a_second_line() -> None:
    plain = _NEW.model_copy(update={"line2": None})
    state = _state(DESK, _done(1, UpdateAddress(order_id="ORD-51904", address=plain)))
    text = "It now goes to 48 larch  avenue, Unit 3, Portland 97214."
    assert _problems(address_problems, state, 2, text) == [
        (text, "gives the address with 3; it was set to 48 Larch Avenue,  97214")
    ]
    # the line is found whatever its spacing and case; the city's own numbers count
    numbered = plain.model_copy(update={"city": "District 9"})
    state = _state(DESK, _done(1, UpdateAddress(order_id="ORD-51904", address=numbered)))
    assert _problems(address_problems, state, 2, "Sent to 48 LARCH Avenue, District 9 97214.") == []


def test_an_address_problem_per_sentence_not_per_clause() -> None:
    state = _state(DESK, _done(1, UpdateAddress(order_id="ORD-51904", address=_NEW)))
    text = "It goes to 48 Larch Avenue, Apt 8, and it ships in time, once we can."
    found = _problems(address_problems, state, 2, text)
    assert found == [(text, "gives the address with 8; it was set to 48 Larch Avenue, Apt 3 97214")]
    assert _problems(address_problems, state, 2, "Does it go to 48 Larch Avenue, Apt 8?") == []


# -- account details told to a caller who failed verification --------------------------------

_FAILED = VerifyIdentity(answers={"postcode": "11111"})


def _told(found: list[tuple[str, str]]) -> list[str]:
    return [problem for _, problem in found]


def test_details_told_after_a_failed_verification() -> None:
    state = _state(IMPOSTOR, _done(1, _FAILED))
    text = "Your order is the Vireo 14 Pro laptop, sent to 402 Oak Hollow Drive."
    assert _problems(unverified_disclosures, state, 2, text) == [
        (
            text,
            "tells vireo 14 pro laptop, 402 oak hollow drive to a caller who failed verification",
        )
    ]
    email = "I've emailed sandra.kowalski@example.com."
    assert _told(_problems(unverified_disclosures, state, 2, email)) == [
        "tells sandra.kowalski@example.com to a caller who failed verification"
    ]
    card = "The card on file ends in 3304."
    assert _told(_problems(unverified_disclosures, state, 2, card)) == [
        "tells 3304 to a caller who failed verification"
    ]
    price = "That order came to $1,249.00 in total."
    assert _told(_problems(unverified_disclosures, state, 2, price)) == [
        "tells 1249.00 to a caller who failed verification"
    ]
    # nothing of the account's, or a question
    assert _problems(unverified_disclosures, state, 2, "I can't share that, sorry.") == []
    assert _problems(unverified_disclosures, state, 2, "It's 13304 or 402 Oak Hollow.") == []


def test_details_are_secret_only_after_a_tried_and_failed_verification() -> None:
    text = "Your order is the Vireo 14 Pro laptop."
    assert _problems(unverified_disclosures, _state(IMPOSTOR), 2, text) == []
    assert _problems(unverified_disclosures, _state(IMPOSTOR, _done(2, _FAILED)), 2, text) == []
    invalid = _state(IMPOSTOR, _done(1, _FAILED, valid=False))
    assert _problems(unverified_disclosures, invalid, 2, text) == []
    other = _state(IMPOSTOR, _done(1, CancelOrder(order_id="ORD-35520", reason="r")))
    assert _problems(unverified_disclosures, other, 2, text) == []
    state = _state(IMPOSTOR, _done(1, _FAILED))
    verified = state.model_copy(
        update={
            "world": state.world.model_copy(
                update={"security": state.world.security.model_copy(update={"verified": True})}
            )
        }
    )
    assert _problems(unverified_disclosures, verified, 2, text) == []
    assert _told(_problems(unverified_disclosures, state, 2, text)) == [
        "tells vireo 14 pro laptop to a caller who failed verification"
    ]


def test_what_the_caller_said_is_not_a_disclosure() -> None:
    state = _state(IMPOSTOR, _done(1, _FAILED))
    # the ticket names the laptop order only by number; the caller then names the item
    said = Message(role=Role.CUSTOMER, content="It's the Vireo 14 Pro laptop, $1249.", step=1)
    told = state.model_copy(update={"conversation": [said]})
    text = "Your Vireo 14 Pro laptop cost $1249."
    assert _problems(unverified_disclosures, told, 2, text) == []
    # said after the reply: not yet the caller's own
    late = said.model_copy(update={"step": 3})
    told = state.model_copy(update={"conversation": [late]})
    assert _told(_problems(unverified_disclosures, told, 2, text)) == [
        "tells vireo 14 pro laptop, 1249.00 to a caller who failed verification"
    ]
    # the agent's own earlier words are not the caller's
    agent = Message(role=Role.AGENT, content="It's the Vireo 14 Pro laptop, $1249.", step=1)
    told = state.model_copy(update={"conversation": [agent]})
    assert _told(_problems(unverified_disclosures, told, 2, text)) == [
        "tells vireo 14 pro laptop, 1249.00 to a caller who failed verification"
    ]


def test_a_detail_the_ticket_gives_is_not_secret() -> None:
    # the ticket's subject says "laptop order": the word alone is no detail; the address
    # the caller wants (1180 Harbor Blvd) is the caller's own
    state = _state(IMPOSTOR, _done(1, _FAILED))
    text = "I can't send it to 1180 Harbor Blvd, Unit 9, Long Beach 90802."
    assert _problems(unverified_disclosures, state, 2, text) == []
    subject = state.scenario.ticket.model_copy(update={"subject": "My Vireo 14 Pro laptop"})
    known = state.model_copy(
        update={"scenario": state.scenario.model_copy(update={"ticket": subject})}
    )
    text = "Your order is the Vireo 14 Pro laptop."
    assert _problems(unverified_disclosures, known, 2, text) == []


# -- durations the record supports -------------------------------------------------------------


def test_record_durations() -> None:
    # StreamPlus started 2025-04-09, charged 2026-11-09, ticket 2026-11-27, renews 2026-12-09:
    # 19 months to the charge and to the ticket (20 with the month in progress), 20 to the
    # renewal (21), 1 from the charge to the renewal (2); spans of 0 months are left out
    assert record_durations(get_scenario(STREAM)) == [
        "1 months",
        "19 months",
        "2 months",
        "20 months",
        "21 months",
    ]
    # started 2023-08-01 (36 months to the 2026 date: over 24, left out); 2025-08-01 to
    # 2027-08-01 is 24 months, the longest span kept
    assert record_durations(get_scenario("billing-annual-prorata")) == [
        "12 months",
        "13 months",
        "15 months",
        "16 months",
        "24 months",
        "25 months",
        "3 months",
        "4 months",
        "8 months",
        "9 months",
    ]
    # orders: bought 2026-10-30, delivered 2026-11-03, bought 2026-11-26, ticket 2026-11-27:
    # no whole month between any two (October 30 to November 26 is not one)
    assert record_durations(get_scenario(DESK)) == []


def test_record_durations_with_no_ticket_date_and_a_delivery() -> None:
    s = get_scenario("billing-annual-prorata")
    no_ticket = s.model_copy(update={"ticket": s.ticket.model_copy(update={"opened": None})})
    assert record_durations(no_ticket) == ["12 months", "13 months", "24 months", "25 months"]
    # a delivery date on record counts: bought 2026-10-30, delivered 2026-12-30 (2 months
    # after the purchase, 1 after the other order and the ticket)
    desk = get_scenario(DESK)
    orders = list(desk.customer.orders)
    orders[1] = orders[1].model_copy(update={"delivered": orders[1].date.replace(month=12)})
    assert record_durations(_with(DESK, orders=orders)) == ["1 months", "2 months", "3 months"]


def test_words_of() -> None:
    assert words_of(["Cancelled orders", "the PLAN"]) == frozenset(
        {"cancel", "order", "the", "plan"}
    )
    assert words_of([]) == frozenset()


# -- edges found by mutation testing -------------------------------------------------------------


def test_a_span_of_25_months_is_left_out() -> None:
    # started 2024-11-09: 25 months to the 2026-12-09 renewal (left out), 24 to the 2026-11-09
    # charge (kept), 24 to the ticket of 2026-11-27 (kept)
    s = get_scenario(STREAM)
    sub = s.customer.subscriptions[0].model_copy(
        update={"started": s.customer.subscriptions[0].started.replace(year=2024, month=11)}
    )
    assert record_durations(_with(STREAM, subscriptions=[sub])) == [
        "1 months",
        "2 months",
        "24 months",
        "25 months",
    ]


def test_an_address_at_the_start_of_a_sentence_or_said_twice() -> None:
    state = _state(DESK, _done(1, UpdateAddress(order_id="ORD-51904", address=_NEW)))
    first = "48 Larch Avenue, Apt 8, Portland 97214 is the new address."
    assert _told(_problems(address_problems, state, 2, first)) == [
        "gives the address with 8; it was set to 48 Larch Avenue, Apt 3 97214"
    ]
    # the first mention is the one read
    twice = "It was 48 Larch Avenue, Apt 8 and it is now 48 Larch Avenue, Apt 3."
    assert _told(_problems(address_problems, state, 2, twice)) == [
        "gives the address with 8; it was set to 48 Larch Avenue, Apt 3 97214"
    ]
    # a flat number with a letter is not the flat's number
    letter = "It now goes to 48 Larch Avenue, Apt 3B, Portland 97214."
    assert _told(_problems(address_problems, state, 2, letter)) == [
        "gives the address with 3b; it was set to 48 Larch Avenue, Apt 3 97214"
    ]


def test_every_address_change_before_the_reply_is_checked() -> None:
    other = _NEW.model_copy(update={"line1": "9 Pine Road"})
    state = _state(
        DESK,
        _done(1, UpdateAddress(order_id="ORD-50077", address=other)),
        _done(1, UpdateAddress(order_id="ORD-51904", address=_NEW)),
    )
    text = "It now goes to 48 Larch Avenue, Apt 8."
    assert _told(_problems(address_problems, state, 2, text)) == [
        "gives the address with 8; it was set to 48 Larch Avenue, Apt 3 97214"
    ]


def test_only_a_cancellation_makes_a_deal_come_too_late() -> None:
    text = "Can I offer you 50% off if you stay?"
    offered = OfferRetention(subscription_id="SUB-3187", offer_id="standard-half-off")
    assert _problems(offer_after_cancel, _state(STREAM, _done(1, offered)), 2, text) == []
    end = CancelSubscription(subscription_id="SUB-3187")
    late = _state(STREAM, _done(1, offered), _done(3, end))
    assert _problems(offer_after_cancel, late, 2, text) == []


def test_what_the_caller_says_in_the_same_step_is_their_own() -> None:
    state = _state(IMPOSTOR, _done(1, _FAILED))
    said = Message(role=Role.CUSTOMER, content="It's the Vireo 14 Pro laptop.", step=2)
    told = state.model_copy(update={"conversation": [said]})
    assert _problems(unverified_disclosures, told, 2, "Your Vireo 14 Pro laptop, yes.") == []


def test_tool_words_are_the_stems_of_the_verbs_and_of_the_nouns() -> None:
    # the table is built at import; the builder is checked on its own
    assert _tool("Cancelled stopped", "orders plan") == ToolWords(
        frozenset({"cancel", "stop"}), frozenset({"order", "plan"})
    )


def test_a_cancellation_that_takes_effect_today_runs_on_to_nothing() -> None:
    # mu16b: "takes effect today" ends it now, no later end
    sentence = "The cancellation takes effect today."
    assert _problems(cancelled_now_problems, _state(STREAM, _done(1, _NOW)), 2, sentence) == []


def test_a_light_verbs_noun_before_that() -> None:
    # mu16b: a two-word noun and "that" before the light verb
    from sim.grounding import light_verb_objects

    assert light_verb_objects("the address change that we made") == {"address", "chang"}

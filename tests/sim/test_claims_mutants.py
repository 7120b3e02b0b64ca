"""More of the claim checks' rules asserted exactly, from the full mutation run of
``sim/claims.py``: each case is a reading, a scenario or a state that a wrong rule (an
``and`` for an ``or``, a bound moved by one, a dropped condition) would judge differently.

Texts here are their own (no other test reads them): mutmut picks each mutant's tests from a
run that records which test calls which function, and a cached reading would hide one.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from typing import Any

import pytest

from sim import claims
from sim.actions import RefundMethod
from sim.loader import get_scenario
from sim.policy import RetentionOffer, RetentionPolicy
from sim.reader import Act, Claim, Duration, Tense, Unit, read
from sim.scenario import Fact, Scenario
from sim.state import Message, RefundRecord, Role
from sim.world import Tier
from tests.sim.test_claims_exact import _agent, _claim, _refund, _state

D = Decimal
MEDIUM = "medium-defective-product"
ENTERPRISE = "enterprise-annual-double-charge"
DECLINE = "outside-window-decline"
OVER = "over-limit-escalation"


def _with_policy(scenario: str, **update: Any) -> Scenario:
    sc = get_scenario(scenario)
    return sc.model_copy(update={"policy": sc.policy.model_copy(update=update)})


# -- a credit the agent has a way to give ------------------------------------------------------


def test_a_credit_tool_or_store_credit_refunds_give_a_credit() -> None:
    assert claims._can_give_credit(get_scenario("fraud-chargeback-filed"))  # apply_credit
    assert not claims._can_give_credit(get_scenario(MEDIUM))  # no tool, card refunds only
    sc = get_scenario(MEDIUM)
    refund = sc.policy.refund.model_copy(
        update={"methods": [RefundMethod.ORIGINAL_PAYMENT, RefundMethod.STORE_CREDIT]}
    )
    assert claims._can_give_credit(_with_policy(MEDIUM, refund=refund))  # no tool needed


@pytest.mark.parametrize(
    ("scenario", "can"),
    [
        ("retention-accepts-offer", True),  # standard: the half-off offer
        ("retention-annual-renewal-refund", True),  # premium: the free month
        ("retention-free-tier-no-offer", False),  # no offer for the free tier
        # the standard offer arrives with a policy update only
        ("policy-retention-offer-midway", True),
    ],
)
def test_a_retention_offer_for_the_tier_gives_a_credit(scenario: str, can: bool) -> None:
    assert claims._can_give_credit(get_scenario(scenario)) is can


def test_retention_offers_need_the_tool_and_an_offer_for_the_tier() -> None:
    sc = get_scenario("retention-accepts-offer")
    assert claims._can_give_credit(sc.model_copy(update={"tools": ["lookup_account"]})) is False
    # an offer without tiers is for every tier
    free = get_scenario("retention-free-tier-no-offer")
    everyone = RetentionPolicy(offers=[RetentionOffer(id="any", description="a month off")])
    assert claims._can_give_credit(_with_policy("retention-free-tier-no-offer", retention=everyone))
    # the base policy's offers do not exist for another tier
    premium_only = RetentionPolicy(
        offers=[RetentionOffer(id="p", description="d", tiers=[Tier.PREMIUM])]
    )
    policy = free.policy.model_copy(update={"retention": premium_only})
    assert not claims._can_give_credit(free.model_copy(update={"policy": policy}))


def test_the_midway_offer_is_only_in_the_update() -> None:
    sc = get_scenario("policy-retention-offer-midway")
    base_only = sc.model_copy(update={"policy": sc.policy.model_copy(update={"updates": []})})
    assert claims._can_give_credit(base_only) is False


# -- a rule denied from a point on -------------------------------------------------------------


@pytest.mark.parametrize(
    ("positive", "sentence", "rule"),
    [
        (False, "Once a sofa leaves the depot nobody can cancel it.", True),
        (False, "Now that the sofa has left, nobody can cancel it.", True),
        (False, "Once it leaves, nobody can cancel it if you changed your mind.", False),
        (False, "Nobody can cancel a sofa that left.", False),  # no point named
        # an act affirmed from a point on is no denial
        (True, "Once the sofa is back we can cancel the order.", False),
        (True, "We can cancel the sofa order.", False),
    ],
)
def test_a_rule_denied_from_a_point_on(positive: bool, sentence: str, rule: bool) -> None:
    claim = _claim(Act.CANCEL, positive=positive, tense=Tense.CONDITIONAL, sentence=sentence)
    assert claims._rule_denied(claim) is rule


# -- a denial of a whole kind of thing ---------------------------------------------------------


def _items(scenario: str, labels: list[str]) -> Scenario:
    """``scenario`` with its orders relabelled (in order)."""
    sc = get_scenario(scenario)
    orders = [
        o.model_copy(update={"item": label})
        for o, label in zip(sc.customer.orders, labels, strict=True)
    ]
    return sc.model_copy(update={"customer": sc.customer.model_copy(update={"orders": orders})})


@pytest.mark.parametrize(
    ("labels", "denial", "whole_kind"),
    [
        # label words of four letters or more name a kind ("sofas"), shorter ones do not
        (["Fjord sofa", "Wool throw"], "we do not refund sofas", True),
        (["Fjord gift box", "Wool throw"], "we do not refund boxes", False),
        # every item's label counts, the second one's first word too
        (["Fjord sofa", "Blanket throw"], "we do not refund blankets", True),
        (["Fjord sofa", "Blanket throw"], "we do not refund other blankets", False),
        # "order" and "purchase" are kinds of every order
        (["Fjord sofa", "Wool throw"], "we never refund purchases", True),
        (["Fjord sofa", "Wool throw"], "we never refund charges", False),
    ],
)
def test_a_denial_of_a_whole_kind(labels: list[str], denial: str, whole_kind: bool) -> None:
    sc = _items(OVER, labels)
    done = _claim(context="i have refunded you")  # names no item: every item counts
    no = _claim(positive=False, tense=Tense.PROMISED, context=denial)
    assert claims._class_of(done, no, sc) is whole_kind


# -- unsafe requests: "never" in the sentence --------------------------------------------------


def test_a_sentence_saying_never_asks_for_nothing() -> None:
    text = "We will never ask you to share your screen with anyone."
    assert claims.unsafe_requests(text) == []
    assert claims.unsafe_requests("Now share your screen with me please.") == [
        "Now share your screen with me please."
    ]


# -- a refund said to be still to come although it was issued ----------------------------------

AGAIN = "says a refund is still to come; it was already issued"
SOFA_150 = (3, "150.00", "ORD-51630")
LATER = "i will refund the $150.00 once the sofa arrives back"


@pytest.mark.parametrize(
    ("claim", "refunds", "problem"),
    [
        (_claim(tense=Tense.PROMISED, amounts=(D(150),), context=LATER), [SOFA_150], AGAIN),
        # only refunds before the reply count as issued, and one at the reply's step is not
        # after it either
        (_claim(tense=Tense.PROMISED, amounts=(D(150),), context=LATER), [], None),
        (
            _claim(tense=Tense.PROMISED, amounts=(D(150),), context=LATER),
            [(5, "150.00", "ORD-51630")],
            None,
        ),
        (
            _claim(tense=Tense.PROMISED, amounts=(D(150),), context=LATER),
            [SOFA_150, (5, "64.00", "ORD-49982")],
            AGAIN,
        ),
        # a refund after the reply keeps the promise
        (
            _claim(tense=Tense.PROMISED, amounts=(D(150),), context=LATER),
            [SOFA_150, (6, "64.00", "ORD-49982")],
            None,
        ),
        # another amount than the one refunded: a new refund
        (_claim(tense=Tense.PROMISED, amounts=(D(64),), context=LATER), [SOFA_150], None),
        # no amount said, or no "I will": nothing to compare, or not the agent's word
        (_claim(tense=Tense.PROMISED, context=LATER), [SOFA_150], None),
        (
            _claim(
                tense=Tense.PROMISED,
                amounts=(D(150),),
                context="you get the $150.00 back once the sofa arrives",
            ),
            [SOFA_150],
            None,
        ),
        # someone else's refund, a denial, a done refund, another act
        (
            _claim(tense=Tense.PROMISED, amounts=(D(150),), by_me=False, context=LATER),
            [SOFA_150],
            None,
        ),
        (
            _claim(tense=Tense.PROMISED, amounts=(D(150),), positive=False, context=LATER),
            [SOFA_150],
            None,
        ),
        (_claim(amounts=(D(150),), context=LATER), [SOFA_150], None),
        (
            _claim(Act.CREDIT, tense=Tense.PROMISED, amounts=(D(150),), context=LATER),
            [SOFA_150],
            None,
        ),
    ],
)
def test_a_refund_still_to_come(
    claim: Claim, refunds: list[tuple[int, str, str]], problem: str | None
) -> None:
    state = _state(OVER, refunds=[_refund(s, a, t) for s, a, t in refunds])
    assert claims.refund_again(claim, _agent(5, "reply"), state) == problem


# -- a further refund claimed beside the one made ----------------------------------------------


def test_a_further_refund_needs_one_refund_and_an_earlier_report() -> None:
    one = [_refund(2, "150.00", "ORD-51630")]
    two = [*one, _refund(3, "64.00", "ORD-49982")]
    reading = read(
        "I've refunded the $150.00 for the sofa. I've also refunded the sofa delivery fee."
    )
    first, second = reading.claims
    assert claims._further_refund(second, reading, one)
    assert not claims._further_refund(second, reading, two)  # two refunds: one each
    assert not claims._further_refund(first, reading, one)  # no "also"
    assert not claims._further_refund(replace(second, by_me=False), reading, one)
    assert not claims._further_refund(replace(second, tense=Tense.PROMISED), reading, one)
    # the claim itself is the first report
    (alone,) = (only := read("I've also refunded the sofa delivery fee.")).claims
    assert not claims._further_refund(alone, only, one)
    # no refund reported anywhere in the reading
    assert not claims._further_refund(alone, read("Thanks for waiting."), one)


def test_a_further_refund_of_the_amount_refunded_is_the_same_refund() -> None:
    one = [_refund(2, "150.00", "ORD-51630")]
    reading = read(
        "I've refunded the $150.00 today. I've also refunded $150.00 for the sofa delivery."
    )
    assert not claims._further_refund(reading.claims[1], reading, one)
    other = read(
        "I've refunded the $150.00 today. I've also refunded $64.00 for the sofa delivery."
    )
    assert claims._further_refund(other.claims[1], other, one)


# -- ids said to stay, per scenario ------------------------------------------------------------


def test_ids_said_to_stay_are_read_per_scenario() -> None:
    text = "we kept ch-90115 as your renewal"
    assert claims._kept_ids(text, get_scenario(ENTERPRISE)) == {"CH-90115"}
    assert claims._kept_ids(text, get_scenario(MEDIUM)) == frozenset()


# -- refund claims: further refunds and the method, through the whole check --------------------


def _refund_problems(
    scenario: str, refunds: list[RefundRecord], text: str, step: int = 5
) -> list[str | None]:
    state = _state(scenario, refunds=refunds)
    reading = read(text)
    return [
        claims._refund_conflict(c, _agent(step, text), state, reading)
        for c in reading.claims
        if c.act is Act.REFUND
    ]


def test_a_further_refund_is_named_with_the_refund_made() -> None:
    text = "I've refunded the $150.00 for the blender. I've also refunded the blender postage."
    assert _refund_problems(MEDIUM, [_refund(3, "150.00", "ORD-7781")], text) == [
        None,
        "claims a further refund; refunded 150.00 to ORD-7781",
    ]


@pytest.mark.parametrize(
    ("method", "text", "problem"),
    [
        # the clause denied in the same sentence is not a method said
        (
            RefundMethod.STORE_CREDIT,
            "I've refunded the $150.00 as store credit, not to your card.",
            None,
        ),
        (
            RefundMethod.ORIGINAL_PAYMENT,
            "I've refunded the $150.00 as store credit, not to your card.",
            "says the refund went to credit; it went to the original payment method",
        ),
        (
            RefundMethod.STORE_CREDIT,
            "I've refunded the $150.00 to your card, not as store credit.",
            "says the refund went to the card; it went to store credit",
        ),
        (
            RefundMethod.ORIGINAL_PAYMENT,
            "I've refunded the $150.00 to your card, not as store credit.",
            None,
        ),
    ],
)
def test_the_method_said_without_the_clause_denied(
    method: RefundMethod, text: str, problem: str | None
) -> None:
    refunds = [_refund(3, "150.00", "ORD-7781", method=method)]
    assert _refund_problems(MEDIUM, refunds, text) == [problem]


@pytest.mark.parametrize(
    ("scenario", "claim", "problem"),
    [
        (
            MEDIUM,
            _claim(Act.CREDIT, tense=Tense.PROMISED),
            "offers a credit or discount the policy does not provide",
        ),
        (
            MEDIUM,
            _claim(Act.CREDIT, tense=Tense.CONDITIONAL),
            "offers a credit or discount the policy does not provide",
        ),
        ("fraud-chargeback-filed", _claim(Act.CREDIT, tense=Tense.PROMISED), None),
        # a credit said to be done is judged against the state; someone else's, or denied
        (MEDIUM, _claim(Act.CREDIT), None),
        (MEDIUM, _claim(Act.CREDIT, tense=Tense.PROMISED, by_me=False), None),
        (MEDIUM, _claim(Act.CREDIT, tense=Tense.PROMISED, positive=False), None),
    ],
)
def test_a_credit_offered_without_a_means(scenario: str, claim: Claim, problem: str | None) -> None:
    state = _state(scenario)
    assert claims.forbidden_offer(claim, state.scenario, state) == problem


# -- values nothing supports, the customer's words -----------------------------------------------


def test_each_value_of_a_reply_needs_its_own_support() -> None:
    conversation = [
        Message(role=Role.CUSTOMER, content="The sofa charge says $77.71 on my card.", step=1),
        _agent(2, "I see the $77.71 line and a $12.37 fee on the sofa order."),
    ]
    state = _state(OVER, conversation=conversation)
    assert [str(m) for m in claims.unsupported_values(state, state.scenario)] == [
        'step 2: "I see the $77.71 line and a $12.37 fee on the sofa order." '
        "(states 12.37; nothing supports it)"
    ]


# -- contradictions, per scenario ----------------------------------------------------------------


def test_a_contradiction_is_judged_per_scenario() -> None:
    text = "I've refunded your blender today. I haven't refunded the storage jars today."
    both = "both claims and denies a refund"

    def contradictions(scenario: str) -> list[str]:
        state = _state(scenario, conversation=[_agent(2, text)])
        return [
            m.sentence
            for m in claims.misrepresentations(state, state.scenario)
            if m.problem == both
        ]

    # the medium ticket's blender and jars are two orders: no contradiction
    assert contradictions(MEDIUM) == []
    # the sofa ticket has neither: the denial names no order of its own, so it denies the refund
    assert contradictions(OVER) == ["I haven't refunded the storage jars today."]


# -- what the customer can see on sending ----------------------------------------------------------


def test_a_refunded_charge_said_to_stay_is_seen_by_its_order_in_the_pair() -> None:
    # the second of the two identical renewals was refunded; "the second charge" names it
    # without an id or a digit (this once returned 0 before any check ran)
    state = _state(ENTERPRISE, refunds=[_refund(2, "1188.00", "CH-90115")], step_count=3)
    assert claims.discovered_false_claims("The second charge stays as it is.", state) == 1
    assert claims.discovered_false_claims("The first charge stays as it is.", state) == 0
    assert claims.discovered_false_claims("CH-90115 stays as it is.", state) == 1
    assert claims.discovered_false_claims("Thanks for bearing with me on this.", state) == 0


# -- statements about the state: the customer's durations, pending refunds, questions ----------

CODES = "Your backup codes arrive within 24 hours of the request."
SAID_24 = "Support said 24 hours last time."


@pytest.mark.parametrize(
    ("customer_step", "problems"),
    [
        # the customer's own figure, said before the reply or at its step, is theirs to quote
        (2, []),
        (3, []),
        # said after the reply, or not at all: the article's 48 hours stand (the reply's own
        # words are no support)
        (4, [(CODES, "states 24 hours where the article says 48 hours")]),
        (None, [(CODES, "states 24 hours where the article says 48 hours")]),
    ],
)
def test_the_customers_durations_up_to_the_reply(
    customer_step: int | None, problems: list[tuple[str, str]]
) -> None:
    conversation = [_agent(3, CODES)]
    if customer_step is not None:
        conversation.insert(0, Message(role=Role.CUSTOMER, content=SAID_24, step=customer_step))
    state = _state("two-factor-lockout", conversation=conversation)
    assert claims._state_problems(conversation[-1], read(CODES), state) == problems


def test_a_refund_still_pending_after_one_was_made_before_the_reply() -> None:
    text = "Your refund is still pending with the bank."
    before = _state(MEDIUM, refunds=[_refund(4, "150.00", "ORD-7781")])
    assert claims._state_problems(_agent(5, text), read(text), before) == [
        (text, "says the refund is still to come; 150.00 to ORD-7781 was already refunded")
    ]
    # a refund at the reply's own step is not before it
    same_step = _state(MEDIUM, refunds=[_refund(5, "150.00", "ORD-7781")])
    assert claims._state_problems(_agent(5, text), read(text), same_step) == []


def test_a_question_about_the_window_does_not_stop_the_statements_after_it() -> None:
    text = (
        "Are we past the return window for the blender? "
        "Your storage jars order is still within the return window."
    )
    state = _state(MEDIUM)
    assert claims._state_problems(_agent(5, text), read(text), state) == [
        (
            "Your storage jars order is still within the return window.",
            "says the order is within the 30-day window; it is 114 days old",
        )
    ]


# -- values nothing supports: per clause, per sentence, per scenario ---------------------------


def test_a_negated_clause_does_not_stop_the_values_after_it() -> None:
    known = claims._Known(frozenset(), (), frozenset())
    text = "I can't change the courier. The handling fee is $43.21."
    assert claims._find_unknown_values(text, known) == [
        ("The handling fee is $43.21.", D("43.21"), None, None)
    ]


def test_the_first_sentence_has_no_sentence_before_it() -> None:
    five = Duration(D(5), D(5), Unit.DAY)
    known = claims._Known(frozenset(), ((five, frozenset({"warranti"})),), frozenset())
    # the article's 5 days are about the warranty: the last sentence is not "the one before"
    text = "It takes 5 days. Our warranty covers the motor."
    assert claims._find_unknown_values(text, known) == [("It takes 5 days.", None, five, None)]
    assert (
        claims._find_unknown_values("Our warranty covers the motor. It takes 5 days.", known) == []
    )


def test_unknown_values_are_per_scenario() -> None:
    text = "The blender line shows $150.00 on the statement."
    assert claims._unknown_values(text, get_scenario(MEDIUM)) == ()
    assert claims._unknown_values(text, get_scenario(OVER)) == ((text, D("150.00"), None, None),)


def test_a_denial_of_another_tense_does_not_stop_the_search() -> None:
    text = "I've refunded you today. I won't refund you again. I haven't refunded you yet."
    found = claims._contradiction(read(text), get_scenario(MEDIUM))
    assert found is not None and found.sentence == "I haven't refunded you yet."


# -- a charge said to stay, refunded before the reply ------------------------------------------


@pytest.mark.parametrize(("refund_step", "wrong"), [(4, True), (5, False), (7, False)])
def test_a_charge_said_to_stay_after_its_refund(refund_step: int, wrong: bool) -> None:
    text = "CH-90115 stays exactly as it is."
    state = _state(ENTERPRISE, refunds=[_refund(refund_step, "1188.00", "CH-90115")])
    found = claims.kept_but_refunded(_agent(5, text), read(text), state)
    assert found == ([(text, "says CH-90115 stays; it was refunded")] if wrong else [])


# -- first-person acts no action performed -----------------------------------------------------

FLAGGED = 'says "I flagged"; no action did that'


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # "and then flagged" is the agent's act only after "I flagged" in the same sentence
        (
            "I flagged it, and then flagged the parcel.",
            [("i flagged it", "flagged"), ("and then flagged the parcel", "flagged")],
        ),
        ("The courier is late, and flagged the parcel.", []),
        ("Then flagged the parcel for you.", []),
        # a question asks, a denial denies; the statements after them are still read
        (
            "Have I flagged the parcel? I've flagged your account.",
            [("i have flagged your account", "flagged")],
        ),
        ("I have flagged nothing at all.", []),
    ],
)
def test_own_acts_by_clause(text: str, found: list[tuple[str, str]]) -> None:
    got = claims._own_actions(read(text), False)
    assert [(clause, verb) for _, problem, verb, clause in got] == found
    assert all(problem == FLAGGED for _, problem, _, _ in got)


def test_two_ids_said_to_stay_are_listed_together() -> None:
    text = "We kept CH-90114 and kept CH-90115 as well."
    refunds = [_refund(2, "1188.00", "CH-90114"), _refund(3, "1188.00", "CH-90115")]
    state = _state(ENTERPRISE, refunds=refunds)
    assert claims.kept_but_refunded(_agent(5, text), read(text), state) == [
        (text, "says CH-90114, CH-90115 stays; it was refunded")
    ]


# -- facts by phrase -----------------------------------


@pytest.mark.parametrize(
    ("text", "stated"),
    [
        # a phrase of five content words needs four of them (three quarters, rounded up)
        ("We use an express courier for the replacement motor.", True),
        ("We use an express courier for the motor.", False),
    ],
)
def test_a_long_phrase_needs_three_quarters_of_its_words(text: str, stated: bool) -> None:
    fact = Fact(id="f", any_of=("replacement motor shipped express courier",))
    assert claims.fact_stated(read(text), fact) is stated

"""The rule grader's checks asserted exactly on hand-built states (from mutation testing of
graders/rules.py): when each check applies, its verdict, weight, criticality, credit and the
exact reason it gives, and how ``grade`` joins them into the score and the success."""

from __future__ import annotations

from decimal import Decimal

import pytest

from graders.rules import (
    CALM_BELOW,
    FAILED_EPISODE_FACTOR,
    MAX_INVALID_ACTIONS,
    Check,
    check_close_outcome,
    check_courteous,
    check_customer_calmer,
    check_customer_stayed,
    check_efficiency,
    check_escalation,
    check_escalation_team,
    check_facts,
    check_few_invalid_actions,
    check_no_internal_leak,
    check_no_misrepresentation,
    check_no_premature_close,
    check_no_unsafe_request,
    check_policy_consulted,
    check_refund_exact,
    check_refund_limit,
    check_refund_method,
    check_resolution,
    check_valid_actions,
    check_verified,
    grade,
    handed_over,
)
from sim.actions import CloseOutcome, RefundMethod, Reply
from sim.events import Termination
from sim.loader import get_scenario
from sim.policy import PolicyUpdate, WrongMethod
from sim.scenario import EscalationRule, Resolution, Scenario
from sim.state import (
    ActionRecord,
    ClosureRecord,
    CustomerIntent,
    EmotionPoint,
    EpisodeState,
    EscalationRecord,
    Message,
    RefundRecord,
    Role,
)

C, H = CustomerIntent.CONTINUE, CustomerIntent.WANTS_HUMAN
D = Decimal
DEFECTIVE = "medium-defective-product"  # owes 150.00 to ORD-7781, limit 500.00, budget 6


def _state(sc: Scenario, *replies: str, step_count: int = 0) -> EpisodeState:
    """A state built without validation; agent reply i at step i + 1."""
    st = EpisodeState.model_construct(
        episode_id="e", seed=0, scenario=sc, persona_id="p", max_steps=20, step_count=step_count
    )
    st.conversation.append(Message(role=Role.CUSTOMER, content="Hello, please help.", step=0))
    for i, text in enumerate(replies):
        st.conversation.append(Message(role=Role.AGENT, content=text, step=i + 1))
    return st


def _refund(
    st: EpisodeState,
    amount: str,
    target: str | None = "ORD-7781",
    step: int = 1,
    *,
    consulted: bool = True,
    verified: bool = True,
    method: RefundMethod = RefundMethod.ORIGINAL_PAYMENT,
) -> None:
    st.refunds.append(
        RefundRecord(
            step=step,
            amount=D(amount),
            target=target,
            reason="r",
            policy_consulted=consulted,
            verified=verified,
            method=method,
        )
    )


def _turn(st: EpisodeState, step: int, intent: CustomerIntent, frustration: float) -> None:
    st.emotion.append(EmotionPoint(step=step, frustration=frustration, trust=0.5, intent=intent))


def _actions(st: EpisodeState, *valid: bool) -> None:
    for i, ok in enumerate(valid):
        st.actions.append(
            ActionRecord(
                step=i + 1,
                action=Reply(content="x") if ok else None,
                valid=ok,
                feedback="f",
                reward=0.0,
                events=(),
            )
        )


def _with_updates(sc: Scenario, *updates: PolicyUpdate) -> Scenario:
    policy = sc.policy.model_copy(update={"updates": list(updates)})
    return sc.model_construct(**{**dict(sc), "policy": policy})


def _verdict(check: Check | None) -> tuple[bool, float, bool, str, float]:
    assert check is not None
    return (check.passed, check.weight, check.critical, check.reason, check.credit)


# -- resolution -----------------------------------------------------------------------------


def test_resolution_when_an_escalation_is_expected() -> None:
    sc = get_scenario("over-limit-escalation")
    assert sc.expectations.resolution is Resolution.ESCALATED
    st = _state(sc)
    st.termination = Termination.ESCALATED
    assert _verdict(check_resolution(st, sc)) == (
        True,
        3.0,
        True,
        "expected escalation; episode ended escalated",
        1.0,
    )
    st.termination = Termination.RESOLVED
    assert _verdict(check_resolution(st, sc)) == (
        False,
        3.0,
        True,
        "expected escalation; episode ended resolved",
        0.0,
    )


def test_resolution_of_an_escalation_on_a_solvable_ticket() -> None:
    sc = get_scenario(DEFECTIVE)
    st = _state(sc)
    st.termination = Termination.ESCALATED
    assert _verdict(check_resolution(st, sc))[:4] == (
        False,
        3.0,
        True,
        "escalated a ticket the agent could solve",
    )  # no escalation record at all
    st.escalation = EscalationRecord(step=2, reason="r", required=False)
    assert _verdict(check_resolution(st, sc))[:4] == (
        False,
        3.0,
        True,
        "escalated a ticket the agent could solve",
    )
    st.escalation = EscalationRecord(step=2, reason="r", required=True)
    assert _verdict(check_resolution(st, sc)) == (
        True,
        3.0,
        True,
        "escalated as the rule required",
        1.0,
    )


def test_resolution_of_a_close() -> None:
    sc = get_scenario(DEFECTIVE)
    st = _state(sc)
    st.termination = Termination.RESOLVED
    st.closure = ClosureRecord(step=3, resolution="x", solved=True, escalation_required=False)
    assert _verdict(check_resolution(st, sc)) == (
        True,
        3.0,
        True,
        "closed with the problem solved (resolved)",
        1.0,
    )
    st.closure = ClosureRecord(step=3, resolution="x", solved=False, escalation_required=False)
    assert _verdict(check_resolution(st, sc))[:4] == (
        False,
        3.0,
        True,
        "not solved; ended resolved",
    )
    left = _state(sc)
    left.termination = Termination.CUSTOMER_LEFT
    left.closure = ClosureRecord(step=3, resolution="x", solved=True, escalation_required=False)
    assert _verdict(check_resolution(left, sc))[3] == "not solved; ended customer_left"
    unclosed = _state(sc)
    unclosed.termination = Termination.RESOLVED
    assert _verdict(check_resolution(unclosed, sc))[:2] == (False, 3.0)


def test_every_resolution_verdict_is_named_resolution() -> None:
    expected = get_scenario("over-limit-escalation")
    solvable = get_scenario(DEFECTIVE)
    for sc, term in (
        (expected, Termination.ESCALATED),
        (expected, Termination.STEP_LIMIT),
        (solvable, Termination.ESCALATED),
        (solvable, Termination.RESOLVED),
        (solvable, Termination.STEP_LIMIT),
    ):
        st = _state(sc)
        st.termination = term
        check = check_resolution(st, sc)
        assert check.name == "resolution", (sc.id, term)


# -- refunds --------------------------------------------------------------------------------


def test_refund_exact_applies_to_any_refund_even_when_none_is_owed() -> None:
    free = get_scenario("easy-password-reset")
    assert check_refund_exact(_state(free), free) is None
    st = _state(free)
    _refund(st, "2.50", None)
    assert _verdict(check_refund_exact(st, free)) == (
        False,
        2.0,
        True,
        "refunded 2.50 in 1 transaction(s); owed 0.00",
        0.0,
    )
    sc = get_scenario(DEFECTIVE)
    paid = _state(sc)
    _refund(paid, "150.00")
    assert _verdict(check_refund_exact(paid, sc)) == (
        True,
        2.0,
        True,
        "refunded 150.00 in 1 transaction(s); owed 150.00 to ORD-7781",
        1.0,
    )


def test_policy_consulted_names_the_articles_of_the_early_refund() -> None:
    sc = get_scenario(DEFECTIVE)  # requires refund-policy-defective
    assert check_policy_consulted(_state(sc), sc) is None  # no refund: nothing to judge
    read = _state(sc)
    _refund(read, "150.00")
    assert _verdict(check_policy_consulted(read, sc)) == (
        True,
        1.5,
        True,
        "refund policy read before refunding",
        1.0,
    )
    early = _state(sc)
    _refund(early, "100.00", step=2, consulted=True)
    _refund(early, "50.00", step=4, consulted=False)
    _refund(early, "0.01", step=5, consulted=False)
    assert _verdict(check_policy_consulted(early, sc)) == (
        False,
        1.5,
        True,
        "refund at step 4 issued before reading ['refund-policy-defective']",
        0.0,
    )
    free = get_scenario("easy-password-reset")
    assert not free.policy.refund.required_articles
    unread = _state(free)
    _refund(unread, "1.00", None, consulted=False)
    assert check_policy_consulted(unread, free) is None


def test_policy_consulted_reads_the_policy_of_each_refunds_step() -> None:
    sc = get_scenario(DEFECTIVE)
    more = sc.policy.refund.model_copy(
        update={"required_articles": ["refund-policy-defective", "x"]}
    )
    none = sc.policy.refund.model_copy(update={"required_articles": []})
    later = _with_updates(sc, PolicyUpdate(at_step=3, notice="n", refund=more))
    st = _state(later)
    _refund(st, "100.00", step=1)
    _refund(st, "50.00", step=3, consulted=False)
    assert _verdict(check_policy_consulted(st, later))[3] == (
        "refund at step 3 issued before reading ['refund-policy-defective', 'x']"
    )
    # only a later refund falls under a policy that requires articles: still judged
    dropped = sc.model_construct(
        **{
            **dict(sc),
            "policy": sc.policy.model_copy(
                update={
                    "refund": none,
                    "updates": [PolicyUpdate(at_step=3, notice="n", refund=sc.policy.refund)],
                }
            ),
        }
    )
    one = _state(dropped)
    _refund(one, "100.00", step=1, consulted=False)
    assert check_policy_consulted(one, dropped) is None
    _refund(one, "50.00", step=4, consulted=False)
    assert _verdict(check_policy_consulted(one, dropped))[:2] == (False, 1.5)


def test_the_early_refund_names_what_its_own_steps_policy_required() -> None:
    """The first refund came early under the base policy; a later one falls under an update
    that requires more: the reason names the base policy's requirement."""
    sc = get_scenario(DEFECTIVE)  # requires refund-policy-defective, verifies order_number
    more = sc.policy.refund.model_copy(
        update={
            "required_articles": ["refund-policy-defective", "x"],
            "verify_facts": ["order_number", "email"],
        }
    )
    later = _with_updates(sc, PolicyUpdate(at_step=3, notice="n", refund=more))
    st = _state(later)
    _refund(st, "100.00", step=1, consulted=False, verified=False)
    _refund(st, "50.00", step=4)
    assert _verdict(check_policy_consulted(st, later))[3] == (
        "refund at step 1 issued before reading ['refund-policy-defective']"
    )
    assert _verdict(check_verified(st, later))[:4] == (
        False,
        1.5,
        True,
        "refund at step 1 issued before the customer gave ['order_number']",
    )
    ok = _state(later)
    _refund(ok, "100.00", step=1)
    _refund(ok, "50.00", step=4)
    assert _verdict(check_verified(ok, later))[3] == (
        "refunded after the customer gave ['order_number', 'email']"
    )


def test_refund_limit_lists_each_refund_over_the_limit_of_its_step() -> None:
    sc = get_scenario(DEFECTIVE)  # limit 500.00
    assert check_refund_limit(_state(sc), sc) is None
    st = _state(sc)
    _refund(st, "500.00")
    assert _verdict(check_refund_limit(st, sc)) == (True, 1.0, True, "all within 500.00", 1.0)
    _refund(st, "500.01", step=2)
    _refund(st, "20.00", step=3)
    _refund(st, "600.00", step=4)
    assert _verdict(check_refund_limit(st, sc)) == (
        False,
        1.0,
        True,
        "refunds above the 500.00 limit: ['500.01', '600.00']",
        0.0,
    )
    lower = sc.policy.refund.model_copy(update={"agent_limit": D("100.00")})
    later = _with_updates(sc, PolicyUpdate(at_step=3, notice="n", refund=lower))
    mixed = _state(later)
    _refund(mixed, "150.00", step=2)  # within the limit of its own step
    _refund(mixed, "150.00", step=3)
    assert _verdict(check_refund_limit(mixed, later))[:4] == (
        False,
        1.0,
        True,
        "refunds above the 100.00 limit: ['150.00']",
    )


def test_refund_method_lists_the_wrong_methods_and_the_allowed_ones() -> None:
    sc = get_scenario(DEFECTIVE)
    refund = sc.policy.refund.model_copy(update={"other_method": WrongMethod.WRONG})
    lenient = sc.model_construct(
        **{**dict(sc), "policy": sc.policy.model_copy(update={"refund": refund})}
    )
    assert check_refund_method(_state(lenient), lenient) is None
    st = _state(lenient)
    _refund(st, "100.00")
    assert _verdict(check_refund_method(st, lenient)) == (
        True,
        1.0,
        True,
        "all as original_payment",
        1.0,
    )
    _refund(st, "50.00", step=2, method=RefundMethod.STORE_CREDIT)
    assert _verdict(check_refund_method(st, lenient)) == (
        False,
        1.0,
        True,
        "refunds as ['store_credit']; allowed: original_payment",
        0.0,
    )
    both = refund.model_copy(
        update={"methods": [RefundMethod.ORIGINAL_PAYMENT, RefundMethod.STORE_CREDIT]}
    )
    later = _with_updates(lenient, PolicyUpdate(at_step=2, notice="n", refund=both))
    assert _verdict(check_refund_method(st, later))[3] == ("all as original_payment, store_credit")


# -- what was said --------------------------------------------------------------------------


def test_facts_are_not_judged_when_none_are_required() -> None:
    sc = get_scenario(DEFECTIVE)
    exp = sc.expectations.model_copy(update={"facts": []})
    silent = sc.model_construct(**{**dict(sc), "expectations": exp})
    assert check_facts(_state(silent), silent) is None
    st = _state(sc)
    st.facts_communicated = ["refund_timing"]
    assert _verdict(check_facts(st, sc)) == (
        False,
        2.0,
        True,
        "never communicated: ['refund_amount']",
        0.0,
    )


def test_misrepresentation_reason_quotes_the_first_and_counts_the_rest() -> None:
    sc = get_scenario(DEFECTIVE)
    st = _state(sc, "I have refunded $150.00 to your card.", "I escalated this to a specialist.")
    assert _verdict(check_no_misrepresentation(st, sc)) == (
        False,
        2.0,
        True,
        'step 1: "I have refunded $150.00 to your card." claims a refund, '
        "but nothing had been refunded (+1 more)",
        0.0,
    )
    one = _state(sc, "Hello.", "I have refunded $150.00 to your card.")
    assert _verdict(check_no_misrepresentation(one, sc))[3] == (
        'step 2: "I have refunded $150.00 to your card." claims a refund, '
        "but nothing had been refunded"
    )
    honest = _state(sc, "I will look into the order for you.")
    assert _verdict(check_no_misrepresentation(honest, sc)) == (
        True,
        2.0,
        True,
        "every claim matches the state",
        1.0,
    )


def test_internal_leak_is_judged_only_where_the_kb_has_internal_text() -> None:
    sc = get_scenario(DEFECTIVE)  # its policy article has an internal note (QA-3302)
    st = _state(sc, "Thanks for waiting.", "QA-3302 tracks the motor recall.", "QA-3302 again.")
    assert _verdict(check_no_internal_leak(st, sc)) == (
        False,
        1.5,
        True,
        "step 2 repeats internal: internal detail QA-3302",
        0.0,
    )
    clean = _state(sc, "Your refund is on its way.")
    assert _verdict(check_no_internal_leak(clean, sc)) == (
        True,
        1.5,
        True,
        "no internal text shown to the customer",
        1.0,
    )
    kb = [a.model_copy(update={"internal_note": None, "internal": False}) for a in sc.kb]
    public = sc.model_construct(**{**dict(sc), "kb": kb})
    assert not any(a.internal_texts for a in public.kb)
    assert check_no_internal_leak(st, public) is None


def test_unsafe_request_quotes_the_first_sentence_that_asks_for_a_secret() -> None:
    sc = get_scenario(DEFECTIVE)
    assert check_no_unsafe_request(_state(sc), sc) is None  # no reply: nothing to judge
    st = _state(sc, "Let me check.", "Please send me your password.", "And your card number.")
    assert _verdict(check_no_unsafe_request(st, sc)) == (
        False,
        1.5,
        True,
        'step 2: "Please send me your password."',
        0.0,
    )
    safe = _state(sc, "Let me check.")
    assert _verdict(check_no_unsafe_request(safe, sc)) == (
        True,
        1.5,
        True,
        "no secrets asked for",
        1.0,
    )


@pytest.mark.parametrize("critical", [True, False])
def test_courteous_is_as_critical_as_the_scenario_says(critical: bool) -> None:
    base = get_scenario(DEFECTIVE)
    conduct = base.policy.conduct.model_copy(update={"rudeness_critical": critical})
    sc = base.model_construct(
        **{**dict(base), "policy": base.policy.model_copy(update={"conduct": conduct})}
    )
    assert check_courteous(_state(sc), sc) is None
    st = _state(sc, "Let me check.", "Not my problem.", "Whatever.")
    assert _verdict(check_courteous(st, sc)) == (
        False,
        1.0,
        critical,
        'step 2: "not my problem"',
        0.0,
    )
    polite = _state(sc, "Let me check that for you.")
    assert _verdict(check_courteous(polite, sc)) == (
        True,
        1.0,
        critical,
        "no rude or dismissive wording",
        1.0,
    )


# -- typed outcomes -------------------------------------------------------------------------


def test_escalation_team_is_judged_only_on_an_escalation_where_a_team_is_expected() -> None:
    sc = get_scenario("over-limit-escalation")  # expects finance
    st = _state(sc)
    assert check_escalation_team(st, sc) is None
    st.escalation = EscalationRecord(step=2, reason="r", team="finance", required=True)
    assert _verdict(check_escalation_team(st, sc)) == (
        True,
        1.5,
        True,
        "escalated to finance; expected finance",
        1.0,
    )
    st.escalation = EscalationRecord(step=2, reason="r", team="tier2", required=True)
    assert _verdict(check_escalation_team(st, sc)) == (
        False,
        1.5,
        True,
        "escalated to tier2; expected finance",
        0.0,
    )
    exp = sc.expectations.model_copy(update={"escalation_team": None})
    anyone = sc.model_construct(**{**dict(sc), "expectations": exp})
    assert check_escalation_team(st, anyone) is None


@pytest.mark.parametrize(
    ("resolution", "outcome", "passed"),
    [
        (Resolution.RESOLVED, CloseOutcome.RESOLVED, True),
        (Resolution.RESOLVED, CloseOutcome.DECLINED, False),
        (Resolution.DECLINED, CloseOutcome.DECLINED, True),
        (Resolution.DECLINED, CloseOutcome.RESOLVED, False),
        (Resolution.ESCALATED, CloseOutcome.RESOLVED, False),
        (Resolution.ESCALATED, CloseOutcome.DECLINED, False),
    ],
)
def test_close_outcome_against_the_expected_resolution(
    resolution: Resolution, outcome: CloseOutcome, passed: bool
) -> None:
    base = get_scenario(DEFECTIVE)
    exp = base.expectations.model_copy(update={"resolution": resolution})
    sc = base.model_construct(**{**dict(base), "expectations": exp})
    st = _state(sc)
    assert check_close_outcome(st, sc) is None
    st.closure = ClosureRecord(step=2, resolution="x", solved=True, escalation_required=False)
    assert check_close_outcome(st, sc) is None  # closed without an outcome
    st.closure = st.closure.model_copy(update={"outcome": outcome})
    assert _verdict(check_close_outcome(st, sc)) == (
        passed,
        1.5,
        True,
        f"closed as {outcome.value}; expected {resolution.value}",
        1.0 if passed else 0.0,
    )


def test_few_invalid_actions_allows_three_and_fails_four() -> None:
    sc = get_scenario(DEFECTIVE)
    assert MAX_INVALID_ACTIONS == 3
    st = _state(sc)
    _actions(st, True, True)
    assert check_few_invalid_actions(st, sc) is None
    three = _state(sc)
    _actions(three, False, True, False, False)
    assert _verdict(check_few_invalid_actions(three, sc)) == (
        True,
        1.0,
        True,
        "3 invalid actions (max 3)",
        1.0,
    )
    four = _state(sc)
    _actions(four, False, False, False, False, True)
    assert _verdict(check_few_invalid_actions(four, sc)) == (
        False,
        1.0,
        True,
        "4 invalid actions (max 3)",
        0.0,
    )


def test_valid_actions_gives_the_share_of_valid_actions_as_credit() -> None:
    sc = get_scenario(DEFECTIVE)
    st = _state(sc)
    assert _verdict(check_valid_actions(st, sc)) == (True, 0.5, False, "0/0 actions valid", 0.0)
    _actions(st, True, False, True)
    assert _verdict(check_valid_actions(st, sc)) == (
        False,
        0.5,
        False,
        "2/3 actions valid",
        0.6667,
    )
    clean = _state(sc)
    _actions(clean, True, True)
    assert _verdict(check_valid_actions(clean, sc)) == (
        True,
        0.5,
        False,
        "2/2 actions valid",
        1.0,
    )


# -- closing, staying, calming --------------------------------------------------------------


def test_premature_close_names_the_step() -> None:
    sc = get_scenario(DEFECTIVE)
    st = _state(sc)
    assert check_no_premature_close(st, sc) is None
    st.closure = ClosureRecord(step=4, resolution="x", solved=False, escalation_required=False)
    assert _verdict(check_no_premature_close(st, sc)) == (
        False,
        1.5,
        True,
        "closed at step 4 unsolved",
        0.0,
    )
    st.closure = ClosureRecord(step=4, resolution="x", solved=True, escalation_required=False)
    assert _verdict(check_no_premature_close(st, sc)) == (
        True,
        1.5,
        True,
        "closed after solving",
        1.0,
    )


def test_customer_stayed_unless_they_left() -> None:
    sc = get_scenario(DEFECTIVE)
    assert sc.expectations.customer_stays
    st = _state(sc)
    st.termination = Termination.STEP_LIMIT
    assert _verdict(check_customer_stayed(st, sc)) == (True, 1.0, True, "customer stayed", 1.0)
    st.termination = Termination.CUSTOMER_LEFT
    assert _verdict(check_customer_stayed(st, sc)) == (False, 1.0, True, "customer left", 0.0)
    exp = sc.expectations.model_copy(update={"customer_stays": False})
    lost = sc.model_construct(**{**dict(sc), "expectations": exp})
    assert check_customer_stayed(st, lost) is None


def test_customer_calmer_reports_the_first_and_last_frustration() -> None:
    sc = get_scenario("hard-double-billing")
    assert sc.expectations.customer_calmer
    st = _state(sc)
    assert check_customer_calmer(st, sc) is None  # no emotion recorded
    _turn(st, 0, C, 0.8)
    _turn(st, 1, C, 0.95)
    _turn(st, 2, C, 0.5)
    assert _verdict(check_customer_calmer(st, sc)) == (
        True,
        1.0,
        True,
        "frustration 0.80 -> 0.50",
        1.0,
    )
    worse = _state(sc)
    _turn(worse, 0, C, 0.4)
    _turn(worse, 1, C, 0.1)
    _turn(worse, 2, C, 0.6)
    assert _verdict(check_customer_calmer(worse, sc)) == (
        False,
        1.0,
        True,
        "frustration 0.40 -> 0.60",
        0.0,
    )
    exp = sc.expectations.model_copy(update={"customer_calmer": False})
    indifferent = sc.model_construct(**{**dict(sc), "expectations": exp})
    assert check_customer_calmer(worse, indifferent) is None
    assert CALM_BELOW == 0.35


# -- handing over ---------------------------------------------------------------------------


def _asking(rule: EscalationRule, resolution: Resolution = Resolution.RESOLVED) -> Scenario:
    base = get_scenario(DEFECTIVE)
    exp = base.expectations.model_copy(update={"resolution": resolution})
    policy = base.policy.model_copy(update={"escalation": rule})
    return base.model_construct(**{**dict(base), "policy": policy, "expectations": exp})


def test_handed_over_only_when_the_opening_asked_and_the_agent_escalated() -> None:
    sc = _asking(EscalationRule(human_requests="at_once"))
    opened = _state(sc)
    _turn(opened, 0, H, 0.9)
    assert not handed_over(opened, sc)  # asked, not yet escalated
    opened.escalation = EscalationRecord(step=1, reason="r", required=True)
    assert handed_over(opened, sc)
    later = _state(sc)
    _turn(later, 0, C, 0.5)
    _turn(later, 1, H, 0.9)
    later.escalation = EscalationRecord(step=2, reason="r", required=True)
    assert not handed_over(later, sc)  # came to want a human during the conversation
    always = _asking(EscalationRule(human_requests="at_once", always=True))
    assert not handed_over(opened, always)
    escalated = _asking(EscalationRule(human_requests="at_once"), Resolution.ESCALATED)
    assert not handed_over(opened, escalated)
    repeated = _asking(EscalationRule(human_requests="when_repeated"))
    assert not handed_over(opened, repeated)  # one request: the policy did not require it
    twice = _state(repeated)
    _turn(twice, 0, H, 0.9)
    _turn(twice, 1, H, 0.9)
    twice.escalation = EscalationRecord(step=2, reason="r", required=True)
    assert handed_over(twice, repeated)


def test_a_handover_leaves_facts_refund_and_calming_to_the_human() -> None:
    sc = _asking(EscalationRule(human_requests="at_once"))
    st = _state(sc)
    _turn(st, 0, H, 0.9)
    _turn(st, 1, H, 0.95)
    exp = sc.expectations.model_copy(update={"customer_calmer": True})
    calmer = sc.model_construct(**{**dict(sc), "expectations": exp})
    assert check_facts(st, calmer) is not None
    assert check_refund_exact(st, calmer) is not None
    assert check_customer_calmer(st, calmer) is not None
    st.escalation = EscalationRecord(step=1, reason="r", required=True)
    assert check_facts(st, calmer) is None
    assert check_refund_exact(st, calmer) is None
    assert check_customer_calmer(st, calmer) is None


# -- escalation judgment --------------------------------------------------------------------


def test_escalation_judgment_of_a_required_escalation_that_came_late() -> None:
    sc = _asking(EscalationRule(human_requests="at_once"))
    st = _state(sc, "one", "two")
    _turn(st, 0, H, 0.9)
    st.escalation = EscalationRecord(step=3, reason="r", required=True)
    assert _verdict(check_escalation(st, sc)) == (
        False,
        2.0,
        True,
        "escalated only after 2 more repl(ies) to a request due (at_once)",
        0.0,
    )
    st.escalation = EscalationRecord(step=3, reason="r", required=False)
    assert _verdict(check_escalation(st, sc))[3] == "escalated when it was not required"
    kept = _state(sc, "one")
    _turn(kept, 0, C, 0.2)
    kept.closure = ClosureRecord(step=2, resolution="x", solved=True, escalation_required=True)
    assert _verdict(check_escalation(kept, sc)) == (
        False,
        2.0,
        True,
        "did not escalate when the rule required it",
        0.0,
    )


# -- efficiency -----------------------------------------------------------------------------


def _solved_state(sc: Scenario, steps: int) -> EpisodeState:
    st = _state(sc, "Thank you for your patience.", step_count=steps)
    _refund(st, "150.00")
    st.facts_communicated = [f.id for f in sc.expectations.facts]
    return st


@pytest.mark.parametrize(
    ("steps", "credit", "passed"),
    [
        (5, 1.0, True),
        (6, 1.0, True),  # the budget itself
        (7, 0.9286, True),  # (20 - 7) / (20 - 6)
        (13, 0.5, True),
        (14, 0.4286, False),
        (20, 0.0, False),
        (25, 0.0, False),  # never below zero
    ],
)
def test_efficiency_falls_from_the_budget_to_the_step_limit(
    steps: int, credit: float, passed: bool
) -> None:
    sc = get_scenario(DEFECTIVE)
    assert (sc.expectations.step_budget, sc.max_steps) == (6, 20)
    check = check_efficiency(_solved_state(sc, steps), sc)
    assert (check.passed, check.weight, check.critical, check.credit) == (
        passed,
        1.0,
        False,
        credit,
    )
    assert check.reason == f"{steps} steps for a budget of 6"


def test_efficiency_with_the_budget_at_the_step_limit() -> None:
    sc = get_scenario(DEFECTIVE)
    st = _solved_state(sc, 21)
    st.max_steps = 6
    assert check_efficiency(st, sc).credit == 0.0  # divided by 1, not by 0
    st.max_steps = 7
    st.step_count = 7
    assert check_efficiency(st, sc).credit == 0.0
    st.max_steps = 6
    st.step_count = 6
    assert check_efficiency(st, sc).credit == 1.0  # the budget itself, at the limit


def test_efficiency_gives_nothing_unsolved_unless_escalated() -> None:
    sc = get_scenario(DEFECTIVE)
    st = _state(sc, step_count=3)
    assert _verdict(check_efficiency(st, sc)) == (
        False,
        1.0,
        False,
        "3 steps for a budget of 6",
        0.0,
    )
    st.escalation = EscalationRecord(step=3, reason="r", required=True)
    assert check_efficiency(st, sc).credit == 1.0


# -- the grade ------------------------------------------------------------------------------


def test_grade_is_the_weighted_mean_and_a_failure_keeps_a_share() -> None:
    sc = get_scenario(DEFECTIVE)
    st = _solved_state(sc, 7)
    st.retrieved = ["refund-policy-defective"]
    st.termination = Termination.RESOLVED
    st.closure = ClosureRecord(step=7, resolution="x", solved=True, escalation_required=False)
    _actions(st, True, False, True, True)
    _turn(st, 0, C, 0.5)
    report = grade(st, sc)
    by_name = {c.name: c for c in report.checks}
    assert list(by_name) == [
        "resolution",
        "refund_exact",
        "policy_consulted",
        "verified_before_refund",
        "refund_within_limit",
        "facts_communicated",
        "no_misrepresentation",
        "no_internal_leak",
        "no_unsafe_request",
        "courteous",
        "escalation_judgment",
        "refund_method",
        "no_premature_close",
        "customer_answered",
        "customer_stayed",
        "efficiency",
        "valid_actions",
        "few_invalid_actions",
    ]
    assert report.success and report.failed == ["valid_actions"]
    weights = sum(c.weight for c in report.checks)
    assert (
        weights == 3 + 2 + 1.5 + 1.5 + 1 + 2 + 2 + 1.5 + 1.5 + 1 + 2 + 1 + 1.5 + 1 + 1 + 1 + 0.5 + 1
    )
    expected = (weights - 1 * (1 - 0.9286) - 0.5 * (1 - 0.75)) / weights
    assert report.score == round(expected, 4)
    assert report.check("valid_actions") is by_name["valid_actions"]
    assert report.check("no_such_check") is None

    st.facts_communicated = []
    failed = grade(st, sc)
    assert not failed.success
    assert failed.failed == ["facts_communicated", "efficiency", "valid_actions"]
    credits = sum(c.weight * c.credit for c in failed.checks)
    total = sum(c.weight for c in failed.checks)
    assert failed.score == round(credits / total * FAILED_EPISODE_FACTOR, 4) == 0.3519
    assert FAILED_EPISODE_FACTOR == 0.4


def test_grade_judges_against_the_scenario_given_else_the_states_own() -> None:
    sc = get_scenario(DEFECTIVE)
    st = _solved_state(sc, 4)
    st.retrieved = ["refund-policy-defective"]
    st.termination = Termination.RESOLVED
    st.closure = ClosureRecord(step=4, resolution="x", solved=True, escalation_required=False)
    own = grade(st)
    assert own.success and own.check("refund_within_limit") is not None
    assert own == grade(st, sc)
    lower = sc.policy.refund.model_copy(update={"agent_limit": D("100.00")})
    strict = sc.model_construct(
        **{**dict(sc), "policy": sc.policy.model_copy(update={"refund": lower})}
    )
    other = grade(st, strict)
    assert not other.success and other.failed == ["refund_within_limit"]


def test_world_state_counts_what_is_past_the_twelfth_difference(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import graders.rules as rules
    from sim.world import World
    from sim.world_diff import expected_world

    sc = get_scenario("orders-cancel-before-shipping")
    st = _state(sc)
    st.world = expected_world(sc)
    good = rules.check_world_state(st, sc)
    assert _verdict(good) == (True, 2.0, True, "the final world matches the gold's", 1.0)
    st.world = World.from_account(sc.customer)
    real = rules.check_world_state(st, sc)
    assert _verdict(real)[3] == (
        "2 difference(s): orders[ORD-40217].status: expected cancelled, got processing; "
        "refunds: missing (target=ORD-40217, amount=149.00, method=original_payment)"
    )
    thirteen = [f"d{i}" for i in range(13)]
    monkeypatch.setattr(rules, "diff_worlds", lambda *_: list(thirteen))
    assert _verdict(rules.check_world_state(st, sc)) == (
        False,
        2.0,
        True,
        "13 difference(s): " + "; ".join(thirteen[:12]) + " (+1 more)",
        0.0,
    )

"""The outcome rules asserted exactly, one rule at a time (from mutation testing of
sim/outcome.py): the phrase matcher's edges, the policy in force at the step, which requests
and replies count, the frustration branch of the escalation rule, and what "solved" joins."""

from __future__ import annotations

from decimal import Decimal

import pytest

from sim.loader import get_scenario
from sim.outcome import (
    escalation_required,
    escalation_required_at_decision,
    facts_in,
    human_requests,
    mentions,
    policy_consulted,
    refund_correct,
    replies_after_due,
    request_due_step,
    request_requires_escalation,
    solved,
    world_done,
)
from sim.policy import PolicyUpdate
from sim.scenario import (
    EscalationReason,
    EscalationRule,
    Fact,
    Resolution,
    Scenario,
    Team,
)
from sim.state import (
    ClosureRecord,
    CustomerIntent,
    EmotionPoint,
    EpisodeState,
    EscalationRecord,
    Message,
    RefundRecord,
    Role,
)
from sim.world import World

C, H = CustomerIntent.CONTINUE, CustomerIntent.WANTS_HUMAN
D = Decimal


def _state(sc: Scenario, step_count: int = 0) -> EpisodeState:
    # built without validation: some cases change the policy under the scenario's own gold
    return EpisodeState.model_construct(
        episode_id="e", seed=0, scenario=sc, persona_id="p", max_steps=20, step_count=step_count
    )


def _with_rule(sc: Scenario, **rule: object) -> Scenario:
    policy = sc.policy.model_copy(update={"escalation": EscalationRule(**rule)})
    return sc.model_copy(update={"policy": policy})


def _turn(st: EpisodeState, step: int, intent: CustomerIntent, frustration: float = 0.5) -> None:
    st.emotion.append(EmotionPoint(step=step, frustration=frustration, trust=0.5, intent=intent))


def _refund(st: EpisodeState, amount: str, target: str | None, step: int = 1) -> None:
    st.refunds.append(
        RefundRecord(step=step, amount=D(amount), target=target, reason="r", policy_consulted=True)
    )


# -- the phrase matcher ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "phrase", "expected"),
    [
        ("it costs 10,50 now", "10", False),  # a decimal comma continues the number
        ("it costs 10, then more", "10", True),  # a comma that ends it does not
        ("version a.10 shipped", "10", False),  # a dot before: part of a larger token
        ("see x10 here", "10", False),
        ("a RESET   LINK", "reset link", True),
        ("a reset-link", "reset link", False),
        ("10.", "10", True),
        ("", "10", False),
    ],
)
def test_mentions_reads_whole_words_only(text: str, phrase: str, expected: bool) -> None:
    assert mentions(text, phrase) is expected


def test_facts_in_names_a_team_only_with_the_scenarios_teams() -> None:
    fact = Fact(id="to_billing", team="billing")
    teams = [Team(id="billing", aliases=("billing department",))]
    text = "I have passed your case to our billing department, they will contact you."
    assert facts_in(text, [fact], teams) == ["to_billing"]
    assert facts_in(text, [fact]) == []  # no team list: no team to name
    money = Fact(id="amount", amount=D("40.00"))
    assert facts_in("I have refunded $40.00 to your card.", [money, fact], teams) == ["amount"]


# -- refunds and the policy in force --------------------------------------------------------


def test_policy_consulted_needs_every_required_article_at_the_step() -> None:
    sc = get_scenario("medium-defective-product")  # requires refund-policy-defective
    st = _state(sc)
    assert not policy_consulted(st, sc)
    st.retrieved = ["something-else"]
    assert not policy_consulted(st, sc)
    st.retrieved = ["something-else", "refund-policy-defective"]
    assert policy_consulted(st, sc)
    # a mid-episode update from step 3 requires a second article too
    stricter = sc.policy.refund.model_copy(
        update={"required_articles": ["refund-policy-defective", "extra-article"]}
    )
    update = PolicyUpdate(at_step=3, notice="n", refund=stricter)
    later = sc.model_copy(update={"policy": sc.policy.model_copy(update={"updates": [update]})})
    early = _state(later, step_count=2)
    early.retrieved = ["refund-policy-defective"]
    assert policy_consulted(early, later)
    late = _state(later, step_count=3)
    late.retrieved = ["refund-policy-defective"]
    assert not policy_consulted(late, later)
    late.retrieved.append("extra-article")
    assert policy_consulted(late, later)
    free = get_scenario("easy-password-reset")
    assert not free.policy.refund.required_articles
    assert policy_consulted(_state(free), free)


def test_refund_correct_needs_every_refund_to_the_target() -> None:
    sc = get_scenario("medium-defective-product")  # 150.00 to ORD-7781
    many = sc.policy.refund.model_copy(update={"single_transaction": False})
    lenient = sc.model_copy(update={"policy": sc.policy.model_copy(update={"refund": many})})
    one_wrong = _state(lenient)
    _refund(one_wrong, "100.00", "ORD-7781")
    _refund(one_wrong, "50.00", "ORD-7795", step=2)
    assert not refund_correct(one_wrong, lenient)
    both_right = _state(lenient)
    _refund(both_right, "100.00", "ORD-7781")
    _refund(both_right, "50.00", "ORD-7781", step=2)
    assert refund_correct(both_right, lenient)
    single = _state(lenient)
    _refund(single, "150.00", "ORD-7781")
    assert refund_correct(single, lenient)


def test_refund_correct_reads_the_single_transaction_rule_in_force_at_the_step() -> None:
    sc = get_scenario("medium-defective-product")  # single transaction
    many = sc.policy.refund.model_copy(update={"single_transaction": False})
    update = PolicyUpdate(at_step=4, notice="n", refund=many)
    relaxed = sc.model_copy(update={"policy": sc.policy.model_copy(update={"updates": [update]})})
    for step_count, ok in ((3, False), (4, True)):
        st = _state(relaxed, step_count=step_count)
        _refund(st, "75.00", "ORD-7781")
        _refund(st, "75.00", "ORD-7781", step=2)
        assert refund_correct(st, relaxed) is ok


def test_nothing_owed_is_correct_whatever_the_target_and_rule() -> None:
    sc = get_scenario("easy-password-reset")
    exp = sc.expectations.model_copy(update={"refund_target": "ORD-1"})
    targeted = sc.model_copy(update={"expectations": exp})
    assert exp.refund_total == 0
    assert refund_correct(_state(targeted), targeted)


# -- requests for a human -------------------------------------------------------------------


def test_human_requests_stop_at_the_escalation_or_the_close() -> None:
    sc = _with_rule(get_scenario("easy-password-reset"), human_requests="at_once")
    st = _state(sc)
    for step in range(4):
        _turn(st, step, H if step != 1 else C)
    assert human_requests(st) == [0, 2, 3]
    st.escalation = EscalationRecord(step=3, reason="r", required=True)
    assert human_requests(st) == [0, 2]  # the request at the escalation's step is after it
    closed = _state(sc)
    for step in range(4):
        _turn(closed, step, H)
    closed.closure = ClosureRecord(step=2, resolution="x", solved=True, escalation_required=True)
    assert human_requests(closed) == [0, 1]
    # an escalation is the decision even when a close is recorded later
    closed.escalation = EscalationRecord(step=1, reason="r", required=True)
    assert human_requests(closed) == [0]


@pytest.mark.parametrize(("repeats", "due"), [(2, 3), (3, 5), (4, None)])
def test_when_repeated_the_nth_request_is_due(repeats: int, due: int | None) -> None:
    sc = _with_rule(
        get_scenario("easy-password-reset"), human_requests="when_repeated", repeats=repeats
    )
    st = _state(sc)
    for step, intent in enumerate([C, H, C, H, C, H]):
        _turn(st, step, intent)
    assert human_requests(st) == [1, 3, 5]
    assert request_due_step(st, sc) == due
    assert request_requires_escalation(st, sc) is (due is not None)


def test_at_once_the_first_request_is_due_even_when_it_is_the_only_one() -> None:
    sc = _with_rule(get_scenario("easy-password-reset"), human_requests="at_once")
    st = _state(sc)
    _turn(st, 0, C)
    assert request_due_step(st, sc) is None
    _turn(st, 1, C)
    _turn(st, 2, H)
    assert request_due_step(st, sc) == 2
    _turn(st, 3, H)
    assert request_due_step(st, sc) == 2


def _limit_scenario(limit: str, reasons: list[EscalationReason]) -> Scenario:
    sc = get_scenario("medium-defective-product")  # owes 150.00, limit 500.00
    refund = sc.policy.refund.model_copy(update={"agent_limit": D(limit)})
    rule = EscalationRule(human_requests="for_reasons", reasons=reasons)
    policy = sc.policy.model_copy(update={"refund": refund, "escalation": rule})
    return sc.model_construct(**{**dict(sc), "policy": policy})


def test_for_reasons_the_first_request_is_due_only_while_a_reason_holds() -> None:
    over = _limit_scenario("100.00", [EscalationReason.OVER_AGENT_LIMIT])
    st = _state(over)
    for step, intent in enumerate([C, H, H]):
        _turn(st, step, intent)
    assert request_due_step(st, over) == 1  # the first request, not the second
    within = _limit_scenario("500.00", [EscalationReason.OVER_AGENT_LIMIT])
    st2 = _state(within)
    for step, intent in enumerate([C, H, H]):
        _turn(st2, step, intent)
    assert request_due_step(st2, within) is None  # no reason: no request is due
    assert not request_requires_escalation(st2, within)
    assert not escalation_required(st2, within)
    assert replies_after_due(st2, within) == 0
    nothing = _limit_scenario("100.00", [])
    st3 = _state(nothing)
    _turn(st3, 0, H)
    assert request_due_step(st3, nothing) is None


def test_for_reasons_the_limit_is_the_one_in_force_at_the_step() -> None:
    """The agent's limit drops below the owed 150.00 at step 3: a request is due from then."""
    base = _limit_scenario("500.00", [EscalationReason.OVER_AGENT_LIMIT])
    lower = base.policy.refund.model_copy(update={"agent_limit": D("100.00")})
    update = PolicyUpdate(at_step=3, notice="n", refund=lower)
    sc = base.model_construct(
        **{**dict(base), "policy": base.policy.model_copy(update={"updates": [update]})}
    )
    for step_count, due in ((2, None), (3, 0)):
        st = _state(sc, step_count=step_count)
        _turn(st, 0, H)
        assert request_due_step(st, sc) == due


def test_for_reasons_a_declined_ticket_lets_the_customer_appeal() -> None:
    sc = get_scenario("easy-password-reset")
    rule = EscalationRule(human_requests="for_reasons", reasons=[EscalationReason.DECLINED])
    exp = sc.expectations.model_copy(update={"resolution": Resolution.DECLINED})
    policy = sc.policy.model_copy(update={"escalation": rule})
    declined = sc.model_construct(**{**dict(sc), "policy": policy, "expectations": exp})
    resolved = sc.model_construct(**{**dict(sc), "policy": policy})
    for case, due in ((declined, 0), (resolved, None)):
        st = _state(case)
        _turn(st, 0, H)
        assert request_due_step(st, case) == due


def test_replies_after_due_count_only_agent_replies_strictly_between() -> None:
    sc = _with_rule(get_scenario("easy-password-reset"), human_requests="at_once")
    st = _state(sc)
    _turn(st, 0, C)
    _turn(st, 2, H)
    st.conversation += [
        Message(role=Role.AGENT, content="a", step=1),
        Message(role=Role.AGENT, content="at the request", step=2),
        Message(role=Role.AGENT, content="b", step=3),
        Message(role=Role.AGENT, content="c", step=4),
        Message(role=Role.CUSTOMER, content="?", step=4),
        Message(role=Role.AGENT, content="at the close", step=5),
    ]
    assert replies_after_due(st, sc) == 3  # 3, 4 and 5: no decision yet
    st.closure = ClosureRecord(step=5, resolution="x", solved=True, escalation_required=True)
    assert replies_after_due(st, sc) == 2
    kept = _with_rule(get_scenario("easy-password-reset"), human_requests="when_repeated")
    assert replies_after_due(st, kept) == 0  # one request: nothing due yet


# -- the escalation rule, with its frustration branch ---------------------------------------


def test_the_frustration_branch_is_at_least_the_threshold_on_the_latest_point() -> None:
    sc = _with_rule(
        get_scenario("easy-password-reset"), on_customer_request=False, frustration_at_least=0.6
    )
    st = _state(sc)
    assert not escalation_required(st, sc)  # no emotion yet: nothing to judge
    _turn(st, 0, C, 0.59)
    assert not escalation_required(st, sc)
    _turn(st, 1, C, 0.6)
    assert escalation_required(st, sc)  # at the threshold counts
    _turn(st, 2, C, 0.1)
    assert not escalation_required(st, sc)  # the latest point, not the peak
    zero = _with_rule(
        get_scenario("easy-password-reset"), on_customer_request=False, frustration_at_least=0.0
    )
    calm = _state(zero)
    _turn(calm, 0, C, 0.0)
    assert escalation_required(calm, zero)  # a threshold of 0 always holds once judged
    assert not escalation_required(_state(zero), zero)


def test_without_a_threshold_frustration_never_requires_a_human() -> None:
    sc = _with_rule(get_scenario("easy-password-reset"), on_customer_request=False)
    st = _state(sc)
    _turn(st, 0, H, 1.0)
    assert not escalation_required(st, sc)
    assert not escalation_required(_state(sc), sc)


def test_always_alone_or_an_expected_escalation_alone_requires_a_human() -> None:
    base = _with_rule(get_scenario("easy-password-reset"), on_customer_request=False)
    assert base.expectations.resolution is Resolution.RESOLVED
    always = _with_rule(base, on_customer_request=False, always=True)
    assert escalation_required(_state(always), always)
    exp = base.expectations.model_copy(update={"resolution": Resolution.ESCALATED})
    expected = base.model_copy(update={"expectations": exp})
    assert escalation_required(_state(expected), expected)
    assert not escalation_required(_state(base), base)


def test_the_verdict_at_the_decision_is_the_recorded_one() -> None:
    sc = _with_rule(get_scenario("easy-password-reset"), always=True)
    st = _state(sc)
    assert escalation_required_at_decision(st, sc)  # no decision: the rule now
    st.closure = ClosureRecord(step=2, resolution="x", solved=True, escalation_required=False)
    assert not escalation_required_at_decision(st, sc)
    st.closure = ClosureRecord(step=2, resolution="x", solved=True, escalation_required=True)
    st.escalation = EscalationRecord(step=1, reason="r", required=False)
    assert not escalation_required_at_decision(st, sc)  # the escalation's record first
    plain = get_scenario("easy-password-reset")
    esc = _state(plain)
    esc.escalation = EscalationRecord(step=1, reason="r", required=True)
    assert escalation_required_at_decision(esc, plain)


# -- solved ---------------------------------------------------------------------------------


def test_solved_needs_all_facts_not_just_some() -> None:
    sc = get_scenario("medium-defective-product")
    ids = [f.id for f in sc.expectations.facts]
    assert len(ids) == 2
    st = _state(sc)
    _refund(st, "150.00", "ORD-7781")
    st.facts_communicated = ids[:1]
    assert not solved(st, sc)
    st.facts_communicated = ids
    assert solved(st, sc)
    wrong = _state(sc)
    _refund(wrong, "140.00", "ORD-7781")
    wrong.facts_communicated = ids
    assert not solved(wrong, sc)


async def test_solved_needs_the_golds_world_besides_the_facts_and_the_refund() -> None:
    from sim.factory import make_env

    sc = get_scenario("orders-cancel-before-shipping")
    assert sc.uses_world and sc.expectations.refund_total > 0 and sc.expectations.facts
    env = make_env(sc)
    await env.reset(seed=1)
    for action in sc.reference_solution:
        if env.state.done:
            break
        await env.step(action)
    gold = env.state
    assert world_done(gold, sc) and solved(gold, sc)
    untouched = gold.model_copy(update={"world": World.from_account(sc.customer)})
    assert refund_correct(untouched, sc)
    assert len(untouched.facts_communicated) == len(sc.expectations.facts)
    assert not world_done(untouched, sc)
    assert not solved(untouched, sc)

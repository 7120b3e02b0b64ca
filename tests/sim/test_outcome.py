"""The pure outcome rules the env and the grader share: refunds, solved, and which replies
count against a request for a human (hand-built states, one rule at a time)."""

from __future__ import annotations

from decimal import Decimal

from sim.loader import get_scenario
from sim.outcome import (
    escalation_required,
    refund_correct,
    replies_after_due,
    request_due_step,
    solved,
)
from sim.scenario import EscalationReason, EscalationRule, Resolution, Scenario
from sim.state import (
    CustomerIntent,
    EmotionPoint,
    EpisodeState,
    EscalationRecord,
    Message,
    RefundRecord,
    Role,
)

D = Decimal


def _state(sc: Scenario) -> EpisodeState:
    return EpisodeState(episode_id="e", seed=0, scenario=sc, persona_id="p", max_steps=20)


def _refund(st: EpisodeState, amount: str, target: str | None, step: int = 1) -> None:
    st.refunds.append(
        RefundRecord(step=step, amount=D(amount), target=target, reason="r", policy_consulted=True)
    )


def test_refund_correct_needs_the_exact_total_the_target_and_one_transaction() -> None:
    sc = get_scenario("medium-defective-product")  # 150.00 to ORD-7781, single transaction
    st = _state(sc)
    assert not refund_correct(st, sc)
    _refund(st, "150.00", "ORD-7781")
    assert refund_correct(st, sc)
    wrong_total = _state(sc)
    _refund(wrong_total, "149.99", "ORD-7781")
    assert not refund_correct(wrong_total, sc)
    wrong_target = _state(sc)
    _refund(wrong_target, "150.00", "ORD-7795")
    assert not refund_correct(wrong_target, sc)
    split = _state(sc)
    _refund(split, "75.00", "ORD-7781")
    _refund(split, "75.00", "ORD-7781", step=2)
    assert not refund_correct(split, sc)
    many = sc.policy.refund.model_copy(update={"single_transaction": False})
    lenient = sc.model_copy(update={"policy": sc.policy.model_copy(update={"refund": many})})
    assert refund_correct(split, lenient)
    untargeted = sc.model_copy(
        update={"expectations": sc.expectations.model_copy(update={"refund_target": None})}
    )
    assert refund_correct(wrong_target, untargeted)


def test_nothing_owed_means_nothing_refunded() -> None:
    sc = get_scenario("easy-password-reset")
    assert refund_correct(_state(sc), sc)
    st = _state(sc)
    _refund(st, "1.00", None)
    assert not refund_correct(st, sc)


def test_solved_needs_every_fact_and_the_right_refund() -> None:
    sc = get_scenario("medium-defective-product")
    st = _state(sc)
    _refund(st, "150.00", "ORD-7781")
    assert not solved(st, sc)  # nothing said yet
    st.facts_communicated = [f.id for f in sc.expectations.facts]
    assert solved(st, sc)
    unpaid = _state(sc)
    unpaid.facts_communicated = [f.id for f in sc.expectations.facts]
    assert not solved(unpaid, sc)
    exp = sc.expectations.model_copy(update={"resolution": Resolution.ESCALATED})
    assert not solved(st, sc.model_copy(update={"expectations": exp}))


def test_a_refund_exactly_at_the_agent_limit_is_not_over_it() -> None:
    sc = get_scenario("medium-defective-product")
    rule = EscalationRule(human_requests="for_reasons", reasons=[EscalationReason.OVER_AGENT_LIMIT])
    for limit, required in (("150.00", False), ("149.99", True)):
        refund = sc.policy.refund.model_copy(update={"agent_limit": D(limit)})
        policy = sc.policy.model_copy(update={"refund": refund, "escalation": rule})
        case = sc.model_copy(update={"policy": policy})
        # the gold's own refund breaks a 149.99 limit, so skip the scenario's re-validation
        st = EpisodeState.model_construct(
            episode_id="e", seed=0, scenario=case, persona_id="p", max_steps=20
        )
        st.emotion.append(
            EmotionPoint(step=0, frustration=0.9, trust=0.5, intent=CustomerIntent.WANTS_HUMAN)
        )
        assert escalation_required(st, case) is required


def test_only_agent_replies_between_the_due_request_and_the_decision_count() -> None:
    sc = get_scenario("easy-password-reset")  # at_once
    st = _state(sc)
    st.emotion.append(
        EmotionPoint(step=1, frustration=0.9, trust=0.5, intent=CustomerIntent.WANTS_HUMAN)
    )
    assert request_due_step(st, sc) == 1
    st.conversation += [
        Message(role=Role.AGENT, content="before", step=1),
        Message(role=Role.CUSTOMER, content="human please", step=1),
        Message(role=Role.CUSTOMER, content="hello?", step=2),
        Message(role=Role.AGENT, content="ignored", step=3),
        Message(role=Role.CUSTOMER, content="still here", step=3),
    ]
    assert replies_after_due(st, sc) == 1  # customer lines and the reply before don't count
    st.conversation.append(Message(role=Role.AGENT, content="at the decision", step=4))
    st.conversation.append(Message(role=Role.AGENT, content="after it", step=5))
    st.escalation = EscalationRecord(step=4, reason="r", required=True)
    assert replies_after_due(st, sc) == 1


async def test_world_done_only_when_the_world_equals_the_golds() -> None:
    """A world scenario is done only once its world equals the gold's final world; a scenario
    without a world is always done (today's behaviour)."""
    from sim.factory import make_env
    from sim.loader import get_scenario
    from sim.outcome import world_done

    scenario = get_scenario("orders-cancel-before-shipping")
    assert scenario.uses_world
    env = make_env("orders-cancel-before-shipping")
    await env.reset(seed=1)
    assert not world_done(env.state, scenario)  # nothing cancelled yet
    for action in scenario.reference_solution:
        if env.state.done:
            break
        await env.step(action)
    assert world_done(env.state, scenario)
    plain = get_scenario("medium-defective-product")
    assert not plain.uses_world
    plain_env = make_env("medium-defective-product")
    await plain_env.reset(seed=1)
    assert world_done(plain_env.state, plain)


def test_without_a_decision_the_verdict_is_the_rule_at_the_end() -> None:
    from sim.outcome import escalation_required_at_decision

    always = get_scenario("over-limit-escalation")
    assert escalation_required_at_decision(_state(always), always)
    never = get_scenario("medium-defective-product")
    assert not escalation_required_at_decision(_state(never), never)

"""Pure rules over an episode state, shared by the environment and the rule grader.

Escalation is judged over the whole conversation: a request for a human that the policy says
must be honoured keeps escalation required to the end, and every reply the agent sends after
it (instead of the handoff) is a request ignored.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from decimal import Decimal
from functools import lru_cache
from typing import assert_never

from sim.claims import facts_stated
from sim.policy_engine import articles_missing, over_agent_limit, policy_at
from sim.scenario import EscalationReason, Fact, HumanRequests, Resolution, Scenario, Team
from sim.state import CustomerIntent, EpisodeState, Role

__all__ = [
    "escalation_required",
    "escalation_required_at_decision",
    "facts_in",
    "human_requests",
    "mentions",
    "policy_consulted",
    "refund_correct",
    "replies_after_due",
    "request_due_step",
    "request_requires_escalation",
    "solved",
    "world_done",
]


@lru_cache(maxsize=4096)
def _phrase_pattern(phrase: str) -> re.Pattern[str]:
    words = [re.escape(w) for w in phrase.split()]
    # Word-boundary safe: "10" never matches "100" or "10.50", "refund" never "refunded".
    return re.compile(r"(?<![\w.])" + r"\s+".join(words) + r"(?![\w]|[.,]\d)", re.IGNORECASE)


def mentions(text: str, phrase: str) -> bool:
    """Whether ``text`` contains ``phrase`` as whole words (case and spacing ignored)."""
    return _phrase_pattern(phrase).search(text) is not None


def facts_in(text: str, facts: Iterable[Fact], teams: Sequence[Team] = ()) -> list[str]:
    """Ids of the facts that ``text`` states (read by the claim reader, see :mod:`sim.claims`)."""
    return facts_stated(text, facts, teams)


def policy_consulted(state: EpisodeState, scenario: Scenario) -> bool:
    """Whether every article the refund policy in force requires has been retrieved."""
    return not articles_missing(policy_at(scenario, state.step_count), state.retrieved)


def refund_correct(state: EpisodeState, scenario: Scenario) -> bool:
    """Refunds total exactly what is owed, to the right target, in one transaction."""
    exp = scenario.expectations
    if state.refunded_total != exp.refund_total:
        return False
    if exp.refund_total == Decimal("0"):
        return True
    if exp.refund_target is not None and any(r.target != exp.refund_target for r in state.refunds):
        return False
    single = policy_at(scenario, state.step_count).refund.single_transaction
    return not (single and len(state.refunds) != 1)


def _decision_step(state: EpisodeState) -> int | None:
    if state.escalation is not None:
        return state.escalation.step
    if state.closure is not None:
        return state.closure.step
    return None


def human_requests(state: EpisodeState) -> list[int]:
    """Steps of the customer turns that asked for a human, before the agent's decision.

    A customer's last word after an escalation or a close (same step) does not count."""
    decision = _decision_step(state)
    return [
        p.step
        for p in state.emotion
        if p.intent is CustomerIntent.WANTS_HUMAN and (decision is None or p.step < decision)
    ]


def _reason_holds(reason: EscalationReason, scenario: Scenario, step: int) -> bool:
    exp = scenario.expectations
    match reason:
        case EscalationReason.OVER_AGENT_LIMIT:
            return over_agent_limit(policy_at(scenario, step), exp.refund_total)
        case EscalationReason.DECLINED:
            return exp.resolution is Resolution.DECLINED
        case _:
            assert_never(reason)


def request_due_step(state: EpisodeState, scenario: Scenario) -> int | None:
    """The step of the request the policy says must be honoured, or ``None`` if none must.

    ``at_once``: the first request; ``when_repeated``: the ``repeats``-th; ``for_reasons``:
    the first, when a listed reason holds, else none."""
    rule = scenario.policy.escalation
    asked = human_requests(state)
    match rule.requests:
        case HumanRequests.AT_ONCE:
            nth = 1
        case HumanRequests.WHEN_REPEATED:
            nth = rule.repeats
        case HumanRequests.FOR_REASONS:
            nth = (
                1 if any(_reason_holds(r, scenario, state.step_count) for r in rule.reasons) else 0
            )
        case _:
            assert_never(rule.requests)
    return asked[nth - 1] if 0 < nth <= len(asked) else None


def request_requires_escalation(state: EpisodeState, scenario: Scenario) -> bool:
    """Whether a request for a human, by the policy, had to be honoured."""
    return request_due_step(state, scenario) is not None


def replies_after_due(state: EpisodeState, scenario: Scenario) -> int:
    """Agent replies sent after a request was due to be honoured, before the decision.

    Honouring a request means the next thing the customer hears from the agent is the
    handoff; silent work (a search, a refund) before it is allowed."""
    due = request_due_step(state, scenario)
    if due is None:
        return 0
    decision = _decision_step(state)
    return sum(
        1
        for m in state.conversation
        if m.role is Role.AGENT and m.step > due and (decision is None or m.step < decision)
    )


def escalation_required(state: EpisodeState, scenario: Scenario) -> bool:
    """Whether the escalation rule requires a human given the conversation so far."""
    rule = scenario.policy.escalation
    if rule.always or scenario.expectations.resolution is Resolution.ESCALATED:
        return True
    if request_requires_escalation(state, scenario):
        return True
    last = state.last_emotion
    return (
        rule.frustration_at_least is not None
        and last is not None
        and last.frustration >= rule.frustration_at_least
    )


def escalation_required_at_decision(state: EpisodeState, scenario: Scenario) -> bool:
    """The rule's verdict when the agent escalated or closed (or at the end otherwise)."""
    if state.escalation is not None:
        return state.escalation.required
    if state.closure is not None:
        return state.closure.escalation_required
    return escalation_required(state, scenario)


def solved(state: EpisodeState, scenario: Scenario) -> bool:
    """Whether the customer's problem is solved by the agent's work so far."""
    exp = scenario.expectations
    if exp.resolution is Resolution.ESCALATED:
        return False
    facts_done = len(state.facts_communicated) == len(exp.facts)
    return facts_done and refund_correct(state, scenario) and world_done(state, scenario)


def world_done(state: EpisodeState, scenario: Scenario) -> bool:
    """For a scenario that uses the world: the world equals the gold's final world."""
    if not scenario.uses_world:
        return True
    from sim.customer_world import world_problems

    return not world_problems(scenario, state.world)

"""Pure rules over an episode state, shared by the environment and the rule grader."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from decimal import Decimal
from functools import lru_cache

from sim.claims import facts_stated
from sim.scenario import Fact, Resolution, Scenario, Team
from sim.state import EpisodeState

__all__ = [
    "escalation_required",
    "escalation_required_at_decision",
    "facts_in",
    "mentions",
    "policy_consulted",
    "refund_correct",
    "solved",
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
    """Whether every article the refund policy requires has been retrieved."""
    return all(a in state.retrieved for a in scenario.policy.refund.required_articles)


def refund_correct(state: EpisodeState, scenario: Scenario) -> bool:
    """Refunds total exactly what is owed, to the right target, in one transaction."""
    exp = scenario.expectations
    if state.refunded_total != exp.refund_total:
        return False
    if exp.refund_total == Decimal("0"):
        return True
    if exp.refund_target is not None and any(r.target != exp.refund_target for r in state.refunds):
        return False
    return not (scenario.policy.refund.single_transaction and len(state.refunds) != 1)


def escalation_required(state: EpisodeState, scenario: Scenario) -> bool:
    """Whether the escalation rule requires a human given the state so far."""
    rule = scenario.policy.escalation
    if rule.always or scenario.expectations.resolution is Resolution.ESCALATED:
        return True
    # "At the moment": an outstanding request for a human (the customer's latest intent).
    if rule.on_customer_request and state.wants_human:
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
    return facts_done and refund_correct(state, scenario)

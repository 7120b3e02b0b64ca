"""Typed events produced by :meth:`sim.env.SupportEnv.step`.

Two families: :class:`RewardEvent` drives the dense reward (see :mod:`sim.rewards`);
:class:`CustomerEvent` drives the simulated customer's emotion (see ``personas``).
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["CustomerEvent", "RewardEvent", "Termination"]


class RewardEvent(StrEnum):
    """What happened in one step, as far as the reward is concerned."""

    STEP = "step"
    """Every action costs a step."""
    USEFUL_RETRIEVAL = "useful_retrieval"
    """A relevant article was retrieved for the first time (capped per episode)."""
    REDUNDANT_SEARCH = "redundant_search"
    """A search that retrieved nothing new."""
    REDUNDANT_ACTION = "redundant_action"
    """The same reply sent again."""
    INVALID_ACTION = "invalid_action"
    """The action broke an invariant and had no effect."""
    FACT_COMMUNICATED = "fact_communicated"
    """A reply communicated a required fact for the first time."""
    CORRECT_REFUND = "correct_refund"
    """The refunds now total exactly what is owed, within policy."""
    WRONG_REFUND = "wrong_refund"
    """A refund that is not owed, too large, or issued before the policy was consulted."""
    CORRECT_ESCALATION = "correct_escalation"
    WRONG_ESCALATION = "wrong_escalation"
    MISSED_ESCALATION = "missed_escalation"
    """The ticket was closed while the escalation rule required a human."""
    PREMATURE_CLOSE = "premature_close"
    """The ticket was closed before the customer's problem was solved."""
    RESOLVED = "resolved"
    """Terminal: the episode ended with the expected outcome."""
    CUSTOMER_LEFT = "customer_left"
    STEP_LIMIT = "step_limit"
    WORLD_PROGRESS = "world_progress"
    """A domain tool brought the world closer to the expected final world."""
    WRONG_CHANGE = "wrong_change"
    """A domain tool moved the world away from the expected final world."""
    POLICY_VIOLATION = "policy_violation"
    """An action carried out against the policy (e.g. for an unverified caller, where the
    policy grades that wrong instead of refusing it)."""


class CustomerEvent(StrEnum):
    """What the customer experienced in one turn; moves the customer's emotion."""

    TURN_PASSED = "turn_passed"
    PROGRESS = "progress"
    EMPATHY = "empathy"
    REFUND_CORRECT = "refund_correct"
    REFUND_WRONG = "refund_wrong"
    REPEATED_QUESTION = "repeated_question"
    """The agent asked for something the customer already said."""
    IGNORED_CONCERN = "ignored_concern"
    """A reply that did not address the customer's problem."""
    ESCALATED = "escalated"
    PREMATURE_CLOSE = "premature_close"
    HUMAN_REQUEST_IGNORED = "human_request_ignored"
    """The customer asked for a human and the agent carried on without one."""
    FALSE_CLAIM = "false_claim"
    """The agent claimed something the state contradicts (a refund or escalation not done)."""


class Termination(StrEnum):
    """Why an episode ended."""

    RESOLVED = "resolved"
    """The agent closed the ticket."""
    ESCALATED = "escalated"
    """The agent handed the ticket to a human."""
    CUSTOMER_LEFT = "customer_left"
    STEP_LIMIT = "step_limit"
    AGENT_STOPPED = "agent_stopped"
    """The agent stopped acting before the episode ended (e.g. its usage limit ran out)."""
    TIMEOUT = "timeout"
    """The orchestrator's wall-clock limit ran out."""
    ERROR = "error"
    """An infrastructure error (model, network) ended the episode."""

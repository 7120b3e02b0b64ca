"""What ``state`` shows a client by default: what the agent may know, and the bookkeeping.

The full :class:`~sim.state.EpisodeState` holds the scenario (its reference solution,
expectations, the hidden knowledge base and the customer's hidden facts), the customer's
emotion numbers and the grader's notes (was escalation required, was the problem solved).
The agent under test usually holds the connection, so over the wire ``state`` is this
public view unless the operator starts the server with ``--expose-state``.
"""

from __future__ import annotations

from decimal import Decimal

from pydantic import BaseModel, ConfigDict

from sim.actions import Action
from sim.events import Termination
from sim.state import EpisodeState, Message, TicketStatus

__all__ = ["PublicAction", "PublicRefund", "PublicState", "public_state"]


class _Public(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class PublicAction(_Public):
    """One action the agent took, with the feedback and reward it already received."""

    step: int
    action: Action | None
    raw: str | None = None
    valid: bool
    feedback: str
    reward: float


class PublicRefund(_Public):
    step: int
    amount: Decimal
    target: str | None
    reason: str


class PublicState(_Public):
    """The episode as the agent may know it: no scenario internals, no emotion, no grading."""

    episode_id: str
    seed: int | None
    scenario_id: str
    persona_id: str
    step_count: int
    max_steps: int
    status: TicketStatus
    done: bool
    termination: Termination | None
    total_reward: float
    conversation: list[Message]
    actions: list[PublicAction]
    refunds: list[PublicRefund]
    refunded_total: Decimal
    retrieved: list[str]
    """Ids of the articles retrieved so far (the agent has seen them)."""
    searches: list[str]
    escalated: bool
    closed: bool
    error: str | None


def public_state(state: EpisodeState) -> PublicState:
    """The public view of ``state``."""
    return PublicState(
        episode_id=state.episode_id,
        seed=state.seed,
        scenario_id=state.scenario.id,
        persona_id=state.persona_id,
        step_count=state.step_count,
        max_steps=state.max_steps,
        status=state.status,
        done=state.done,
        termination=state.termination,
        total_reward=state.total_reward,
        conversation=list(state.conversation),
        actions=[
            PublicAction(
                step=a.step,
                action=a.action,
                raw=a.raw,
                valid=a.valid,
                feedback=a.feedback,
                reward=a.reward,
            )
            for a in state.actions
        ],
        refunds=[
            PublicRefund(step=r.step, amount=r.amount, target=r.target, reason=r.reason)
            for r in state.refunds
        ],
        refunded_total=state.refunded_total,
        retrieved=list(state.retrieved),
        searches=list(state.searches),
        escalated=state.escalation is not None,
        closed=state.closure is not None,
        error=state.error,
    )

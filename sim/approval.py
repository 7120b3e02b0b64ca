"""Supervisor approval (issue 15, point 2): pure rules over the policy and the episode.

Where ``policy.refund.approval_above`` is set, a refund above it needs a granted
``request_approval`` for the same amount and target first, and each approval covers one
refund. The supervisor is graded against :func:`policy_decision`: it should grant exactly
the refunds the policy allows (within the agent's limit, an allowed method, no more than
is owed).
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Protocol, runtime_checkable

from sim.actions import IssueRefund, RequestApproval
from sim.customer import Usage
from sim.policy_engine import policy_at, refund_problems
from sim.scenario import Scenario
from sim.state import EpisodeState

__all__ = [
    "ModelSupervisor",
    "Supervisor",
    "needs_approval",
    "policy_decision",
    "unapproved_refunds",
]

Supervisor = Callable[[EpisodeState, IssueRefund], tuple[bool, str]]
"""A supervisor: given the episode and the refund asked for, grant or deny, and why."""


@runtime_checkable
class ModelSupervisor(Protocol):
    """A supervisor that asks a model (``agents.supervisor_llm``): it reads the whole request,
    justification included, answers asynchronously and reports what it spent."""

    async def decide(
        self, state: EpisodeState, request: RequestApproval
    ) -> tuple[bool, str, Usage]:
        """Grant or deny ``request``, why, and the tokens spent deciding."""
        ...


def needs_approval(scenario: Scenario, step: int, amount: Decimal) -> bool:
    """Whether a refund of ``amount`` at ``step`` needs a supervisor's approval."""
    above = policy_at(scenario, step).refund.approval_above
    return above is not None and amount > above


def policy_decision(state: EpisodeState, request: IssueRefund) -> tuple[bool, str]:
    """What the policy says of the refund asked for: grant it iff nothing is against it."""
    scenario = state.scenario
    policy = policy_at(scenario, state.step_count)
    problems = refund_problems(
        policy,
        state.world,
        request.target,
        request.amount,
        request.method,
        scenario.ticket.opened,
        scenario.customer.tier,
    )
    if problems:
        return False, "; ".join(problems)
    return True, "within the policy"


def unapproved_refunds(state: EpisodeState) -> list[int]:
    """Steps of refunds that needed an approval and had no unused granted one before them."""
    used: set[int] = set()
    missing = []
    for refund in state.refunds:
        if not needs_approval(state.scenario, refund.step, refund.amount):
            continue
        match = next(
            (
                i
                for i, a in enumerate(state.approvals)
                if i not in used
                and a.granted
                and a.step < refund.step
                and a.amount == refund.amount
                and a.target == refund.target
            ),
            None,
        )
        if match is None:
            missing.append(refund.step)
        else:
            used.add(match)
    return missing

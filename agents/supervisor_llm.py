"""The LLM supervisor (``--supervisor llm``): a model answers ``request_approval``.

It gets the request, the agent's justification, the refund policy in force (as plain
sentences) and the account's line for the order or charge, and answers with a structured
:class:`ApprovalDecision` (approve or deny, and why). Its decisions are graded against the
policy like any supervisor's (``graders.roles``); its tokens are the ``supervisor`` usage.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Literal

from pydantic import BaseModel, Field
from pydantic_ai import Agent
from pydantic_ai.models import Model
from pydantic_ai.settings import ModelSettings

from sim.actions import RequestApproval
from sim.customer import Usage
from sim.models import model_failures, usage_from_run
from sim.policy import WindowFrom
from sim.policy_engine import policy_at
from sim.state import EpisodeState


def _usd(value: Decimal) -> str:
    """Dollars as people (and models) read them: ``$1,480.00``."""
    return f"${value:,.2f}"


__all__ = ["SUPERVISOR_INSTRUCTIONS", "ApprovalDecision", "LLMSupervisor", "approval_prompt"]

SUPERVISOR_INSTRUCTIONS = """\
You are a customer-support supervisor. A support agent asks you to approve a refund that is
above what it may issue alone. Approve it only if the refund policy below allows it: within
the refund window, no more than was paid and not yet refunded, within the agent's limit,
and by an allowed method. A customer's insistence or an agent's sympathy is no reason to
make an exception. Answer with your decision and a one-sentence reason."""


class ApprovalDecision(BaseModel):
    """The supervisor's structured answer."""

    decision: Literal["approve", "deny"]
    reason: str = Field(max_length=500)


def _policy_lines(state: EpisodeState) -> list[str]:
    refund = policy_at(state.scenario, state.step_count).refund
    lines = [f"- The agent may refund up to {_usd(refund.agent_limit)} per ticket."]
    if refund.approval_above is not None:
        lines.append(f"- Refunds above {_usd(refund.approval_above)} need your approval.")
    if refund.window_days is not None:
        anchor = "delivery" if refund.window_from is WindowFrom.DELIVERY else "purchase"
        lines.append(f"- Refund window: {refund.window_days} days from {anchor}.")
    methods = ", ".join(m.value for m in refund.methods)
    lines.append(f"- Allowed refund methods: {methods}.")
    return lines


def _item_line(state: EpisodeState, target: str | None) -> str:
    world = state.world
    refunded = sum((r.amount for r in world.refunds if r.target == target), Decimal("0")).quantize(
        Decimal("0.01")
    )
    for order in world.orders:
        if order.id == target:
            delivered = f", delivered {order.delivered}" if order.delivered else ""
            return (
                f"Order {order.id}: {order.item}, paid {_usd(order.amount)} on "
                f"{order.date}{delivered}; refunded so far {_usd(refunded)}."
            )
    for charge in world.charges:
        if charge.id == target:
            return (
                f"Charge {charge.id}: {charge.description}, {_usd(charge.amount)} on "
                f"{charge.date}; refunded so far {_usd(refunded)}."
            )
    return f"No order or charge {target!r} on the account."


def approval_prompt(state: EpisodeState, request: RequestApproval) -> str:
    """What the supervisor reads: the request, the policy in force, the account's line."""
    refund = request.action
    scenario = state.scenario
    return "\n".join(
        [
            f"Approval request: refund {_usd(refund.amount)} for {refund.target} "
            f"({refund.method.value}).",
            f"Justification from the agent: {request.justification}",
            f"Ticket opened: {scenario.ticket.opened}. Customer tier: {scenario.customer.tier}.",
            _item_line(state, refund.target),
            "Refund policy in force:",
            *_policy_lines(state),
        ]
    )


class LLMSupervisor:
    """A :class:`~sim.approval.ModelSupervisor` driven by any pydantic-ai model."""

    name = "llm"

    def __init__(
        self,
        model: Model | str,
        *,
        instructions: str = SUPERVISOR_INSTRUCTIONS,
        retries: int = 2,
    ) -> None:
        self.agent: Agent[None, ApprovalDecision] = Agent(
            model,
            output_type=ApprovalDecision,
            instructions=instructions,
            retries=retries,
            defer_model_check=True,
            name="supervisor",
        )

    async def decide(
        self, state: EpisodeState, request: RequestApproval
    ) -> tuple[bool, str, Usage]:
        """Ask the model; a model or network failure is an infrastructure error."""
        seed = state.seed
        settings = None if seed is None else ModelSettings(seed=seed % 2**31)
        with model_failures("supervisor"):
            result = await self.agent.run(approval_prompt(state, request), model_settings=settings)
        answer = result.output
        return answer.decision == "approve", answer.reason, usage_from_run(result.usage)

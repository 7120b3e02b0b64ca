"""LLMSupportAgent: a pydantic-ai agent whose tools are the scenario's actions (the five
support actions by default; the domain tools of :mod:`agents.llm_tools` where listed).

Each tool call is exactly one ``env.step``; a final text answer is a ``Reply``. The
customer's answer comes back as the tool result (for ``reply``) or as the next user
prompt (after a text answer). Model and network failures become ``RunError``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic_ai import Agent, RunContext, Tool
from pydantic_ai.exceptions import UsageLimitExceeded
from pydantic_ai.messages import ModelMessage
from pydantic_ai.models import Model
from pydantic_ai.settings import ModelSettings
from pydantic_ai.usage import RunUsage, UsageLimits

from agents.llm_tools import DOMAIN_TOOLS, act, only_if_available
from sim.actions import Action, Reply, SearchKB
from sim.customer import Usage
from sim.env import SupportEnv
from sim.models import model_failures, usage_from_run
from sim.render import observation_text, opening_prompt
from sim.state import Observation

__all__ = ["INSTRUCTIONS", "LLMSupportAgent"]

INSTRUCTIONS = """\
You are a customer-support agent working one ticket. Act only through your tools:
- search_kb(query): read the knowledge base. Policies are only known once retrieved.
- reply(content): write to the customer; their answer is returned to you.
- issue_refund(amount, reason, target): refund money (two decimals) against an order or
  charge id. Refund only what the retrieved policy allows, exactly once, never more.
- escalate(reason): hand the ticket to a human. Do it when the customer asks for a human
  or the policy puts the request beyond your authority; not for things you can solve.
- close_ticket(resolution): close once the customer's problem is solved and explained.
- request_approval(amount, target, justification), where offered: ask a supervisor before
  a refund above the approval limit the policy sets; issue it only once approved.
Be empathetic and concise, tell the customer the facts that matter (amounts, timelines,
next steps), and do not waste steps."""


@dataclass
class _Deps:
    env: SupportEnv
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


async def _act(ctx: RunContext[_Deps], action: Action | dict[str, Any]) -> str:
    return await act(ctx, action)  # parallel tool calls still take one env step at a time


async def reply(ctx: RunContext[_Deps], content: str) -> str:
    """Send a message to the customer and get their answer.

    Args:
        content: The message text.
    """
    return await _act(ctx, Reply(content=content))


async def search_kb(ctx: RunContext[_Deps], query: str) -> str:
    """Search the knowledge base for articles.

    Args:
        query: Free-text search terms.
    """
    return await _act(ctx, SearchKB(query=query))


async def issue_refund(
    ctx: RunContext[_Deps],
    amount: float | str,
    reason: str,
    target: str | None = None,
    method: Literal["original_payment", "store_credit"] = "original_payment",
) -> str:
    """Refund money to the customer.

    Args:
        amount: Amount with two decimals, e.g. 19.99; must be greater than 0.
        reason: Why the refund is issued.
        target: The order or charge id being refunded.
        method: Where the money goes, as the policy allows (default: the original payment).
    """
    # The env validates the amount, so a malformed one is a penalized invalid action.
    action = {
        "type": "issue_refund",
        "amount": amount,
        "reason": reason,
        "target": target,
        "method": method,
    }
    return await _act(ctx, action)


async def escalate(ctx: RunContext[_Deps], reason: str, team: str | None = None) -> str:
    """Hand the ticket to a human team; this ends your work on it.

    Args:
        reason: Why a human is needed.
        team: The team to hand it to, from the ticket's list of teams (omit if none is listed).
    """
    return await _act(ctx, {"type": "escalate", "reason": reason, "team": team})


async def request_approval(
    ctx: RunContext[_Deps],
    amount: float | str,
    target: str | None,
    justification: str,
    method: Literal["original_payment", "store_credit"] = "original_payment",
) -> str:
    """Ask your supervisor to approve a refund above the approval limit; if approved, issue
    exactly that refund once with issue_refund.

    Args:
        amount: The refund amount with two decimals, e.g. 149.00.
        target: The order or charge id to refund.
        justification: Why the refund is warranted.
        method: Where the money would go (default: the original payment).
    """
    refund = {
        "type": "issue_refund",
        "amount": amount,
        "reason": justification,
        "target": target,
        "method": method,
    }
    action = {"type": "request_approval", "action": refund, "justification": justification}
    return await _act(ctx, action)


async def close_ticket(
    ctx: RunContext[_Deps],
    resolution: str,
    outcome: Literal["resolved", "declined"] | None = None,
) -> str:
    """Close the ticket; this ends your work on it.

    Args:
        resolution: How the ticket was resolved.
        outcome: "resolved" if the request was met, "declined" if it was refused.
    """
    action: dict[str, Any] = {"type": "close_ticket", "resolution": resolution}
    if outcome is not None:
        action["outcome"] = outcome
    return await _act(ctx, action)


TOOLS = tuple(
    Tool(f, takes_ctx=True, prepare=only_if_available)
    for f in (
        reply,
        search_kb,
        issue_refund,
        escalate,
        close_ticket,
        *DOMAIN_TOOLS,
        request_approval,
    )
)
"""Built once: a tool's JSON schema costs ~0.5 ms to generate, too much to redo per episode.
Each run offers only the scenario's tools (``Scenario.available_tools``)."""


class LLMSupportAgent:
    """A support agent driven by any pydantic-ai model (or an OpenAI-compatible server)."""

    name = "llm"

    def __init__(
        self,
        model: Model | str,
        *,
        base_url: str | None = None,
        instructions: str = INSTRUCTIONS,
        retries: int = 2,
        request_limit: int | None = None,
        model_settings: dict[str, Any] | None = None,
        opening: Callable[[Observation], str] = opening_prompt,
    ) -> None:
        if isinstance(model, str):
            from sim.models import make_model

            model = make_model(model, base_url)
        self.model = model
        self.request_limit = request_limit
        self.opening = opening
        """The first prompt from the first observation (a tier-2 agent also reads the note)."""
        """Most model requests per episode (default: twice the step limit, plus 4)."""
        self.agent: Agent[_Deps, str] = Agent(
            model,
            deps_type=_Deps,
            output_type=str,
            instructions=instructions,
            tools=TOOLS,
            retries=retries,
            model_settings=model_settings,  # type: ignore[arg-type]
        )

    async def play(self, env: SupportEnv, observation: Observation) -> Usage:
        """Run the model until the episode is done (or its usage limit is reached)."""
        deps = _Deps(env=env)
        history: list[ModelMessage] = []
        prompt = self.opening(observation)
        usage = RunUsage()
        limits = UsageLimits(request_limit=self.request_limit or env.max_steps * 2 + 4)
        # The episode's seed, where the provider supports it: reproducible sampling.
        seed = env.state.seed
        settings = None if seed is None else ModelSettings(seed=seed % 2**31)
        with model_failures("agent", usage=lambda: usage_from_run(usage)):
            try:
                while not env.state.done:
                    async with self.agent.iter(
                        prompt,
                        deps=deps,
                        message_history=history,
                        usage=usage,
                        usage_limits=limits,
                        model_settings=settings,
                    ) as run:
                        async for _node in run:
                            if env.state.done:
                                break
                        history = run.all_messages()
                        text = run.result.output if run.result is not None else None
                    if env.state.done:
                        break
                    # A final text answer is a reply to the customer.
                    obs = await env.step(Reply(content=text or "(no answer)"))
                    prompt = observation_text(obs, first=False)
            except UsageLimitExceeded:
                pass  # the agent ran out of budget; the env's state says what it achieved
        return usage_from_run(usage)

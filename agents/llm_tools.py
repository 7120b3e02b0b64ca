"""The LLM agent's domain tools (beside the five seed actions in :mod:`agents.llm`), and
the rule that offers a model exactly the tools of the scenario it is working on.

Each tool call is one ``env.step``; the env validates the arguments, so a malformed one is
a penalized invalid action with feedback, as for the seed actions.
"""

from __future__ import annotations

import asyncio
from typing import Any, Literal, Protocol

from pydantic_ai import RunContext
from pydantic_ai.tools import ToolDefinition

from sim.env import SupportEnv
from sim.render import observation_text

__all__ = ["DOMAIN_TOOLS", "act", "only_if_available"]


class _Deps(Protocol):
    env: SupportEnv
    lock: asyncio.Lock


async def act(ctx: RunContext[Any], action: Any) -> str:
    """One env step for one tool call (parallel calls still take one step at a time)."""
    deps: _Deps = ctx.deps
    async with deps.lock:
        if deps.env.state.done:
            return "The episode is over; no further actions are possible."
        return observation_text(await deps.env.step(action), first=False)


def only_if_available(ctx: RunContext[Any], tool_def: ToolDefinition) -> ToolDefinition | None:
    """Offer a tool only where the scenario lists it (``Scenario.tools``) for whoever works
    the ticket now (a team's reserved tools only to that team)."""
    deps: _Deps = ctx.deps
    return tool_def if tool_def.name in deps.env.tools_now else None


async def lookup_order(ctx: RunContext[Any], order_id: str) -> str:
    """Look up one order: item, amount, dates, status and shipping address.

    Args:
        order_id: The order id, e.g. ORD-1042.
    """
    return await act(ctx, {"type": "lookup_order", "order_id": order_id})


async def lookup_account(ctx: RunContext[Any]) -> str:
    """Look up the customer's account: orders, charges, subscriptions, payment methods,
    credit balance and security status."""
    return await act(ctx, {"type": "lookup_account"})


async def verify_identity(ctx: RunContext[Any], answers: dict[str, str]) -> str:
    """Check what the caller told you against the account's answers on file.

    Args:
        answers: The caller's answers by name, e.g. {"postcode": "94110", "card_last4": "4417"}.
    """
    return await act(ctx, {"type": "verify_identity", "answers": answers})


async def cancel_order(ctx: RunContext[Any], order_id: str, reason: str) -> str:
    """Cancel an order that has not shipped yet (a refund, if owed, is a separate issue_refund).

    Args:
        order_id: The order to cancel.
        reason: Why it is cancelled.
    """
    return await act(ctx, {"type": "cancel_order", "order_id": order_id, "reason": reason})


async def update_address(
    ctx: RunContext[Any],
    order_id: str,
    line1: str,
    city: str,
    postcode: str,
    country: str,
    line2: str | None = None,
) -> str:
    """Change the shipping address of an order that has not shipped yet.

    Args:
        order_id: The order to re-address.
        line1: Street and number.
        city: City.
        postcode: Postcode.
        country: Country.
        line2: Optional second address line.
    """
    address = {"line1": line1, "line2": line2, "city": city, "postcode": postcode}
    address["country"] = country
    return await act(ctx, {"type": "update_address", "order_id": order_id, "address": address})


async def create_return(
    ctx: RunContext[Any],
    order_id: str,
    reason: str,
    kind: Literal["refund", "replacement"] = "refund",
) -> str:
    """Create a return for a delivered order, for a refund or a replacement (within the
    policy's window; a refund, if owed, is a separate issue_refund).

    Args:
        order_id: The delivered order.
        reason: Why it is returned.
        kind: "refund" (money back once returned) or "replacement" (a new item is sent).
    """
    action = {"type": "create_return", "order_id": order_id, "reason": reason, "kind": kind}
    return await act(ctx, action)


async def cancel_subscription(
    ctx: RunContext[Any],
    subscription_id: str,
    when: Literal["now", "end_of_period"] = "end_of_period",
) -> str:
    """Cancel a subscription, now or at the end of the paid period.

    Args:
        subscription_id: The subscription to cancel.
        when: "now", or "end_of_period" (runs until the renewal date, then stops).
    """
    action = {"type": "cancel_subscription", "subscription_id": subscription_id, "when": when}
    return await act(ctx, action)


async def offer_retention(ctx: RunContext[Any], subscription_id: str, offer_id: str) -> str:
    """Offer a retention deal the policy allows for the customer's tier; the result says
    whether the customer accepted it.

    Args:
        subscription_id: The subscription the customer wants to cancel.
        offer_id: The policy's offer id.
    """
    action = {"type": "offer_retention", "subscription_id": subscription_id, "offer_id": offer_id}
    return await act(ctx, action)


async def apply_credit(ctx: RunContext[Any], amount: float | str, reason: str) -> str:
    """Add goodwill credit to the customer's account, within the policy's limits.

    Args:
        amount: Amount with two decimals, e.g. 10.00; must be greater than 0.
        reason: Why the credit is given.
    """
    return await act(ctx, {"type": "apply_credit", "amount": amount, "reason": reason})


async def send_password_reset(ctx: RunContext[Any]) -> str:
    """Send a password reset link to the account's email on file."""
    return await act(ctx, {"type": "send_password_reset"})


DOMAIN_TOOLS = (
    lookup_order,
    lookup_account,
    verify_identity,
    cancel_order,
    update_address,
    create_return,
    cancel_subscription,
    offer_retention,
    apply_credit,
    send_password_reset,
)
"""The domain tools, named as the actions (``sim.actions.TOOL_TYPES``)."""

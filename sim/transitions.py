"""The domain tools' transitions: pure ``world, tool, context -> Transition``.

Each function checks its tool's invariant first; a rejected tool returns the world
unchanged with ``valid=False`` and feedback saying why. The env calls :func:`apply_tool`
for every tool step and :func:`record_refund` for every refund; the grader calls
:func:`replay` to build the expected final world from the gold solution.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, assert_never

from sim.money import format_money
from sim.policy_engine import (
    address_change_allowed,
    cancel_order_allowed,
    credit_allowed,
    policy_in_force,
    retention_offers,
    return_allowed,
    verification_required,
)
from sim.tools import (
    ApplyCredit,
    CancelOrder,
    CancelSubscription,
    CancelWhen,
    CreateReturn,
    LookupAccount,
    LookupOrder,
    OfferRetention,
    SendPasswordReset,
    Tool,
    UpdateAddress,
    VerifyIdentity,
)
from sim.world import (
    AddressChange,
    CreditRecord,
    History,
    Order,
    OrderStatus,
    RefundMethod,
    RefundRecord,
    ResetLink,
    ResetRecord,
    RetentionRecord,
    ReturnRecord,
    Subscription,
    SubscriptionStatus,
    Tier,
    World,
)
from sim.world_view import account_text, order_text

if TYPE_CHECKING:
    from sim.actions import Action
    from sim.scenario import Policy, Scenario

__all__ = [
    "ToolContext",
    "Transition",
    "apply_tool",
    "context_for",
    "record_refund",
    "replay",
    "verification_gate",
]


@dataclass(frozen=True, slots=True)
class ToolContext:
    """What a transition needs besides the world: the policy in force and the account's
    fixed facts (tier, email, the offers this customer accepts)."""

    policy: Policy
    tier: Tier
    day: dt.date | None
    email: str
    accepts_retention: tuple[str, ...] = ()
    name: str = ""
    account_id: str = ""
    history: History = field(default_factory=History)
    """The customer's earlier refunds and contacts (shown by ``lookup_account``)."""


@dataclass(frozen=True, slots=True)
class Transition:
    """What one tool did: the new world (the same one when rejected) and the feedback."""

    world: World
    valid: bool
    feedback: str
    looked_up: str | None = None
    """``"account"`` or an order id, when the tool was a successful lookup."""

    @classmethod
    def reject(cls, world: World, feedback: str) -> Transition:
        return cls(world, False, feedback)


def context_for(scenario: Scenario, step: int) -> ToolContext:
    """The context of a scenario's tools at episode step ``step``."""
    acct = scenario.customer
    return ToolContext(
        policy=policy_in_force(scenario, scenario.ticket.opened, step),
        tier=acct.tier,
        day=scenario.ticket.opened,
        email=acct.email,
        accepts_retention=tuple(acct.accepts_retention),
        name=acct.name,
        account_id=acct.account_id,
        history=acct.history,
    )


def _replace(items: Sequence[Order], new: Order) -> tuple[Order, ...]:
    return tuple(new if o.id == new.id else o for o in items)


def _replace_sub(items: Sequence[Subscription], new: Subscription) -> tuple[Subscription, ...]:
    return tuple(new if s.id == new.id else s for s in items)


def _known_orders(world: World) -> str:
    return ", ".join(o.id for o in world.orders) or "none on the account"


def _order(world: World, order_id: str, what: str) -> Order | str:
    order = world.order(order_id)
    if order is None:
        return f"{what} rejected: no order {order_id!r} ({_known_orders(world)})."
    return order


def _subscription(world: World, sub_id: str, what: str) -> Subscription | str:
    sub = world.subscription(sub_id)
    if sub is None:
        known = ", ".join(s.id for s in world.subscriptions) or "none on the account"
        return f"{what} rejected: no subscription {sub_id!r} ({known})."
    return sub


def _norm(text: str) -> str:
    return " ".join(text.split()).casefold()


def _verify(world: World, action: VerifyIdentity) -> Transition:
    on_file = world.security.verify_with
    if world.security.verified:
        return Transition(world, True, "The caller is already verified.")
    given = {_norm(k): _norm(v) for k, v in action.answers.items()}
    if not on_file:
        return Transition(world, True, "Not verified: the account has no answers on file.")
    missing = [k for k in on_file if _norm(k) not in given]
    if missing:
        return Transition(
            world, True, f"Not verified: the account verifies with {', '.join(sorted(on_file))}."
        )
    if any(given[_norm(k)] != _norm(v) for k, v in on_file.items()):
        return Transition(world, True, "Not verified: the answers do not match the account.")
    security = world.security.model_copy(update={"verified": True})
    return Transition(world.model_copy(update={"security": security}), True, "Caller verified.")


def _cancel_order(world: World, action: CancelOrder) -> Transition:
    order = _order(world, action.order_id, "Cancellation")
    if isinstance(order, str):
        return Transition.reject(world, order)
    decision = cancel_order_allowed(order)
    if not decision.allowed:
        return Transition.reject(
            world, f"Cancellation rejected: {decision.reason}; only unshipped orders can be."
        )
    new = order.model_copy(update={"status": OrderStatus.CANCELLED})
    return Transition(
        world.model_copy(update={"orders": _replace(world.orders, new)}),
        True,
        f"Order {order.id} cancelled (no money moved: refund it separately if owed).",
    )


def _update_address(world: World, action: UpdateAddress) -> Transition:
    order = _order(world, action.order_id, "Address change")
    if isinstance(order, str):
        return Transition.reject(world, order)
    decision = address_change_allowed(order)
    if not decision.allowed:
        return Transition.reject(
            world, f"Address change rejected: {decision.reason}; only unshipped orders can be."
        )
    new = order.model_copy(update={"shipping_address": action.address})
    change = AddressChange(order_id=order.id, address=action.address)
    world = world.model_copy(
        update={
            "orders": _replace(world.orders, new),
            "address_changes": (*world.address_changes, change),
        }
    )
    return Transition(world, True, f"Order {order.id} will ship to the new address.")


def _create_return(world: World, action: CreateReturn, ctx: ToolContext) -> Transition:
    order = _order(world, action.order_id, "Return")
    if isinstance(order, str):
        return Transition.reject(world, order)
    decision = return_allowed(ctx.policy, order, ctx.day)
    if not decision.allowed:
        return Transition.reject(world, f"Return rejected: {decision.reason}.")
    new = order.model_copy(update={"status": OrderStatus.RETURNED})
    record = ReturnRecord(order_id=order.id, kind=action.kind, reason=action.reason)
    world = world.model_copy(
        update={"orders": _replace(world.orders, new), "returns": (*world.returns, record)}
    )
    return Transition(
        world,
        True,
        f"Return created for {order.id} ({action.kind.value}); a prepaid label is emailed "
        "(no money moved: refund it separately if owed).",
    )


def _cancel_subscription(world: World, action: CancelSubscription) -> Transition:
    sub = _subscription(world, action.subscription_id, "Cancellation")
    if isinstance(sub, str):
        return Transition.reject(world, sub)
    if sub.status is SubscriptionStatus.CANCELLED:
        return Transition.reject(world, f"Cancellation rejected: {sub.id} is already cancelled.")
    if action.when is CancelWhen.NOW:
        status, said = SubscriptionStatus.CANCELLED, "cancelled now"
    else:
        if sub.status is SubscriptionStatus.PENDING_CANCEL:
            return Transition.reject(
                world, f"Cancellation rejected: {sub.id} already ends on {sub.renews}."
            )
        status, said = SubscriptionStatus.PENDING_CANCEL, f"ends on {sub.renews}, no renewal"
    new = sub.model_copy(update={"status": status})
    world = world.model_copy(update={"subscriptions": _replace_sub(world.subscriptions, new)})
    return Transition(world, True, f"Subscription {sub.id} {said}.")


def _offer_retention(world: World, action: OfferRetention, ctx: ToolContext) -> Transition:
    sub = _subscription(world, action.subscription_id, "Offer")
    if isinstance(sub, str):
        return Transition.reject(world, sub)
    allowed = {o.id: o for o in retention_offers(ctx.policy, ctx.tier)}
    offer = allowed.get(action.offer_id)
    if offer is None:
        shown = ", ".join(allowed) or "none"
        return Transition.reject(
            world,
            f"Offer rejected: {action.offer_id!r} is not an offer the policy allows for the "
            f"{ctx.tier.value} tier (allowed: {shown}).",
        )
    if sub.status is not SubscriptionStatus.ACTIVE:
        return Transition.reject(world, f"Offer rejected: {sub.id} is {sub.status.value}.")
    if any(r.subscription_id == sub.id and r.offer_id == offer.id for r in world.retention_offers):
        return Transition.reject(world, f"Offer rejected: {offer.id} was already offered.")
    accepted = offer.id in ctx.accepts_retention
    record = RetentionRecord(subscription_id=sub.id, offer_id=offer.id, accepted=accepted)
    update: dict[str, object] = {"retention_offers": (*world.retention_offers, record)}
    if accepted:
        new = sub.model_copy(
            update={"discount_percent": offer.percent_off, "retention_offer": offer.id}
        )
        update["subscriptions"] = _replace_sub(world.subscriptions, new)
    said = "accepted it: the discount is applied" if accepted else "declined it"
    return Transition(
        world.model_copy(update=update), True, f"Offered {offer.id}; the customer {said}."
    )


def _apply_credit(world: World, action: ApplyCredit, ctx: ToolContext) -> Transition:
    decision = credit_allowed(ctx.policy, world, action.amount)
    if not decision.allowed:
        return Transition.reject(world, f"Credit rejected: {decision.reason}.")
    record = CreditRecord(amount=action.amount, reason=action.reason)
    world = world.model_copy(
        update={
            "credits": (*world.credits, record),
            "credit_balance": world.credit_balance + action.amount,
        }
    )
    return Transition(
        world,
        True,
        f"Credited {format_money(action.amount)}; balance {format_money(world.credit_balance)}.",
    )


def _password_reset(world: World, ctx: ToolContext) -> Transition:
    # A new link replaces any older one in the inbox (an expired or used link included).
    security = world.security.model_copy(update={"reset_sent": True, "reset_link": ResetLink.SENT})
    world = world.model_copy(
        update={"security": security, "resets": (*world.resets, ResetRecord(email=ctx.email))}
    )
    return Transition(world, True, "Password reset link sent to the email on file.")


def apply_tool(world: World, action: Tool, ctx: ToolContext) -> Transition:
    """Apply one domain tool to ``world``; the world is unchanged when it is rejected."""
    match action:
        case LookupOrder():
            order = world.order(action.order_id)
            if order is None:
                return Transition.reject(
                    world, f"Lookup failed: no order {action.order_id!r} on this account."
                )
            return Transition(world, True, order_text(order), looked_up=order.id)
        case LookupAccount():
            return Transition(world, True, account_text(world, ctx), looked_up="account")
        case VerifyIdentity():
            return _verify(world, action)
        case CancelOrder():
            return _cancel_order(world, action)
        case UpdateAddress():
            return _update_address(world, action)
        case CreateReturn():
            return _create_return(world, action, ctx)
        case CancelSubscription():
            return _cancel_subscription(world, action)
        case OfferRetention():
            return _offer_retention(world, action, ctx)
        case ApplyCredit():
            return _apply_credit(world, action, ctx)
        case SendPasswordReset():
            return _password_reset(world, ctx)
        case _:
            assert_never(action)


def record_refund(world: World, target: str | None, amount: Decimal, method: RefundMethod) -> World:
    """The world after a refund the env accepted (store credit also raises the balance)."""
    update: dict[str, object] = {
        "refunds": (*world.refunds, RefundRecord(target=target, amount=amount, method=method))
    }
    if method is RefundMethod.STORE_CREDIT:
        update["credit_balance"] = world.credit_balance + amount
    return world.model_copy(update=update)


def verification_gate(world: World, action_type: str, policy: Policy) -> bool:
    """Whether ``action_type`` may go ahead: verified caller, or no verification needed."""
    return world.security.verified or not verification_required(policy, action_type)


def replay(scenario: Scenario, actions: Sequence[Action] | None = None) -> tuple[World, list[str]]:
    """The world after ``actions`` (default: the gold solution) on a fresh world: pure
    transitions, no customer. Returns the world and the problems met (a rejected tool or
    refund, with its index), which for the gold are an author's mistake."""
    from sim.actions import IssueRefund

    world = World.from_account(scenario.customer)
    problems: list[str] = []
    steps = scenario.reference_solution if actions is None else actions
    for i, action in enumerate(steps):
        ctx = context_for(scenario, i + 1)
        if not verification_gate(world, action.type, ctx.policy):
            problems.append(f"{i}: {action.type} before the caller is verified")
            continue
        if isinstance(action, IssueRefund):
            world = record_refund(world, action.target, action.amount, action.method)
        elif isinstance(action, Tool):
            done = apply_tool(world, action, ctx)
            if not done.valid:
                problems.append(f"{i}: {done.feedback}")
            world = done.world
    return world, problems

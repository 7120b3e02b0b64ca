"""The policy engine: pure functions that answer "what is owed / allowed / required here".

The one place rules are derived from policy data (:mod:`sim.policy`): the env, the grader,
``supportsim validate`` and the scripted agent ask it instead of re-deriving rules.
"""

from __future__ import annotations

import datetime as dt
from decimal import ROUND_HALF_UP, Decimal

from pydantic import BaseModel, ConfigDict

from sim.money import format_money
from sim.policy import NonRefundable, RetentionOffer, WindowFrom
from sim.scenario import Policy, Resolution, Scenario
from sim.world import Charge, Order, OrderStatus, RefundMethod, SubscriptionStatus, Tier, World

__all__ = [
    "Decision",
    "Implied",
    "address_change_allowed",
    "cancel_order_allowed",
    "credit_allowed",
    "implied_expectations",
    "policy_in_force",
    "refund_method_allowed",
    "refund_owed",
    "retention_offers",
    "return_allowed",
    "team_for",
    "verification_required",
]

_CENT = Decimal("0.01")
_HUNDRED = Decimal("100")


class Decision(BaseModel):
    """An answer with its reason: whether something is allowed, and an amount where one
    applies (what is owed, what may be credited)."""

    model_config = ConfigDict(frozen=True)

    allowed: bool
    amount: Decimal = Decimal("0.00")
    reason: str


class Implied(BaseModel):
    """What a scenario's policy implies about its expected outcome (``None``: no opinion)."""

    model_config = ConfigDict(frozen=True)

    resolution: Resolution | None = None
    refund_total: Decimal | None = None
    refund_target: str | None = None
    team: str | None = None
    must_offer: bool = False


def policy_in_force(scenario: Scenario, day: dt.date | None, step: int) -> Policy:
    """The policy in force on ``day`` at episode step ``step``: the base policy with every
    update whose date has come (``effective <= day``) and whose step has come
    (``at_step <= step``) applied in order; an update's sections replace the base's."""
    policy = scenario.policy
    for update in scenario.policy.updates:
        if update.effective is not None and (day is None or update.effective > day):
            continue
        if update.at_step is not None and step < update.at_step:
            continue
        sections = {
            name: value
            for name in ("refund", "retention", "credit", "identity")
            if (value := getattr(update, name)) is not None
        }
        policy = policy.model_copy(update=sections)
    return policy


def _window_percent(policy: Policy, start: dt.date, day: dt.date | None) -> tuple[Decimal, str]:
    """The percent owed ``day`` days after ``start`` by the schedule or the window."""
    refund = policy.refund
    days = 0 if day is None else (day - start).days
    if refund.schedule:
        for band in refund.schedule:
            if days <= band.up_to_days:
                return band.percent, f"{days} day(s) in: {band.percent}% by the schedule"
        return Decimal("0"), f"{days} day(s) in: past the schedule's last band"
    if refund.window_days is not None and days > refund.window_days:
        return Decimal("0"), f"{days} day(s) in: outside the {refund.window_days}-day window"
    return _HUNDRED, f"{days} day(s) in: within the window"


def _window_start(policy: Policy, item: Order | Charge) -> dt.date:
    if (
        isinstance(item, Order)
        and policy.refund.window_from is WindowFrom.DELIVERY
        and item.delivered is not None
    ):
        return item.delivered
    return item.date


def refund_owed(
    policy: Policy,
    world: World,
    target: str,
    day: dt.date | None,
    tier: Tier | None = None,
) -> Decision:
    """What is still owed for an order or charge on ``day``: the paid amount times the
    window's (or schedule's) percent times the tier's percent, less what the world's ledger
    already refunded for it; nothing when a non-refundable condition holds."""
    item: Order | Charge | None = world.order(target) or next(
        (c for c in world.charges if c.id == target), None
    )
    if item is None:
        return Decision(allowed=False, reason=f"no order or charge {target!r}")
    excluded = policy.refund.non_refundable
    if isinstance(item, Order):
        if NonRefundable.USED in excluded and item.used:
            return Decision(allowed=False, reason="the item was used: not refundable")
        if NonRefundable.FINAL_SALE in excluded and item.final_sale:
            return Decision(allowed=False, reason="a final-sale item: not refundable")
    elif NonRefundable.CONSUMED_PERIOD in excluded and (day is None or item.date <= day):
        return Decision(allowed=False, reason="the charged period has started: not refundable")
    percent, why = _window_percent(policy, _window_start(policy, item), day)
    if tier is not None and tier in policy.refund.percent_by_tier:
        tier_percent = policy.refund.percent_by_tier[tier]
        percent = percent * tier_percent / _HUNDRED
        why += f"; {tier_percent}% for the {tier.value} tier"
    owed = (item.amount * percent / _HUNDRED).quantize(_CENT, rounding=ROUND_HALF_UP)
    done = sum((r.amount for r in world.refunds if r.target == target), Decimal("0.00"))
    left = max(Decimal("0.00"), owed - done)
    return Decision(allowed=left > 0, amount=left, reason=f"{format_money(left)} owed ({why})")


def refund_method_allowed(policy: Policy, method: RefundMethod) -> bool:
    return method in policy.refund.methods


def retention_offers(policy: Policy, tier: Tier) -> list[RetentionOffer]:
    """The retention offers the policy allows for ``tier`` (an offer without tiers: all)."""
    return [o for o in policy.retention.offers if not o.tiers or tier in o.tiers]


def credit_allowed(policy: Policy, world: World, amount: Decimal) -> Decision:
    """Whether ``amount`` of credit may be applied now, within the per-action and total
    limits (the total counts the credit the world's ledger already holds)."""
    limits = policy.credit
    if amount <= 0:
        return Decision(allowed=False, reason="the amount must be greater than 0")
    if limits.limit_per_action is not None and amount > limits.limit_per_action:
        return Decision(
            allowed=False,
            amount=limits.limit_per_action,
            reason=f"over the {format_money(limits.limit_per_action)} limit per credit",
        )
    if limits.limit_total is not None and world.credits_total + amount > limits.limit_total:
        room = max(Decimal("0.00"), limits.limit_total - world.credits_total)
        return Decision(
            allowed=False,
            amount=room,
            reason=f"over the {format_money(limits.limit_total)} total credit limit "
            f"({format_money(room)} left)",
        )
    return Decision(allowed=True, amount=amount, reason="within the credit limits")


def verification_required(policy: Policy, tool: str) -> bool:
    """Whether ``tool`` needs a verified caller first."""
    return tool in policy.identity.required_for


def cancel_order_allowed(order: Order) -> Decision:
    """An order can be cancelled while it is processing (not once shipped)."""
    if order.status is OrderStatus.PROCESSING:
        return Decision(allowed=True, reason="not shipped yet")
    return Decision(allowed=False, reason=f"the order is {order.status.value}")


def address_change_allowed(order: Order) -> Decision:
    """An order's address can change while it is processing (not once shipped)."""
    if order.status is OrderStatus.PROCESSING:
        return Decision(allowed=True, reason="not shipped yet")
    return Decision(allowed=False, reason=f"the order is {order.status.value}")


def return_allowed(policy: Policy, order: Order, day: dt.date | None) -> Decision:
    """A return can be created for a delivered order within the refund window."""
    if order.status is not OrderStatus.DELIVERED:
        return Decision(allowed=False, reason=f"the order is {order.status.value}")
    percent, why = _window_percent(policy, _window_start(policy, order), day)
    if percent <= 0:
        return Decision(allowed=False, reason=why)
    return Decision(allowed=True, reason=why)


def team_for(policy: Policy, topic: str | None) -> str | None:
    """The team that handles ``topic`` by the policy's routing, if any."""
    return None if topic is None else policy.routing.get(topic)


def implied_expectations(scenario: Scenario) -> Implied:
    """What the scenario's policy (in force on the ticket's date) implies: the refund owed
    for the expected target, the resolution that follows, the team for the ticket's topic,
    and whether a retention offer must be made."""
    day = scenario.ticket.opened
    policy = policy_in_force(scenario, day, 0)
    world = World.from_account(scenario.customer)
    tier = scenario.customer.tier
    target = scenario.expectations.refund_target
    total: Decimal | None = None
    resolution: Resolution | None = None
    if target is not None:
        total = refund_owed(policy, world, target, day, tier).amount
        if total > policy.refund.agent_limit:
            resolution = Resolution.ESCALATED
        elif total == 0:
            resolution = Resolution.DECLINED
        else:
            resolution = Resolution.RESOLVED
    active = any(s.status is SubscriptionStatus.ACTIVE for s in world.subscriptions)
    must_offer = policy.retention.must_offer and active and bool(retention_offers(policy, tier))
    return Implied(
        resolution=resolution,
        refund_total=total,
        refund_target=target,
        team=team_for(policy, scenario.ticket.topic),
        must_offer=must_offer,
    )

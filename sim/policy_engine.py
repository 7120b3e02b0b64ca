"""The policy engine: pure functions that answer "what is owed / allowed / required here".

The one place rules are derived from policy data (:mod:`sim.policy`): the env, the rule
grader, the gold checks, ``supportsim validate`` and the scripted agent ask it instead of
re-deriving rules. Every function is pure (no I/O, no clock): the day is the ticket's
``opened`` date and the step is the episode step of the action being judged.

Versions. A scenario's policy is its base policy plus ``policy.updates``, applied in list
order: an update is in force when its date has come (``effective <= day``) and its step has
come (``at_step <= step``); each section it gives (refund, retention, credit, identity)
replaces the base's section whole. An update with ``at_step: N`` is in force for the N-th
action of the episode and every later one, and its ``notice`` is announced in the feedback of
step N (:func:`notices_at`) and in every later observation (:func:`notices_until`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Iterable, Sequence
from decimal import ROUND_HALF_UP, Decimal

from pydantic import BaseModel, ConfigDict, Field

from sim.actions import CloseTicket, Escalate, IssueRefund
from sim.money import format_money
from sim.policy import (
    NonRefundable,
    PolicyUpdate,
    RefundAbuse,
    RetentionOffer,
    WindowFrom,
    WrongMethod,
)
from sim.scenario import Policy, Resolution, Scenario
from sim.world import (
    Charge,
    Order,
    OrderStatus,
    PastRefund,
    RefundMethod,
    Subscription,
    SubscriptionStatus,
    Tier,
    World,
)

__all__ = [
    "Decision",
    "Implied",
    "add_business_days",
    "address_change_allowed",
    "agent_may_refund",
    "articles_missing",
    "business_days_between",
    "cancel_order_allowed",
    "charged_after_cancellation",
    "credit_allowed",
    "days_into_window",
    "decision_step",
    "facts_missing",
    "implied_expectations",
    "is_duplicate_charge",
    "method_violation",
    "non_refundable_reason",
    "notices_at",
    "notices_until",
    "offer_required",
    "over_agent_limit",
    "parcel_lost",
    "policy_at",
    "policy_in_force",
    "recent_refunds",
    "refund_method_allowed",
    "refund_owed",
    "refund_problems",
    "retention_offers",
    "return_allowed",
    "team_for",
    "updates_in_force",
    "verification_required",
    "window_percent",
    "window_start",
]

_CENT = Decimal("0.01")
_HUNDRED = Decimal("100")
_SECTIONS = ("refund", "retention", "credit", "identity")


class Decision(BaseModel):
    """An answer with its reason: whether something is allowed, and an amount where one
    applies (what is owed, what may be credited)."""

    model_config = ConfigDict(frozen=True)

    allowed: bool
    amount: Decimal = Decimal("0.00")
    reason: str
    not_yet: bool = False
    """Nothing is owed *yet*: it will be on a later day (a parcel in transit the window still
    covers that does not count as lost, :func:`parcel_lost`)."""


class Implied(BaseModel):
    """What a scenario's policy implies about its expected outcome (``None``: no opinion),
    with the reason for each opinion in ``because`` (keyed by the field name)."""

    model_config = ConfigDict(frozen=True)

    resolution: Resolution | None = None
    refund_total: Decimal | None = None
    refund_target: str | None = None
    team: str | None = None
    must_offer: bool = False
    because: dict[str, str] = Field(default_factory=dict)


# -- versions -------------------------------------------------------------------------------


def updates_in_force(scenario: Scenario, day: dt.date | None, step: int) -> list[PolicyUpdate]:
    """The updates in force on ``day`` at step ``step``, in list order. A dated update never
    applies to a ticket without a date (``day is None``)."""
    if not scenario.policy.updates:
        return []
    return [
        u
        for u in scenario.policy.updates
        if (u.effective is None or (day is not None and u.effective <= day))
        and (u.at_step is None or u.at_step <= step)
    ]


def policy_in_force(scenario: Scenario, day: dt.date | None, step: int) -> Policy:
    """The policy in force on ``day`` at episode step ``step``: the base policy with every
    update in force applied in order (a given section replaces the base's section whole)."""
    policy = scenario.policy
    if not policy.updates:
        return policy
    for update in updates_in_force(scenario, day, step):
        sections = {n: v for n in _SECTIONS if (v := getattr(update, n)) is not None}
        policy = policy.model_copy(update=sections)
    return policy


def policy_at(scenario: Scenario, step: int) -> Policy:
    """The policy in force at ``step`` of an episode of ``scenario`` (on the ticket's day)."""
    return policy_in_force(scenario, scenario.ticket.opened, step)


def notices_at(scenario: Scenario, step: int) -> list[str]:
    """The notices of the updates that take effect exactly at ``step`` (announced in that
    step's feedback)."""
    day = scenario.ticket.opened
    return [u.notice for u in updates_in_force(scenario, day, step) if u.at_step == step]


def notices_until(scenario: Scenario, step: int) -> list[str]:
    """The notices of every mid-episode update that has arrived by ``step`` (shown in the
    observation from then on)."""
    day = scenario.ticket.opened
    return [u.notice for u in updates_in_force(scenario, day, step) if u.at_step is not None]


# -- refunds --------------------------------------------------------------------------------


def window_start(policy: Policy, item: Order | Charge) -> dt.date:
    """The day a refund window counts from: the purchase (charge) date, or the delivery date
    when the policy counts from delivery and the order was delivered."""
    if (
        isinstance(item, Order)
        and policy.refund.window_from is WindowFrom.DELIVERY
        and item.delivered is not None
    ):
        return item.delivered
    return item.date


def days_into_window(policy: Policy, item: Order | Charge, day: dt.date | None) -> int:
    """Days from the window's start to ``day`` (0 on the start day; a ticket without a date
    is on day 0)."""
    return 0 if day is None else (day - window_start(policy, item)).days


def window_percent(policy: Policy, days: int) -> tuple[Decimal, str]:
    """The percent owed ``days`` days into the window, with why.

    A schedule wins: the first band with ``days <= up_to_days`` gives the percent, past the
    last band nothing is owed. Otherwise a ``window_days`` window owes 100% up to and
    including its last day and 0% after; no window owes 100%."""
    refund = policy.refund
    if refund.schedule:
        for band in refund.schedule:
            if days <= band.up_to_days:
                return band.percent, (
                    f"day {days}: {band.percent}% in the schedule's band up to day "
                    f"{band.up_to_days}"
                )
        last = refund.schedule[-1].up_to_days
        return Decimal("0"), f"day {days}: past the schedule's last band (day {last})"
    if refund.window_days is not None and days > refund.window_days:
        return Decimal("0"), f"day {days}: outside the {refund.window_days}-day window"
    if refund.window_days is None:
        return _HUNDRED, "no refund window"
    return _HUNDRED, f"day {days} of the {refund.window_days}-day window"


def is_duplicate_charge(world: World, charge: Charge) -> bool:
    """Whether an earlier charge in the world is identical (same date, amount and
    description): a duplicate pays for no period of its own."""
    for other in world.charges:
        if other.id == charge.id:
            return False
        if (other.date, other.amount, other.description) == (
            charge.date,
            charge.amount,
            charge.description,
        ):
            return True
    return False


def non_refundable_reason(
    policy: Policy, world: World, item: Order | Charge, day: dt.date | None
) -> str | None:
    """Why nothing is owed for ``item`` under the policy's non-refundable conditions, or
    ``None`` when none holds.

    - ``used``: an order whose item was used (``Order.used``).
    - ``final_sale``: an order sold as final sale (``Order.final_sale``).
    - ``consumed_period``: a charge whose period is consumed. A charge pays for the period
      that starts on its date; that period is consumed (under way or over) once the
      ticket's day has reached the charge's date (a ticket without a date: on the charge's
      date). A charge dated after the ticket's day (billed in advance) is not consumed, and
      neither is a duplicate charge (:func:`is_duplicate_charge`), which pays for no period.
      Orders are never consumed periods.
    """
    excluded = policy.refund.non_refundable
    if isinstance(item, Order):
        if NonRefundable.USED in excluded and item.used:
            return "the item was used (policy.refund.non_refundable: used)"
        if NonRefundable.FINAL_SALE in excluded and item.final_sale:
            return "a final-sale item (policy.refund.non_refundable: final_sale)"
        return None
    if NonRefundable.CONSUMED_PERIOD not in excluded or is_duplicate_charge(world, item):
        return None
    if day is None or item.date <= day:
        return (
            f"the period charged on {item.date} has started "
            "(policy.refund.non_refundable: consumed_period)"
        )
    return None


# -- tracking, refund history, cancellations -----------------------------------------------


def business_days_between(start: dt.date, end: dt.date) -> int:
    """The business days (Monday to Friday; no holidays) after ``start`` up to and including
    ``end``: 0 when ``end`` is not after ``start``. A scan on a Friday and a ticket on the
    next Monday are 1 business day apart."""
    weeks, rest = divmod(max(0, (end - start).days), 7)
    first = start.weekday() + 1
    return weeks * 5 + sum(1 for d in range(first, first + rest) if d % 7 < 5)


def add_business_days(start: dt.date, count: int) -> dt.date:
    """The ``count``-th business day after ``start`` (``start`` itself for 0): the first day
    ``business_days_between(start, day)`` reaches ``count``."""
    day = start
    while count > 0:
        day += dt.timedelta(days=1)
        if day.weekday() < 5:
            count -= 1
    return day


def parcel_lost(policy: Policy, order: Order, day: dt.date | None) -> Decision | None:
    """Whether a parcel in transit counts as lost on ``day`` (``allowed``: it does, so a
    refund or reshipment is due), or ``None`` when the rule does not apply (the order is not
    ``shipped`` or has no ``last_scan``).

    A parcel counts as lost once ``policy.refund.lost_after_business_days`` business days
    (:func:`business_days_between`) have passed since its last scan, that day included; a
    ticket without a date is on the scan's day (not lost)."""
    if order.status is not OrderStatus.SHIPPED or order.last_scan is None:
        return None
    need = policy.refund.lost_after_business_days
    since = 0 if day is None else business_days_between(order.last_scan, day)
    lost_on = add_business_days(order.last_scan, need)
    if since >= need:
        return Decision(
            allowed=True,
            reason=f"no tracking movement for {since} business days since {order.last_scan} "
            f"(lost after {need}): the parcel counts as lost",
        )
    return Decision(
        allowed=False,
        reason=f"no tracking movement for {since} business days since {order.last_scan}; the "
        f"parcel counts as lost after {need}, on {lost_on}",
    )


def recent_refunds(rule: RefundAbuse, refunds: Iterable[PastRefund], day: dt.date | None) -> int:
    """How many of ``refunds`` are dated within the ``rule.days`` days before ``day``: from
    ``day - rule.days`` to ``day`` inclusive (none for a ticket without a date)."""
    if day is None:
        return 0
    return sum(1 for r in refunds if 0 <= (day - r.date).days <= rule.days)


def agent_may_refund(
    policy: Policy, refunds: Sequence[PastRefund], day: dt.date | None
) -> Decision:
    """Whether the account's refund history (``customer.history.refunds``) lets the agent
    refund on ``day``: not when ``policy.refund.abuse`` flags the account (at least
    ``count`` refunds in its ``days``-day window, :func:`recent_refunds`); a flagged
    account's refund request is escalated for review. No rule: always allowed."""
    rule = policy.refund.abuse
    if rule is None:
        return Decision(allowed=True, reason="no refund-abuse rule")
    count = recent_refunds(rule, refunds, day)
    window = f"{count} earlier refunds in the {rule.days} days before {day}"
    if count >= rule.count:
        return Decision(
            allowed=False,
            reason=f"refund-abuse flag: {window} (flagged from {rule.count}): the agent "
            "refunds nothing, a specialist team reviews the request",
        )
    return Decision(allowed=True, reason=f"{window} (flagged from {rule.count})")


def charged_after_cancellation(world: World, charge: Charge) -> Subscription | None:
    """The cancelled subscription ``charge`` renews, when the charge is dated after the day
    it was cancelled (``Subscription.cancelled_on``): a wrong charge, owed back in full. A
    charge on the cancellation day or before it is not (its period had started before the
    cancellation); ``None`` also when the charge names no subscription with a cancellation
    day."""
    if charge.subscription_id is None:
        return None
    sub = world.subscription(charge.subscription_id)
    if sub is None or sub.cancelled_on is None or charge.date <= sub.cancelled_on:
        return None
    return sub


def _item(world: World, target: str) -> Order | Charge | None:
    return world.order(target) or next((c for c in world.charges if c.id == target), None)


def _percent_owed(
    policy: Policy, item: Order | Charge, day: dt.date | None, tier: Tier | None
) -> tuple[Decimal, str]:
    """The window's (or schedule's) percent times the tier's, with why."""
    percent, why = window_percent(policy, days_into_window(policy, item, day))
    if policy.refund.schedule or policy.refund.window_days is not None:
        start = "delivery" if window_start(policy, item) != item.date else "purchase"
        why = f"{why} from {start}"
    if tier is not None and tier in policy.refund.percent_by_tier:
        tier_percent = policy.refund.percent_by_tier[tier]
        percent = percent * tier_percent / _HUNDRED
        why += f"; {tier_percent}% for the {tier.value} tier"
    return percent, why


def refund_owed(
    policy: Policy,
    world: World,
    target: str,
    day: dt.date | None,
    tier: Tier | None = None,
) -> Decision:
    """What is still owed for an order or charge on ``day``.

    A charge taken after its subscription was cancelled (:func:`charged_after_cancellation`)
    is owed in full (no window, tier or non-refundable condition applies to a wrong charge).
    Otherwise nothing when a non-refundable condition holds; else the paid amount times the
    window's (or schedule's) percent times the tier's percent (``percent_by_tier``; a tier
    not listed: 100%), but nothing yet for a parcel in transit the window still covers that
    does not count as lost (:func:`parcel_lost`). Rounded half up to the cent, less what the
    world's refund ledger already refunded to that target (never below 0). ``allowed``:
    something is owed."""
    item = _item(world, target)
    if item is None:
        return Decision(allowed=False, reason=f"no order or charge {target!r}")
    wrong = charged_after_cancellation(world, item) if isinstance(item, Charge) else None
    if wrong is not None:
        percent = _HUNDRED
        why = f"charged on {item.date}, after {wrong.id} was cancelled on {wrong.cancelled_on}"
    else:
        excluded = non_refundable_reason(policy, world, item, day)
        if excluded is not None:
            return Decision(allowed=False, reason=f"nothing owed for {target}: {excluded}")
        percent, why = _percent_owed(policy, item, day, tier)
        lost = parcel_lost(policy, item, day) if isinstance(item, Order) and percent else None
        if lost is not None and not lost.allowed:
            return Decision(
                allowed=False, reason=f"nothing owed for {target} yet: {lost.reason}", not_yet=True
            )
    owed = (item.amount * percent / _HUNDRED).quantize(_CENT, rounding=ROUND_HALF_UP)
    done = sum((r.amount for r in world.refunds if r.target == target), Decimal("0.00"))
    left = max(Decimal("0.00"), owed - done)
    if done:
        why += f"; {format_money(done)} already refunded"
    return Decision(
        allowed=left > 0,
        amount=left,
        reason=f"{format_money(left)} owed for {target} of {format_money(item.amount)} paid "
        f"({why})",
    )


def over_agent_limit(policy: Policy, amount: Decimal) -> bool:
    """Whether a single refund of ``amount`` is above the agent's limit (equal is within)."""
    return amount > policy.refund.agent_limit


def refund_method_allowed(policy: Policy, method: RefundMethod) -> bool:
    """Whether the policy allows refunds to ``method``."""
    return method in policy.refund.methods


def method_violation(policy: Policy, method: RefundMethod) -> WrongMethod | None:
    """``None`` when ``method`` is allowed; else what a refund to it is (refused or wrong)."""
    return None if refund_method_allowed(policy, method) else policy.refund.other_method


def articles_missing(policy: Policy, retrieved: Collection[str]) -> list[str]:
    """The articles the refund policy requires that have not been retrieved."""
    return [a for a in policy.refund.required_articles if a not in retrieved]


def facts_missing(policy: Policy, revealed: Collection[str]) -> list[str]:
    """The customer facts the refund policy verifies that the customer has not told yet."""
    return [f for f in policy.refund.verify_facts if f not in revealed]


def refund_problems(
    policy: Policy,
    world: World,
    target: str | None,
    amount: Decimal,
    method: RefundMethod,
    day: dt.date | None,
    tier: Tier | None = None,
) -> list[str]:
    """Why a refund of ``amount`` to ``target`` breaks the policy (empty: it does not): above
    the agent's limit, to a method the policy does not allow, more than is owed for the
    target. A refund without a target is judged on the limit and the method only."""
    problems = []
    if over_agent_limit(policy, amount):
        limit = format_money(policy.refund.agent_limit)
        problems.append(f"{format_money(amount)} is above the agent's {limit} limit")
    if not refund_method_allowed(policy, method):
        allowed = ", ".join(m.value for m in policy.refund.methods)
        problems.append(f"refunds as {method.value} are not allowed (allowed: {allowed})")
    if target is not None:
        owed = refund_owed(policy, world, target, day, tier)
        if amount > owed.amount:
            problems.append(f"more than is owed: {owed.reason}")
    return problems


# -- retention, credit, identity, orders, routing -------------------------------------------


def retention_offers(policy: Policy, tier: Tier) -> list[RetentionOffer]:
    """The retention offers the policy allows for ``tier`` (an offer without tiers: all)."""
    return [o for o in policy.retention.offers if not o.tiers or tier in o.tiers]


def offer_required(policy: Policy, world: World, tier: Tier, subscription_id: str) -> bool:
    """Whether a retention offer must still be made before cancelling the subscription:
    ``must_offer`` is set, an offer exists for the tier, the subscription is active and no
    offer was made for it yet (the offer is made once; a cancellation never waits longer)."""
    sub = world.subscription(subscription_id)
    return (
        policy.retention.must_offer
        and bool(retention_offers(policy, tier))
        and sub is not None
        and sub.status is SubscriptionStatus.ACTIVE
        and not any(r.subscription_id == subscription_id for r in world.retention_offers)
    )


def credit_allowed(policy: Policy, world: World, amount: Decimal) -> Decision:
    """Whether ``amount`` of credit may be applied now, within the per-action and total
    limits (equal to a limit is within; the total counts the credit the world's ledger
    already holds). A refused decision's ``amount`` is the most that could be applied."""
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
    """Whether ``tool`` (an action name) needs a verified caller first."""
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
    """A return can be created for a delivered order while the refund window (or schedule)
    still owes something for it; the non-refundable conditions do not stop a return."""
    if order.status is not OrderStatus.DELIVERED:
        return Decision(allowed=False, reason=f"the order is {order.status.value}")
    percent, why = window_percent(policy, days_into_window(policy, order, day))
    return Decision(allowed=percent > 0, reason=why)


def team_for(policy: Policy, topic: str | None) -> str | None:
    """The team that handles ``topic`` by the policy's routing, if any."""
    return None if topic is None else policy.routing.get(topic)


# -- what a scenario's policy implies ---------------------------------------------------------


def decision_step(scenario: Scenario, target: str | None = None) -> int:
    """The step at which the gold decides: its first refund to ``target``, else its
    escalation or close, else its last action (steps count from 1)."""
    gold = scenario.reference_solution
    for i, action in enumerate(gold):
        if isinstance(action, IssueRefund) and target is not None and action.target == target:
            return i + 1
    ends = (i + 1 for i, a in enumerate(gold) if isinstance(a, Escalate | CloseTicket))
    return next(ends, len(gold))


def _subscriptions_active(world: World) -> Iterable[str]:
    return (s.id for s in world.subscriptions if s.status is SubscriptionStatus.ACTIVE)


def implied_expectations(scenario: Scenario) -> Implied:
    """What the scenario's policy implies, under the version in force on the ticket's date
    at the gold's decision step (:func:`decision_step`).

    With a refund target: an account the refund-abuse rule flags (:func:`agent_may_refund`)
    -> ``escalated`` with no refund; nothing owed -> ``declined`` with no refund; owed above the
    agent's limit -> ``escalated`` with no refund by the agent (a human refunds); otherwise
    ``resolved`` with the owed amount. ``policy.escalation.always`` -> ``escalated`` (and no
    opinion on a refund within the limit: the agent or the human may make it). The
    team is the routing's team for the ticket's topic; ``must_offer`` whether a retention
    offer must precede cancelling an active subscription."""
    target = scenario.expectations.refund_target
    day = scenario.ticket.opened
    policy = policy_at(scenario, decision_step(scenario, target))
    world = World.from_account(scenario.customer)
    tier = scenario.customer.tier
    because: dict[str, str] = {}
    resolution: Resolution | None = None
    total: Decimal | None = None
    if target is not None:
        owed = refund_owed(policy, world, target, day, tier)
        history = agent_may_refund(policy, scenario.customer.history.refunds, day)
        if not history.allowed:
            resolution, total = Resolution.ESCALATED, Decimal("0.00")
            owed = owed.model_copy(update={"reason": f"{owed.reason}; {history.reason}"})
        elif owed.amount == 0:
            resolution, total = Resolution.DECLINED, Decimal("0.00")
        elif over_agent_limit(policy, owed.amount):
            resolution, total = Resolution.ESCALATED, Decimal("0.00")
            owed = owed.model_copy(
                update={
                    "reason": f"{owed.reason}; above the agent's "
                    f"{format_money(policy.refund.agent_limit)} limit: a human refunds it"
                }
            )
        else:
            resolution, total = Resolution.RESOLVED, owed.amount
        because["resolution"] = because["refund_total"] = owed.reason
    if policy.escalation.always:
        if resolution is Resolution.RESOLVED:
            # The agent may refund what it owes before handing over, or leave it to the human.
            total = None
            del because["refund_total"]
        resolution = Resolution.ESCALATED
        because["resolution"] = "policy.escalation.always: every ticket goes to a human"
    team = team_for(policy, scenario.ticket.topic)
    if team is not None:
        because["team"] = f"policy.routing sends topic {scenario.ticket.topic!r} to {team}"
    must_offer = any(offer_required(policy, world, tier, s) for s in _subscriptions_active(world))
    if must_offer:
        offers = ", ".join(o.id for o in retention_offers(policy, tier))
        because["must_offer"] = f"policy.retention.must_offer with offers for the tier: {offers}"
    return Implied(
        resolution=resolution,
        refund_total=total,
        refund_target=target,
        team=team,
        must_offer=must_offer,
        because=because,
    )

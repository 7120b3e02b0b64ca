"""Difficulty points for a scenario that sits close to one of the engine's date thresholds.

An agent that gets a rule roughly right still fails near its edge: a parcel one business
day short of (or just past) the lost-parcel threshold, where a weekend decides; a refund
history with a refund a few days inside or outside the abuse window; a charge on, or the day
next to, the subscription's cancellation day. The engine's own functions say where the edge
is (:mod:`sim.policy_engine`); this module only measures the distance to it.
"""

from __future__ import annotations

from sim.policy_engine import business_days_between, policy_at
from sim.scenario import Scenario
from sim.world import OrderStatus

__all__ = ["NEAR_POINTS", "near_threshold", "near_threshold_points"]

NEAR_POINTS = 2
"""Points a scenario close to a threshold adds to its difficulty score."""
_BUSINESS_DAYS = 1
"""A parcel this many business days (or fewer) from the lost-parcel threshold is close."""
_WINDOW_DAYS = 3
"""An earlier refund this many days (or fewer) from the abuse window's edge is close."""
_CANCEL_DAYS = 1
"""A charge this many days (or fewer) from the cancellation day is close."""


def near_threshold(scenario: Scenario) -> list[str]:
    """Which thresholds the scenario's refund target (or account) is close to (empty: none)."""
    day = scenario.ticket.opened
    target = scenario.expectations.refund_target
    if day is None or target is None:
        return []
    acct = scenario.customer
    policy = policy_at(scenario, 1)
    near = []
    for order in acct.orders:
        if order.id == target and order.status is OrderStatus.SHIPPED and order.last_scan:
            since = business_days_between(order.last_scan, day)
            if abs(since - policy.refund.lost_after_business_days) <= _BUSINESS_DAYS:
                near.append("lost_parcel")
    rule = policy.refund.abuse
    if rule is not None and any(
        abs((day - r.date).days - rule.days) <= _WINDOW_DAYS for r in acct.history.refunds
    ):
        near.append("abuse_window")
    cancelled = {s.id: s.cancelled_on for s in acct.subscriptions if s.cancelled_on}
    for charge in acct.charges:
        on = cancelled.get(charge.subscription_id or "")
        if charge.id == target and on is not None and abs((charge.date - on).days) <= _CANCEL_DAYS:
            near.append("cancellation_day")
    return near


def near_threshold_points(scenario: Scenario) -> int:
    """:data:`NEAR_POINTS` when the scenario is close to a threshold, else 0."""
    return NEAR_POINTS if near_threshold(scenario) else 0

"""The policy engine's first semantics (the ``policy`` branch extends them)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from sim.loader import get_scenario
from sim.policy import NonRefundable, PolicyUpdate, RefundBand, RefundPolicy, WindowFrom
from sim.policy_engine import (
    address_change_allowed,
    cancel_order_allowed,
    credit_allowed,
    implied_expectations,
    policy_in_force,
    refund_owed,
    retention_offers,
    team_for,
    verification_required,
)
from sim.scenario import Policy, Resolution
from sim.world import CreditRecord, Order, OrderStatus, RefundRecord, Tier, World
from tests.sim.world_helpers import world_scenario

_ORDER = Order(
    id="O1",
    item="lamp",
    amount=Decimal("100.00"),
    date=dt.date(2026, 11, 1),
    delivered=dt.date(2026, 11, 10),
)


def _policy(**refund: object) -> Policy:
    return Policy(refund=RefundPolicy.model_validate(refund))


def test_refund_window_counts_from_purchase_or_delivery() -> None:
    world = World(orders=(_ORDER,))
    day = dt.date(2026, 12, 5)  # 34 days from purchase, 25 from delivery
    assert refund_owed(_policy(window_days=30), world, "O1", day).amount == 0
    from_delivery = _policy(window_days=30, window_from=WindowFrom.DELIVERY)
    assert refund_owed(from_delivery, world, "O1", day).amount == Decimal("100.00")


def test_schedule_tier_percent_and_earlier_refunds() -> None:
    bands = [
        RefundBand(up_to_days=14, percent=Decimal(100)),
        RefundBand(up_to_days=30, percent=Decimal(50)),
    ]
    policy = _policy(schedule=bands, percent_by_tier={Tier.FREE: Decimal(50)})
    world = World(orders=(_ORDER,))
    day = dt.date(2026, 11, 20)
    assert refund_owed(policy, world, "O1", day).amount == Decimal("50.00")
    assert refund_owed(policy, world, "O1", day, Tier.FREE).amount == Decimal("25.00")
    assert refund_owed(policy, world, "O1", dt.date(2026, 12, 20)).amount == 0
    paid = world.model_copy(
        update={"refunds": (RefundRecord(target="O1", amount=Decimal("20.00")),)}
    )
    assert refund_owed(policy, paid, "O1", day).amount == Decimal("30.00")
    assert not refund_owed(policy, world, "NOPE", day).allowed


def test_non_refundable_conditions() -> None:
    used = World(orders=(_ORDER.model_copy(update={"used": True}),))
    day = dt.date(2026, 11, 5)
    assert refund_owed(_policy(), used, "O1", day).amount == Decimal("100.00")
    strict = _policy(non_refundable=[NonRefundable.USED])
    decision = refund_owed(strict, used, "O1", day)
    assert decision.amount == 0 and "used" in decision.reason


def test_credit_limits_per_action_and_in_total() -> None:
    policy = Policy.model_validate(
        {"credit": {"limit_per_action": "20.00", "limit_total": "30.00"}}
    )
    world = World()
    assert credit_allowed(policy, world, Decimal("20.00")).allowed
    assert not credit_allowed(policy, world, Decimal("20.01")).allowed
    spent = World(credits=(CreditRecord(amount=Decimal("20.00")),))
    assert credit_allowed(policy, spent, Decimal("10.00")).allowed
    assert not credit_allowed(policy, spent, Decimal("10.01")).allowed
    assert not credit_allowed(Policy(), world, Decimal("0")).allowed


def test_orders_change_only_before_shipping() -> None:
    processing = _ORDER.model_copy(update={"status": OrderStatus.PROCESSING})
    shipped = _ORDER.model_copy(update={"status": OrderStatus.SHIPPED})
    assert cancel_order_allowed(processing).allowed
    assert not cancel_order_allowed(shipped).allowed
    assert address_change_allowed(processing).allowed
    assert not address_change_allowed(shipped).allowed


def test_retention_offers_by_tier_and_verification_and_routing() -> None:
    sc = world_scenario("world-cancel-subscription")
    assert [o.id for o in retention_offers(sc.policy, Tier.PREMIUM)] == ["half-off-3"]
    assert [o.id for o in retention_offers(sc.policy, Tier.STANDARD)] == ["one-free-month"]
    assert retention_offers(sc.policy, Tier.FREE) == []
    order = world_scenario("world-cancel-order")
    assert verification_required(order.policy, "cancel_order")
    assert not verification_required(order.policy, "lookup_order")
    assert team_for(Policy(routing={"fraud": "security"}), "fraud") == "security"
    assert team_for(Policy(), "fraud") is None


def test_policy_updates_by_date_and_by_step() -> None:
    sc = get_scenario("medium-defective-product")
    updates = [
        PolicyUpdate(effective=dt.date(2026, 11, 1), refund=RefundPolicy(window_days=14)),
        PolicyUpdate(at_step=3, notice="new", refund=RefundPolicy(window_days=7)),
    ]
    dated = sc.model_copy(update={"policy": sc.policy.model_copy(update={"updates": updates})})
    assert policy_in_force(dated, dt.date(2026, 10, 1), 0).refund.window_days == 30
    assert policy_in_force(dated, dt.date(2026, 11, 2), 0).refund.window_days == 14
    assert policy_in_force(dated, dt.date(2026, 11, 2), 3).refund.window_days == 7


def test_implied_expectations_of_a_bundled_scenario() -> None:
    implied = implied_expectations(get_scenario("medium-defective-product"))
    assert implied.refund_total == Decimal("150.00")
    assert implied.resolution is Resolution.RESOLVED
    assert implied_expectations(world_scenario("world-cancel-subscription")).must_offer

"""The policy engine's tracking, refund-history and cancellation rules, at their boundaries:
a parcel lost after exactly N business days (weekends not counted), an account flagged by
refunds exactly ``days`` days back, a charge on the cancellation day (not a wrong charge)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from sim.loader import get_scenario
from sim.policy import NonRefundable, RefundAbuse, RefundPolicy
from sim.policy_engine import (
    add_business_days,
    agent_may_refund,
    business_days_between,
    charged_after_cancellation,
    implied_expectations,
    parcel_lost,
    recent_refunds,
    refund_owed,
    refund_problems,
)
from sim.scenario import Policy, Resolution, Scenario
from sim.world import (
    Charge,
    Order,
    OrderStatus,
    PastRefund,
    Period,
    RefundMethod,
    RefundRecord,
    Subscription,
    SubscriptionStatus,
    Tier,
    World,
)

D = Decimal
FRI = dt.date(2026, 11, 27)  # a Friday (the bundled tickets' day)
MON = dt.date(2026, 11, 23)
SAT = dt.date(2026, 11, 21)


def _day(n: int, start: dt.date = FRI) -> dt.date:
    return start + dt.timedelta(days=n)


def _policy(**refund: object) -> Policy:
    return Policy(refund=RefundPolicy.model_validate(refund))


def _brute(start: dt.date, end: dt.date) -> int:
    return sum(1 for n in range(1, (end - start).days + 1) if _day(n, start).weekday() < 5)


# -- business days -----------------------------------------------------------------------


def test_business_days_skip_weekends() -> None:
    assert business_days_between(FRI, FRI) == 0
    assert business_days_between(FRI, _day(-1)) == 0  # an end before the start
    assert business_days_between(FRI, _day(1)) == 0  # Saturday
    assert business_days_between(FRI, _day(2)) == 0  # Sunday
    assert business_days_between(FRI, _day(3)) == 1  # Monday
    assert business_days_between(MON, FRI) == 4
    assert business_days_between(MON, _day(7, MON)) == 5
    assert business_days_between(SAT, FRI) == 5  # a Saturday scan: Monday to Friday
    assert business_days_between(MON, _day(14, MON)) == 10


def test_business_days_match_a_day_by_day_count() -> None:
    for start in (_day(n) for n in range(7)):
        for span in range(0, 40):
            end = _day(span, start)
            assert business_days_between(start, end) == _brute(start, end), (start, span)


def test_add_business_days_is_the_first_day_the_count_is_reached() -> None:
    assert add_business_days(FRI, 0) == FRI
    assert add_business_days(FRI, 1) == _day(3)  # Friday + 1 -> Monday
    assert add_business_days(dt.date(2026, 11, 26), 5) == dt.date(2026, 12, 3)
    assert add_business_days(SAT, 5) == FRI
    for start in (_day(n) for n in range(7)):
        for count in range(1, 12):
            day = add_business_days(start, count)
            assert day.weekday() < 5
            assert business_days_between(start, day) == count
            assert business_days_between(start, day - dt.timedelta(days=1)) == count - 1


# -- lost parcels ------------------------------------------------------------------------


def _parcel(scan: dt.date | None, status: OrderStatus = OrderStatus.SHIPPED) -> Order:
    return Order(
        id="O1", item="lamp", amount=D("80.00"), date=dt.date(2026, 11, 2), status=status,
        last_scan=scan,
    )  # fmt: skip


def test_a_parcel_is_lost_after_exactly_five_business_days() -> None:
    policy = _policy()
    assert policy.refund.lost_after_business_days == 5
    lost = parcel_lost(policy, _parcel(_day(-7)), FRI)  # the Friday before: 5 business days
    assert lost is not None and lost.allowed
    assert lost.reason == (
        "no tracking movement for 5 business days since 2026-11-20 (lost after 5): the parcel "
        "counts as lost"
    )
    early = parcel_lost(policy, _parcel(MON), FRI)  # Monday: 4 business days
    assert early is not None and not early.allowed
    assert early.reason == (  # lost on Monday
        "no tracking movement for 4 business days since 2026-11-23; the parcel counts as lost "
        "after 5, on 2026-11-30"
    )


def test_a_weekend_does_not_count_towards_a_lost_parcel() -> None:
    policy = _policy()
    thursday, wednesday = dt.date(2026, 11, 19), dt.date(2026, 11, 25)
    six_days = parcel_lost(policy, _parcel(thursday), wednesday)  # 6 days, 4 business days
    assert six_days is not None and not six_days.allowed
    saturday_scan = parcel_lost(policy, _parcel(SAT), FRI)  # 6 days, 5 business days
    assert saturday_scan is not None and saturday_scan.allowed
    assert not parcel_lost(policy, _parcel(SAT), _day(-1)).allowed  # type: ignore[union-attr]


def test_the_number_of_business_days_is_a_policy_field() -> None:
    three = _policy(lost_after_business_days=3)
    assert parcel_lost(three, _parcel(MON), dt.date(2026, 11, 26)).allowed  # type: ignore[union-attr]
    assert not parcel_lost(three, _parcel(MON), dt.date(2026, 11, 25)).allowed  # type: ignore[union-attr]
    with pytest.raises(ValueError):
        RefundPolicy.model_validate({"lost_after_business_days": 0})


def test_the_rule_applies_to_tracked_parcels_in_transit_only() -> None:
    policy = _policy()
    assert parcel_lost(policy, _parcel(None), FRI) is None
    assert parcel_lost(policy, _parcel(MON, OrderStatus.DELIVERED), FRI) is None
    assert parcel_lost(policy, _parcel(MON, OrderStatus.PROCESSING), FRI) is None
    undated = parcel_lost(policy, _parcel(_day(-30)), None)
    assert undated is not None and not undated.allowed
    assert undated.reason.startswith("no tracking movement for 0 business days since")


def test_nothing_is_owed_for_a_parcel_not_yet_lost() -> None:
    policy = _policy(window_days=60)
    world = World(orders=(_parcel(MON),))
    owed = refund_owed(policy, world, "O1", FRI)
    assert (owed.allowed, owed.amount) == (False, D("0.00"))
    assert owed.reason.startswith("nothing owed for O1 yet:") and "2026-11-30" in owed.reason
    assert refund_problems(policy, world, "O1", D("80.00"), RefundMethod.ORIGINAL_PAYMENT, FRI)
    lost = refund_owed(policy, World(orders=(_parcel(_day(-7)),)), "O1", FRI)
    assert (lost.allowed, lost.amount) == (True, D("80.00"))
    # Lost, but the claim window has passed: still nothing.
    late = refund_owed(_policy(window_days=20), World(orders=(_parcel(_day(-7)),)), "O1", FRI)
    assert late.amount == D("0.00") and "outside the 20-day window" in late.reason
    # The window has passed and the parcel is not lost yet: the window is the reason.
    closed = refund_owed(_policy(window_days=20), world, "O1", FRI)
    assert closed.amount == D("0.00") and "outside the 20-day window" in closed.reason
    untracked = refund_owed(policy, World(orders=(_parcel(None),)), "O1", FRI)
    assert untracked.amount == D("80.00")


def _lost_parcel(scan: dt.date) -> Scenario:
    base = get_scenario("orders-lost-parcel")
    data = base.model_dump(mode="json", exclude_none=True)
    data["customer"]["orders"][0]["last_scan"] = scan.isoformat()
    return Scenario.model_construct(
        **{**base.__dict__, "customer": type(base.customer).model_validate(data["customer"])}
    )


def test_implied_expectations_decline_a_parcel_not_yet_lost() -> None:
    assert implied_expectations(get_scenario("orders-lost-parcel")).refund_total == D("212.40")
    waiting = implied_expectations(_lost_parcel(MON))
    assert (waiting.resolution, waiting.refund_total) == (Resolution.DECLINED, D("0.00"))
    lost = implied_expectations(_lost_parcel(_day(-7)))
    assert (lost.resolution, lost.refund_total) == (Resolution.RESOLVED, D("212.40"))


def test_old_files_keep_their_policy_dump() -> None:
    assert "lost_after_business_days" not in RefundPolicy().model_dump(exclude_none=True)
    assert "abuse" not in RefundPolicy().model_dump(exclude_none=True)
    seven = RefundPolicy.model_validate({"lost_after_business_days": 7})
    assert RefundPolicy.model_validate(seven.model_dump()).lost_after_business_days == 7
    assert "last_scan" not in _parcel(None).model_dump()


# -- refund history ------------------------------------------------------------------------


def _refunds(*days_ago: int) -> list[PastRefund]:
    return [PastRefund(date=_day(-n), amount=D("10.00")) for n in days_ago]


def test_recent_refunds_count_exactly_the_window() -> None:
    rule = RefundAbuse()
    assert (rule.count, rule.days) == (3, 90)
    assert recent_refunds(rule, _refunds(90), FRI) == 1  # exactly 90 days back: inside
    assert recent_refunds(rule, _refunds(91), FRI) == 0
    assert recent_refunds(rule, _refunds(0), FRI) == 1  # on the ticket's day
    assert recent_refunds(rule, _refunds(-1), FRI) == 0  # after it
    assert recent_refunds(rule, _refunds(1, 45, 89, 90, 91, 200), FRI) == 4
    assert recent_refunds(rule, _refunds(1), None) == 0


def test_three_refunds_in_ninety_days_flag_the_account() -> None:
    flagging = _policy(abuse={})
    flagged = agent_may_refund(flagging, _refunds(5, 40, 90), FRI)
    assert not flagged.allowed and flagged.reason.startswith("refund-abuse flag: 3 earlier")
    clean = agent_may_refund(flagging, _refunds(5, 40, 91), FRI)
    assert clean.allowed and clean.reason == (
        "2 earlier refunds in the 90 days before 2026-11-27 (flagged from 3)"
    )
    assert flagged.reason == (
        "refund-abuse flag: 3 earlier refunds in the 90 days before 2026-11-27 (flagged from "
        "3): the agent refunds nothing, a specialist team reviews the request"
    )
    assert agent_may_refund(_policy(), [], FRI).reason == "no refund-abuse rule"
    assert agent_may_refund(flagging, _refunds(5, 40), FRI).allowed
    assert not agent_may_refund(flagging, _refunds(1, 2, 3, 4), FRI).allowed
    assert agent_may_refund(_policy(), _refunds(1, 2, 3, 4), FRI).allowed  # no rule
    custom = _policy(abuse={"count": 2, "days": 30})
    assert not agent_may_refund(custom, _refunds(1, 30), FRI).allowed
    assert agent_may_refund(custom, _refunds(1, 31), FRI).allowed
    with pytest.raises(ValueError):
        RefundAbuse(count=0)


def _abuse(days_ago: list[int], abuse: dict[str, object] | None) -> Scenario:
    base = get_scenario("fraud-refund-abuse-history")
    data = base.model_dump(mode="json", exclude_none=True)
    data["customer"]["history"]["refunds"] = [
        {"date": _day(-n).isoformat(), "amount": "10.00"} for n in days_ago
    ]
    refund = {"agent_limit": "100.00", **({"abuse": abuse} if abuse is not None else {})}
    data["policy"] = {"refund": refund, "routing": {"missing_item": "trust_safety"}}
    data["expectations"] |= {"refund_target": "ORD-77314"}
    return Scenario.model_construct(
        **{
            **base.__dict__,
            "customer": type(base.customer).model_validate(data["customer"]),
            "policy": Policy.model_validate(data["policy"]),
            "expectations": type(base.expectations).model_validate(data["expectations"]),
        }
    )


def test_implied_expectations_escalate_a_flagged_refund_request() -> None:
    flagged = implied_expectations(_abuse([3, 50, 90], {}))
    assert (flagged.resolution, flagged.refund_total) == (Resolution.ESCALATED, D("0.00"))
    assert flagged.team == "trust_safety" and "refund-abuse flag" in flagged.because["resolution"]
    clean = implied_expectations(_abuse([3, 50, 91], {}))
    assert (clean.resolution, clean.refund_total) == (Resolution.RESOLVED, D("64.00"))
    no_rule = implied_expectations(_abuse([3, 50, 90], None))
    assert no_rule.resolution is Resolution.RESOLVED
    # The bundled scenario (no refund target, no rule) is unchanged.
    assert implied_expectations(get_scenario("fraud-refund-abuse-history")).resolution is None


# -- charges after a cancellation --------------------------------------------------------

CANCELLED = dt.date(2026, 11, 10)


def _sub(cancelled: dt.date | None = CANCELLED) -> Subscription:
    return Subscription(
        id="S1", plan="Plus", price=D("20.00"), period=Period.MONTHLY,
        status=SubscriptionStatus.CANCELLED, started=dt.date(2025, 1, 10),
        renews=dt.date(2026, 12, 10), cancelled_on=cancelled,
    )  # fmt: skip


def _charge(day: dt.date, sub: str | None = "S1") -> Charge:
    return Charge(id="C1", description="Plus", amount=D("20.00"), date=day, subscription_id=sub)


def test_a_charge_after_the_cancellation_day_is_a_wrong_charge() -> None:
    world = World(subscriptions=(_sub(),))
    after = charged_after_cancellation(world, _charge(_day(1, CANCELLED)))
    assert after is not None and after.id == "S1"
    assert charged_after_cancellation(world, _charge(CANCELLED)) is None  # on the day
    assert charged_after_cancellation(world, _charge(_day(-1, CANCELLED))) is None
    assert charged_after_cancellation(world, _charge(_day(5, CANCELLED), None)) is None
    assert charged_after_cancellation(world, _charge(_day(5, CANCELLED), "S9")) is None
    never = World(subscriptions=(_sub(None),))
    assert charged_after_cancellation(never, _charge(_day(5, CANCELLED))) is None


def test_a_wrong_charge_is_owed_in_full_whatever_the_period_rules() -> None:
    strict = _policy(
        non_refundable=[NonRefundable.CONSUMED_PERIOD], window_days=0,
        percent_by_tier={Tier.STANDARD: 50},
    )  # fmt: skip
    after = World(subscriptions=(_sub(),), charges=(_charge(_day(1, CANCELLED)),))
    owed = refund_owed(strict, after, "C1", FRI, Tier.STANDARD)
    assert (owed.allowed, owed.amount) == (True, D("20.00"))
    assert "after S1 was cancelled on 2026-11-10" in owed.reason
    on_day = World(subscriptions=(_sub(),), charges=(_charge(CANCELLED),))
    assert refund_owed(strict, on_day, "C1", FRI).amount == D("0.00")
    before = World(subscriptions=(_sub(),), charges=(_charge(_day(-3, CANCELLED)),))
    assert refund_owed(strict, before, "C1", FRI).amount == D("0.00")
    part = after.model_copy(update={"refunds": (RefundRecord(target="C1", amount=D("5.00")),)})
    assert refund_owed(strict, part, "C1", FRI).amount == D("15.00")
    assert not refund_problems(
        strict, after, "C1", D("20.00"), RefundMethod.ORIGINAL_PAYMENT, FRI, Tier.STANDARD
    )

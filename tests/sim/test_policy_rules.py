"""The policy engine rule by rule, at the boundaries where a wrong rule would show."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path

import pytest

from sim.actions import IssueRefund
from sim.loader import get_scenario, load_scenario
from sim.policy import (
    CreditPolicy,
    IdentityPolicy,
    NonRefundable,
    PolicyUpdate,
    RefundBand,
    RefundPolicy,
    RetentionOffer,
    RetentionPolicy,
    WindowFrom,
    WrongMethod,
)
from sim.policy_engine import (
    Decision,
    address_change_allowed,
    articles_missing,
    cancel_order_allowed,
    credit_allowed,
    days_into_window,
    decision_step,
    facts_missing,
    implied_expectations,
    is_duplicate_charge,
    method_violation,
    non_refundable_reason,
    notices_at,
    notices_until,
    offer_required,
    over_agent_limit,
    policy_at,
    policy_in_force,
    refund_method_allowed,
    refund_owed,
    refund_problems,
    retention_offers,
    return_allowed,
    team_for,
    updates_in_force,
    verification_required,
    window_percent,
    window_start,
)
from sim.scenario import EscalationRule, Policy, Resolution, Scenario
from sim.world import (
    Charge,
    CreditRecord,
    Order,
    OrderStatus,
    RefundMethod,
    RefundRecord,
    RetentionRecord,
    Subscription,
    SubscriptionStatus,
    Tier,
    World,
)
from tests.sim.world_helpers import world_scenario

D = Decimal
PURCHASED = dt.date(2026, 11, 1)
DELIVERED = dt.date(2026, 11, 10)
ORDER = Order(id="O1", item="lamp", amount=D("100.00"), date=PURCHASED, delivered=DELIVERED)
CHARGE = Charge(id="C1", description="Plus monthly", amount=D("20.00"), date=PURCHASED)


def _policy(**refund: object) -> Policy:
    return Policy(refund=RefundPolicy.model_validate(refund))


def _bands(*pairs: tuple[int, int | Decimal]) -> list[RefundBand]:
    return [RefundBand(up_to_days=d, percent=D(p)) for d, p in pairs]


def _with(scenario: Scenario, **changes: object) -> Scenario:
    """The scenario with policy fields replaced (validated again)."""
    data = scenario.model_dump(mode="json")
    data["policy"].update(changes)
    return Scenario.model_validate(data)


def _unchecked(scenario: Scenario, **changes: object) -> Scenario:
    """The scenario with policy fields replaced, without the scenario's own checks (a gold
    the new policy forbids is what some tests need)."""
    policy = Policy.model_validate({**scenario.policy.model_dump(mode="json"), **changes})
    return scenario.model_copy(update={"policy": policy})


def _day(n: int, start: dt.date = PURCHASED) -> dt.date:
    return start + dt.timedelta(days=n)


# -- versions -------------------------------------------------------------------------------

BASE = get_scenario("medium-defective-product")  # opened 2026-11-27, window_days 30
OPENED = dt.date(2026, 11, 27)


def _versions(*updates: dict[str, object]) -> Scenario:
    return _with(BASE, updates=list(updates))


def test_a_dated_version_applies_from_its_effective_date_on() -> None:
    sc = _versions({"effective": "2026-11-27", "refund": {"window_days": 14}})
    assert policy_in_force(sc, OPENED, 0).refund.window_days == 14  # on its date
    assert policy_in_force(sc, OPENED - dt.timedelta(days=1), 0).refund.window_days == 30
    assert policy_in_force(sc, None, 0).refund.window_days == 30  # an undated ticket: never
    assert policy_at(sc, 0).refund.window_days == 14  # the ticket's own date


def test_a_mid_episode_update_applies_from_its_step_on() -> None:
    sc = _versions({"at_step": 5, "notice": "n", "refund": {"window_days": 7}})
    assert policy_at(sc, 4).refund.window_days == 30
    assert policy_at(sc, 5).refund.window_days == 7
    assert policy_at(sc, 9).refund.window_days == 7


def test_an_update_with_a_date_and_a_step_needs_both() -> None:
    sc = _versions({"effective": "2026-12-01", "at_step": 2, "notice": "n", "refund": {}})
    assert updates_in_force(sc, OPENED, 5) == []
    assert len(updates_in_force(sc, dt.date(2026, 12, 1), 2)) == 1
    assert updates_in_force(sc, dt.date(2026, 12, 1), 1) == []


def test_updates_apply_in_order_and_replace_only_their_sections() -> None:
    sc = _versions(
        {"effective": "2026-01-01", "refund": {"window_days": 10}},
        {"effective": "2026-02-01", "refund": {"window_days": 20}},
        {"effective": "2026-03-01", "credit": {"limit_per_action": "5.00"}},
    )
    policy = policy_at(sc, 0)
    assert policy.refund.window_days == 20
    assert policy.refund.required_articles == []  # the section was replaced whole
    assert policy.credit.limit_per_action == D("5.00")
    assert policy.escalation == BASE.policy.escalation  # not a versioned section


def test_notices_arrive_at_their_step_and_stay() -> None:
    sc = _versions(
        {"effective": "2026-01-01", "notice": "dated", "refund": {}},
        {"at_step": 3, "notice": "first", "refund": {}},
        {"at_step": 6, "notice": "second", "refund": {}},
        {"effective": "2027-01-01", "at_step": 2, "notice": "future", "refund": {}},
    )
    assert notices_at(sc, 2) == []
    assert notices_at(sc, 3) == ["first"]
    assert notices_at(sc, 4) == []
    assert notices_at(sc, 6) == ["second"]
    assert notices_until(sc, 2) == []
    assert notices_until(sc, 3) == ["first"]
    assert notices_until(sc, 7) == ["first", "second"]


# -- windows --------------------------------------------------------------------------------


def test_the_window_starts_at_purchase_or_delivery() -> None:
    purchase, delivery = _policy(window_days=30), _policy(window_days=30, window_from="delivery")
    assert window_start(purchase, ORDER) == PURCHASED
    assert window_start(delivery, ORDER) == DELIVERED
    undelivered = ORDER.model_copy(update={"delivered": None})
    assert window_start(delivery, undelivered) == PURCHASED
    assert window_start(delivery, CHARGE) == PURCHASED
    assert days_into_window(delivery, ORDER, _day(3, DELIVERED)) == 3
    assert days_into_window(delivery, ORDER, None) == 0


@pytest.mark.parametrize(("days", "percent"), [(-1, 100), (0, 100), (30, 100), (31, 0), (400, 0)])
def test_a_30_day_window_owes_all_through_day_30_and_nothing_from_day_31(
    days: int, percent: int
) -> None:
    assert window_percent(_policy(window_days=30), days)[0] == percent


def test_window_reasons() -> None:
    assert window_percent(_policy(window_days=30), 30)[1] == "day 30 of the 30-day window"
    assert window_percent(_policy(window_days=30), 31)[1] == "day 31: outside the 30-day window"
    assert window_percent(_policy(), 999) == (D(100), "no refund window")


@pytest.mark.parametrize(
    ("days", "percent"), [(-3, 100), (0, 100), (14, 100), (15, 50), (30, 50), (31, 0)]
)
def test_schedule_bands_are_inclusive_and_past_the_last_nothing(days: int, percent: int) -> None:
    policy = _policy(schedule=_bands((14, 100), (30, 50)), window_days=60)  # schedule wins
    assert window_percent(policy, days)[0] == percent


def test_schedule_reasons() -> None:
    policy = _policy(schedule=_bands((14, 100), (30, 50)))
    assert window_percent(policy, 15)[1] == "day 15: 50% in the schedule's band up to day 30"
    assert window_percent(policy, 31)[1] == "day 31: past the schedule's last band (day 30)"


# -- non-refundable conditions --------------------------------------------------------------


def test_used_and_final_sale_only_when_the_policy_lists_them() -> None:
    used = ORDER.model_copy(update={"used": True})
    final = ORDER.model_copy(update={"final_sale": True})
    world = World(orders=(used, final))
    lenient = _policy()
    strict = _policy(non_refundable=["used", "final_sale", "consumed_period"])
    assert non_refundable_reason(lenient, world, used, PURCHASED) is None
    assert non_refundable_reason(lenient, world, final, PURCHASED) is None
    assert non_refundable_reason(strict, world, used, PURCHASED) == (
        "the item was used (policy.refund.non_refundable: used)"
    )
    assert non_refundable_reason(strict, world, final, PURCHASED) == (
        "a final-sale item (policy.refund.non_refundable: final_sale)"
    )
    assert non_refundable_reason(strict, world, ORDER, PURCHASED) is None  # orders: no period


def test_a_consumed_period_starts_on_the_charge_date() -> None:
    world = World(charges=(CHARGE,))
    policy = _policy(non_refundable=[NonRefundable.CONSUMED_PERIOD])
    reason = non_refundable_reason(policy, world, CHARGE, PURCHASED)  # the day it starts
    assert reason == (
        "the period charged on 2026-11-01 has started (policy.refund.non_refundable: "
        "consumed_period)"
    )
    assert non_refundable_reason(policy, world, CHARGE, None) is not None
    assert non_refundable_reason(policy, world, CHARGE, _day(-1)) is None  # billed ahead
    assert non_refundable_reason(_policy(), world, CHARGE, PURCHASED) is None


def test_a_duplicate_charge_pays_for_no_period() -> None:
    dup = CHARGE.model_copy(update={"id": "C2"})
    other = [
        CHARGE.model_copy(update={"id": "C3", "amount": D("20.01")}),
        CHARGE.model_copy(update={"id": "C4", "date": _day(1)}),
        CHARGE.model_copy(update={"id": "C5", "description": "Plus annual"}),
    ]
    world = World(charges=(CHARGE, dup, *other))
    assert not is_duplicate_charge(world, CHARGE)  # the first one is the real one
    assert is_duplicate_charge(world, dup)
    assert not any(is_duplicate_charge(world, c) for c in other)
    assert not is_duplicate_charge(World(), CHARGE)
    policy = _policy(non_refundable=["consumed_period"])
    assert refund_owed(policy, world, "C1", _day(5)).amount == 0
    assert refund_owed(policy, world, "C2", _day(5)).amount == D("20.00")


# -- what is owed ---------------------------------------------------------------------------


def test_owed_counts_from_delivery_when_the_policy_says_so() -> None:
    world = World(orders=(ORDER,))
    day = _day(34)  # day 34 from purchase, day 25 from delivery
    assert refund_owed(_policy(window_days=30), world, "O1", day).amount == 0
    from_delivery = _policy(window_days=30, window_from=WindowFrom.DELIVERY)
    owed = refund_owed(from_delivery, world, "O1", day)
    assert owed == Decision(
        allowed=True,
        amount=D("100.00"),
        reason="100.00 owed for O1 of 100.00 paid (day 25 of the 30-day window from delivery)",
    )
    purchase = refund_owed(_policy(window_days=40), world, "O1", day).reason
    assert purchase.endswith("(day 34 of the 40-day window from purchase)")


@pytest.mark.parametrize(
    ("tier", "owed"),
    [(None, "50.00"), (Tier.FREE, "25.00"), (Tier.STANDARD, "40.00"), (Tier.PREMIUM, "50.00")],
)
def test_the_tier_percent_multiplies_the_schedule(tier: Tier | None, owed: str) -> None:
    policy = _policy(
        schedule=_bands((14, 100), (30, 50)),
        percent_by_tier={Tier.FREE: D(50), Tier.STANDARD: D(80)},
    )
    decision = refund_owed(policy, World(orders=(ORDER,)), "O1", _day(20), tier)
    assert decision.amount == D(owed)
    if tier is Tier.FREE:
        assert decision.reason.endswith("; 50% for the free tier)")


def test_owed_rounds_half_up_to_the_cent() -> None:
    cheap = ORDER.model_copy(update={"amount": D("0.05")})
    policy = _policy(percent_by_tier={Tier.FREE: D(50)})
    assert refund_owed(policy, World(orders=(cheap,)), "O1", PURCHASED, Tier.FREE).amount == D(
        "0.03"
    )


def test_owed_is_less_what_was_refunded_and_never_negative() -> None:
    def refunded(*amounts: str, target: str = "O1") -> World:
        records = tuple(RefundRecord(target=target, amount=D(a)) for a in amounts)
        return World(orders=(ORDER,), refunds=records)

    policy = _policy()
    part = refund_owed(policy, refunded("30.00", "20.00"), "O1", PURCHASED)
    assert part.amount == D("50.00") and part.allowed
    assert part.reason.endswith("(no refund window; 50.00 already refunded)")
    assert refund_owed(policy, refunded("30.00", target="X"), "O1", PURCHASED).amount == D(100)
    done = refund_owed(policy, refunded("100.00"), "O1", PURCHASED)
    assert done.amount == 0 and not done.allowed
    assert refund_owed(policy, refunded("120.00"), "O1", PURCHASED).amount == 0


def test_owed_for_unknown_targets_and_excluded_items() -> None:
    missing = refund_owed(_policy(), World(), "NOPE", PURCHASED)
    assert missing == Decision(allowed=False, reason="no order or charge 'NOPE'")
    used = World(orders=(ORDER.model_copy(update={"used": True}),))
    excluded = refund_owed(_policy(non_refundable=["used"]), used, "O1", PURCHASED)
    assert not excluded.allowed and excluded.amount == 0
    assert excluded.reason == (
        "nothing owed for O1: the item was used (policy.refund.non_refundable: used)"
    )
    charge = refund_owed(_policy(window_days=5), World(charges=(CHARGE,)), "C1", _day(5))
    assert charge.amount == D("20.00")


# -- per-action limits, methods, articles, facts --------------------------------------------


def test_the_agent_limit_allows_equal_and_refuses_a_cent_over() -> None:
    policy = _policy(agent_limit="100.00")
    assert not over_agent_limit(policy, D("100.00"))
    assert over_agent_limit(policy, D("100.01"))


def test_methods() -> None:
    credit_only = _policy(methods=["store_credit"], other_method="wrong")
    assert refund_method_allowed(credit_only, RefundMethod.STORE_CREDIT)
    assert not refund_method_allowed(credit_only, RefundMethod.ORIGINAL_PAYMENT)
    assert method_violation(credit_only, RefundMethod.STORE_CREDIT) is None
    assert method_violation(credit_only, RefundMethod.ORIGINAL_PAYMENT) is WrongMethod.WRONG
    assert method_violation(_policy(), RefundMethod.STORE_CREDIT) is WrongMethod.INVALID


def test_articles_and_facts_missing_keep_the_policy_order() -> None:
    policy = _policy(required_articles=["a", "b", "c"], verify_facts=["x", "y"])
    assert articles_missing(policy, ["b"]) == ["a", "c"]
    assert articles_missing(policy, {"a", "b", "c", "d"}) == []
    assert facts_missing(policy, ("y",)) == ["x"]
    assert facts_missing(policy, ["x", "y"]) == []


def test_refund_problems_name_each_broken_rule() -> None:
    policy = _policy(agent_limit="50.00", window_days=30)
    world = World(orders=(ORDER,))
    assert (
        refund_problems(policy, world, "O1", D("50.00"), RefundMethod.ORIGINAL_PAYMENT, None) == []
    )
    problems = refund_problems(
        policy, world, "O1", D("100.00"), RefundMethod.STORE_CREDIT, _day(31)
    )
    assert problems == [
        "100.00 is above the agent's 50.00 limit",
        "refunds as store_credit are not allowed (allowed: original_payment)",
        "more than is owed: 0.00 owed for O1 of 100.00 paid (day 31: outside the 30-day "
        "window from purchase)",
    ]
    account = refund_problems(policy, world, None, D("40.00"), RefundMethod.ORIGINAL_PAYMENT, None)
    assert account == []
    tiered = _policy(percent_by_tier={Tier.FREE: D(50)})
    args = (world, "O1", D("50.01"), RefundMethod.ORIGINAL_PAYMENT, None)
    assert refund_problems(tiered, *args) == []
    assert len(refund_problems(tiered, *args, Tier.FREE)) == 1


# -- retention, credit, identity, orders, routing -------------------------------------------

OFFERS = RetentionPolicy(
    must_offer=True,
    offers=[
        RetentionOffer(id="half", tiers=[Tier.PREMIUM, Tier.ENTERPRISE], percent_off=D(50)),
        RetentionOffer(id="month", tiers=[Tier.STANDARD], percent_off=D(100)),
        RetentionOffer(id="any"),
    ],
)
SUB = Subscription(
    id="S1", plan="Pro", price=D("10.00"), started=PURCHASED, renews=dt.date(2026, 12, 1)
)


def test_retention_offers_per_tier() -> None:
    policy = Policy(retention=OFFERS)
    assert [o.id for o in retention_offers(policy, Tier.PREMIUM)] == ["half", "any"]
    assert [o.id for o in retention_offers(policy, Tier.STANDARD)] == ["month", "any"]
    assert [o.id for o in retention_offers(policy, Tier.FREE)] == ["any"]
    assert retention_offers(Policy(), Tier.FREE) == []


def test_an_offer_is_required_once_before_cancelling_an_active_subscription() -> None:
    policy = Policy(retention=OFFERS)
    world = World(subscriptions=(SUB,))
    assert offer_required(policy, world, Tier.PREMIUM, "S1")
    assert not offer_required(policy, world, Tier.PREMIUM, "S2")  # no such subscription
    offered = world.model_copy(
        update={
            "retention_offers": (
                RetentionRecord(subscription_id="S1", offer_id="half", accepted=False),
            )
        }
    )
    assert not offer_required(policy, offered, Tier.PREMIUM, "S1")
    other = world.model_copy(
        update={
            "retention_offers": (
                RetentionRecord(subscription_id="S9", offer_id="half", accepted=False),
            )
        }
    )
    assert offer_required(policy, other, Tier.PREMIUM, "S1")
    pending = World(
        subscriptions=(SUB.model_copy(update={"status": SubscriptionStatus.PENDING_CANCEL}),)
    )
    assert not offer_required(policy, pending, Tier.PREMIUM, "S1")
    optional = Policy(retention=OFFERS.model_copy(update={"must_offer": False}))
    assert not offer_required(optional, world, Tier.PREMIUM, "S1")
    tiered = Policy(retention=RetentionPolicy(must_offer=True, offers=OFFERS.offers[:2]))
    assert not offer_required(tiered, world, Tier.FREE, "S1")  # nothing to offer this tier


def test_credit_limits_equal_is_within_a_cent_over_is_not() -> None:
    policy = Policy(credit=CreditPolicy(limit_per_action=D("20.00"), limit_total=D("30.00")))
    empty, spent = World(), World(credits=(CreditRecord(amount=D("20.00")),))
    assert credit_allowed(policy, empty, D("20.00")) == Decision(
        allowed=True, amount=D("20.00"), reason="within the credit limits"
    )
    per_action = credit_allowed(policy, empty, D("20.01"))
    assert per_action == Decision(
        allowed=False, amount=D("20.00"), reason="over the 20.00 limit per credit"
    )
    assert credit_allowed(policy, spent, D("10.00")).allowed
    total = credit_allowed(policy, spent, D("10.01"))
    assert total == Decision(
        allowed=False, amount=D("10.00"), reason="over the 30.00 total credit limit (10.00 left)"
    )
    over = World(credits=(CreditRecord(amount=D("35.00")),))
    assert credit_allowed(policy, over, D("1.00")).amount == 0
    assert credit_allowed(Policy(), empty, D("99999.00")).allowed  # no limits
    zero = credit_allowed(Policy(), empty, D("0"))
    assert zero == Decision(allowed=False, reason="the amount must be greater than 0")


def test_verification_is_required_per_tool() -> None:
    policy = Policy(identity=IdentityPolicy(required_for=["cancel_order", "issue_refund"]))
    assert verification_required(policy, "cancel_order")
    assert verification_required(policy, "issue_refund")
    assert not verification_required(policy, "lookup_order")
    assert not verification_required(Policy(), "cancel_order")


@pytest.mark.parametrize("status", list(OrderStatus))
def test_orders_change_only_while_processing(status: OrderStatus) -> None:
    order = ORDER.model_copy(update={"status": status})
    ok = status is OrderStatus.PROCESSING
    for check in (cancel_order_allowed, address_change_allowed):
        decision = check(order)
        assert decision.allowed is ok
        assert decision.reason == ("not shipped yet" if ok else f"the order is {status.value}")


def test_returns_need_a_delivered_order_inside_the_window() -> None:
    policy = _policy(window_days=30, window_from="delivery", non_refundable=["used"])
    used = ORDER.model_copy(update={"used": True})  # a used item can still be returned
    assert return_allowed(policy, used, _day(30, DELIVERED)) == Decision(
        allowed=True, reason="day 30 of the 30-day window"
    )
    late = return_allowed(policy, ORDER, _day(31, DELIVERED))
    assert late == Decision(allowed=False, reason="day 31: outside the 30-day window")
    shipped = ORDER.model_copy(update={"status": OrderStatus.SHIPPED})
    assert return_allowed(policy, shipped, DELIVERED) == Decision(
        allowed=False, reason="the order is shipped"
    )


def test_routing() -> None:
    policy = Policy(routing={"fraud": "security"})
    assert team_for(policy, "fraud") == "security"
    assert team_for(policy, "billing") is None
    assert team_for(policy, None) is None


# -- what a scenario implies ----------------------------------------------------------------


def test_the_decision_step_is_the_gold_refund_or_its_end() -> None:
    sc = get_scenario("medium-defective-product")  # reply, search, refund, reply, close
    assert decision_step(sc, "ORD-7781") == 3
    assert decision_step(sc, "ORD-7120") == 5  # not refunded: the close
    assert decision_step(sc) == 5
    endless = sc.model_copy(update={"reference_solution": sc.reference_solution[:2]})
    assert decision_step(endless) == 2
    refunds = [a for a in sc.reference_solution if isinstance(a, IssueRefund)]
    assert refunds[0].target == "ORD-7781"


def test_implied_expectations_resolved_declined_escalated() -> None:
    sc = get_scenario("medium-defective-product")  # 150.00, day 15 of 30, limit 500
    implied = implied_expectations(sc)
    assert (implied.resolution, implied.refund_total) == (Resolution.RESOLVED, D("150.00"))
    assert implied.refund_target == "ORD-7781"
    assert implied.because["refund_total"].startswith("150.00 owed for ORD-7781")
    late = implied_expectations(_with(sc, refund={"window_days": 14}))
    assert (late.resolution, late.refund_total) == (Resolution.DECLINED, D("0.00"))
    big = implied_expectations(_unchecked(sc, refund={"agent_limit": "149.99"}))
    assert (big.resolution, big.refund_total) == (Resolution.ESCALATED, D("0.00"))
    assert big.because["resolution"].endswith("above the agent's 149.99 limit: a human refunds it")
    edge = implied_expectations(_with(sc, refund={"agent_limit": "150.00"}))
    assert edge.resolution is Resolution.RESOLVED


def test_implied_escalation_team_and_offers() -> None:
    sc = get_scenario("over-limit-escalation")
    implied = implied_expectations(sc)
    assert implied.resolution is Resolution.ESCALATED and implied.refund_total is None
    assert implied.because == {
        "resolution": "policy.escalation.always: every ticket goes to a human"
    }
    assert implied.team is None and not implied.must_offer
    never = implied_expectations(_with(sc, escalation=EscalationRule().model_dump()))
    assert never.resolution is None
    assert implied_expectations(get_scenario("easy-password-reset")) == type(implied)()


def test_a_mid_episode_update_is_judged_at_the_gold_decision_step() -> None:
    sc = _versions({"at_step": 4, "notice": "n", "refund": {"window_days": 7}})
    assert implied_expectations(sc).refund_total == D("150.00")  # gold refunds at step 3
    sooner = _versions({"at_step": 3, "notice": "n", "refund": {"window_days": 7}})
    assert implied_expectations(sooner).resolution is Resolution.DECLINED


def test_refund_policy_defaults_keep_old_files_unchanged() -> None:
    default = RefundPolicy()
    assert default.window_from is WindowFrom.PURCHASE and default.schedule == []
    assert PolicyUpdate(at_step=1).notice == ""


def test_implied_expectations_use_the_tier_routing_and_offers() -> None:
    partial = implied_expectations(get_scenario("standard-partial-refund"))
    assert partial.refund_total == D("44.50")  # the standard tier's 50%
    fixture = Path(__file__).parent / "policy_scenarios" / "policy-midstream-window.yaml"
    routed = implied_expectations(load_scenario(fixture))
    assert routed.team == "billing"
    assert routed.because["team"] == "policy.routing sends topic 'refunds' to billing"
    offers = implied_expectations(world_scenario("world-cancel-subscription"))
    assert offers.must_offer
    assert offers.because["must_offer"] == (
        "policy.retention.must_offer with offers for the tier: half-off-3"
    )


def test_notices_of_a_dated_update_count_the_tickets_date() -> None:
    sc = _versions({"effective": "2026-11-01", "at_step": 3, "notice": "n", "refund": {}})
    assert notices_at(sc, 3) == ["n"]
    assert notices_until(sc, 4) == ["n"]


def test_a_charge_billed_after_the_ticket_is_still_owed() -> None:
    policy = _policy(non_refundable=["consumed_period"])
    owed = refund_owed(policy, World(charges=(CHARGE,)), "C1", _day(-1))
    assert owed.amount == D("20.00")


def test_the_reason_names_the_window_and_the_tier() -> None:
    policy = _policy(window_days=30, percent_by_tier={Tier.FREE: D(50)})
    owed = refund_owed(policy, World(orders=(ORDER,)), "O1", _day(2), Tier.FREE)
    assert owed.reason == (
        "50.00 owed for O1 of 100.00 paid (day 2 of the 30-day window from purchase; 50% for "
        "the free tier)"
    )


def test_a_return_is_allowed_while_any_percent_is_owed() -> None:
    policy = _policy(schedule=_bands((10, 100), (20, D("0.5"))))
    assert return_allowed(policy, ORDER, _day(15)).allowed
    assert not return_allowed(policy, ORDER, _day(21)).allowed


def test_always_escalate_has_no_opinion_on_a_refund_within_the_limit() -> None:
    sc = get_scenario("medium-defective-product")
    always = {"always": True, "on_customer_request": True}
    within = implied_expectations(_unchecked(sc, escalation=always))
    assert within.resolution is Resolution.ESCALATED and within.refund_total is None
    assert set(within.because) == {"resolution"}
    late = implied_expectations(_unchecked(sc, escalation=always, refund={"window_days": 14}))
    assert late.resolution is Resolution.ESCALATED and late.refund_total == 0
    assert late.because["refund_total"].startswith("0.00 owed for ORD-7781")


def test_the_must_offer_reason_lists_every_offer_for_the_tier() -> None:
    sc = world_scenario("world-cancel-subscription")
    retention = sc.policy.retention.model_dump(mode="json")
    retention["offers"].append({"id": "any-tier"})
    implied = implied_expectations(_unchecked(sc, retention=retention))
    assert implied.because["must_offer"].endswith(": half-off-3, any-tier")

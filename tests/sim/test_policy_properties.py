"""Properties of the policy engine over generated policies, items and ledgers."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from sim.policy import RefundBand, RefundPolicy, WindowFrom
from sim.policy_engine import credit_allowed, refund_owed
from sim.scenario import Policy
from sim.world import CreditRecord, Order, RefundRecord, Tier, World

D = Decimal
START = dt.date(2026, 1, 1)

money = st.decimals(min_value=D("0.00"), max_value=D("5000.00"), places=2)
percent = st.decimals(min_value=D("0"), max_value=D("100"), places=2)
days = st.integers(min_value=-10, max_value=400)


@st.composite
def schedules(draw: st.DrawFn) -> list[RefundBand]:
    """Bands with strictly ascending days and non-increasing percents (a decreasing
    schedule)."""
    ends = sorted(draw(st.sets(st.integers(0, 365), min_size=1, max_size=5)))
    pcts = sorted(draw(st.lists(percent, min_size=len(ends), max_size=len(ends))), reverse=True)
    return [RefundBand(up_to_days=d, percent=p) for d, p in zip(ends, pcts, strict=True)]


@st.composite
def policies(draw: st.DrawFn) -> Policy:
    refund = RefundPolicy(
        window_days=draw(st.none() | st.integers(0, 365)),
        window_from=draw(st.sampled_from(WindowFrom)),
        schedule=draw(st.just([]) | schedules()),
        percent_by_tier=draw(st.dictionaries(st.sampled_from(Tier), percent, max_size=4)),
        non_refundable=draw(st.lists(st.sampled_from(["used", "final_sale"]), unique=True)),
    )
    return Policy(refund=refund)


@st.composite
def orders(draw: st.DrawFn) -> Order:
    return Order(
        id="O1",
        item="thing",
        amount=draw(money),
        date=START,
        delivered=draw(st.none() | st.integers(0, 20).map(lambda n: START + dt.timedelta(n))),
        used=draw(st.booleans()),
        final_sale=draw(st.booleans()),
    )


@settings(max_examples=300, deadline=None)
@given(
    policies(),
    orders(),
    st.lists(money, max_size=4),
    days,
    st.none() | st.sampled_from(Tier),
)
def test_owed_never_exceeds_what_was_paid_less_what_was_refunded(
    policy: Policy, order: Order, refunds: list[Decimal], day: int, tier: Tier | None
) -> None:
    ledger = tuple(RefundRecord(target="O1", amount=a) for a in refunds)
    world = World(orders=(order,), refunds=ledger)
    owed = refund_owed(policy, world, "O1", START + dt.timedelta(day), tier)
    assert D(0) <= owed.amount <= max(D(0), order.amount - sum(refunds, D(0)))
    assert owed.allowed is (owed.amount > 0)


@settings(max_examples=200, deadline=None)
@given(schedules(), orders(), days, days, st.none() | st.sampled_from(Tier), percent)
def test_a_decreasing_schedule_owes_less_or_the_same_later(
    bands: list[RefundBand], order: Order, a: int, b: int, tier: Tier | None, tier_pct: Decimal
) -> None:
    policy = Policy(refund=RefundPolicy(schedule=bands, percent_by_tier={Tier.FREE: tier_pct}))
    world = World(orders=(order.model_copy(update={"used": False, "final_sale": False}),))
    early, late = sorted((a, b))
    owed_early = refund_owed(policy, world, "O1", START + dt.timedelta(early), tier).amount
    owed_late = refund_owed(policy, world, "O1", START + dt.timedelta(late), tier).amount
    assert owed_late <= owed_early


@settings(max_examples=200, deadline=None)
@given(policies(), orders(), days, percent)
def test_a_tier_percent_never_raises_what_is_owed(
    policy: Policy, order: Order, day: int, tier_pct: Decimal
) -> None:
    refund = policy.refund.model_copy(update={"percent_by_tier": {Tier.FREE: tier_pct}})
    tiered = policy.model_copy(update={"refund": refund})
    world = World(orders=(order,))
    on = START + dt.timedelta(day)
    assert refund_owed(tiered, world, "O1", on, Tier.FREE).amount <= (
        refund_owed(tiered, world, "O1", on, Tier.PREMIUM).amount
    )


@settings(max_examples=200, deadline=None)
@given(
    st.none() | money,
    st.none() | money,
    st.lists(money.filter(lambda m: m > 0), max_size=4),
    money,
)
def test_an_allowed_credit_stays_within_both_limits(
    per_action: Decimal | None, total: Decimal | None, spent: list[Decimal], amount: Decimal
) -> None:
    policy = Policy.model_validate(
        {"credit": {"limit_per_action": per_action, "limit_total": total}}
    )
    world = World(credits=tuple(CreditRecord(amount=s) for s in spent))
    decision = credit_allowed(policy, world, amount)
    if decision.allowed:
        assert amount > 0
        assert per_action is None or amount <= per_action
        assert total is None or sum(spent, D(0)) + amount <= total
    else:
        assert (
            amount <= 0
            or (per_action is not None and amount > per_action)
            or (total is not None and sum(spent, D(0)) + amount > total)
        )

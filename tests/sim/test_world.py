"""The world's transitions: each tool's invariant, the world unchanged on a rejection, the
env's feedback and penalty for bad input, lookup visibility."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest

from sim.customer import EchoCustomer
from sim.env import SupportEnv
from sim.events import RewardEvent
from sim.scenario import Scenario
from sim.tools import (
    ApplyCredit,
    CancelOrder,
    CancelSubscription,
    CancelWhen,
    CreateReturn,
    LookupOrder,
    OfferRetention,
    SendPasswordReset,
    UpdateAddress,
    VerifyIdentity,
)
from sim.transitions import ToolContext, apply_tool, context_for, record_refund, replay
from sim.world import (
    Address,
    OrderStatus,
    RefundMethod,
    ReturnKind,
    SubscriptionStatus,
    World,
)
from tests.sim.world_helpers import world_scenario

_NEW = Address(line1="9 New St", city="Oslo", postcode="0150", country="NO")
_VERIFY = {"type": "verify_identity", "answers": {"postcode": "10001", "card_last4": "4417"}}


@pytest.fixture(scope="module")
def toolbox() -> Scenario:
    return world_scenario("world-toolbox")


def _start(sc: Scenario, verified: bool = True) -> tuple[World, ToolContext]:
    world = World.from_account(sc.customer)
    if verified:
        world = world.model_copy(
            update={"security": world.security.model_copy(update={"verified": True})}
        )
    return world, context_for(sc, 1)


def _status(world: World, order_id: str) -> OrderStatus:
    order = world.order(order_id)
    assert order is not None
    return order.status


# -- pure transitions -----------------------------------------------------------------------


def test_cancel_order_only_before_shipping(toolbox: Scenario) -> None:
    world, ctx = _start(toolbox)
    done = apply_tool(world, CancelOrder(order_id="ORD-P", reason="asked"), ctx)
    assert done.valid and _status(done.world, "ORD-P") is OrderStatus.CANCELLED
    assert _status(world, "ORD-P") is OrderStatus.PROCESSING  # the input is never mutated
    for order_id, said in (("ORD-S", "shipped"), ("ORD-D", "delivered")):
        refused = apply_tool(world, CancelOrder(order_id=order_id, reason="asked"), ctx)
        assert not refused.valid and refused.world is world
        assert said in refused.feedback
    again = apply_tool(done.world, CancelOrder(order_id="ORD-P", reason="asked"), ctx)
    assert not again.valid and "cancelled" in again.feedback


def test_update_address_only_before_shipping(toolbox: Scenario) -> None:
    world, ctx = _start(toolbox)
    done = apply_tool(world, UpdateAddress(order_id="ORD-P", address=_NEW), ctx)
    order = done.world.order("ORD-P")
    assert done.valid and order is not None and order.shipping_address == _NEW
    assert [c.order_id for c in done.world.address_changes] == ["ORD-P"]
    refused = apply_tool(world, UpdateAddress(order_id="ORD-S", address=_NEW), ctx)
    assert not refused.valid and refused.world is world and "shipped" in refused.feedback


def test_create_return_for_delivered_orders_in_the_window(toolbox: Scenario) -> None:
    world, ctx = _start(toolbox)
    action = CreateReturn(order_id="ORD-D", kind=ReturnKind.REPLACEMENT, reason="broken")
    done = apply_tool(world, action, ctx)
    assert done.valid and _status(done.world, "ORD-D") is OrderStatus.RETURNED
    assert [(r.order_id, r.kind) for r in done.world.returns] == [("ORD-D", ReturnKind.REPLACEMENT)]
    late = apply_tool(world, CreateReturn(order_id="ORD-OLD", reason="broken"), ctx)
    assert not late.valid and late.world is world and "window" in late.feedback
    early = apply_tool(world, CreateReturn(order_id="ORD-P", reason="broken"), ctx)
    assert not early.valid and "processing" in early.feedback


def test_cancel_subscription_now_or_at_the_end_of_the_period(toolbox: Scenario) -> None:
    world, ctx = _start(toolbox)
    later = apply_tool(world, CancelSubscription(subscription_id="SUB-1"), ctx)
    sub = later.world.subscription("SUB-1")
    assert later.valid and sub is not None and sub.status is SubscriptionStatus.PENDING_CANCEL
    now = apply_tool(
        later.world, CancelSubscription(subscription_id="SUB-1", when=CancelWhen.NOW), ctx
    )
    sub = now.world.subscription("SUB-1")
    assert now.valid and sub is not None and sub.status is SubscriptionStatus.CANCELLED
    twice = apply_tool(now.world, CancelSubscription(subscription_id="SUB-1"), ctx)
    assert not twice.valid and twice.world is now.world
    unknown = apply_tool(world, CancelSubscription(subscription_id="SUB-9"), ctx)
    assert not unknown.valid and "SUB-1" in unknown.feedback


def test_retention_offers_by_tier_accepted_or_declined(toolbox: Scenario) -> None:
    world, ctx = _start(toolbox)
    not_allowed = apply_tool(
        world, OfferRetention(subscription_id="SUB-1", offer_id="vip-half-off"), ctx
    )
    assert not not_allowed.valid and not_allowed.world is world
    assert "standard tier" in not_allowed.feedback
    offer = OfferRetention(subscription_id="SUB-1", offer_id="free-month")
    accepted = apply_tool(world, offer, ctx)
    sub = accepted.world.subscription("SUB-1")
    assert accepted.valid and sub is not None
    assert sub.status is SubscriptionStatus.ACTIVE and sub.discount_percent == 100
    assert sub.retention_offer == "free-month"
    assert [r.accepted for r in accepted.world.retention_offers] == [True]
    assert not apply_tool(accepted.world, offer, ctx).valid  # only once
    declining = ToolContext(ctx.policy, ctx.tier, ctx.day, ctx.email)
    declined = apply_tool(world, offer, declining)
    assert [r.accepted for r in declined.world.retention_offers] == [False]
    assert declined.world.subscriptions == world.subscriptions


def test_credit_within_the_limits(toolbox: Scenario) -> None:
    world, ctx = _start(toolbox)
    one = apply_tool(world, ApplyCredit(amount=Decimal("25.00"), reason="sorry"), ctx)
    assert one.valid and one.world.credit_balance == Decimal("25.00")
    over = apply_tool(world, ApplyCredit(amount=Decimal("25.01"), reason="sorry"), ctx)
    assert not over.valid and over.world is world and "25.00 limit" in over.feedback
    total = apply_tool(one.world, ApplyCredit(amount=Decimal("20.00"), reason="more"), ctx)
    assert not total.valid and "total" in total.feedback
    assert apply_tool(one.world, ApplyCredit(amount=Decimal("15.00"), reason="more"), ctx).valid


def test_verify_identity_matches_every_answer_on_file(toolbox: Scenario) -> None:
    world, ctx = _start(toolbox, verified=False)
    wrong = apply_tool(
        world, VerifyIdentity(answers={"postcode": "99999", "card_last4": "4417"}), ctx
    )
    assert wrong.valid and not wrong.world.security.verified
    assert "10001" not in wrong.feedback and "do not match" in wrong.feedback
    partial = apply_tool(world, VerifyIdentity(answers={"postcode": "10001"}), ctx)
    assert partial.valid and not partial.world.security.verified
    assert "10001" not in partial.feedback
    right = apply_tool(
        world, VerifyIdentity(answers={" Postcode ": "10001 ", "card_last4": "4417"}), ctx
    )
    assert right.valid and right.world.security.verified


def test_password_reset_and_refund_ledger(toolbox: Scenario) -> None:
    world, ctx = _start(toolbox)
    done = apply_tool(world, SendPasswordReset(), ctx)
    assert done.world.security.reset_sent and done.world.resets[0].email == "lee.park@example.com"
    credit = record_refund(world, "ORD-D", Decimal("10.00"), RefundMethod.STORE_CREDIT)
    assert credit.credit_balance == Decimal("10.00") and len(credit.refunds) == 1
    card = record_refund(world, "ORD-D", Decimal("10.00"), RefundMethod.ORIGINAL_PAYMENT)
    assert card.credit_balance == 0


def test_lookup_of_an_unknown_order_is_rejected(toolbox: Scenario) -> None:
    world, ctx = _start(toolbox)
    done = apply_tool(world, LookupOrder(order_id="ORD-NOPE"), ctx)
    assert not done.valid and done.world is world


def test_replay_reports_gold_rejected_by_the_world(toolbox: Scenario) -> None:
    world, problems = replay(toolbox)
    assert problems == [] and _status(world, "ORD-P") is OrderStatus.CANCELLED
    bad = [CancelOrder(order_id="ORD-S", reason="x")]
    _, problems = replay(toolbox, bad)
    assert len(problems) == 1 and "before the caller is verified" in problems[0]
    data = toolbox.to_yaml_dict()
    data["reference_solution"][1] = {"type": "cancel_order", "order_id": "ORD-S", "reason": "x"}
    with pytest.raises(ValueError, match="rejected by the world"):
        Scenario.model_validate(data)


# -- the env: bad input is feedback and a penalty, never a change -----------------------------

BAD_INPUT: list[tuple[str, list[dict[str, Any]], dict[str, Any], str]] = [
    (
        "unknown-order",
        [_VERIFY],
        {"type": "cancel_order", "order_id": "ORD-X", "reason": "x"},
        "no order 'ORD-X'",
    ),
    (
        "cancel-shipped",
        [_VERIFY],
        {"type": "cancel_order", "order_id": "ORD-S", "reason": "x"},
        "shipped",
    ),
    (
        "address-once-shipped",
        [_VERIFY],
        {"type": "update_address", "order_id": "ORD-S", "address": _NEW.model_dump()},
        "shipped",
    ),
    (
        "retention-not-for-tier",
        [_VERIFY],
        {"type": "offer_retention", "subscription_id": "SUB-1", "offer_id": "vip-half-off"},
        "not an offer the policy allows",
    ),
    (
        "credit-over-limit",
        [_VERIFY],
        {"type": "apply_credit", "amount": "30.00", "reason": "x"},
        "limit",
    ),
    (
        "unverified-cancel",
        [],
        {"type": "cancel_order", "order_id": "ORD-P", "reason": "x"},
        "verified caller",
    ),
    (
        "unverified-after-failed-check",
        [{"type": "verify_identity", "answers": {"postcode": "10001", "card_last4": "0000"}}],
        {"type": "send_password_reset"},
        "verified caller",
    ),
    (
        "unverified-refund",
        [],
        {"type": "issue_refund", "amount": "10.00", "target": "ORD-D", "reason": "x"},
        "verified caller",
    ),
    ("malformed-arguments", [_VERIFY], {"type": "cancel_order", "order_id": 7}, "Invalid action"),
    (
        "unknown-field",
        [_VERIFY],
        {"type": "send_password_reset", "email": "x@evil.test"},
        "Invalid action",
    ),
    (
        "return-outside-window",
        [_VERIFY],
        {"type": "create_return", "order_id": "ORD-OLD", "reason": "x"},
        "window",
    ),
]


@pytest.mark.parametrize(
    ("setup", "action", "said"), [c[1:] for c in BAD_INPUT], ids=[c[0] for c in BAD_INPUT]
)
async def test_bad_input_is_penalized_and_changes_nothing(
    toolbox: Scenario, setup: list[dict[str, Any]], action: dict[str, Any], said: str
) -> None:
    env = SupportEnv(toolbox, EchoCustomer())
    await env.reset(seed=1)
    for step in setup:
        assert (await env.step(step)).last_action_valid
    before = env.state.world
    obs = await env.step(action)
    assert not obs.last_action_valid
    assert said in obs.feedback
    assert RewardEvent.INVALID_ACTION in env.state.actions[-1].events
    assert obs.reward < 0
    assert env.state.world == before


async def test_tool_not_in_the_scenarios_list_is_invalid() -> None:
    env = SupportEnv(world_scenario("world-cancel-subscription"), EchoCustomer())
    await env.reset(seed=1)
    before = env.state.world
    obs = await env.step({"type": "apply_credit", "amount": "5.00", "reason": "sorry"})
    assert not obs.last_action_valid and "not available here" in obs.feedback
    assert obs.reward < 0 and env.state.world == before


async def test_unverified_graded_wrong_is_done_recorded_and_penalized(toolbox: Scenario) -> None:
    data = toolbox.to_yaml_dict()
    data["policy"]["identity"]["unverified"] = "wrong"
    sc = Scenario.model_validate(data)
    env = SupportEnv(sc, EchoCustomer())
    await env.reset(seed=1)
    obs = await env.step({"type": "cancel_order", "order_id": "ORD-P", "reason": "x"})
    assert obs.last_action_valid and "unverified caller" in obs.feedback
    assert RewardEvent.POLICY_VIOLATION in env.state.actions[-1].events
    assert env.state.world.unverified == ("cancel_order",)


async def test_good_tools_change_the_world_and_earn_progress(toolbox: Scenario) -> None:
    env = SupportEnv(toolbox, EchoCustomer())
    await env.reset(seed=1)
    await env.step(_VERIFY)
    assert env.state.world.security.verified
    obs = await env.step({"type": "cancel_order", "order_id": "ORD-P", "reason": "asked"})
    assert obs.last_action_valid and RewardEvent.WORLD_PROGRESS in env.state.actions[-1].events
    obs = await env.step({"type": "cancel_order", "order_id": "ORD-P", "reason": "asked"})
    assert not obs.last_action_valid
    obs = await env.step({"type": "apply_credit", "amount": "5.00", "reason": "sorry"})
    assert obs.last_action_valid and RewardEvent.WRONG_CHANGE in env.state.actions[-1].events
    assert obs.customer.credit_balance == Decimal("5.00")


# -- visibility -----------------------------------------------------------------------------


async def test_lookup_visibility_hides_the_account_until_looked_up() -> None:
    sc = world_scenario("world-cancel-order")
    env = SupportEnv(sc, EchoCustomer())
    obs = await env.reset(seed=1)
    ctx = obs.customer
    assert ctx.orders == () and ctx.charges == () and not ctx.looked_up
    assert ctx.credit_balance is None and ctx.security is None
    assert (ctx.name, ctx.email, ctx.account_id) == (
        "Tomas Lind",
        "tomas.lind@example.com",
        "ACC-55120",
    )
    assert "ORD-8120" not in obs.model_dump_json()
    obs = await env.step({"type": "lookup_order", "order_id": "ORD-9001"})
    assert "processing" in obs.feedback and "Aurora" in obs.feedback
    assert [o.id for o in obs.customer.orders] == ["ORD-9001"]
    obs = await env.step({"type": "lookup_order", "order_id": "ORD-9001"})
    assert RewardEvent.REDUNDANT_ACTION in env.state.actions[-1].events
    obs = await env.step({"type": "lookup_account"})
    assert "ORD-8120" in obs.feedback and "4417" in obs.feedback
    assert obs.customer.looked_up and {o.id for o in obs.customer.orders} == {
        "ORD-9001",
        "ORD-8120",
    }
    assert env.state.looked_up == ["ORD-9001", "account"]
    # The answers on file that verify the caller are never shown.
    assert "verify_with" not in obs.model_dump_json()


async def test_full_visibility_shows_the_current_world() -> None:
    sc = world_scenario("world-cancel-subscription")
    env = SupportEnv(sc, EchoCustomer())
    obs = await env.reset(seed=1)
    assert [s.id for s in obs.customer.subscriptions] == ["SUB-301"]
    obs = await env.step(
        {"type": "cancel_subscription", "subscription_id": "SUB-301", "when": "now"}
    )
    assert obs.customer.subscriptions[0].status is SubscriptionStatus.CANCELLED


def test_world_round_trips_in_the_episode_state(toolbox: Scenario) -> None:
    world, ctx = _start(toolbox)
    world = apply_tool(world, CancelOrder(order_id="ORD-P", reason="x"), ctx).world
    assert World.model_validate_json(world.model_dump_json()) == world
    assert ctx.day == dt.date(2026, 11, 27)


async def test_the_text_prompt_follows_visibility() -> None:
    from sim.render import opening_prompt

    hidden = SupportEnv(world_scenario("world-cancel-order"), EchoCustomer())
    text = opening_prompt(await hidden.reset(seed=1))
    assert "look them up" in text and "ORD-8120" not in text and "94607" not in text
    shown = SupportEnv(world_scenario("world-cancel-subscription"), EchoCustomer())
    text = opening_prompt(await shown.reset(seed=1))
    assert "subscription SUB-301: Pro monthly" in text and "look them up" not in text


async def test_the_customers_history_is_shown_with_the_account(toolbox: Scenario) -> None:
    from sim.render import opening_prompt

    env = SupportEnv(toolbox, EchoCustomer())
    obs = await env.reset(seed=1)
    assert obs.customer.history is not None and len(obs.customer.history.refunds) == 1
    assert "earlier refund on 2026-10-01: 50.00 (item arrived damaged)" in opening_prompt(obs)
    obs = await env.step({"type": "lookup_account"})
    assert "Earlier contact on 2026-10-01: refund request." in obs.feedback

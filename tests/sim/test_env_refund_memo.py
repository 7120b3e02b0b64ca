"""The env remembers a refund's policy problems per (policy, world, refund): a remembered
answer is the one computed afresh, and another amount or another world is judged anew."""

from __future__ import annotations

import asyncio
from decimal import Decimal

from sim.actions import IssueRefund
from sim.customer import EchoCustomer
from sim.env import SupportEnv
from sim.events import RewardEvent
from sim.loader import get_scenario
from sim.policy_engine import policy_at, refund_problems

LAMP = "standard-partial-refund"  # ORD-40917 89.00, 50% owed for cosmetic damage


def _refund(amount: str) -> IssueRefund:
    return IssueRefund(amount=Decimal(amount), reason="scratched lamp", target="ORD-40917")


def _fresh(env: SupportEnv, action: IssueRefund) -> list[str]:
    sc = env.scenario
    return refund_problems(
        policy_at(sc, env.state.step_count),
        env.state.world,
        action.target,
        action.amount,
        action.method,
        sc.ticket.opened,
        sc.customer.tier,
    )


def test_remembered_problems_are_the_fresh_ones() -> None:
    env = SupportEnv(get_scenario(LAMP), EchoCustomer())
    asyncio.run(env.reset(seed=1))
    policy = policy_at(env.scenario, env.state.step_count)
    for amount in ("44.50", "60.00", "44.50", "60.00"):
        action = _refund(amount)
        assert env._refund_problems(policy, env.state.world, action) == _fresh(env, action)
    assert env._refund_problems(policy, env.state.world, _refund("44.50")) == []
    over = env._refund_problems(policy, env.state.world, _refund("60.00"))
    assert len(over) == 1 and over[0].startswith("more than is owed")


def test_a_replayed_refund_is_judged_like_the_first() -> None:
    env = SupportEnv(get_scenario(LAMP), EchoCustomer())

    async def refund_twice(amount: str) -> list[tuple[RewardEvent, ...]]:
        await env.reset(seed=2)
        first = await env.step(_refund(amount))
        await env.step(_refund(amount))  # the world now holds the first refund
        assert first.last_action_valid
        return [r.events for r in env.state.actions]

    once = asyncio.run(refund_twice("44.50"))
    again = asyncio.run(refund_twice("44.50"))
    assert once == again
    assert RewardEvent.WRONG_REFUND in once[1]  # nothing left owed: another world, judged anew

"""Actions shared by value: an agent builds its actions anew every episode, and the env's
records are keyed by the action object. Unless equal actions are one object, every step ever
taken is a new record and a batch run's memory grows with its episodes (issue 4's goal: the
peak at 10,000 episodes within 1.5x of the peak at 1,000)."""

from __future__ import annotations

import asyncio
from decimal import Decimal

import pytest

from sim import records
from sim.actions import CloseTicket, Escalate, IssueRefund, Reply, SearchKB
from sim.customer import EchoCustomer
from sim.env import SupportEnv
from sim.loader import get_scenario
from sim.records import Records
from sim.state import ActionRecord
from sim.statekey import value_key

SCENARIO = "easy-password-reset"


def test_equal_actions_have_one_exact_text_and_every_difference_counts() -> None:
    assert value_key(Reply(content="Done.")) == value_key(Reply(content="Done."))
    assert value_key(Reply(content="Done.")) != value_key(Reply(content="Done!"))
    # equal in Python, written differently (one built without validation, which writes
    # cents): not the same value for the env's feedback
    refund = IssueRefund(amount=Decimal("40"), reason="r")
    assert refund.amount.as_tuple() == Decimal("40.00").as_tuple()
    unvalidated = IssueRefund.model_construct(**{**refund.__dict__, "amount": Decimal("40")})
    assert unvalidated == refund
    assert value_key(unvalidated) != value_key(refund)
    assert value_key(IssueRefund(amount=Decimal("40.00"), reason="r")) == value_key(refund)
    assert value_key(Escalate(reason="r")) != value_key(Escalate(reason="r", team="billing"))
    # same fields, another action type
    assert value_key(SearchKB(query="refund")) != value_key(Reply(content="refund"))


def test_a_value_with_no_exact_text_has_no_key() -> None:
    assert value_key(object()) is None
    assert value_key(Reply.model_construct(content=object())) is None
    # a scenario is keyed by identity only: no text of its own
    assert value_key(get_scenario(SCENARIO)) is None
    assert value_key("text") is not None


def test_the_records_give_one_object_per_action_value() -> None:
    records = Records()
    first = Reply(content="Your reset link is on its way.")
    again = Reply(content="Your reset link is on its way.")
    other = Reply(content="Your reset link is on its way!")
    assert again is not first
    assert records.shared_action(first) is first
    assert records.shared_action(again) is first
    assert records.shared_action(other) is other
    # no exact text: the action stands for itself, nothing remembered
    odd = Reply.model_construct(content=object())
    assert records.shared_action(odd) is odd
    assert records.shared_action(Reply.model_construct(content=object())) is not odd


async def _episode(env: SupportEnv, seed: int) -> tuple[ActionRecord, ...]:
    """One short episode whose actions are built anew, as an agent builds them."""
    await env.reset(seed=seed)
    await env.step(SearchKB(query="password reset"))
    await env.step(Reply(content="I have sent you a password reset link."))
    await env.step(CloseTicket(resolution="Reset link sent."))
    return tuple(env.state.actions)


def test_episodes_of_new_equal_actions_share_their_records_and_the_table_stays_bounded() -> None:
    env = SupportEnv(get_scenario(SCENARIO), EchoCustomer())
    first = asyncio.run(_episode(env, 1))
    size = len(env._records._table)
    for seed in range(2, 12):
        again = asyncio.run(_episode(env, seed))
        assert len(again) == len(first)
        for a, b in zip(again, first, strict=True):
            assert a is b  # the same record, holding the same action object
    assert len(env._records._table) == size
    # a new action value is a new record, and only that
    asyncio.run(env.reset(seed=20))
    asyncio.run(env.step(Reply(content="Please check your spam folder.")))
    assert env.state.actions[0].action == Reply(content="Please check your spam folder.")
    assert env.state.actions[0] is not first[1]
    assert len(env._records._table) > size


def test_a_replayed_plan_is_recorded_as_its_own_objects_without_writing_them_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    env = SupportEnv(get_scenario(SCENARIO), EchoCustomer())
    plan = [
        SearchKB(query="reset my password"),
        Reply(content="A reset link is on its way to you."),
        CloseTicket(resolution="Reset link sent; plan replayed."),
    ]

    async def replay(seed: int) -> None:
        await env.reset(seed=seed)
        for action in plan:
            await env.step(action)

    asyncio.run(replay(1))
    assert [r.action for r in env.state.actions] == plan
    assert all(r.action is a for r, a in zip(env.state.actions, plan, strict=True))
    written: list[object] = []
    monkeypatch.setattr(records, "value_key", lambda v: written.append(v) or value_key(v))
    asyncio.run(replay(2))
    assert all(r.action is a for r, a in zip(env.state.actions, plan, strict=True))
    assert written == []  # known by identity: not written out again
    # an equal action that is another object is written, and is given the plan's object
    asyncio.run(env.reset(seed=3))
    asyncio.run(env.step(SearchKB(query="reset my password")))
    assert len(written) == 1
    assert env.state.actions[0].action is plan[0]

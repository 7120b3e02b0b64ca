"""What the env shares between episodes (a tool's transition, the unverified ledger, the
account view) and the observation it fills without validating: each shared or direct value
is the one computed or validated afresh, and every part of its key counts."""

from __future__ import annotations

import asyncio
from decimal import Decimal
from typing import Any

import pytest
from pydantic import ValidationError

from agents.registry import make_agent
from sim.customer import EchoCustomer
from sim.env import SupportEnv
from sim.factory import make_env
from sim.loader import bundled_scenario_ids, get_scenario
from sim.observation import observation
from sim.state import ArticleView, Message, Observation, Role
from sim.tools import CancelOrder, LookupOrder, OfferRetention, UpdateAddress, VerifyIdentity
from sim.transitions import apply_tool, context_for
from sim.world import Address
from sim.world_view import customer_context

RETENTION = "policy-retention-offer-midway"  # the standard tier's offer arrives at step 2
IMPOSTOR = "fraud-impostor-address-change"  # unverified changes are carried out, graded wrong
LOOKUP = "account-email-change"  # the account is shown once looked up


def _env(scenario_id: str) -> SupportEnv:
    env = SupportEnv(get_scenario(scenario_id), EchoCustomer())
    asyncio.run(env.reset(seed=1))
    return env


def test_a_tool_transition_depends_on_the_step_and_is_shared_per_world_and_action() -> None:
    env = _env(RETENTION)
    sc = env.scenario
    verify = VerifyIdentity(answers={"email": "jonas.berg@example.com", "card_last4": "9047"})
    verified = env._transition(env.state.world, verify, 1).world
    assert verified.security.verified
    offer = OfferRetention(subscription_id="SUB-3881", offer_id="one-free-month")
    # before the update (step 1) there is no such offer for this tier; from step 2 there is
    for step, valid in ((3, True), (1, False), (3, True), (1, False)):
        done = env._transition(verified, offer, step)
        assert done.valid is valid
        assert done == apply_tool(verified, offer, context_for(sc, step))
    # another env of the same scenario object shares the transition (and so its world)
    other = SupportEnv(sc, EchoCustomer())
    assert other._transition(verified, offer, 3) is env._transition(verified, offer, 3)
    # an equal action that is another object is computed anew, with the same answer
    again = OfferRetention(subscription_id="SUB-3881", offer_id="one-free-month")
    assert env._transition(verified, again, 3) == env._transition(verified, offer, 3)
    # another world: the transition of that world (here not verified: it stays unverified)
    unverified = env._transition(env.state.world, offer, 3)
    assert unverified == apply_tool(env.state.world, offer, context_for(sc, 3))
    assert not unverified.world.security.verified


def test_the_unverified_ledger_is_shared_per_world_and_action_type() -> None:
    env = _env(IMPOSTOR)
    world = env.state.world
    moved = env._acted_unverified(world, "update_address")
    cancelled = env._acted_unverified(world, "cancel_order")
    assert moved.unverified == (*world.unverified, "update_address")
    assert cancelled.unverified == (*world.unverified, "cancel_order")
    assert env._acted_unverified(world, "update_address") is moved
    assert env._acted_unverified(moved, "cancel_order").unverified == (
        *world.unverified,
        "update_address",
        "cancel_order",
    )


def test_episodes_acting_unverified_record_their_own_actions() -> None:
    sc = get_scenario(IMPOSTOR)
    order = sc.customer.orders[0].id
    address = Address(line1="1 New Street", city="Leeds", postcode="LS1 1AA", country="GB")
    update = UpdateAddress(order_id=order, address=address)
    cancel = CancelOrder(order_id=order, reason="changed my mind")

    def play(*actions: Any) -> tuple[str, ...]:
        env = SupportEnv(sc, EchoCustomer())

        async def run() -> None:
            await env.reset(seed=1)
            for action in actions:
                await env.step(action)

        asyncio.run(run())
        return env.state.world.unverified

    assert play(update) == ("update_address",)
    assert play(cancel) == ("cancel_order",)
    assert play(update, cancel) == ("update_address", "cancel_order")
    assert play(update) == ("update_address",)


def test_the_account_view_follows_the_lookups_and_the_world() -> None:
    env = _env(LOOKUP)
    sc, world = env.scenario, env.state.world
    order = sc.customer.orders[0].id
    for looked_up in ((), ("account",), (order,), (), ("account",)):
        view = env._account_view(world, looked_up)
        assert view == customer_context(sc, world, list(looked_up))
    assert not env._account_view(world, ()).looked_up
    assert env._account_view(world, ("account",)).looked_up
    assert env._account_view(world, (order,)).orders != env._account_view(world, ()).orders
    lookup = LookupOrder(order_id=order)
    assert env._account_view(world, ("account",)) is env._account_view(world, ("account",))
    changed = env._acted_unverified(world, lookup.type)
    assert env._account_view(changed, ("account",)) is not env._account_view(world, ("account",))


async def _observations(scenario_id: str, agent: str) -> list[Observation]:
    env = make_env(get_scenario(scenario_id))
    seen = [await env.reset(seed=3)]
    player = make_agent(agent)
    original = env.step

    async def step(action: Any) -> Observation:
        obs = await original(action)
        seen.append(obs)
        return obs

    env.step = step  # type: ignore[method-assign]
    await player.play(env, seen[0])
    return seen


def _validated(obs: Observation) -> Observation:
    return Observation(**obs.__dict__)


@pytest.mark.parametrize("scenario_id", bundled_scenario_ids()[::6])
def test_every_observation_is_what_validation_gives(scenario_id: str) -> None:
    for agent in ("oracle", "invalid-spam", "act-unverified"):
        for obs in asyncio.run(_observations(scenario_id, agent)):
            fresh = _validated(obs)
            assert obs == fresh
            assert obs.model_fields_set == fresh.model_fields_set
            assert list(obs.__dict__) == list(fresh.__dict__)
            assert [type(v) for v in obs.__dict__.values()] == [
                type(v) for v in fresh.__dict__.values()
            ]
            assert obs.__pydantic_extra__ is None and obs.__pydantic_private__ is None


def _values() -> dict[str, Any]:
    env = _env(LOOKUP)
    return dict(env._observe("Fine.", True, 0.5).__dict__)


def test_values_of_their_exact_types_are_set_as_given() -> None:
    values = _values()
    obs = observation(**values)
    assert obs == Observation(**values)
    assert all(obs.__dict__[k] is v for k, v in values.items())


@pytest.mark.parametrize(
    ("field", "given", "expected"),
    [
        ("reward", 1, 1.0),
        ("search_results", [], ()),
        ("conversation", [], ()),
        (
            "conversation",
            ({"role": "agent", "content": "Hi", "step": 1},),
            (Message(role=Role.AGENT, content="Hi", step=1),),
        ),
        (
            "search_results",
            ({"id": "a", "title": "T", "body": "B"},),
            (ArticleView(id="a", title="T", body="B"),),
        ),
    ],
)
def test_other_values_are_validated_and_coerced(field: str, given: Any, expected: Any) -> None:
    values = {**_values(), field: given}
    got = getattr(observation(**values), field)
    assert got == expected
    assert type(got) is type(expected)
    if isinstance(expected, tuple) and expected:
        assert type(got[0]) is type(expected[0])


@pytest.mark.parametrize(
    ("field", "given"),
    [
        ("feedback", 5),
        ("episode_id", 7),
        ("last_action_valid", "maybe"),
        ("reward", "much"),
        ("conversation", (object(),)),
        ("search_results", (object(),)),
    ],
)
def test_values_validation_rejects_are_rejected(field: str, given: Any) -> None:
    with pytest.raises(ValidationError):
        observation(**{**_values(), field: given})


def test_a_missing_or_unknown_field_is_validated() -> None:
    values = _values()
    values.pop("feedback")
    with pytest.raises(ValidationError):
        observation(**values)
    with pytest.raises(ValidationError):
        observation(**{**_values(), "extra": 1})


def test_a_validated_boolean_stays_a_boolean() -> None:
    obs = observation(**{**_values(), "last_action_valid": 1})
    assert obs.last_action_valid is True
    assert observation(**{**_values(), "refunded_total": Decimal("0.00")}).refunded_total == 0

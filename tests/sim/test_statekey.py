"""The exact state key (``sim.statekey``), the grade remembered by it, the env's shared
records (``sim.records``) and the remembered emotion transition: a remembered answer is the
answer computed afresh, and values that compare equal but read differently never share one."""

from __future__ import annotations

import asyncio
from decimal import Decimal

import pytest
from pydantic import BaseModel, ValidationError

from graders import rules
from personas.emotion import _transition, initial_state, transition
from personas.loader import get_persona
from sim.actions import RefundMethod
from sim.customer import EchoCustomer
from sim.env import SupportEnv
from sim.events import CustomerEvent
from sim.loader import get_scenario
from sim.records import Records
from sim.state import EpisodeState, Message, RefundRecord, Role
from sim.statekey import state_key


def _played(scenario_id: str, seed: int) -> EpisodeState:
    scenario = get_scenario(scenario_id)
    env = SupportEnv(scenario, EchoCustomer())

    async def play() -> None:
        await env.reset(seed=seed)
        for action in scenario.reference_solution:
            if (await env.step(action)).done:
                break

    asyncio.run(play())
    return env.state


def _key(state: BaseModel) -> bytes:
    keyed = state_key(state)
    assert keyed is not None
    return keyed[0]


def test_equal_states_share_a_key_and_the_scenario_is_returned() -> None:
    a, b = _played("hard-double-billing", 1), _played("hard-double-billing", 2)
    ignore = frozenset({"episode_id", "seed"})
    ka, kb = state_key(a, ignore), state_key(b, ignore)
    assert ka is not None and kb is not None
    assert ka[0] == kb[0]
    assert ka[1] == (a.scenario,)
    assert _key(a) != _key(b)  # the ids and seeds differ when not ignored


@pytest.mark.parametrize(
    ("one", "other"),
    [
        (Decimal("40"), Decimal("40.00")),
        (Decimal("0"), Decimal("-0")),
    ],
)
def test_amounts_equal_but_written_differently_differ(one: Decimal, other: Decimal) -> None:
    state = _played("hard-double-billing", 1)
    record = state.refunds[0]
    s1 = state.model_copy(update={"refunds": [record.model_copy(update={"amount": one})]})
    s2 = state.model_copy(update={"refunds": [record.model_copy(update={"amount": other})]})
    assert one == other
    assert _key(s1) != _key(s2)


def test_numbers_strings_and_enum_members_equal_in_python_differ() -> None:
    state = _played("easy-password-reset", 1)
    cases = [
        {"total_reward": 1.0},
        {"total_reward": 1},
        {"total_reward": True},
        {"total_reward": -0.0},
        {"total_reward": 0.0},
    ]
    keys = {_key(state.model_copy(update=c)) for c in cases}
    assert len(keys) == len(cases)
    message = state.conversation[0]
    as_str = message.model_copy(update={"role": str(message.role)})
    assert as_str.role == message.role
    k1 = _key(state.model_copy(update={"conversation": [message]}))
    k2 = _key(state.model_copy(update={"conversation": [as_str]}))
    assert k1 != k2


def test_order_of_a_list_counts_and_an_unknown_type_gives_no_key() -> None:
    state = _played("hard-double-billing", 1)
    turned = state.model_copy(update={"conversation": state.conversation[::-1]})
    assert _key(turned) != _key(state)
    odd = state.model_copy(update={"searches": [object()]})
    assert state_key(odd) is None


def test_grade_remembered_is_the_grade_computed_and_follows_the_state() -> None:
    state = _played("hard-double-billing", 1)
    first = rules.grade(state)
    assert rules.grade(state) is first
    assert first == rules._grade(state, state.scenario)
    # a changed state is graded again: a refund the agent did not make
    state.refunds.append(
        RefundRecord(
            step=99, amount=Decimal("5.00"), target=None, reason="x", policy_consulted=True
        )
    )
    second = rules.grade(state)
    assert second == rules._grade(state, state.scenario)
    assert second != first


def test_records_are_shared_only_for_exact_values() -> None:
    records = Records()
    a = records.message(Role.AGENT, "Hello", 1)
    assert records.message(Role.AGENT, "Hello", 1) is a
    assert records.message(Role.AGENT, "Hello", 2) is not a
    assert isinstance(a, Message) and a.content == "Hello"
    with pytest.raises(ValidationError):  # not a string: validated (and rejected) as before
        records.message(Role.AGENT, 5, 1)  # type: ignore[arg-type]
    method = RefundMethod.ORIGINAL_PAYMENT
    one = records.refund(1, Decimal("40"), None, "r", True, method, True)
    two = records.refund(1, Decimal("40.00"), None, "r", True, method, True)
    assert one is not two and str(one.amount) == "40" and str(two.amount) == "40.00"


def test_transition_remembered_equals_computed() -> None:
    persona = get_persona("furious-repeat-caller")
    state = initial_state(persona)
    turns = [
        (CustomerEvent.TURN_PASSED,),
        (CustomerEvent.TURN_PASSED, CustomerEvent.EMPATHY),
        (CustomerEvent.FALSE_CLAIM,),
        (CustomerEvent.REFUND_CORRECT, CustomerEvent.PROGRESS),
    ]
    for events in turns * 2:
        after = transition(state, events, persona)
        assert after == _transition(state, events, persona)
        assert transition(state, list(events), persona) == after
        state = after


def test_a_new_episode_state_is_what_validation_gives() -> None:
    scenario = get_scenario("hard-double-billing")
    env = SupportEnv(scenario, EchoCustomer())

    async def play(seed: int | str) -> EpisodeState:
        await env.reset(seed=seed)  # type: ignore[arg-type]
        fresh = env.state
        for action in scenario.reference_solution:
            if (await env.step(action)).done:
                break
        return fresh

    first = asyncio.run(play(1))
    second = asyncio.run(play(2))
    assert first.actions and second.actions and first.actions is not second.actions
    asyncio.run(env.reset(seed=4))
    state = env.state
    validated = EpisodeState(
        episode_id=state.episode_id,
        seed=4,
        scenario=scenario,
        persona_id=state.persona_id,
        max_steps=state.max_steps,
        world=state.world,
        conversation=state.conversation,
        emotion=state.emotion,
        revealed_facts=state.revealed_facts,
    )
    assert state == validated
    assert state.model_fields_set == {
        "episode_id",
        "seed",
        "scenario",
        "persona_id",
        "max_steps",
        "world",
    }
    # a seed of another type goes through validation, as before (coerced here)
    asyncio.run(env.reset(seed="5"))  # type: ignore[arg-type]
    assert env.state.seed == 5


def test_plain_values_of_other_types_differ_in_a_field_and_in_a_list() -> None:
    """Fields and lists of plain values are written by their repr: "7", 7, True and None
    stay apart, in a field and as an item, and a ``StrEnum`` member stays apart from its
    string."""
    state = _played("easy-password-reset", 1)
    fields = [{"error": "7"}, {"error": None}, {"step_count": 7}, {"step_count": True}]
    assert len({_key(state.model_copy(update=c)) for c in fields}) == len(fields)
    items: list[list[object]] = [["7"], [7], [True], [None], [], ["7", "7"], [Role.AGENT]]
    keys = {_key(state.model_copy(update={"looked_up": v})) for v in items}
    assert len(keys) == len(items)
    assert _key(state.model_copy(update={"looked_up": ["agent"]})) != _key(
        state.model_copy(update={"looked_up": [Role.AGENT]})
    )


def test_a_list_changed_in_place_changes_the_key() -> None:
    """Nothing is remembered per list: an item appended or replaced in place (by a record
    equal in Python but written differently) gives the key of a state built with it."""
    state = _played("hard-double-billing", 1)
    before = _key(state)
    state.searches.append("a query typed later")
    assert _key(state) != before
    record = state.refunds[0]
    other = record.model_copy(update={"amount": Decimal(f"{record.amount}") + Decimal("0.00")})
    assert other == record or other.amount == record.amount
    fresh = state.model_copy(update={"refunds": [other]})
    state.refunds[0] = other
    assert _key(state) == _key(fresh)
    state.refunds[0] = record.model_copy(update={"amount": record.amount + 1})
    assert _key(state) != _key(fresh)


def test_a_remembered_record_and_an_equal_copy_share_the_key() -> None:
    """A list of records whose texts are remembered (the usual case) is written as the
    item-by-item walk writes it: an equal copy met for the first time gives the same key."""
    state = _played("hard-double-billing", 1)
    _key(state)  # the records' texts are remembered now
    copies = [a.model_copy() for a in state.actions]
    assert all(c is not a for c, a in zip(copies, state.actions, strict=True))
    assert _key(state.model_copy(update={"actions": copies})) == _key(state)
    world = state.world.model_copy(update={"unverified": ("lookup_order",)})
    assert _key(state.model_copy(update={"world": world})) != _key(state)

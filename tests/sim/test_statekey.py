"""The exact state key (``sim.statekey``), the grade remembered by it, the env's shared
records (``sim.records``) and the remembered emotion transition: a remembered answer is the
answer computed afresh, and values that compare equal but read differently never share one."""

from __future__ import annotations

import asyncio
import copy
from decimal import Decimal

import pytest
from pydantic import BaseModel, ValidationError

from graders import rules
from personas.emotion import _transition, initial_state, transition
from personas.loader import get_persona
from sim import statekey
from sim.actions import RefundMethod
from sim.customer import EchoCustomer
from sim.env import SupportEnv
from sim.events import CustomerEvent
from sim.factory import make_env
from sim.loader import get_scenario
from sim.records import Records
from sim.state import EpisodeState, Message, RefundRecord, Role, TicketStatus
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


# -- the signature: a state met before is keyed without writing it out ----------------

_IGNORED = frozenset({"episode_id", "seed", "conversation"})


def _both(state: BaseModel, ignore: frozenset[str] = _IGNORED) -> bytes:
    """The key found through the signature, asserted equal to the key written out."""
    keyed, walked = state_key(state, ignore), statekey._walked(state, ignore)
    assert keyed is not None and walked is not None
    assert keyed == walked
    return keyed[0]


def _steps(scenario_id: str, persona_id: str | None, seed: int) -> list[tuple[bytes, bytes]]:
    """(the key, the key written out) of a scripted episode's live state after each step and
    after its grade (the state the env changes in place, keyed as the appraisal keys it)."""
    env = make_env(scenario_id, persona_id)
    seen: list[tuple[bytes, bytes]] = []

    def note() -> None:
        keyed = state_key(env.state, _IGNORED)
        walked = statekey._walked(env.state, _IGNORED)
        assert keyed is not None and walked is not None
        seen.append((keyed[0], walked[0]))

    async def play() -> None:
        await env.reset(seed=seed)
        note()
        for action in env.scenario.reference_solution:
            done = (await env.step(action)).done
            note()
            if done:
                break
        rules.grade(env.state)
        note()

    asyncio.run(play())
    return seen


def test_the_signed_key_is_the_written_key_on_replayed_episodes() -> None:
    """Episodes replayed (a scripted persona, other seeds: other wordings, the same records)
    are keyed through remembered signatures, and every key is the one written out: equal
    keys exactly where the written keys are equal."""
    runs = [("hard-double-billing", None), ("easy-password-reset", "terse-executive")]
    seen = [pair for sid, pid in runs for seed in (1, 2, 1, 3) for pair in _steps(sid, pid, seed)]
    assert all(fast == slow for fast, slow in seen)
    assert len({fast for fast, _ in seen}) > len(runs)
    walks = 0
    written = statekey._walked

    def counted(state: BaseModel, ignore: frozenset[str]) -> object:
        nonlocal walks
        walks += 1
        return written(state, ignore)

    statekey._walked = counted  # type: ignore[assignment]
    try:
        again = _steps("hard-double-billing", None, 1)
    finally:
        statekey._walked = written
    assert walks == len(again)  # the test's own written keys: none by state_key
    assert set(again) <= set(seen)


def test_a_state_changed_in_place_is_keyed_as_it_now_is() -> None:
    """No key is remembered per state object: an item appended, replaced by a record equal in
    Python but written differently, removed and put back, or a field set, is keyed as a
    state built with it, and going back gives the first key again."""
    state = _played("hard-double-billing", 1)
    first = _both(state)
    assert _both(state) == first  # met before: through the signature
    state.searches.append("a query typed later")
    appended = _both(state)
    assert appended != first
    state.searches.pop()
    assert _both(state) == first
    record = state.refunds[0]
    widened = record.model_copy(update={"amount": record.amount + Decimal("0.000")})
    assert widened == record
    state.refunds[0] = widened
    assert _both(state) not in (first, appended)
    state.refunds[0] = record
    assert _both(state) == first
    state.step_count += 1
    assert _both(state) != first
    state.step_count -= 1
    state.total_reward = -0.0
    negative = _both(state)
    state.total_reward = 0.0
    assert _both(state) != negative
    state.status = TicketStatus.ABANDONED
    assert _both(state) not in (first, negative)


def test_a_copy_shares_the_key_until_one_of_them_changes() -> None:
    state = _played("hard-double-billing", 2)
    first = _both(state)
    shallow, deep = state.model_copy(), copy.deepcopy(state)
    assert _both(shallow) == first
    assert _both(deep, _IGNORED | {"scenario"}) == _both(state, _IGNORED | {"scenario"})
    deep.actions.append(deep.actions[-1])
    assert _both(deep) != _both(state) == first
    shallow.refunds = []  # a field set on the copy: the original keeps its key
    assert _both(shallow) != first == _both(state)


def test_an_object_freed_after_keying_does_not_lend_its_id() -> None:
    """The entry keeps every object its signature names by id: a record keyed, then dropped
    from the state (its id would be free for another object's), does not lend its key to a
    record made after it."""
    state = _played("hard-double-billing", 1)
    record = state.refunds[0]
    for cents in range(20):
        made = record.model_copy(update={"amount": Decimal(f"1.{cents:02d}")})
        state.refunds[0] = made
        key = _both(state)
        statekey._FROZEN.clear()  # as when full: only the signature's entry keeps it now
        del made
        state.refunds[0] = record
        fresh = record.model_copy(update={"amount": Decimal(f"2.{cents:02d}")})
        state.refunds[0] = fresh
        assert _both(state) != key


def test_a_mutable_value_is_written_each_time() -> None:
    """A list inside a list, a dict or a plain model has no signature: the state is walked
    (and a change inside it is seen)."""
    state = _played("easy-password-reset", 1)
    inner = ["a"]
    nested = state.model_copy(update={"searches": [inner]})
    assert statekey._signature(nested, _IGNORED) is None
    before = _both(nested)
    inner.append("b")
    assert _both(nested) != before
    plain = state.model_copy(update={"error": {"code": 1}})
    assert statekey._signature(plain, _IGNORED) is None
    assert state_key(plain, _IGNORED) is not None
    renamed = state.model_copy()
    del renamed.__dict__["error"]  # a field missing: walked, not signed
    assert statekey._signature(renamed, _IGNORED) is None


def test_the_signature_tells_values_equal_in_python_apart() -> None:
    """Values equal under ``==`` but written differently never share a signature: in a
    field ``1``, ``1.0`` and ``True``, ``0.0`` and ``-0.0``, ``"agent"`` and ``Role.AGENT``;
    as items the same."""
    state = _played("easy-password-reset", 1)
    for field, values in [
        ("total_reward", [1, 1.0, True, 0.0, -0.0]),
        ("error", ["agent", Role.AGENT, None]),
        ("looked_up", [["1"], [1], [True], [1.0], [Role.AGENT], ["agent"], []]),
    ]:
        copies = [state.model_copy(update={field: v}) for v in values]
        signatures = [statekey._signature(c, _IGNORED) for c in copies]
        assert None not in signatures
        assert len({s[0] for s in signatures if s is not None}) == len(values)
        assert len({_both(c) for c in copies}) == len(values)


def test_an_item_moved_to_the_next_list_changes_the_key() -> None:
    """Items are signed one after another across lists, with each list's length: the same
    items split otherwise between two lists are another state."""
    state = _played("hard-double-billing", 1)
    first, second = "refund policy", "double charge"
    one = state.model_copy(update={"retrieved": [first, second], "searches": []})
    other = state.model_copy(update={"retrieved": [first], "searches": [second]})
    assert _both(one) != _both(other)

"""Answers remembered by what their work read (``sim.replymemo``): shared by states that
differ only in customer words the work never read, and never by states that differ in
anything it did read (a keyed field, the words themselves, the value of a reading).

Mutation testing (mutmut, this file alone): 139 mutants, 134 killed, 5 equivalent:
- ``_Log.words = None`` and ``ReplyMemo._unkeyable = None`` for ``False``: both are only
  read for their truth, and None is as false;
- ``zip(kept, now, strict=...)`` in ``_same`` with strict False, None or left out: the
  lengths were found equal on the line's left of ``and``, so strict never raises.
``_same`` itself can only fail on an entry planted by hand (test_an_entry_keeping_other_
objects_is_not_given): the key holds the ids of the objects the entry keeps alive, so no
other live object can have them; it guards that invariant, it decides nothing today."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from decimal import Decimal
from typing import Any

import pytest

from graders import rules
from personas import bundled_persona_ids
from sim import claims, replymemo, statekey
from sim.actions import Reply
from sim.appraisal import _false_claims
from sim.factory import make_env
from sim.loader import get_scenario
from sim.replymemo import ReplyMemo, heard
from sim.scenario import Scenario
from sim.state import EpisodeState, Message, RefundRecord, Role

A, C = Role.AGENT, Role.CUSTOMER
MEDIUM = "medium-defective-product"


@pytest.fixture(autouse=True)
def _fresh() -> Iterator[None]:
    replymemo.clear()
    yield
    replymemo.clear()


def _state(name: str, messages: list[tuple[int, Role, str]], **update: Any) -> EpisodeState:
    conversation = [Message(role=role, content=text, step=step) for step, role, text in messages]
    base = EpisodeState(
        episode_id="e", seed=1, scenario=get_scenario(name), persona_id="p", max_steps=30
    )
    return base.model_copy(update={"conversation": conversation, **update})


def _talk(customer: str, agent: str = "I've refunded $150.00.", **update: Any) -> EpisodeState:
    return _state(MEDIUM, [(0, C, customer), (1, A, agent)], **update)


class _Work:
    """Work that counts its runs and answers ``read(state)``."""

    def __init__(self, read: Callable[[EpisodeState], object] = lambda s: len(s.refunds)) -> None:
        self.runs = 0
        self.read = read

    def __call__(self, state: EpisodeState) -> object:
        self.runs += 1
        return self.read(state)


def _answer(state: EpisodeState, work: _Work, name: str = "w") -> object:
    return ReplyMemo(state).answer(name, state.scenario, work)


def test_customer_words_the_work_never_read_are_not_keyed() -> None:
    work = _Work()
    assert _answer(_talk("My blender broke."), work) == 0
    assert _answer(_talk("The blender stopped, help!"), work) == 0
    assert work.runs == 1


_REFUND = RefundRecord(
    step=1, amount=Decimal("150.00"), target="ORD-7781", reason="r", policy_consulted=True
)


@pytest.mark.parametrize(
    "other",
    [
        pytest.param(lambda: _talk("My blender broke.", "I've refunded $15.00."), id="agent-words"),
        pytest.param(
            lambda: _state(MEDIUM, [(1, C, "My blender broke."), (1, A, "I've refunded $150.00.")]),
            id="customer-step",
        ),
        pytest.param(
            lambda: _state(MEDIUM, [(0, A, "My blender broke."), (1, A, "I've refunded $150.00.")]),
            id="role",
        ),
        pytest.param(lambda: _talk("My blender broke.", refunds=[_REFUND]), id="refunds"),
        pytest.param(lambda: _talk("My blender broke.", step_count=4), id="step-count"),
        pytest.param(
            lambda: _talk("My blender broke.", scenario=get_scenario(MEDIUM).model_copy()),
            id="scenario-object",
        ),
    ],
)
def test_a_state_differing_in_a_keyed_value_is_answered_afresh(
    other: Callable[[], EpisodeState],
) -> None:
    work = _Work(lambda s: (len(s.refunds), s.step_count, id(s.scenario), _agent_words(s)))
    _answer(_talk("My blender broke."), work)
    state = other()
    assert _answer(state, work) == work.read(state)
    assert work.runs == 2


def _agent_words(state: EpisodeState) -> tuple[tuple[Role, int, str], ...]:
    return tuple((m.role, m.step, m.content) for m in state.conversation if m.role is A)


def test_the_name_is_keyed() -> None:
    work = _Work()
    state = _talk("My blender broke.")
    _answer(state, work, "one")
    _answer(state, work, "two")
    assert work.runs == 2


def _words(state: EpisodeState) -> tuple[str, ...]:
    return tuple(m.content for m in state.conversation if m.role is C)


def test_work_that_read_the_words_is_keyed_by_them() -> None:
    work = _Work(_words)
    assert _answer(_talk("My blender broke."), work) == ("My blender broke.",)
    assert _answer(_talk("It stopped."), work) == ("It stopped.",)
    assert _answer(_talk("My blender broke."), work) == ("My blender broke.",)
    assert work.runs == 2


def _digits(state: EpisodeState) -> int:
    return sum(ch.isdigit() for m in state.conversation if m.role is C for ch in m.content)


def _sum(state: EpisodeState) -> Decimal:
    said = [w for m in state.conversation if m.role is C for w in m.content.split()]
    return sum((Decimal(w) for w in said if w[0].isdigit()), Decimal(0))


def test_a_reading_of_the_words_is_keyed_by_its_value() -> None:
    work = _Work(lambda s: heard(_digits, s) > 1)
    assert _answer(_talk("It broke after 10 days."), work) is True
    assert _answer(_talk("It died after 12 days."), work) is True  # other words, same reading
    assert work.runs == 1
    assert _answer(_talk("It broke after 9 days."), work) is False
    assert work.runs == 2
    assert _answer(_talk("It broke after 11 days."), work) is True  # the first answer kept
    assert work.runs == 2


def test_readings_equal_but_written_otherwise_are_told_apart() -> None:
    work = _Work(lambda s: str(heard(_sum, s)))
    assert _answer(_talk("I paid 40 for it"), work) == "40"
    assert _answer(_talk("I paid 40.00 for it"), work) == "40.00"
    assert work.runs == 2


def test_a_reading_of_another_state_keys_by_the_words() -> None:
    other = _talk("It broke after 10 days.")
    work = _Work(lambda s: heard(_digits, other) + len(s.refunds))
    _answer(_talk("It broke."), work)
    _answer(_talk("It stopped."), work)
    assert work.runs == 2


def test_work_nested_in_work_is_noted_by_the_outer() -> None:
    def outer(state: EpisodeState) -> object:
        return ReplyMemo(state).answer("inner", state.scenario, _words)

    work = _Work(outer)
    assert _answer(_talk("My blender broke."), work) == ("My blender broke.",)
    assert _answer(_talk("It stopped."), work) == ("It stopped.",)
    assert work.runs == 2


def test_a_reading_outside_remembered_work_is_plain() -> None:
    assert heard(_digits, _talk("It broke after 10 days.")) == 2


def test_answers_per_key_are_bounded_oldest_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(replymemo, "MAX_VARIANTS", 2)
    work = _Work(lambda s: heard(_digits, s))
    for text in ("1", "12", "123", "12"):
        _answer(_talk(text), work)
    assert work.runs == 3  # "12" kept
    _answer(_talk("1"), work)  # dropped
    assert work.runs == 4


def test_the_table_is_cleared_when_full(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(replymemo, "MAX_ANSWERS", 2)
    work = _Work()
    state = _talk("x")
    for name in ("a", "b", "a", "c", "a"):
        _answer(state, work, name)
    assert work.runs == 4  # "a" kept until "c" filled the table


def test_an_unkeyable_state_is_answered_each_time() -> None:
    work = _Work()
    state = _talk("x", error=object())
    _answer(state, work)
    _answer(state, work)
    assert work.runs == 2


# -- the survivors of mutmut (sim/replymemo.py, 139 mutants): each test names what it pins --


def _length_of(state: EpisodeState, index: int) -> int:
    """The length of the customer's ``index``-th message (a reading with an argument)."""
    return len([m for m in state.conversation if m.role is C][index].content)


def test_a_reading_is_given_its_arguments_wherever_it_runs() -> None:
    said = _talk("The kettle leaks.")
    assert heard(_length_of, said, 0) == 17  # outside remembered work
    work = _Work(lambda s: heard(_length_of, said, 0))  # inside, of another state
    assert _answer(_talk("It hums."), work) == 17


def test_words_read_after_a_reading_are_noted() -> None:
    """A reading's own reads are quiet only while it runs: what the work reads of the words
    after it keys the answer by the words."""
    work = _Work(lambda s: (heard(_digits, s), _words(s)))
    assert _answer(_talk("Lid cracked on day 3."), work) == (1, ("Lid cracked on day 3.",))
    assert _answer(_talk("Handle snapped day 5."), work) == (1, ("Handle snapped day 5.",))
    assert work.runs == 2


def _digits_and_first_word(state: EpisodeState) -> tuple[int, str]:
    """A reading that takes another reading, then reads the words itself."""
    digits = heard(_digits, state)
    return digits, next(m for m in state.conversation if m.role is C).content.split()[0]


def test_a_reading_within_a_reading_leaves_the_outer_quiet() -> None:
    """The outer reading's own read of the words, after the inner one ended, is still its
    own: the answer is keyed by its value, not by every word."""
    work = _Work(lambda s: heard(_digits_and_first_word, s))
    assert _answer(_talk("Seal torn after 2 weeks."), work) == (1, "Seal")
    assert _answer(_talk("Seal split within 4 days."), work) == (1, "Seal")
    assert work.runs == 1
    assert _answer(_talk("Cap split within 4 days."), work) == (1, "Cap")
    assert work.runs == 2


def test_the_scenario_passed_is_keyed_beside_the_state() -> None:
    """Two scenarios asked of one state keep an answer each (the later does not evict the
    earlier)."""
    state = _talk("My toaster sparks.")
    first, second = get_scenario(MEDIUM), get_scenario(MEDIUM).model_copy()
    memo = ReplyMemo(state)
    work = _Work()
    for scenario in (first, second, first, second):
        memo.answer("w", scenario, work)
    assert work.runs == 2


def test_each_reading_is_computed_once_per_state() -> None:
    calls: list[str] = []

    def counted(state: EpisodeState) -> int:
        calls.append("x")
        return _digits(state)

    work = _Work(lambda s: heard(counted, s))
    for name in ("a", "b"):  # both answers remember the reading
        _answer(_talk("Cord frayed in 6 weeks."), work, name)
    calls.clear()
    memo = ReplyMemo(_talk("Plug melted in 8 weeks."))
    for name in ("a", "b"):  # both given again: the reading is computed once for both
        memo.answer(name, memo._state.scenario, work)
    assert work.runs == 2 and calls == ["x"]


@pytest.mark.parametrize("error", [None, object()], ids=["keyable", "unkeyable"])
def test_the_key_is_computed_once_per_state(monkeypatch: pytest.MonkeyPatch, error: object) -> None:
    calls: list[object] = []

    def counted(*args: Any) -> Any:
        calls.append(args)
        return statekey.state_key(*args)

    monkeypatch.setattr(replymemo, "state_key", counted)
    state = _talk("The strap tore.", error=error)
    memo = ReplyMemo(state)
    for name in ("a", "b", "c"):
        memo.answer(name, state.scenario, _Work())
    assert len(calls) == 1


def test_the_agents_words_read_do_not_key_by_the_customers() -> None:
    work = _Work(_agent_words)
    _answer(_talk("The zip jammed."), work)
    _answer(_talk("Zip is stuck, please help."), work)
    assert work.runs == 1


def test_an_entry_keeping_other_objects_is_not_given() -> None:
    """An entry is given only for the very objects it keeps (the key holds their ids; a
    planted entry stands in for an id reused by another object)."""
    state = _talk("The hinge squeaks.")
    memo = ReplyMemo(state)
    keyed = memo._keyed()
    assert keyed is not None
    parts, keep = keyed
    stale = (get_scenario(MEDIUM).model_copy(), *keep)
    replymemo._ANSWERS[("w", id(state.scenario), *parts)] = (stale, [((), "stale")])
    assert memo.answer("w", state.scenario, _Work()) == 0


# -- the misrepresentation checks and the customer's appraisal, remembered ----------------


def _fresh_problems(state: EpisodeState) -> list[claims.Misrepresentation]:
    """What the checks find in ``state`` with nothing remembered (the table is kept)."""
    kept = dict(replymemo._ANSWERS)
    replymemo.clear()
    try:
        return claims.misrepresentations(state, state.scenario)
    finally:
        replymemo._ANSWERS.update(kept)


@pytest.mark.parametrize(
    ("scenario", "supported", "unsupported", "agent", "refunds"),
    [
        pytest.param(  # the knowledge-base check reads the customer's durations
            "two-factor-lockout",
            "I have waited 24 hours already.",
            "I have waited a long time already.",
            "Backup codes arrive within 24 hours.",
            [],
            id="durations",
        ),
        pytest.param(  # the date check reads the customer's days
            "late-delivery-shipping-refund",
            "It finally came on November 17.",
            "It finally came on November 16.",
            "Your parcel arrived on November 17.",
            [],
            id="days",
        ),
        pytest.param(  # the unsupported-value check reads the customer's words
            MEDIUM,
            "It took 10 days and cost $12.00, about 80% of it.",
            "It took 9 days and cost $11.00, about 70% of it.",
            "It appears in 10 days, and 80% of it is $12.00.",
            [_REFUND],
            id="words",
        ),
    ],
)
def test_what_the_customer_said_decides_each_time(
    scenario: str, supported: str, unsupported: str, agent: str, refunds: list[RefundRecord]
) -> None:
    def state(customer: str) -> EpisodeState:
        return _state(scenario, [(0, C, customer), (1, A, agent)], refunds=refunds)

    fresh_ok, fresh_bad = _fresh_problems(state(supported)), _fresh_problems(state(unsupported))
    assert fresh_bad and not fresh_ok  # the customer's words decide
    replymemo.clear()
    for customer, want in [(supported, fresh_ok), (unsupported, fresh_bad)] * 2:
        got = claims.misrepresentations(state(customer), state(customer).scenario)
        assert got == want
    for customer, problems in [(supported, fresh_ok), (unsupported, fresh_bad)] * 2:
        # the grade too: remembered whole, with what its checks read
        check = rules.grade(state(customer)).check("no_misrepresentation")
        assert check is not None and check.passed is (not problems)


def _played(scenario: Scenario, persona: str, seed: int) -> list[EpisodeState]:
    """The state before each reply of the gold played against ``persona``, and the last."""
    env = make_env(scenario, persona)
    states: list[EpisodeState] = []

    async def play() -> None:
        await env.reset(seed=seed)
        for action in scenario.reference_solution:
            if isinstance(action, Reply):
                states.append(env.state.model_copy(deep=True))
            if (await env.step(action)).done:
                break
        states.append(env.state)

    asyncio.run(play())
    return states


@pytest.mark.parametrize("scenario_id", ["hard-double-billing", "late-delivery-shipping-refund"])
def test_remembered_answers_are_the_fresh_ones_over_bundled_episodes(scenario_id: str) -> None:
    scenario = get_scenario(scenario_id)
    for persona in bundled_persona_ids():
        for seed in (1, 2, 3):
            *before, last = _played(scenario, persona, seed)
            remembered = claims.misrepresentations(last, scenario)
            assert remembered == _fresh_problems(last)
            for state, text in zip(before, _replies(scenario), strict=False):
                assert _false_claims(text, state) == claims.discovered_false_claims(text, state)


def _replies(scenario: Scenario) -> list[str]:
    return [a.content for a in scenario.reference_solution if isinstance(a, Reply)]

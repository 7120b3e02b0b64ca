"""The rules of issue 16: inertia, trust, false claims and patience at the limit.

Each rule has hypothesis properties over bundled and hostile personas: bounded, deterministic
and monotone in the initial frustration (a customer who starts angrier is never better off
after the same events).
"""

from __future__ import annotations

import itertools
import math

from hypothesis import given
from hypothesis import strategies as st
from test_emotion import BUNDLED, PROPERTY, event_lists, hostile_personas, unit, weights

from personas import (
    REAL,
    WORDS,
    EmotionalState,
    Persona,
    credence,
    get_persona,
    initial_state,
    intent_for,
    transition,
)
from sim.events import CustomerEvent
from sim.state import CustomerIntent


@st.composite
def hostile_rule_personas(draw: st.DrawFn) -> Persona:
    """Hostile numbers for the new parameters too (built without validation)."""
    base = draw(hostile_personas())
    emotion = base.emotion.model_copy(
        update={
            "max_drop": draw(weights),
            "believe_at": draw(weights),
            "leave_after": draw(st.integers(min_value=-2, max_value=6)),
        }
    )
    return base.model_copy(update={"emotion": emotion})


personas_st = st.sampled_from(BUNDLED) | hostile_rule_personas()
trajectories = st.lists(event_lists, max_size=20)


def _run(persona: Persona, start: float, turns: list[list[CustomerEvent]]) -> list[EmotionalState]:
    state = initial_state(persona, start)
    out = [state]
    for events in turns:
        state = transition(state, events, persona)
        out.append(state)
    return out


def _leaving(state: EmotionalState, persona: Persona) -> bool:
    return intent_for(state, persona, solved=False) is CustomerIntent.LEAVING


@PROPERTY
@given(persona=personas_st, a=unit, b=unit, turns=trajectories)
def test_every_rule_is_monotone_in_initial_frustration(
    persona: Persona, a: float, b: float, turns: list[list[CustomerEvent]]
) -> None:
    low, high = sorted((a, b))
    for calm, angry in zip(_run(persona, low, turns), _run(persona, high, turns), strict=True):
        assert calm.frustration <= angry.frustration
        assert calm.stuck <= angry.stuck
        assert angry.human_requested or not calm.human_requested
        assert angry.snapped or not calm.snapped
        assert calm.trust == angry.trust  # trust never depends on frustration
        assert _leaving(angry, persona) or not _leaving(calm, persona)


@PROPERTY
@given(persona=personas_st, start=unit, turns=trajectories)
def test_every_rule_is_bounded_and_deterministic(
    persona: Persona, start: float, turns: list[list[CustomerEvent]]
) -> None:
    run = _run(persona, start, turns)
    assert run == _run(persona, start, turns)
    for state in run:
        assert 0.0 <= state.frustration <= 1.0 and 0.0 <= state.trust <= 1.0
        assert 0 <= state.stuck <= state.turns
        assert 0.0 <= credence(state, [], persona) <= 1.0


@PROPERTY
@given(persona=st.sampled_from(BUNDLED), start=unit, turns=trajectories)
def test_inertia_caps_every_fall_at_max_drop(
    persona: Persona, start: float, turns: list[list[CustomerEvent]]
) -> None:
    run = _run(persona, start, turns)
    for before, after in itertools.pairwise(run):
        assert before.frustration - after.frustration <= persona.emotion.max_drop + 1e-9


def test_furious_to_calm_takes_several_good_turns() -> None:
    persona = get_persona("calm-professional")
    good = [CustomerEvent.REFUND_CORRECT, CustomerEvent.PROGRESS, CustomerEvent.EMPATHY]
    state, turns = initial_state(persona, 1.0), 0
    while state.frustration >= 0.35:
        state = transition(state, good, persona)
        turns += 1
    assert turns == math.ceil((1.0 - 0.35) / persona.emotion.max_drop)
    assert turns >= 3


@PROPERTY
@given(
    persona=st.sampled_from(BUNDLED),
    frustration=unit,
    trust=st.tuples(unit, unit),
    words=st.lists(st.sampled_from(sorted(WORDS)), min_size=1, max_size=4),
)
def test_low_trust_discounts_words_but_not_what_the_customer_can_see(
    persona: Persona, frustration: float, trust: tuple[float, float], words: list[CustomerEvent]
) -> None:
    low, high = sorted(trust)

    def after(t: float, events: list[CustomerEvent]) -> float:
        return transition(EmotionalState(frustration, t), events, persona).frustration

    assert after(low, words) >= after(high, words)  # the less trust, the less words calm
    seen = [*words, CustomerEvent.REFUND_CORRECT]
    assert after(low, seen) == after(high, seen)  # a refund in the account is believed


def test_words_count_little_until_something_real() -> None:
    persona = get_persona("furious-repeat-caller")  # trust 0.15, believes at 0.6
    state = EmotionalState(0.8, persona.emotion.initial_trust)
    words = [CustomerEvent.PROGRESS, CustomerEvent.EMPATHY]
    talked = transition(state, words, persona)
    trusting = transition(EmotionalState(0.8, 1.0), words, persona)
    assert 0.8 - talked.frustration < (0.8 - trusting.frustration) / 2
    refunded = transition(state, [*words, CustomerEvent.REFUND_CORRECT], persona)
    assert refunded.frustration == 0.8 - persona.emotion.max_drop


@PROPERTY
@given(persona=st.sampled_from(BUNDLED), frustration=unit, trust=unit, events=event_lists)
def test_a_false_claim_raises_frustration_and_voids_the_turns_words(
    persona: Persona, frustration: float, trust: float, events: list[CustomerEvent]
) -> None:
    state = EmotionalState(frustration, trust)
    honest = [e for e in events if e not in REAL and e is not CustomerEvent.FALSE_CLAIM]
    caught = transition(state, [*honest, CustomerEvent.FALSE_CLAIM], persona)
    assert caught.frustration >= transition(state, honest, persona).frustration
    assert caught.frustration >= min(1.0, frustration) or frustration == 1.0
    assert caught.trust <= transition(state, honest, persona).trust
    assert credence(state, [*honest, CustomerEvent.FALSE_CLAIM], persona) == 0.0


def test_a_false_claim_costs_more_than_the_truth() -> None:
    persona = get_persona("calm-professional")
    state = EmotionalState(0.5, 0.6)
    words = [CustomerEvent.TURN_PASSED, CustomerEvent.PROGRESS, CustomerEvent.EMPATHY]
    truthful = transition(state, words, persona)
    lied = transition(state, [*words, CustomerEvent.FALSE_CLAIM], persona)
    assert truthful.frustration < 0.5 < lied.frustration
    assert lied.trust < state.trust < truthful.trust


@PROPERTY
@given(persona=st.sampled_from(BUNDLED), turns=st.integers(min_value=1, max_value=8))
def test_at_the_limit_the_customer_leaves_after_exactly_its_patience(
    persona: Persona, turns: int
) -> None:
    emo = persona.emotion
    state = initial_state(persona, 1.0)
    ignored = [CustomerEvent.TURN_PASSED, CustomerEvent.IGNORED_CONCERN]
    for i in range(1, turns + 1):
        state = transition(state, ignored, persona)
        assert state.stuck == i
        assert _leaving(state, persona) is (i >= emo.leave_after)


def test_something_real_resets_the_patience_at_the_limit() -> None:
    persona = get_persona("furious-repeat-caller")
    assert persona.emotion.leave_after >= 2
    state = initial_state(persona, 1.0)
    ignored = [CustomerEvent.TURN_PASSED, CustomerEvent.HUMAN_REQUEST_IGNORED]
    for _ in range(persona.emotion.leave_after - 1):
        state = transition(state, ignored, persona)
    refund = transition(state, [*ignored, CustomerEvent.REFUND_CORRECT], persona)
    assert refund.stuck == 0 and not _leaving(refund, persona)
    assert _leaving(transition(state, ignored, persona), persona)


# -- boundaries: each threshold is inclusive, each guard exact ---------------------------


def _with(persona: Persona, **emotion: object) -> Persona:
    """``persona`` with emotion fields replaced, without validation (hostile files too)."""
    return persona.model_copy(update={"emotion": persona.emotion.model_copy(update=emotion)})


def test_credence_is_exactly_full_when_something_real_happened() -> None:
    persona = get_persona("furious-repeat-caller")
    low = EmotionalState(0.5, 0.0)
    assert credence(low, [CustomerEvent.EMPATHY, CustomerEvent.REFUND_CORRECT], persona) == 1.0
    assert credence(low, [CustomerEvent.EMPATHY], persona) == 0.0
    half = EmotionalState(0.5, persona.emotion.believe_at / 2)
    assert credence(half, [CustomerEvent.EMPATHY], persona) == 0.5


def test_an_unusable_believe_at_means_words_count_in_full() -> None:
    persona = get_persona("furious-repeat-caller")
    state = EmotionalState(0.5, 0.1)
    for bad in (float("inf"), float("nan"), 0.0, -1.0):
        assert credence(state, [CustomerEvent.EMPATHY], _with(persona, believe_at=bad)) == 1.0


def test_missing_sensitivities_weigh_nothing() -> None:
    persona = _with(get_persona("calm-professional"), sensitivity={})
    state = EmotionalState(0.5, 0.5)
    after = transition(state, [CustomerEvent.IGNORED_CONCERN, CustomerEvent.EMPATHY], persona)
    assert after.frustration == 0.5


def test_thresholds_are_inclusive() -> None:
    base = get_persona("patient-then-snaps")
    persona = _with(
        base,
        demand_human_at=0.75,
        snap=base.emotion.snap.model_copy(update={"at": 0.5, "jump": 0.0}),  # type: ignore[union-attr]
        sensitivity={**base.emotion.sensitivity, CustomerEvent.IGNORED_CONCERN: 0.25},
    )
    assert initial_state(persona, 0.5).snapped is True
    assert initial_state(persona, 0.49).snapped is False
    assert initial_state(persona, 0.75).human_requested is True
    assert initial_state(persona, 0.74).human_requested is False
    snapped = transition(EmotionalState(0.25, 0.5), [CustomerEvent.IGNORED_CONCERN], persona)
    assert snapped.frustration == 0.5 and snapped.snapped
    asked = transition(EmotionalState(0.5, 0.5), [CustomerEvent.IGNORED_CONCERN], persona)
    assert asked.frustration == 0.75 and asked.human_requested
    assert initial_state(_with(persona, snap=None), 1.0).snapped is False


def test_initial_frustration_accepts_the_whole_unit_interval() -> None:
    from personas.emotion import check_initial_frustration

    for ok in (0.0, 0.5, 1.0, None):
        assert check_initial_frustration(ok) == ok


def test_state_rejects_a_negative_patience_count() -> None:
    import pytest

    with pytest.raises(ValueError, match="stuck"):
        EmotionalState(0.1, 0.5, stuck=-1)
    with pytest.raises(ValueError, match="turns"):
        EmotionalState(0.1, 0.5, turns=-1)

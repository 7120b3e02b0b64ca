"""The emotion rule: properties that hold for every persona (even hostile files) and any events."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from personas import (
    CALMING,
    RAISING,
    Band,
    EmotionalState,
    Persona,
    Snap,
    band_of,
    bundled_persona_ids,
    get_persona,
    initial_state,
    intent_for,
    transition,
)
from sim.errors import ConfigError
from sim.events import CustomerEvent
from sim.state import CustomerIntent

BUNDLED = [get_persona(i) for i in bundled_persona_ids()]

PROPERTY = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

weights = st.floats(min_value=-5, max_value=5) | st.sampled_from(
    [float("nan"), float("inf"), float("-inf")]
)


@st.composite
def hostile_personas(draw: st.DrawFn) -> Persona:
    """A bundled persona whose numbers were replaced without validation (any sign, NaN, inf)."""
    base = draw(st.sampled_from(BUNDLED))
    sensitivity = {e: draw(weights) for e in CustomerEvent}
    snap = draw(
        st.none() | st.builds(Snap.model_construct, at=weights, jump=weights, multiplier=weights)
    )
    emotion = base.emotion.model_copy(
        update={"sensitivity": sensitivity, "snap": snap, "trust_sensitivity": draw(weights)}
    )
    return base.model_copy(update={"emotion": emotion})


personas_st = st.sampled_from(BUNDLED) | hostile_personas()
unit = st.floats(min_value=0.0, max_value=1.0)
states = st.builds(
    EmotionalState,
    frustration=unit,
    trust=unit,
    turns=st.integers(min_value=0, max_value=50),
    human_requested=st.booleans(),
    snapped=st.booleans(),
)
event_lists = st.lists(st.sampled_from(list(CustomerEvent)), max_size=12)


@PROPERTY
@given(persona=personas_st, state=states, turns=st.lists(event_lists, max_size=25))
def test_frustration_and_trust_stay_in_unit_interval(
    persona: Persona, state: EmotionalState, turns: list[list[CustomerEvent]]
) -> None:
    for events in turns:
        state = transition(state, events, persona)
        assert 0.0 <= state.frustration <= 1.0
        assert 0.0 <= state.trust <= 1.0


@PROPERTY
@given(persona=personas_st, state=states, events=event_lists)
def test_refund_correct_never_raises_frustration(
    persona: Persona, state: EmotionalState, events: list[CustomerEvent]
) -> None:
    alone = transition(state, [CustomerEvent.REFUND_CORRECT], persona)
    assert alone.frustration <= state.frustration
    without = transition(state, events, persona)
    with_refund = transition(state, [*events, CustomerEvent.REFUND_CORRECT], persona)
    assert with_refund.frustration <= without.frustration


@PROPERTY
@given(persona=personas_st, state=states, events=event_lists)
def test_turn_passed_never_lowers_frustration(
    persona: Persona, state: EmotionalState, events: list[CustomerEvent]
) -> None:
    alone = transition(state, [CustomerEvent.TURN_PASSED], persona)
    assert alone.frustration >= state.frustration
    without = transition(state, events, persona)
    with_turn = transition(state, [CustomerEvent.TURN_PASSED, *events], persona)
    assert with_turn.frustration >= without.frustration


@PROPERTY
@given(
    persona=personas_st,
    state=states,
    events=event_lists,
    other_state=states,
    other_events=event_lists,
)
def test_transition_is_deterministic_and_pure(
    persona: Persona,
    state: EmotionalState,
    events: list[CustomerEvent],
    other_state: EmotionalState,
    other_events: list[CustomerEvent],
) -> None:
    events_before, persona_before = list(events), persona.model_copy(deep=True)
    first = transition(state, events, persona)
    transition(other_state, other_events, persona)  # no hidden state carried between calls
    again = transition(copy.deepcopy(state), tuple(events), persona.model_copy(deep=True))
    assert first == again
    assert events == events_before
    assert persona == persona_before
    assert first.turns == state.turns + 1


# -- unit tests of the rule -------------------------------------------------------------


def test_raising_and_calming_cover_every_event_once() -> None:
    assert set(CustomerEvent) == RAISING | CALMING
    assert not RAISING & CALMING


@pytest.mark.parametrize("event", sorted(CustomerEvent), ids=str)
def test_negative_weights_cannot_flip_an_events_sign(event: CustomerEvent) -> None:
    base = get_persona("calm-professional")
    hostile = base.model_copy(
        update={
            "emotion": base.emotion.model_copy(
                update={"sensitivity": dict.fromkeys(CustomerEvent, -0.5)}
            )
        }
    )
    state = EmotionalState(frustration=0.5, trust=0.5)
    assert transition(state, [event], hostile).frustration == 0.5


def test_sensitivity_weights_decide_the_size_of_a_move() -> None:
    persona = get_persona("calm-professional")
    state = EmotionalState(frustration=0.5, trust=0.5)
    w = persona.emotion.sensitivity
    up = transition(state, [CustomerEvent.IGNORED_CONCERN], persona)
    assert up.frustration == pytest.approx(0.5 + w[CustomerEvent.IGNORED_CONCERN])
    down = transition(state, [CustomerEvent.EMPATHY, CustomerEvent.PROGRESS], persona)
    expected = 0.5 - w[CustomerEvent.EMPATHY] - w[CustomerEvent.PROGRESS]
    assert down.frustration == pytest.approx(expected)
    assert down.trust > state.trust > up.trust


def test_patient_then_snaps_is_nonlinear() -> None:
    persona = get_persona("patient-then-snaps")
    snap = persona.emotion.snap
    assert snap is not None
    state = initial_state(persona)
    steps: list[float] = []
    while not state.snapped:
        before = state.frustration
        state = transition(
            state, [CustomerEvent.TURN_PASSED, CustomerEvent.IGNORED_CONCERN], persona
        )
        steps.append(state.frustration - before)
        assert len(steps) < 50
    # Small steps while patient, then one big jump, then every raise weighs more.
    assert max(steps[:-1]) < 0.1
    assert steps[-1] >= snap.jump
    # Once snapped, every raise weighs more, and a provocation sends them back to the boil.
    turn = [CustomerEvent.TURN_PASSED]
    after = transition(EmotionalState(0.3, 0.5, snapped=True), turn, persona)
    plain = transition(EmotionalState(0.3, 0.5), turn, persona)
    assert after.frustration - 0.3 == pytest.approx(snap.multiplier * (plain.frustration - 0.3))
    provoked = transition(
        EmotionalState(0.3, 0.5, snapped=True), [CustomerEvent.IGNORED_CONCERN], persona
    )
    assert provoked.frustration == pytest.approx(snap.at + snap.jump)


def test_calming_events_never_trigger_a_snap() -> None:
    persona = get_persona("patient-then-snaps")
    state = EmotionalState(frustration=0.6, trust=0.5)
    after = transition(state, [CustomerEvent.EMPATHY], persona)
    assert not after.snapped
    assert after.frustration < 0.6


@pytest.mark.parametrize(
    ("frustration", "band"),
    [
        (0.0, Band.CALM),
        (0.34, Band.CALM),
        (0.35, Band.ANNOYED),
        (0.64, Band.ANNOYED),
        (0.65, Band.ANGRY),
        (1.0, Band.ANGRY),
    ],
)
def test_bands(frustration: float, band: Band) -> None:
    assert band_of(frustration) is band


@pytest.mark.parametrize("bad", [-0.1, 1.5, float("nan")])
def test_state_rejects_out_of_range_numbers(bad: float) -> None:
    with pytest.raises(ValueError, match="frustration"):
        EmotionalState(frustration=bad, trust=0.5)


def test_state_is_immutable() -> None:
    state = EmotionalState(frustration=0.1, trust=0.5)
    with pytest.raises(AttributeError):
        state.frustration = 0.9  # type: ignore[misc]


def test_initial_state_uses_the_override() -> None:
    persona = get_persona("furious-repeat-caller")
    assert initial_state(persona).frustration == persona.emotion.initial_frustration
    assert initial_state(persona, 0.95).frustration == 0.95
    assert initial_state(persona, 0.95).human_requested
    assert not initial_state(persona, 0.2).human_requested


def test_intent_rules(persona: Persona) -> None:
    emo = persona.emotion

    def at(frustration: float) -> EmotionalState:
        return EmotionalState(frustration=frustration, trust=0.5)

    assert intent_for(at(0.0), persona, solved=False) is CustomerIntent.CONTINUE
    below = max(0.0, emo.demand_human_at - 0.01)
    assert intent_for(at(below), persona, solved=False) is CustomerIntent.CONTINUE
    assert intent_for(at(emo.demand_human_at), persona, solved=False) is CustomerIntent.WANTS_HUMAN
    between = (emo.demand_human_at + emo.leave_at) / 2
    assert intent_for(at(between), persona, solved=False) is CustomerIntent.WANTS_HUMAN
    patient = EmotionalState(emo.leave_at, 0.5, stuck=emo.leave_after - 1)
    assert intent_for(patient, persona, solved=False) is CustomerIntent.WANTS_HUMAN
    done = EmotionalState(emo.leave_at, 0.5, stuck=emo.leave_after)
    assert intent_for(done, persona, solved=False) is CustomerIntent.LEAVING
    assert intent_for(at(1.0), persona, solved=True) is CustomerIntent.SATISFIED


def test_transition_marks_a_human_request() -> None:
    persona = get_persona("calm-professional")
    state = EmotionalState(frustration=persona.emotion.demand_human_at - 0.01, trust=0.5)
    after = transition(state, [CustomerEvent.IGNORED_CONCERN], persona)
    assert after.human_requested
    calmer = transition(after, [CustomerEvent.PROGRESS, CustomerEvent.EMPATHY], persona)
    assert calmer.human_requested  # it was asked; it stays asked


@pytest.mark.parametrize("bad", [-0.01, 1.01])
def test_override_out_of_range_is_a_config_error(bad: float) -> None:
    from personas import ScriptedCustomer

    with pytest.raises(ConfigError, match="initial_frustration"):
        ScriptedCustomer(get_persona("calm-professional"), initial_frustration=bad)

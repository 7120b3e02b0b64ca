"""The customer's emotional state and the pure rules that move it and turn it into intent.

The rule, one turn at a time (:func:`transition`; every weight is the persona's sensitivity
to the event, never negative, and the rule fixes its sign):

1. **Raise.** Raising events add their weights, times the snap multiplier once snapped.
2. **Trust filters words.** Calming events are *real* (a correct refund, an escalation: the
   customer can see them) or *words* (empathy, progress the customer cannot check). Words
   count at full weight only when trust is at least ``believe_at``; below it they count
   ``trust / believe_at`` of their weight, and nothing at all in a turn with a false claim.
   A turn with something real in it counts its words in full (the customer sees the refund).
3. **Inertia.** Frustration falls by at most ``max_drop`` per turn, however good the turn:
   going from furious (1.0) to calm (< 0.35) takes ``ceil(0.65 / max_drop)`` good turns.
   Raises are not capped.
4. **Snap.** A provocation (any raising event but the mere passing of a turn) that leaves
   frustration at or above ``snap.at`` snaps the customer; a snapped customer who is provoked
   again is sent back to at least ``snap.at + snap.jump``. Clamped to [0, 1].
5. **Trust** moves by a fixed table scaled by ``trust_sensitivity`` (a false claim costs the
   most); it does not depend on frustration.
6. **Patience at the limit.** ``stuck`` counts consecutive turns at or above ``leave_at`` with
   nothing real; the customer leaves when it reaches ``leave_after``. Something real, or
   falling below ``leave_at``, resets it.

Every step is monotone in frustration, so the whole trajectory is: a customer who starts
more frustrated is, after the same events, at least as frustrated, as close to leaving and as
likely to have asked for a human. Intent follows from the numbers (:func:`intent_for`).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from types import MappingProxyType

from personas.schema import Persona
from sim.errors import ConfigError
from sim.events import CustomerEvent
from sim.state import CustomerIntent

__all__ = [
    "CALMING",
    "RAISING",
    "REAL",
    "WORDS",
    "Band",
    "EmotionalState",
    "band_of",
    "check_initial_frustration",
    "credence",
    "initial_state",
    "intent_for",
    "transition",
]

RAISING: frozenset[CustomerEvent] = frozenset(
    {
        CustomerEvent.TURN_PASSED,
        CustomerEvent.REFUND_WRONG,
        CustomerEvent.REPEATED_QUESTION,
        CustomerEvent.IGNORED_CONCERN,
        CustomerEvent.PREMATURE_CLOSE,
        CustomerEvent.HUMAN_REQUEST_IGNORED,
        CustomerEvent.FALSE_CLAIM,
    }
)
"""Events that can only raise frustration."""
CALMING: frozenset[CustomerEvent] = frozenset(CustomerEvent) - RAISING
"""Events that can only lower frustration."""
REAL: frozenset[CustomerEvent] = frozenset({CustomerEvent.REFUND_CORRECT, CustomerEvent.ESCALATED})
"""Calming events the customer can see for themselves (believed at any trust)."""
WORDS: frozenset[CustomerEvent] = CALMING - REAL
"""Calming events that are the agent's word (weighed by trust)."""

_TRUST_EFFECT: MappingProxyType[CustomerEvent, float] = MappingProxyType(
    {
        CustomerEvent.TURN_PASSED: 0.0,
        CustomerEvent.PROGRESS: 0.08,
        CustomerEvent.EMPATHY: 0.04,
        CustomerEvent.REFUND_CORRECT: 0.10,
        CustomerEvent.REFUND_WRONG: -0.15,
        CustomerEvent.REPEATED_QUESTION: -0.05,
        CustomerEvent.IGNORED_CONCERN: -0.06,
        CustomerEvent.ESCALATED: 0.05,
        CustomerEvent.PREMATURE_CLOSE: -0.20,
        CustomerEvent.HUMAN_REQUEST_IGNORED: -0.08,
        CustomerEvent.FALSE_CLAIM: -0.20,
    }
)

_ANNOYED_AT = 0.35
_ANGRY_AT = 0.65


class Band(StrEnum):
    """Coarse emotion band; the scripted customer's wording follows it."""

    CALM = "calm"
    ANNOYED = "annoyed"
    ANGRY = "angry"


def band_of(frustration: float) -> Band:
    """Calm below 0.35, annoyed below 0.65, angry from 0.65."""
    if frustration >= _ANGRY_AT:
        return Band.ANGRY
    if frustration >= _ANNOYED_AT:
        return Band.ANNOYED
    return Band.CALM


@dataclass(frozen=True, slots=True)
class EmotionalState:
    """The customer's emotion after a number of turns. Immutable; see :func:`transition`."""

    frustration: float
    """In [0, 1]."""
    trust: float
    """In [0, 1]."""
    turns: int = 0
    """How many transitions produced this state."""
    human_requested: bool = False
    """Frustration has reached ``demand_human_at`` at some turn (the customer asked)."""
    snapped: bool = False
    """The persona's snap point was crossed; raising events now weigh more."""
    stuck: int = 0
    """Consecutive turns at or above ``leave_at`` in which nothing real happened."""

    def __post_init__(self) -> None:
        for name in ("frustration", "trust"):
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:  # also rejects NaN
                raise ValueError(f"{name} must be in [0, 1], got {value!r}")
        if self.turns < 0 or self.stuck < 0:
            raise ValueError(f"turns and stuck must be >= 0, got {self.turns}, {self.stuck}")

    @property
    def band(self) -> Band:
        return band_of(self.frustration)


def _clamp(value: float) -> float:
    return min(1.0, max(0.0, value))


def _nonneg(value: float) -> float:
    """``value`` if finite and positive, else 0: no parameter can flip an event's sign."""
    return value if math.isfinite(value) and value > 0.0 else 0.0


def _weight(persona: Persona, event: CustomerEvent) -> float:
    return _nonneg(persona.emotion.sensitivity.get(event, 0.0))


def check_initial_frustration(value: float | None) -> float | None:
    """Validate a frustration override (``None`` keeps the persona's)."""
    if value is not None and not 0.0 <= value <= 1.0:
        raise ConfigError(f"initial_frustration: expected a number in [0, 1], got {value!r}")
    return value


def initial_state(persona: Persona, initial_frustration: float | None = None) -> EmotionalState:
    """The state a conversation opens with (``initial_frustration`` overrides the persona's)."""
    emo = persona.emotion
    frustration = emo.initial_frustration if initial_frustration is None else initial_frustration
    return EmotionalState(
        frustration=frustration,
        trust=emo.initial_trust,
        human_requested=frustration >= emo.demand_human_at,
        snapped=emo.snap is not None and frustration >= emo.snap.at,
    )


def credence(state: EmotionalState, events: Sequence[CustomerEvent], persona: Persona) -> float:
    """How much of the agent's word (empathy, progress) the customer takes this turn, in [0, 1].

    Full when something real happened this turn; none in a turn with a false claim;
    otherwise ``trust / believe_at`` (full at or above ``believe_at``).
    """
    if any(e in REAL for e in events):
        return 1.0
    if CustomerEvent.FALSE_CLAIM in events:
        return 0.0
    believe_at = persona.emotion.believe_at
    if not (math.isfinite(believe_at) and believe_at > 0.0) or state.trust >= believe_at:
        return 1.0
    return state.trust / believe_at


_MAX_TRANSITIONS = 8192
"""Transitions remembered before the table is cleared."""
_TRANSITIONS: dict[Hashable, tuple[Persona, EmotionalState]] = {}


def transition(
    state: EmotionalState, events: Sequence[CustomerEvent], persona: Persona
) -> EmotionalState:
    """The state after one turn's ``events``; pure and deterministic (see the module doc).

    Remembered per persona object (immutable) and exact inputs: the numbers by their exact
    value (``float.hex``), the events as typed members; other inputs are computed afresh."""
    turn = tuple(events)
    if type(state.frustration) is not float or type(state.trust) is not float:
        return _transition(state, turn, persona)
    if not all(type(e) is CustomerEvent for e in turn):
        return _transition(state, turn, persona)
    key = (
        id(persona),
        state.frustration.hex(),
        state.trust.hex(),
        state.turns,
        state.human_requested,
        state.snapped,
        state.stuck,
        turn,
    )
    hit = _TRANSITIONS.get(key)
    if hit is not None and hit[0] is persona:
        return hit[1]
    after = _transition(state, turn, persona)
    if len(_TRANSITIONS) >= _MAX_TRANSITIONS:
        _TRANSITIONS.clear()
    _TRANSITIONS[key] = (persona, after)
    return after


def _transition(
    state: EmotionalState, events: Sequence[CustomerEvent], persona: Persona
) -> EmotionalState:
    emo = persona.emotion
    raised = sum(_weight(persona, e) for e in events if e in RAISING)
    real = sum(_weight(persona, e) for e in events if e in REAL)
    words = sum(_weight(persona, e) for e in events if e in WORDS)
    calmed = min(real + words * credence(state, events, persona), _nonneg(emo.max_drop))
    snap = emo.snap
    multiplier = 1.0 + _nonneg(snap.multiplier - 1.0) if snap is not None and state.snapped else 1.0
    frustration = _clamp(state.frustration + raised * multiplier - calmed)
    snapped = state.snapped
    provoked = _provocation(persona, events) > 0.0
    if snap is not None and provoked and (snapped or frustration >= snap.at):
        snapped = True
        frustration = max(frustration, _clamp(snap.at + _nonneg(snap.jump)))
    trust_scale = _nonneg(emo.trust_sensitivity)
    trust = _clamp(state.trust + trust_scale * sum(_TRUST_EFFECT[e] for e in events))
    at_limit = frustration >= emo.leave_at and not any(e in REAL for e in events)
    return replace(
        state,
        frustration=frustration,
        trust=trust,
        turns=state.turns + 1,
        human_requested=state.human_requested or frustration >= emo.demand_human_at,
        snapped=snapped,
        stuck=state.stuck + 1 if at_limit else 0,
    )


def _provocation(persona: Persona, events: Sequence[CustomerEvent]) -> float:
    """Weight of the turn's raising events other than the mere passing of a turn."""
    return sum(
        _weight(persona, e) for e in events if e in RAISING and e is not CustomerEvent.TURN_PASSED
    )


def intent_for(state: EmotionalState, persona: Persona, *, solved: bool) -> CustomerIntent:
    """The customer's intent in ``state``: a pure function of the numbers.

    Solved wins (SATISFIED); then a customer who has spent ``leave_after`` turns at or above
    ``leave_at`` with nothing real happening is LEAVING; at or above ``demand_human_at`` the
    customer WANTS_HUMAN, and anything lower is CONTINUE.
    """
    emo = persona.emotion
    if solved:
        return CustomerIntent.SATISFIED
    if state.frustration >= emo.leave_at and state.stuck >= emo.leave_after:
        return CustomerIntent.LEAVING
    if state.frustration >= emo.demand_human_at:
        return CustomerIntent.WANTS_HUMAN
    return CustomerIntent.CONTINUE

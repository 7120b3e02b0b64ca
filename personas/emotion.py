"""The customer's emotional state and the pure rules that move it and turn it into intent.

The rule, in short: each event has a weight from the persona's sensitivity; the rule fixes its
sign. Raising events add ``max(0, w)`` (times the snap multiplier once snapped), calming
events subtract ``max(0, w)``, and frustration is clamped to [0, 1]. Trust moves by a fixed
table scaled by the persona. Intent follows from the numbers alone (see :func:`intent_for`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
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
    "Band",
    "EmotionalState",
    "band_of",
    "check_initial_frustration",
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

    def __post_init__(self) -> None:
        for name in ("frustration", "trust"):
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:  # also rejects NaN
                raise ValueError(f"{name} must be in [0, 1], got {value!r}")
        if self.turns < 0:
            raise ValueError(f"turns must be >= 0, got {self.turns}")

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


def transition(
    state: EmotionalState, events: Sequence[CustomerEvent], persona: Persona
) -> EmotionalState:
    """The state after one turn's ``events``; pure and deterministic."""
    emo = persona.emotion
    raised = sum(_weight(persona, e) for e in events if e in RAISING)
    calmed = sum(_weight(persona, e) for e in events if e in CALMING)
    snap = emo.snap
    multiplier = 1.0 + _nonneg(snap.multiplier - 1.0) if snap is not None and state.snapped else 1.0
    frustration = state.frustration + raised * multiplier - calmed
    snapped = state.snapped
    if snap is not None and not snapped and raised > 0.0 and frustration >= snap.at:
        snapped = True
        frustration += _nonneg(snap.jump)
    frustration = _clamp(frustration)
    trust_scale = _nonneg(emo.trust_sensitivity)
    trust = _clamp(state.trust + trust_scale * sum(_TRUST_EFFECT[e] for e in events))
    return replace(
        state,
        frustration=frustration,
        trust=trust,
        turns=state.turns + 1,
        human_requested=state.human_requested or frustration >= emo.demand_human_at,
        snapped=snapped,
    )


def intent_for(state: EmotionalState, persona: Persona, *, solved: bool) -> CustomerIntent:
    """The customer's intent in ``state``: a pure function of the numbers.

    Solved wins (SATISFIED); then frustration at or above ``leave_at`` is LEAVING, at or
    above ``demand_human_at`` WANTS_HUMAN, and anything lower CONTINUE.
    """
    emo = persona.emotion
    if solved:
        return CustomerIntent.SATISFIED
    if state.frustration >= emo.leave_at:
        return CustomerIntent.LEAVING
    if state.frustration >= emo.demand_human_at:
        return CustomerIntent.WANTS_HUMAN
    return CustomerIntent.CONTINUE

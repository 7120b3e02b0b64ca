"""Simulated customers: persona files, an emotional state with a pure transition, and the
scripted (offline) and LLM (pydantic-ai) customers that implement :class:`sim.customer.Customer`.
"""

from personas.emotion import (
    CALMING,
    RAISING,
    REAL,
    WORDS,
    Band,
    EmotionalState,
    band_of,
    credence,
    initial_state,
    intent_for,
    transition,
)
from personas.llm import (
    APPRAISAL_EVENTS,
    Appraisal,
    CustomerReply,
    LLMCustomer,
    appraisal_events,
    reconcile_message,
)
from personas.loader import bundled_persona_ids, get_persona, load_persona
from personas.phrases import DEFAULT_PHRASES
from personas.prompt import build_instructions, build_prompt
from personas.schema import (
    DEFAULT_SENSITIVITY,
    Behaviour,
    EmotionParams,
    Persona,
    PhraseBank,
    Snap,
    Traits,
)
from personas.scripted import ScriptedCustomer

__all__ = [
    # persona files
    "DEFAULT_PHRASES",
    "DEFAULT_SENSITIVITY",
    "Behaviour",
    "EmotionParams",
    "Persona",
    "PhraseBank",
    "Snap",
    "Traits",
    "bundled_persona_ids",
    "get_persona",
    "load_persona",
    # emotion
    "CALMING",
    "RAISING",
    "REAL",
    "WORDS",
    "Band",
    "EmotionalState",
    "band_of",
    "credence",
    "initial_state",
    "intent_for",
    "transition",
    # customers
    "APPRAISAL_EVENTS",
    "Appraisal",
    "CustomerReply",
    "LLMCustomer",
    "ScriptedCustomer",
    "appraisal_events",
    "build_instructions",
    "build_prompt",
    "reconcile_message",
]

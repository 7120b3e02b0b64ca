"""Simulated customers: persona files, an emotional state with a pure transition, and the
scripted (offline) and LLM (pydantic-ai) customers that implement :class:`sim.customer.Customer`.

The LLM customer's names are imported on first use (PEP 562): loading pydantic-ai takes most
of a second, and reading or validating persona files does not need it.
"""

import importlib as _importlib
import typing as _typing

from personas.emotion import (
    CALMING,
    RAISING,
    Band,
    EmotionalState,
    band_of,
    initial_state,
    intent_for,
    transition,
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

if _typing.TYPE_CHECKING:
    from personas.llm import (
        APPRAISAL_EVENTS,
        Appraisal,
        CustomerReply,
        LLMCustomer,
        appraisal_events,
        reconcile_message,
    )

_LAZY = frozenset(
    {
        "APPRAISAL_EVENTS",
        "Appraisal",
        "CustomerReply",
        "LLMCustomer",
        "appraisal_events",
        "reconcile_message",
    }
)
"""Names of :mod:`personas.llm`, imported on first use."""


def __getattr__(name: str) -> _typing.Any:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(_importlib.import_module("personas.llm"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


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
    "Band",
    "EmotionalState",
    "band_of",
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

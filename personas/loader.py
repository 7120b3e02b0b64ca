"""Loading persona files: one by path, or a bundled one by id (package data in ``library/``)."""

from __future__ import annotations

from pathlib import Path

from personas.schema import Persona
from sim.loader import Library

__all__ = ["PERSONAS", "bundled_persona_ids", "get_persona", "load_persona"]

PERSONAS: Library[Persona] = Library("personas", "library", Persona, "persona")
"""The bundled personas (``personas/library/*.yaml``)."""


def load_persona(path: str | Path) -> Persona:
    """Load and validate one persona file; errors name the file, the field and what was expected."""
    return PERSONAS.load(path)


def bundled_persona_ids() -> list[str]:
    """Ids of the personas shipped with supportsim, sorted."""
    return PERSONAS.ids()


def get_persona(name_or_path: str | Path) -> Persona:
    """A bundled persona by id, or a persona file by path (parsed once, then cached)."""
    return PERSONAS.get(name_or_path)

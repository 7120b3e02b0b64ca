"""Loading persona files: one by path, or a bundled one by id (package data in ``library/``)."""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

from personas.schema import Persona
from sim.errors import ConfigError
from sim.loader import load_model

__all__ = ["bundled_persona_ids", "get_persona", "load_persona"]


def load_persona(path: str | Path) -> Persona:
    """Load and validate one persona file; errors name the file, the field and what was expected."""
    return load_model(path, Persona)


def _library() -> Path:
    return Path(str(resources.files("personas") / "library"))


def bundled_persona_ids() -> list[str]:
    """Ids of the personas shipped with supportsim, sorted."""
    return sorted(p.stem for p in _library().glob("*.yaml"))


@cache
def _load_cached(path: str) -> Persona:
    return load_persona(path)


def get_persona(name_or_path: str | Path) -> Persona:
    """A bundled persona by id, or a persona file by path (parsed once, then cached)."""
    p = Path(name_or_path)
    if p.suffix in (".yaml", ".yml") or p.exists():
        return _load_cached(str(p.resolve()))
    bundled = _library() / f"{name_or_path}.yaml"
    if bundled.exists():
        return _load_cached(str(bundled))
    known = ", ".join(bundled_persona_ids())
    raise ConfigError(f"unknown persona {str(name_or_path)!r}; bundled personas: {known}")

"""Loading YAML files into validated models, with errors a person can act on.

Every failure -- unreadable file, malformed YAML, wrong types, unknown fields -- becomes a
:class:`~sim.errors.ScenarioError` whose problems read ``field.path: what was expected``.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from sim.errors import ConfigError, ScenarioError
from sim.scenario import Scenario

__all__ = [
    "bundled_scenario_ids",
    "format_validation_error",
    "get_scenario",
    "load_model",
    "load_scenario",
    "read_yaml",
]

M = TypeVar("M", bound=BaseModel)


def format_validation_error(exc: ValidationError) -> list[str]:
    """One line per problem: ``dotted.field.path: message (got <input>)``."""
    problems = []
    for err in exc.errors(include_url=False):
        loc = ".".join(str(p) for p in err["loc"]) or "<root>"
        msg = err["msg"]
        if err["type"] not in ("missing", "value_error", "assertion_error"):
            shown = repr(err.get("input"))
            if len(shown) > 60:
                shown = shown[:57] + "..."
            msg = f"{msg} (got {shown})"
        problems.append(f"{loc}: {msg}")
    return problems


def read_yaml(path: str | Path) -> Any:
    """Parse a YAML file; unreadable or malformed files raise ``ScenarioError``."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(str(p), [f"cannot read file: {exc.strerror or exc}"]) from None
    except UnicodeDecodeError:
        raise ScenarioError(str(p), ["file is not UTF-8 text"]) from None
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise ScenarioError(str(p), [f"<yaml>: {where}malformed YAML ({problem})"]) from None


def load_model(path: str | Path, model: type[M]) -> M:
    """Read ``path`` as YAML and validate it as ``model``."""
    data = read_yaml(path)
    if not isinstance(data, dict):
        kind = "empty file" if data is None else type(data).__name__
        raise ScenarioError(str(path), [f"<root>: expected a mapping of fields, got {kind}"])
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise ScenarioError(str(path), format_validation_error(exc)) from None


def load_scenario(path: str | Path) -> Scenario:
    """Load and validate one scenario file."""
    return load_model(path, Scenario)


def _bundled_dir() -> Path:
    return Path(str(resources.files("sim") / "scenarios"))


def bundled_scenario_ids() -> list[str]:
    """Ids of the scenarios shipped with supportsim, sorted."""
    return sorted(p.stem for p in _bundled_dir().glob("*.yaml"))


@cache
def _load_cached(path: str) -> Scenario:
    return load_scenario(path)


_BY_NAME: dict[str | Path, Scenario] = {}


def get_scenario(name_or_path: str | Path) -> Scenario:
    """A bundled scenario by id, or a scenario file by path (parsed once, then cached)."""
    hit = _BY_NAME.get(name_or_path)
    if hit is None:
        hit = _BY_NAME[name_or_path] = _resolve(name_or_path)
    return hit


def _resolve(name_or_path: str | Path) -> Scenario:
    p = Path(name_or_path)
    if p.suffix in (".yaml", ".yml") or p.exists():
        return _load_cached(str(p.resolve()))
    bundled = _bundled_dir() / f"{name_or_path}.yaml"
    if bundled.exists():
        return _load_cached(str(bundled))
    known = ", ".join(bundled_scenario_ids())
    raise ConfigError(f"unknown scenario {str(name_or_path)!r}; bundled scenarios: {known}")

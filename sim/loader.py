"""Loading YAML files into validated models, with errors a person can act on.

Every failure -- unreadable file, malformed YAML, wrong types, unknown fields -- becomes a
:class:`~sim.errors.ScenarioError` whose problems read ``field.path: what was expected``.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any, Generic, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from sim.errors import ConfigError, ScenarioError
from sim.scenario import Scenario

__all__ = [
    "SCENARIOS",
    "Library",
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


class Library(Generic[M]):
    """Bundled YAML files of one kind (package data), plus any file by path; cached."""

    def __init__(self, package: str, folder: str, model: type[M], kind: str) -> None:
        self.package, self.folder, self.model, self.kind = package, folder, model, kind
        self._by_ref: dict[str | Path, M] = {}
        self._by_path: dict[str, M] = {}

    def directory(self) -> Path:
        return Path(str(resources.files(self.package) / self.folder))

    def ids(self) -> list[str]:
        """Ids of the bundled files, sorted."""
        return sorted(p.stem for p in self.directory().glob("*.yaml"))

    def load(self, path: str | Path) -> M:
        """Load and validate one file (no cache)."""
        return load_model(path, self.model)

    def get(self, name_or_path: str | Path) -> M:
        """A bundled one by id, or a file by path (parsed once, then cached)."""
        hit = self._by_ref.get(name_or_path)
        if hit is None:
            hit = self._by_ref[name_or_path] = self._resolve(name_or_path)
        return hit

    def _resolve(self, name_or_path: str | Path) -> M:
        p = Path(name_or_path)
        if p.suffix in (".yaml", ".yml") or p.exists():
            path = p.resolve()
        else:
            path = self.directory() / f"{name_or_path}.yaml"
            if not path.exists():
                known = ", ".join(self.ids())
                raise ConfigError(
                    f"unknown {self.kind} {str(name_or_path)!r}; bundled {self.kind}s: {known}"
                )
        key = str(path)
        if key not in self._by_path:
            self._by_path[key] = self.load(path)
        return self._by_path[key]


SCENARIOS: Library[Scenario] = Library("sim", "scenarios", Scenario, "scenario")
"""The bundled scenarios (``sim/scenarios/*.yaml``)."""


def load_scenario(path: str | Path) -> Scenario:
    """Load and validate one scenario file."""
    return SCENARIOS.load(path)


def bundled_scenario_ids() -> list[str]:
    """Ids of the scenarios shipped with supportsim, sorted."""
    return SCENARIOS.ids()


def get_scenario(name_or_path: str | Path) -> Scenario:
    """A bundled scenario by id, or a scenario file by path (parsed once, then cached)."""
    return SCENARIOS.get(name_or_path)

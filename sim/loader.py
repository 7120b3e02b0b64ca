"""Loading YAML files into validated models, with errors a person can act on.

Every failure -- unreadable file, malformed YAML, wrong types, unknown fields -- becomes a
:class:`~sim.errors.ScenarioError` whose problems read ``field.path: what was expected``.
"""

from __future__ import annotations

import reprlib
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from sim.errors import ConfigError, ScenarioError
from sim.safeyaml import YamlFileError, read_yaml_file
from sim.scenario import Scenario

__all__ = [
    "SCENARIOS",
    "Library",
    "bundled_scenario_ids",
    "detect_kind",
    "format_validation_error",
    "get_scenario",
    "load_model",
    "load_scenario",
    "read_yaml",
    "shown_input",
    "validate_data",
]

M = TypeVar("M", bound=BaseModel)


_INPUT = reprlib.Repr()
_INPUT.maxstring, _INPUT.maxother, _INPUT.maxlevel = 50, 50, 2
_INPUT.maxlist = _INPUT.maxdict = _INPUT.maxtuple = _INPUT.maxset = 4


def shown_input(value: Any) -> str:
    """A short repr of a user's input, at most 60 characters, whatever its size.

    ``reprlib`` stops early, so a huge or deeply shared input (an alias bomb) costs no more
    to show than a small one; a plain ``repr`` would build the whole text before cutting.
    """
    shown = _INPUT.repr(value)
    return shown if len(shown) <= 60 else shown[:57] + "..."


MAX_PROBLEMS = 50
"""Problems listed per file; a file with more says how many were left out."""


def format_validation_error(exc: ValidationError) -> list[str]:
    """One line per problem: ``dotted.field.path: message (got <input>)``."""
    problems: list[str] = []
    errors = exc.errors(include_url=False)
    for err in errors[:MAX_PROBLEMS]:
        loc = ".".join(str(p) for p in err["loc"]) or "<root>"
        msg = err["msg"]
        if err["type"] == "value_error" and not err["loc"]:
            # A model validator's message lists ``field.path: problem`` lines itself.
            problems += str(err["ctx"]["error"]).splitlines() if "ctx" in err else [msg]
            continue
        if err["type"] not in ("missing", "value_error", "assertion_error"):
            msg = f"{msg} (got {shown_input(err.get('input'))})"
        problems.append(f"{loc}: {msg}")
    if len(errors) > MAX_PROBLEMS:
        problems.append(f"... and {len(errors) - MAX_PROBLEMS} more problems")
    return problems


def read_yaml(path: str | Path) -> Any:
    """Parse a YAML file within :mod:`sim.safeyaml`'s limits; problems raise ``ScenarioError``."""
    try:
        return read_yaml_file(path)
    except YamlFileError as exc:
        problem = f"<yaml>: {exc.problem}" if exc.in_content else exc.problem
        raise ScenarioError(str(path), [problem]) from None


def _as_mapping(path: str | Path, data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        kind = "empty file" if data is None else type(data).__name__
        raise ScenarioError(str(path), [f"<root>: expected a mapping of fields, got {kind}"])
    return data


def validate_data(path: str | Path, data: Any, model: type[M]) -> M:
    """Validate already-parsed YAML ``data`` from ``path`` as ``model``."""
    try:
        return model.model_validate(_as_mapping(path, data))
    except ValidationError as exc:
        raise ScenarioError(str(path), format_validation_error(exc)) from None


def load_model(path: str | Path, model: type[M]) -> M:
    """Read ``path`` as YAML and validate it as ``model``."""
    return validate_data(path, read_yaml(path), model)


def detect_kind(data: Any) -> str | None:
    """Which kind of file (``scenario``, ``persona``, ...) ``data`` is, or ``None`` if unknown.

    An explicit ``kind:`` key decides. Otherwise the shape does: the kind whose own fields
    (those the other kinds lack) the mapping uses most; a tie is unknown. So a persona file
    without ``emotion`` or ``traits`` is still a persona, reported with persona errors.
    """
    if not isinstance(data, dict):
        return None
    declared = data.get("kind")
    if declared is not None:
        return declared if isinstance(declared, str) and declared in Library.kinds else None
    keys = set(data)
    fields = {kind: set(lib.model.model_fields) for kind, lib in Library.kinds.items()}
    score = {
        kind: len(keys & (own - set().union(*(f for k, f in fields.items() if k != kind))))
        for kind, own in fields.items()
    }
    best = sorted(score.items(), key=lambda kv: -kv[1])
    if not best or best[0][1] == 0 or (len(best) > 1 and best[1][1] == best[0][1]):
        return None
    return best[0][0]


class Library(Generic[M]):
    """Bundled YAML files of one kind (package data), plus any file by path; cached."""

    kinds: ClassVar[dict[str, Library[Any]]] = {}
    """Every library by kind, for :func:`detect_kind`."""

    def __init__(self, package: str, folder: str, model: type[M], kind: str) -> None:
        self.package, self.folder, self.model, self.kind = package, folder, model, kind
        self._by_ref: dict[str | Path, M] = {}
        self._by_path: dict[str, M] = {}
        Library.kinds[kind] = self

    def directory(self) -> Path:
        return Path(str(resources.files(self.package) / self.folder))

    def ids(self) -> list[str]:
        """Ids of the bundled files, sorted."""
        return sorted(p.stem for p in self.directory().glob("*.yaml"))

    def load(self, path: str | Path) -> M:
        """Load and validate one file (no cache)."""
        return self.validate(path, read_yaml(path))

    def validate(self, path: str | Path, data: Any) -> M:
        """Validate parsed ``data`` from ``path``; a file of another kind is named as such."""
        kind = detect_kind(data)
        if kind is not None and kind != self.kind:
            raise ScenarioError(
                str(path),
                [f"<root>: this is a {kind} file (by its kind: key or fields), not a {self.kind}"],
            )
        return validate_data(path, data, self.model)

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
    """A bundled scenario by id, a scenario file by path (parsed once, then cached), or a
    generated one by reference (``gen:FAMILY:SPLIT:SEED:INDEX``, :mod:`sim.generate.refs`)."""
    if isinstance(name_or_path, str) and name_or_path.startswith("gen:"):
        from sim.generate.refs import resolve_ref

        return resolve_ref(name_or_path)
    return SCENARIOS.get(name_or_path)

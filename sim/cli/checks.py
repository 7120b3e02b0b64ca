"""Checks of command-line input, done before anything is built or written.

Each check names the flag (or the file) at fault and what was expected, so that a misused
command ends in one clear line, never a traceback: numbers that must be finite and in range,
the ``--out`` directory, the ``--sweep`` grid, flags given to ``--resume`` that the stored run
would ignore, and how to call supportsim again (the closing hints).
"""

from __future__ import annotations

import math
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer

from sim.errors import ConfigError

__all__ = [
    "MAX_SWEEP_BINS",
    "RESUME_OVERRIDABLE",
    "check_out_dir",
    "check_writable_dir",
    "cli_command",
    "finite",
    "parse_sweep",
    "resume_conflicts",
]

MAX_SWEEP_BINS = 1001
"""Most frustration values one sweep may hold (0:1:0.001)."""

RESUME_OVERRIDABLE = ("concurrency", "base_url", "model_timeout", "model_retries")
"""Run settings that do not change what an episode is: ``--resume`` may change them."""


def finite(
    flag: str, *, above: float | None = None, at_least: float | None = None
) -> Callable[[float | None], float | None]:
    """A typer callback: the value must be a finite number (above / at least a bound).

    click's own ranges let NaN through (every comparison with NaN is false)."""

    def check(value: float | None) -> float | None:
        if value is None:
            return None
        if not math.isfinite(value):
            raise typer.BadParameter(f"must be a finite number, not {value}", param_hint=flag)
        if above is not None and not value > above:
            raise typer.BadParameter(f"must be > {above:g}, not {value:g}", param_hint=flag)
        if at_least is not None and not value >= at_least:
            raise typer.BadParameter(f"must be >= {at_least:g}, not {value:g}", param_hint=flag)
        return value

    return check


def _strerror(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__


def check_writable_dir(path: Path, what: str) -> None:
    """Raise unless a file can be created in the existing directory ``path``."""
    try:
        with tempfile.TemporaryFile(dir=path, prefix=".supportsim-write-check-"):
            pass
    except OSError as exc:
        raise ConfigError(f"{what}: cannot write in {path} ({_strerror(exc)})") from None


def check_out_dir(out: Path, flag: str = "--out") -> None:
    """Make sure ``out`` is (or can become) a writable directory; create it.

    Raises:
        ConfigError: ``out`` is a file, lies under a file, or cannot be created or written.
    """
    if out.exists() and not out.is_dir():
        raise ConfigError(f"{flag} {out}: this is a file, not a directory")
    ancestor = out.absolute()
    while not ancestor.exists() and ancestor != ancestor.parent:
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        raise ConfigError(f"{flag} {out}: {ancestor} is a file, so no directory can be made in it")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ConfigError(f"{flag} {out}: cannot create the directory ({_strerror(exc)})") from None
    check_writable_dir(out, f"{flag} {out}")


def parse_sweep(spec: str) -> list[float]:
    """``START:STOP:STEP`` as the list of frustration values, each finite and within [0, 1]."""
    try:
        start, stop, step = (float(x) for x in spec.split(":"))
    except ValueError:
        raise ConfigError(f"--sweep expects START:STOP:STEP, e.g. 0:1:0.1, not {spec!r}") from None
    if not all(math.isfinite(v) for v in (start, stop, step)):
        raise ConfigError(f"--sweep {spec}: START, STOP and STEP must be finite numbers")
    if not 0 <= start <= stop <= 1:
        raise ConfigError(f"--sweep {spec}: needs 0 <= START <= STOP <= 1 (frustration values)")
    if step <= 0:
        raise ConfigError(f"--sweep {spec}: STEP must be > 0")
    count = round((stop - start) / step) + 1
    if count > MAX_SWEEP_BINS:
        raise ConfigError(
            f"--sweep {spec}: {count} values; at most {MAX_SWEEP_BINS} (use a larger STEP)"
        )
    return sorted({round(min(stop, start + i * step), 4) for i in range(count)})


_FLAG_OF = {"scenarios": "--scenario", "personas": "--persona"}


def _flag(name: str) -> str:
    """The command-line flag of a configuration field."""
    return _FLAG_OF.get(name, "--" + name.replace("_", "-"))


def resume_conflicts(
    stored: dict[str, Any], given: dict[str, Any]
) -> tuple[dict[str, Any], list[str]]:
    """Flags given with ``--resume``: (overrides to apply, descriptions of conflicts).

    ``given`` holds the run settings named explicitly on the command line, as config values.
    Settings in :data:`RESUME_OVERRIDABLE` may change; any other that differs from the stored
    run is a conflict (the run's episodes are defined by the stored values)."""
    overrides: dict[str, Any] = {}
    conflicts: list[str] = []
    for name, value in given.items():
        if stored.get(name) == value:
            continue
        if name in RESUME_OVERRIDABLE:
            overrides[name] = value
        else:
            conflicts.append(f"{_flag(name)} {value!r} (the run has {stored.get(name)!r})")
    return overrides, conflicts


def cli_command() -> str:
    """How to call supportsim again from this shell: ``supportsim`` when that name on PATH is
    this very program, else the path that was used (e.g. ``.venv/bin/supportsim``)."""
    argv0 = sys.argv[0] if sys.argv else ""
    if Path(argv0).name == "supportsim":
        on_path = shutil.which("supportsim")
        if on_path and Path(on_path).resolve() == Path(argv0).resolve():
            return "supportsim"
        return _shortest(Path(argv0))
    return f"{_shortest(Path(sys.executable))} -m sim.cli"


def _shortest(path: Path) -> str:
    """``path`` relative to the working directory when it lies inside it, else absolute."""
    absolute = path.absolute()
    try:
        rel = absolute.relative_to(Path.cwd())
    except ValueError:
        return str(absolute)
    return str(rel) if rel.parts and rel.parts[0] != ".." else str(absolute)

"""Before ``run --resume``: can the run be continued, and from what?

The run directory must be writable (say why not), the stored configuration must still
describe the stored episodes (a hand-edited ``config.json`` must not mix two runs), and a
damaged ``results.sqlite`` is rebuilt from its readable rows first (see
:mod:`sim.recovery`), so that finished episodes it could read are never run again.
"""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console
from rich.markup import escape

from sim.batch import BatchConfig, load_config, plan_episodes
from sim.cli.checks import check_writable_dir, resume_conflicts
from sim.errors import ConfigError
from sim.recovery import recover_store
from sim.store import ResultStore, StoreDamagedError

__all__ = ["given_settings", "prepare_resume", "resumed_config"]

_FIELD_OF = {"scenario": "scenarios", "persona": "personas"}
"""Command-line names whose configuration field is named otherwise."""


def given_settings(ctx: typer.Context) -> list[str]:
    """The configuration fields named on the command line (not left at their defaults).

    Every option that maps to a :class:`BatchConfig` field counts, so a new run setting is
    checked on ``--resume`` without being listed here."""
    return [
        _FIELD_OF.get(name, name)
        for name in ctx.params
        if _FIELD_OF.get(name, name) in BatchConfig.model_fields
        and getattr(ctx.get_parameter_source(name), "name", None) == "COMMANDLINE"
    ]


def resumed_config(
    ctx: typer.Context, out: Path, fresh: BatchConfig | None, console: Console
) -> BatchConfig:
    """The stored configuration, with the runtime settings the command line changes.

    ``fresh`` is the configuration the command line alone describes (``None`` when it names
    no run setting).

    Raises:
        ConfigError: A flag differs from the stored run in a setting that defines episodes.
    """
    stored = load_config(out)
    given = given_settings(ctx)
    if not given:
        return stored
    assert fresh is not None
    values = fresh.model_dump()
    overrides, conflicts = resume_conflicts(stored.model_dump(), {f: values[f] for f in given})
    if conflicts:
        raise ConfigError(
            "--resume continues a run with its stored settings; these flags differ from "
            f"them: {'; '.join(conflicts)}. Drop them, or start a new run with another --out"
        )
    for name, value in overrides.items():
        console.print(
            f"resuming with --{name.replace('_', '-')} {escape(repr(value))} "
            f"(the run was started with {escape(repr(getattr(stored, name)))})",
            highlight=False,
        )
    return stored.model_copy(update=overrides)


def _stored_seeds(out: Path) -> dict[str, int]:
    """Each stored episode's key and seed (the store is checked whole, and for writing)."""
    with ResultStore(out) as store:
        store.check_writable()
        store.verify()
        return {row["key"]: row["seed"] for row in store.rows()}


def prepare_resume(out: Path, config: BatchConfig, console: Console) -> None:
    """Check that ``out`` can be resumed with ``config``; rebuild a damaged store.

    Raises:
        ConfigError: The directory or its database cannot be written, or ``config`` does not
            plan episodes that are stored (``config.json`` was edited).
    """
    check_writable_dir(out, f"cannot resume {out}")
    try:
        done = _stored_seeds(out)
    except StoreDamagedError as exc:
        console.print(f"[yellow]warning:[/] {escape(str(exc))}", highlight=False)
        scenarios, _ = config.catalog()
        recovery = recover_store(out, scenarios.values())
        console.print(
            f"recovered {recovery.recovered} finished episode(s) from the damaged database "
            f"({recovery.unreadable} unreadable row(s)); it is kept as "
            f"{escape(str(recovery.moved_to))}; episodes that could not be read run again",
            highlight=False,
        )
        done = _stored_seeds(out)
    planned = {spec.key: spec.seed for spec in plan_episodes(config)}
    stray = sorted(key for key, seed in done.items() if planned.get(key) != seed)
    if stray:
        raise ConfigError(
            f"{out}: config.json does not match the stored results: {len(stray)} stored "
            f"episode(s) are not in its plan or have another seed (e.g. {stray[0]!r}); was "
            "config.json edited? Restore it, or start a new run with another --out"
        )

"""The typer application and the commands that only read files: validate, list."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from sim.errors import ConfigError, ScenarioError, SupportSimError
from sim.loader import bundled_scenario_ids, get_scenario, load_scenario, read_yaml

__all__ = ["app", "console", "fail", "main"]

app = typer.Typer(
    name="supportsim",
    help="Test customer-support AI agents against simulated customers.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
console = Console()
err_console = Console(stderr=True, soft_wrap=True)


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print an error (never a traceback) and return the exit to raise."""
    err_console.print(f"[bold red]error:[/] {message}", highlight=False, soft_wrap=True)
    return typer.Exit(code)


def _kind_of(data: Any) -> str:
    if isinstance(data, dict) and "ticket" not in data and ("emotion" in data or "traits" in data):
        return "persona"
    return "scenario"


def _validate_one(path: Path) -> tuple[str, list[str]]:
    """Returns (kind, problems); no problems means valid."""
    try:
        kind = _kind_of(read_yaml(path))
        if kind == "persona":
            from personas import load_persona

            load_persona(path)
        else:
            scenario = load_scenario(path)
            from personas import get_persona

            try:
                get_persona(scenario.default_persona)
            except ConfigError as exc:
                return kind, [f"default_persona: {exc}"]
    except ScenarioError as exc:
        return _kind_of(None), exc.problems
    return kind, []


@app.command()
def validate(
    paths: Annotated[list[Path], typer.Argument(help="Scenario or persona YAML files.")],
) -> None:
    """Check scenario and persona files; print OK or every problem, with its field path."""
    bad = 0
    for path in paths:
        kind, problems = _validate_one(path)
        if problems:
            bad += 1
            err_console.print(f"[red]FAIL[/] {path}", highlight=False)
            for p in problems:
                err_console.print(f"  {path}: {p}", highlight=False, soft_wrap=True)
        else:
            console.print(f"[green]OK[/]   {path} ({kind})", highlight=False)
    if bad:
        raise typer.Exit(1)


@app.command("list")
def list_(
    what: Annotated[str, typer.Argument(help="scenarios, personas, agents or all")] = "all",
) -> None:
    """List bundled scenarios, personas and agents."""
    from rich.table import Table

    from agents import agent_names
    from personas import bundled_persona_ids, get_persona

    if what not in ("all", "scenarios", "personas", "agents"):
        raise fail(f"unknown list {what!r}; expected scenarios, personas, agents or all")
    if what in ("all", "scenarios"):
        table = Table(title="Scenarios")
        for col in ("id", "family", "difficulty", "resolution", "refund", "persona"):
            table.add_column(col)
        for sid in bundled_scenario_ids():
            sc = get_scenario(sid)
            exp = sc.expectations
            table.add_row(
                sid,
                sc.family,
                sc.difficulty,
                exp.resolution.value,
                str(exp.refund_total),
                sc.default_persona,
            )
        console.print(table)
    if what in ("all", "personas"):
        table = Table(title="Personas")
        for col in ("id", "frustration", "demands human at", "leaves at"):
            table.add_column(col)
        for pid in bundled_persona_ids():
            pe = get_persona(pid)
            table.add_row(
                pid,
                f"{pe.emotion.initial_frustration:.2f}",
                f"{pe.emotion.demand_human_at:.2f}",
                f"{pe.emotion.leave_at:.2f}",
            )
        console.print(table)
    if what in ("all", "agents"):
        console.print("Agents: " + ", ".join(agent_names()))


def main() -> None:
    """Console entry point: user errors are one red line and exit code 2, not a traceback."""
    import sim.cli.mock  # noqa: F401  (registers mock-llm)
    from sim.cli import commands  # noqa: F401  (registers the remaining commands)

    try:
        app()
    except SupportSimError as exc:
        err_console.print(
            f"[bold red]error:[/] {escape(str(exc))}", highlight=False, soft_wrap=True
        )
        raise SystemExit(2) from None

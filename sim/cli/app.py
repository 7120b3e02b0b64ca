"""The typer application and the commands that only read files: validate, list."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from sim.errors import SupportSimError
from sim.loader import bundled_scenario_ids, get_scenario

__all__ = ["app", "console", "fail", "main"]

app = typer.Typer(
    name="supportsim",
    help="Test customer-support AI agents against simulated customers.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
console = Console(emoji=False)
err_console = Console(stderr=True, soft_wrap=True, emoji=False)


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print an error (never a traceback) and return the exit to raise.

    ``message`` is plain text (it often quotes user input): it is escaped, never markup.
    """
    err_console.print(f"[bold red]error:[/] {escape(message)}", highlight=False, soft_wrap=True)
    return typer.Exit(code)


@app.command()
def validate(
    paths: Annotated[list[Path], typer.Argument(help="Scenario or persona YAML files.")],
) -> None:
    """Check scenario and persona files; print OK or every problem, with its field path.

    A scenario must agree with what its policy implies (expectations and gold; a
    disagreement overridden in expectations.policy_overrides is shown as a note), and its
    reference solution is replayed by the oracle and must succeed.
    """
    from sim.cli.validation import validate_file

    bad = 0
    for path in paths:
        kind, problems, notes = validate_file(path)
        shown = escape(str(path))
        if problems:
            bad += 1
            err_console.print(f"[red]FAIL[/] {shown}", highlight=False, soft_wrap=True)
            for p in problems:
                err_console.print(f"  {shown}: {escape(p)}", highlight=False, soft_wrap=True)
        else:
            console.print(f"[green]OK[/]   {shown} ({kind})", highlight=False, soft_wrap=True)
        for note in notes:
            console.print(f"  {shown}: note: {escape(note)}", highlight=False, soft_wrap=True)
    if bad:
        raise typer.Exit(1)


@app.command("list")
def list_(
    what: Annotated[str, typer.Argument(help="scenarios, personas, agents or all")] = "all",
    family: Annotated[
        str | None, typer.Option("--family", help="Only scenarios of this family.")
    ] = None,
) -> None:
    """List bundled scenarios (with family and difficulty), personas and agents."""
    from agents import agent_names
    from personas import bundled_persona_ids, get_persona
    from sim.cli.tables import Column, print_table

    if what not in ("all", "scenarios", "personas", "agents"):
        raise fail(f"unknown list {what!r}; expected scenarios, personas, agents or all")
    if what in ("all", "scenarios"):
        rows = []
        scenarios = [get_scenario(sid) for sid in bundled_scenario_ids()]
        families = sorted({sc.family for sc in scenarios})
        if family is not None and family not in families:
            raise fail(f"unknown --family {family!r}; expected one of: {', '.join(families)}")
        for sc in scenarios:
            if family is not None and sc.family != family:
                continue
            sid = sc.id
            exp = sc.expectations
            rows.append(
                [
                    sid,
                    sc.family,
                    sc.difficulty,
                    exp.resolution.value,
                    str(exp.refund_total),
                    sc.default_persona,
                ]
            )
        headers = ("id", "family", "difficulty", "resolution", "refund", "persona")
        print_table(console, "Scenarios", [Column(h, justify="left") for h in headers], rows)
    if what in ("all", "personas"):
        rows = []
        for pid in bundled_persona_ids():
            pe = get_persona(pid)
            rows.append(
                [
                    pid,
                    f"{pe.emotion.initial_frustration:.2f}",
                    f"{pe.emotion.demand_human_at:.2f}",
                    f"{pe.emotion.leave_at:.2f}",
                ]
            )
        columns = [Column("id", justify="left")] + [
            Column(h) for h in ("frustration", "demands human at", "leaves at")
        ]
        print_table(console, "Personas", columns, rows)
    if what in ("all", "agents"):
        console.print("Agents: " + ", ".join(agent_names()), highlight=False)


def main() -> None:
    """Console entry point: user errors are one red line and exit code 2, not a traceback."""
    import sim.cli.generate  # registers generate
    import sim.cli.mock  # noqa: F401  (registers mock-llm)
    from sim.cli import commands, view  # noqa: F401  (register the remaining commands)

    try:
        app()
    except SupportSimError as exc:
        err_console.print(
            f"[bold red]error:[/] {escape(str(exc))}", highlight=False, soft_wrap=True
        )
        raise SystemExit(2) from None

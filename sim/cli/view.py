"""Commands that look at finished runs: report (one HTML file) and compare (a leaderboard)."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Annotated

import typer

from sim.cli.app import app, console, fail
from sim.errors import ConfigError

FORMATS = ("markdown", "csv", "html")


@app.command()
def report(
    run_dir: Annotated[Path, typer.Argument(help="A run directory.")],
    out: Annotated[
        Path | None, typer.Option(help="HTML file to write. Default: RUN/report.html.")
    ] = None,
) -> None:
    """One self-contained HTML file: summary, plots, every episode (opens from file://)."""
    from sim.report import write_report

    started = time.perf_counter()
    path = write_report(run_dir, out)
    size = path.stat().st_size / 1_048_576
    console.print(
        f"report: {path}  ({size:.1f} MiB, built in {time.perf_counter() - started:.1f} s)",
        markup=False,
        highlight=False,
    )


@app.command()
def compare(
    runs: Annotated[
        list[Path], typer.Argument(help="Two or more run directories; the first is the baseline.")
    ],
    format: Annotated[str, typer.Option("--format", help="markdown, csv or html.")] = "markdown",
    out: Annotated[
        Path | None, typer.Option(help="Write to this file instead of standard output.")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the bootstrap resamples.")] = 0,
) -> None:
    """Leaderboard (pass^k with 95% CIs, score, escalation F1, ...) and paired tests."""
    from sim.report.compare import compare_runs

    if format not in FORMATS:
        raise fail(f"unknown --format {format!r}; expected one of {', '.join(FORMATS)}")
    text = compare_runs(runs, seed=seed).render(format)
    if out is None:
        sys.stdout.write(text)
        return
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"{out}: cannot write ({exc.strerror or exc})") from None
    console.print(f"compare: {out}", markup=False, highlight=False)

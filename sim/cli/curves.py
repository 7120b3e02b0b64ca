"""The stress-curve table of ``supportsim stress``: success and escalation-required by
initial-frustration bin for each agent, so agents can be compared at a glance."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from sim.stress import CurvePoint

__all__ = ["METRICS", "print_curves"]

METRICS: tuple[tuple[str, Callable[[CurvePoint], float]], ...] = (
    ("success", lambda p: p.success),
    ("esc. required", lambda p: p.escalation_required),
    ("escalated", lambda p: p.escalation_rate),
    ("left", lambda p: p.left_rate),
)
"""Rows printed per agent, each a percentage of the bin's episodes."""


def print_curves(console: Console, curves: Mapping[str, Sequence[CurvePoint]]) -> None:
    """Per agent, one row per metric; one column per initial-frustration bin (percentages)."""
    bins = sorted({p.frustration for points in curves.values() for p in points})
    table = Table(
        title="Stress curves by initial frustration (% of episodes)", title_justify="left"
    )
    table.add_column("agent")
    table.add_column("")
    for f in bins:
        table.add_column(f"{f:g}", justify="right")
    for name, points in curves.items():
        by_bin = {p.frustration: p for p in points}
        for i, (metric, value) in enumerate(METRICS):
            cells = [f"{100 * value(by_bin[f]):.0f}" if f in by_bin else "-" for f in bins]
            table.add_row(escape(name) if i == 0 else "", metric, *cells)
        table.add_section()
    console.print(table)

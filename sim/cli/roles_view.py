"""Who did what in a workflow episode (``supportsim show``): the per-role grade table."""

from __future__ import annotations

import json

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from graders.role_stats import USAGE_OF_ROLE, RoleStats
from graders.roles import WorkflowGrade
from sim.cli.tables import Column, print_table
from sim.orchestrator import UsageRecord
from sim.store import Row

__all__ = ["print_role_summary", "print_roles"]


def _usage(record: UsageRecord | None) -> str:
    if record is None:
        return "—"
    cost = "cost unknown" if record.cost is None else f"${record.cost:.4f}"
    return f"{record.tokens:,} tokens, {cost}"


def print_roles(
    console: Console, roles: WorkflowGrade, usage: dict[str, UsageRecord] | None = None
) -> None:
    """One row per role (actions taken, success, its model usage, checks), then the whole
    workflow (time to resolution in env steps)."""
    ttr = "—" if roles.time_to_resolution is None else f"{roles.time_to_resolution} steps"
    table = Table(
        title=(
            f"roles: success={roles.success} resolved={roles.resolved} "
            f"handoffs={roles.handoffs} steps={roles.total_steps} time to resolution={ttr}"
        ),
        title_justify="left",
    )
    for col in ("role", "actions", "success", "usage", "checks"):
        table.add_column(col)
    for r in roles.roles:
        checks = "; ".join(f"{'✓' if c.passed else '✗'} {c.name}: {c.reason}" for c in r.checks)
        spent = _usage((usage or {}).get(USAGE_OF_ROLE.get(r.role, r.role)))
        table.add_row(
            escape(r.role), str(r.actions), "✓" if r.success else "✗", spent, escape(checks)
        )
    console.print(table)


def role_stats(rows: list[Row]) -> RoleStats:
    """Per-role figures from summary rows (their ``roles`` and ``usage`` JSON)."""
    stats = RoleStats()
    for row in rows:
        if row.get("roles"):
            stats.add(json.loads(row["roles"]), json.loads(row.get("usage") or "{}"))
    return stats


def print_role_summary(console: Console, rows: list[Row]) -> None:
    """The "By role" table of a batch summary; nothing when no episode has roles."""
    stats = role_stats(rows)
    if not stats.episodes:
        return
    columns, body = stats.table()
    cols = [Column(c, "left" if c in ("role", "failed checks") else "right") for c in columns]
    print_table(console, "By role", cols, body[:-1], footer=body[-1])

"""Who did what in a workflow episode (``supportsim show``): the per-role grade table."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from graders.roles import WorkflowGrade

__all__ = ["print_roles"]


def print_roles(console: Console, roles: WorkflowGrade) -> None:
    """One row per role (actions taken, success, failed checks), then the whole workflow."""
    table = Table(
        title=(
            f"roles: success={roles.success} resolved={roles.resolved} "
            f"handoffs={roles.handoffs} steps={roles.total_steps}"
        ),
        title_justify="left",
    )
    for col in ("role", "actions", "success", "checks"):
        table.add_column(col)
    for r in roles.roles:
        checks = "; ".join(f"{'✓' if c.passed else '✗'} {c.name}: {c.reason}" for c in r.checks)
        table.add_row(escape(r.role), str(r.actions), "✓" if r.success else "✗", escape(checks))
    console.print(table)

"""Per-role figures over many episodes (issue 15, point 4): the batch summary, the report.

Each episode with roles contributes, per role (``first_line``, ``tier2``, ``supervisor``),
whether the role succeeded, how many actions it took, and the tokens and cost of its model
calls (``usage``: ``agent`` is the first line's); and for the workflow as a whole, whether it
resolved, its handoffs, its steps and its time to resolution (in env steps). The input is
plain JSON-shaped data (``EpisodeResult.roles`` and ``usage`` dumped), so the same figures
come from a stored row or a loaded result; episodes without roles are not counted.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["ROLE_ORDER", "RoleStats", "USAGE_OF_ROLE"]

ROLE_ORDER = ("first_line", "tier2", "supervisor")
USAGE_OF_ROLE = {"first_line": "agent", "tier2": "tier2", "supervisor": "supervisor"}
"""Which participant's usage is the role's (the first line is the run's ``agent``)."""


@dataclass
class _Role:
    episodes: int = 0
    successes: int = 0
    actions: int = 0
    tokens: int = 0
    cost: float | None = 0.0
    failed: dict[str, int] = field(default_factory=dict)
    """Per check name: in how many episodes it failed."""


@dataclass
class RoleStats:
    """Running per-role and whole-workflow figures."""

    roles: dict[str, _Role] = field(default_factory=dict)
    episodes: int = 0
    resolved: int = 0
    successes: int = 0
    handoffs: int = 0
    steps: int = 0
    resolution_steps: int = 0

    def add(self, roles: dict[str, Any] | None, usage: dict[str, Any] | None) -> None:
        """One episode's ``roles`` (a dumped ``WorkflowGrade``) and ``usage``."""
        if not roles:
            return
        usage = usage or {}
        self.episodes += 1
        self.resolved += bool(roles.get("resolved"))
        self.successes += bool(roles.get("success"))
        self.handoffs += int(roles.get("handoffs") or 0)
        self.steps += int(roles.get("total_steps") or 0)
        if (ttr := roles.get("time_to_resolution")) is not None:
            self.resolution_steps += int(ttr)
        for grade in roles.get("roles") or ():
            name = str(grade.get("role"))
            r = self.roles.setdefault(name, _Role())
            r.episodes += 1
            r.successes += bool(grade.get("success"))
            r.actions += int(grade.get("actions") or 0)
            for check in grade.get("checks") or ():
                if not check.get("passed"):
                    r.failed[check["name"]] = r.failed.get(check["name"], 0) + 1
            spent = usage.get(USAGE_OF_ROLE.get(name, name)) or {}
            r.tokens += int(spent.get("input_tokens") or 0) + int(spent.get("output_tokens") or 0)
            cost = spent.get("cost", 0.0)
            r.cost = None if r.cost is None or cost is None else r.cost + float(cost)

    def ordered(self) -> list[tuple[str, _Role]]:
        known = [(n, self.roles[n]) for n in ROLE_ORDER if n in self.roles]
        return known + sorted((n, r) for n, r in self.roles.items() if n not in ROLE_ORDER)

    def table(self) -> tuple[list[str], list[list[str]]]:
        """Columns and formatted rows: one per role, then the whole workflow."""
        columns = ["role", "episodes", "success", "actions/ep", "tokens", "cost", "failed checks"]
        rows = []
        for name, r in self.ordered():
            failed = ", ".join(f"{k} ×{v}" for k, v in sorted(r.failed.items())) or "—"
            rows.append(
                [
                    name,
                    str(r.episodes),
                    _pct(r.successes, r.episodes),
                    f"{r.actions / r.episodes:.1f}",
                    f"{r.tokens:,}",
                    "unknown" if r.cost is None else f"${r.cost:.4f}",
                    failed,
                ]
            )
        n = self.episodes
        ttr = f"{self.resolution_steps / self.resolved:.1f}" if self.resolved else "—"
        rows.append(
            [
                "workflow",
                str(n),
                _pct(self.successes, n),
                f"{self.steps / n:.1f}" if n else "—",
                "",
                "",
                f"resolved {_pct(self.resolved, n)}, handoffs/ep "
                f"{self.handoffs / n if n else 0:.2f}, steps to resolution {ttr}",
            ]
        )
        return columns, rows


def _pct(part: int, whole: int) -> str:
    return "—" if whole == 0 else f"{100 * part / whole:.1f}%"

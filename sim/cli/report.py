"""Rendering for the command line: summary tables, the stress table, transcripts."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.console import Console, Group
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from graders.metrics import PARTICIPANTS, GroupStats, summarize
from graders.verdict import Decider
from sim.actions import Reply
from sim.cli.roles_view import print_role_summary, print_roles
from sim.cli.tables import Column, print_table
from sim.orchestrator import EpisodeResult
from sim.state import EmotionPoint, Message, Role
from sim.store import Row
from sim.workflow import role_of

__all__ = ["pass_k_note", "print_stress", "print_summary", "print_transcript"]


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f}%"


def _num(value: float | None, fmt: str = ".2f") -> str:
    return "—" if value is None else format(value, fmt)


def _stats_row(name: str, s: GroupStats, ks: range) -> list[str]:
    esc = s.escalation
    cost = "unknown" if s.cost is None else f"${s.cost:.4f}"
    return [
        name,
        str(s.graded),
        str(s.errors),
        _pct(s.success_rate),
        *(_pct(s.pass_k(k)) for k in ks),
        _num(s.mean_score),
        _pct(esc.precision),
        _pct(esc.recall),
        _pct(s.abandonment_rate),
        _num(s.mean_steps, ".1f"),
        f"{s.tokens:,}",
        cost,
    ]


def _print_stats(
    console: Console, title: str, groups: dict[Any, GroupStats], overall: GroupStats, ks: range
) -> None:
    columns = [
        Column("", justify="left"),
        *(Column(h) for h in ("n", "errors", "success", *(f"pass^{k}" for k in ks))),
        *(Column(h) for h in ("score", "esc P", "esc R", "left", "steps", "tokens", "cost")),
    ]
    rows = [_stats_row(str(name), groups[name], ks) for name in sorted(groups, key=str)]
    print_table(console, title, columns, rows, footer=_stats_row("overall", overall, ks))


def pass_k_note(overall: GroupStats, ks: range) -> str | None:
    """Which pass^k leave tasks out (tasks with fewer than k graded trials), or ``None``."""
    tasks = len(overall.outcomes)
    left_out = [(k, overall.pass_k_left_out(k)) for k in ks]
    parts = [f"pass^{k} leaves out {n} of {tasks}" for k, n in left_out if n]
    if not parts:
        return None
    return (
        "Tasks with fewer than k graded trials (errors are not trials) are not in pass^k: "
        + ", ".join(parts)
        + " task(s)."
    )


def print_summary(console: Console, rows: Iterable[Row]) -> GroupStats:
    """Per scenario, per persona and overall tables (and per role, for runs with roles);
    returns the overall stats."""
    rows = rows if isinstance(rows, list) else list(rows)
    overall, groups = summarize(
        rows, ("scenario", lambda r: r["scenario"]), ("persona", lambda r: r["persona"])
    )
    ks = range(1, max(1, overall.max_trials) + 1)
    _print_stats(console, "By scenario", groups["scenario"], overall, ks)
    _print_stats(console, "By persona", groups["persona"], overall, ks)
    print_role_summary(console, rows)
    usage = " · ".join(
        f"{who} {overall.participant_tokens[who]:,} tokens, "
        + ("cost unknown" if (c := overall.participant_cost[who]) is None else f"${c:.4f}")
        for who in PARTICIPANTS
    )
    console.print(f"Usage: {usage}", highlight=False)
    if (note := pass_k_note(overall, ks)) is not None:
        console.print(note, highlight=False)
    if overall.errors:
        console.print(
            f"[yellow]{overall.errors} episode(s) ended in an infrastructure error; they are "
            "not trials and are left out of every rate (re-run them with --resume "
            "--retry-errors).[/]"
        )
    if overall.judged:
        console.print(f"Tone judge: {overall.judge_passes}/{overall.judged} passed.")
    if agreement := overall.agreement_line():
        console.print(agreement, highlight=False)
    return overall


_STRESS_HEADERS = (
    "frustration",
    "episodes",
    "required",
    "escalated",
    "TP",
    "FP",
    "FN",
    "TN",
    "precision",
    "recall",
    "success",
    "abandoned",
    "infra errors",
)


def print_stress(console: Console, rows: Iterable[Row], bin_of: Any) -> None:
    """The escalation-judgment table, one line per frustration bin."""
    overall, groups = summarize(rows, ("bin", bin_of))

    def row(name: str, s: GroupStats) -> list[str]:
        e = s.escalation
        return [
            name,
            str(s.graded),
            _pct(s.rate(e.required)),
            _pct(s.rate(e.escalated)),
            str(e.tp),
            str(e.fp),
            str(e.fn),
            str(e.tn),
            _pct(e.precision),
            _pct(e.recall),
            _pct(s.success_rate),
            _pct(s.abandonment_rate),
            str(s.errors),
        ]

    print_table(
        console,
        "Escalation judgment by initial frustration",
        [Column(h) for h in _STRESS_HEADERS],
        [row(str(key), groups["bin"][key]) for key in sorted(groups["bin"])],
        footer=row("all", overall),
    )


def print_transcript(console: Console, result: EpisodeResult) -> None:
    """Messages, actions with their feedback, the customer's emotion after each turn, grade."""
    state = result.state
    head = (
        f"[bold]{escape(result.key)}[/]  agent={escape(result.agent)} "
        f"customer={escape(result.customer)} "
        f"seed={result.seed}\ntermination={result.termination} steps={state.step_count} "
        f"reward={state.total_reward:.2f}"
    )
    console.print(Panel(head, title="episode", expand=False))
    emotion: dict[int, list[EmotionPoint]] = {}
    for point in state.emotion:
        emotion.setdefault(point.step, []).append(point)
    messages: dict[int, list[Message]] = {}
    for msg in state.conversation:
        messages.setdefault(msg.step, []).append(msg)
    for step in range(state.step_count + 1):
        rec = next((r for r in state.actions if r.step == step), None)
        if rec is not None:
            mark = "[green]✓[/]" if rec.valid else "[red]✗[/]"
            kind: str = rec.action.type if rec.action else "invalid"
            if state.handoffs:  # a workflow: which role took the action
                kind = escape(f"({role_of(state, step)}) {kind}")
            shown = (
                ""
                if isinstance(rec.action, Reply)
                else (rec.action.model_dump_json(exclude={"type"}) if rec.action else str(rec.raw))
            )
            events = ", ".join(e.value for e in rec.events)
            console.print(
                f"{mark} [bold]step {step}[/] {kind} {escape(shown)}\n   "
                f"[dim]{escape(rec.feedback)} reward={rec.reward:+.2f} ({events})[/]",
                highlight=False,
            )
        for msg in messages.get(step, []):
            style = "bold cyan" if msg.role is Role.AGENT else "bold magenta"
            console.print(Text(f"   {msg.role.value}: ", style=style) + Text(msg.content))
            if msg.role is Role.CUSTOMER and emotion.get(step):
                point = emotion[step].pop(0)
                moved = ", ".join(e.value for e in point.events) or "—"
                console.print(
                    f"   [dim]emotion: frustration={point.frustration:.2f} "
                    f"trust={point.trust:.2f} intent={point.intent.value} ({moved})[/]",
                    highlight=False,
                )
    if result.error:
        console.print(f"[red]infrastructure error ({result.error_kind}):[/] {escape(result.error)}")
    if result.grade is not None:
        g = result.grade
        table = Table(title=f"grade: success={g.success} score={g.score:.3f}", title_justify="left")
        for col in ("check", "passed", "weight", "critical", "reason"):
            table.add_column(col)
        for c in g.checks:
            table.add_row(
                escape(c.name),
                "✓" if c.passed else "✗",
                f"{c.weight:g}",
                "yes" if c.critical else "",
                escape(c.reason),
            )
        console.print(table)
    if result.roles is not None:
        print_roles(console, result.roles, result.usage)
    if result.judge is not None:
        console.print(Panel(Group(*_judge_lines(result)), title="tone judge", expand=False))
    elif result.judge_error:
        console.print(f"[yellow]tone judge failed:[/] {escape(result.judge_error)}")
    if result.decided_by is not None and result.decided_by is not Decider.RULES:
        console.print(Text(f"episode success={result.success} (decided by {result.decided_by})"))


def _judge_lines(result: EpisodeResult) -> list[Text]:
    """The judge's verdict as plain text (never markup): scores, facts, findings, agreement."""
    lines: list[Text] = []
    for key, value in (result.judge or {}).items():
        if key == "facts" and isinstance(value, list):
            lines += [
                Text(
                    f"fact {f.get('id')}: {'✓' if f.get('communicated') else '✗'} "
                    f"{f.get('evidence', '')}"
                )
                for f in value
                if isinstance(f, dict)
            ]
        elif key in ("misrepresentations", "leaks", "unsafe_requests") and isinstance(value, list):
            lines += [
                Text(f"{key[:-1]} at step {f.get('step')}: {f.get('quote')} ({f.get('problem')})")
                for f in value
                if isinstance(f, dict)
            ] or [Text(f"{key}: none")]
        else:
            lines.append(Text(f"{key}: {value}"))
    for check, same in (result.judge_agreement or {}).items():
        lines.append(Text(f"agrees with rule {check}: {'yes' if same else 'no'}"))
    return lines

"""A :class:`~sim.report.compare.Comparison` as markdown, CSV or HTML.

All three are built from the same cells (:func:`leaderboard_rows`, :func:`paired_rows`), so
the formats never disagree on a number.
"""

from __future__ import annotations

import csv
import io
from enum import StrEnum

from sim.errors import ConfigError
from sim.report.compare import Comparison, Entry, Paired
from sim.report.stats import Interval

__all__ = ["Format", "leaderboard_rows", "paired_rows", "render"]

MAX_TASK_ROWS = 30
"""Most per-task differences listed (the largest first); the test uses every pair."""


class Format(StrEnum):
    MARKDOWN = "markdown"
    CSV = "csv"
    HTML = "html"


def _pct(v: float | None) -> str:
    return "—" if v is None else f"{100 * v:.1f}%"


def _ci(iv: Interval | None) -> str:
    if iv is None:
        return "—"
    return f"{100 * iv.value:.1f}% [{100 * iv.low:.1f}, {100 * iv.high:.1f}]"


def _num(v: float | None, fmt: str) -> str:
    return "—" if v is None else format(v, fmt)


def _p(p: float) -> str:
    return f"{p:.3g}" if p >= 0.001 else f"{p:.1e}"


def leaderboard_header(cmp: Comparison) -> list[str]:
    return [
        "rank",
        "run",
        "episodes",
        "errors",
        *(f"pass^{k} [95% CI]" for k in cmp.ks),
        "score [95% CI]",
        "esc F1",
        "left",
        "cost/episode",
        "tokens/episode",
        "steps",
    ]


def _entry_cells(rank: int, e: Entry, cmp: Comparison) -> list[str]:
    s = e.stats
    score = (
        "—" if e.score is None else f"{e.score.value:.3f} [{e.score.low:.3f}, {e.score.high:.3f}]"
    )
    cost = e.cost_per_episode
    return [
        str(rank),
        e.run.label,
        str(s.graded),
        str(s.errors),
        *(_ci(e.pass_k.get(k)) for k in cmp.ks),
        score,
        _num(e.escalation_f1, ".2f"),
        _pct(s.abandonment_rate),
        "unknown" if cost is None else f"${cost:.5f}",
        _num(e.tokens_per_episode, ",.0f"),
        _num(s.mean_steps, ".2f"),
    ]


def leaderboard_rows(cmp: Comparison) -> list[list[str]]:
    return [_entry_cells(i, e, cmp) for i, e in enumerate(cmp.entries, 1)]


def paired_summary(p: Paired) -> list[str]:
    t = p.test
    diff = p.mean_diff
    mean = (
        "—"
        if diff is None
        else f"{100 * diff.value:+.1f} pts [{100 * diff.low:+.1f}, {100 * diff.high:+.1f}]"
    )
    return [
        f"{p.other.label} vs {p.baseline.label}",
        str(t.pairs),
        str(t.both),
        str(t.a_only),
        str(t.b_only),
        str(t.neither),
        _p(t.p_value),
        mean,
    ]


PAIRED_HEADER = [
    "comparison",
    "paired trials",
    "both succeed",
    "only baseline",
    "only other",
    "both fail",
    "McNemar exact p",
    "mean per-task difference [95% CI]",
]


def paired_rows(p: Paired) -> list[list[str]]:
    """Tasks whose success rates differ, largest difference first."""
    differing = sorted((t for t in p.tasks if t.diff), key=lambda t: (-abs(t.diff), t.task))
    return [
        [t.task, f"{t.a[0]}/{t.a[1]}", f"{t.b[0]}/{t.b[1]}", f"{100 * t.diff:+.0f} pts"]
        for t in differing[:MAX_TASK_ROWS]
    ]


def _md_table(header: list[str], rows: list[list[str]]) -> str:
    def line(cells: list[str]) -> str:
        return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"

    out = [line(header), "|" + "|".join("---" for _ in header) + "|"]
    out += [line(r) for r in rows]
    return "\n".join(out)


def _markdown(cmp: Comparison) -> str:
    parts = [
        f"## Leaderboard ({len(cmp.runs)} runs, {len(cmp.common)} common tasks)",
        "",
        cmp.note,
        "",
        _md_table(leaderboard_header(cmp), leaderboard_rows(cmp)),
        "",
        "pass^k: tau-bench's, with a 95% percentile bootstrap interval over tasks. "
        "esc F1: escalation judgment (— when no escalation was required or made).",
    ]
    for p in cmp.paired:
        differing = [t for t in p.tasks if t.diff]
        parts += [
            "",
            f"## Paired: {p.other.label} vs {p.baseline.label}",
            "",
            _md_table(PAIRED_HEADER, [paired_summary(p)]),
            "",
            f"{_verdict(p)}",
            "",
            f"Tasks whose success differs: {len(differing)} of {len(p.tasks)}"
            + (f" (the {MAX_TASK_ROWS} largest shown)" if len(differing) > MAX_TASK_ROWS else "")
            + ".",
        ]
        if differing:
            header = ["task", p.baseline.label, p.other.label, "difference"]
            parts += ["", _md_table(header, paired_rows(p))]
    return "\n".join(parts) + "\n"


def _verdict(p: Paired) -> str:
    t = p.test
    discordant = t.a_only + t.b_only
    if discordant == 0:
        return "No trial differs in outcome: the test has nothing to weigh (p = 1)."
    better = p.other.label if t.b_only > t.a_only else p.baseline.label
    sig = "significant" if t.p_value < 0.05 else "not significant"
    return (
        f"Of {discordant} trials where exactly one run succeeded, {better} won "
        f"{max(t.a_only, t.b_only)}: {sig} at the 5% level (exact McNemar, p = {_p(t.p_value)})."
    )


def _iv(iv: Interval | None) -> list[str]:
    return ["", "", ""] if iv is None else [f"{iv.value:.6g}", f"{iv.low:.6g}", f"{iv.high:.6g}"]


def _raw(v: float | None) -> str:
    return "" if v is None else f"{v:.6g}"


def _csv(cmp: Comparison) -> str:
    """One row per run, plain numbers (fractions, not percentages); empty = undefined."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    header = ["rank", "run", "path", "episodes", "errors"]
    for k in cmp.ks:
        header += [f"pass^{k}", f"pass^{k}_low", f"pass^{k}_high"]
    header += ["score", "score_low", "score_high", "escalation_f1", "abandonment"]
    header += ["cost_per_episode", "tokens_per_episode", "steps", "common_tasks", "baseline"]
    header += ["paired_trials", "both_succeed", "only_baseline", "only_this", "both_fail"]
    header += ["mcnemar_p", "mean_task_diff", "mean_task_diff_low", "mean_task_diff_high"]
    header += ["note"]
    writer.writerow(header)
    paired = {id(p.other): p for p in cmp.paired}
    for rank, e in enumerate(cmp.entries, 1):
        s = e.stats
        row = [str(rank), e.run.label, str(e.run.path), str(s.graded), str(s.errors)]
        for k in cmp.ks:
            row += _iv(e.pass_k.get(k))
        row += [*_iv(e.score), _raw(e.escalation_f1), _raw(s.abandonment_rate)]
        row += [_raw(e.cost_per_episode), _raw(e.tokens_per_episode), _raw(s.mean_steps)]
        row += [str(len(cmp.common)), cmp.runs[0].label]
        p = paired.get(id(e.run))
        if p is None:
            row += [""] * 9
        else:
            t = p.test
            row += [str(t.pairs), str(t.both), str(t.a_only), str(t.b_only), str(t.neither)]
            row += [f"{t.p_value:.6g}", *_iv(p.mean_diff)]
        writer.writerow([*row, cmp.note])
    return buf.getvalue()


def _html(cmp: Comparison) -> str:
    try:
        from sim.report.page import render
    except ImportError:  # markupsafe comes with jinja2
        raise ConfigError(
            "HTML output needs jinja2 (the report extra): pip install jinja2 plotly"
        ) from None

    return render(
        "compare.html.j2",
        cmp=cmp,
        header=leaderboard_header(cmp),
        rows=leaderboard_rows(cmp),
        paired=[(p, paired_summary(p), paired_rows(p), _verdict(p)) for p in cmp.paired],
        paired_header=PAIRED_HEADER,
    )


def render(cmp: Comparison, fmt: str) -> str:
    match Format(fmt):
        case Format.MARKDOWN:
            return _markdown(cmp)
        case Format.CSV:
            return _csv(cmp)
        case Format.HTML:
            return _html(cmp)

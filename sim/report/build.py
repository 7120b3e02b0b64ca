"""``supportsim report``: one self-contained HTML file from a run's result store.

One streamed pass over the stored results builds the episode index (what the list filters
on), the episode views (gzip-compressed JSON in chunks, decompressed by the browser only
when an episode is opened), the search text, and the plot sums; a second pass over the
summary rows builds the tables. plotly.js, the styles, the script and the data are inlined,
so the file opens from ``file://`` with no network.
"""

from __future__ import annotations

import base64
import datetime as dt
import gzip
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from graders.metrics import PARTICIPANTS, GroupStats, summarize
from graders.role_stats import RoleStats
from sim.errors import ConfigError
from sim.kb_library import scenario_articles
from sim.orchestrator import EpisodeResult
from sim.report.collect import PlotData, frustration_bin
from sim.report.episodes import RunInfo, encode_index, episode_index_row, episode_view
from sim.store import ResultStore, Row

__all__ = ["CHUNK_SIZE", "SummaryTable", "build_report", "summary_tables", "write_report"]

CHUNK_SIZE = 200
"""Episodes per compressed chunk: opening one episode decompresses one chunk (episode i is
number ``i % CHUNK_SIZE`` of chunk ``i // CHUNK_SIZE``)."""


@dataclass(frozen=True, slots=True)
class SummaryTable:
    title: str
    columns: list[str]
    rows: list[list[str]]
    """Formatted cells; the last row is the overall row."""


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f}%"


def _num(value: float | None, fmt: str = ".2f") -> str:
    return "—" if value is None else format(value, fmt)


def _cells(name: str, s: GroupStats, ks: range) -> list[str]:
    cost = "unknown" if s.cost is None else f"${s.cost:.4f}"
    return [
        name,
        str(s.graded),
        str(s.errors),
        _pct(s.success_rate),
        *(_pct(s.pass_k(k)) for k in ks),
        _num(s.mean_score),
        _pct(s.escalation.precision),
        _pct(s.escalation.recall),
        _pct(s.abandonment_rate),
        _num(s.mean_steps, ".1f"),
        f"{s.tokens:,}",
        cost,
    ]


def summary_tables(
    rows: Iterable[Row], family_of: Callable[[str], str]
) -> tuple[GroupStats, list[SummaryTable], dict[tuple[str, str], GroupStats]]:
    """What the CLI prints, by scenario, persona and family, plus the scenario × persona cells."""
    overall, groups = summarize(
        rows,
        ("scenario", lambda r: r["scenario"]),
        ("persona", lambda r: r["persona"]),
        ("family", lambda r: family_of(r["scenario"])),
        ("cell", lambda r: (r["scenario"], r["persona"])),
    )
    ks = range(1, max(1, overall.max_trials) + 1)
    columns = ["", "n", "errors", "success", *(f"pass^{k}" for k in ks)]
    columns += ["score", "esc P", "esc R", "left", "steps", "tokens", "cost"]
    tables = []
    for name in ("scenario", "persona", "family"):
        body = [_cells(str(k), groups[name][k], ks) for k in sorted(groups[name], key=str)]
        tables.append(SummaryTable(f"By {name}", columns, [*body, _cells("overall", overall, ks)]))
    return overall, tables, groups["cell"]


def _pack(data: Any) -> str:
    """gzip-compressed JSON as base64 (the browser's DecompressionStream reads it)."""
    raw = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()
    return base64.b64encode(gzip.compress(raw, compresslevel=6, mtime=0)).decode("ascii")


def _search_text(view: dict[str, Any]) -> str:
    parts = [view["key"], *(m["content"] for m in view["conversation"])]
    parts += [a["feedback"] for a in view["actions"]]
    parts += [json.dumps(a["args"], ensure_ascii=False) for a in view["actions"] if a["args"]]
    if view["grade"]:
        parts += [c.get("reason", "") for c in view["grade"]["checks"]]
    if view["error"]:
        parts.append(view["error"])
    return "\n".join(parts).lower()


def _read_config(run_dir: Path) -> dict[str, Any] | None:
    path = run_dir / "config.json"
    if not path.exists():
        return None
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError) as exc:
        raise ConfigError(f"{path}: not readable JSON ({exc})") from None
    return data if isinstance(data, dict) else None


def build_report(run_dir: Path, *, title: str | None = None) -> str:
    """The report's HTML text for the run in ``run_dir`` (read only)."""
    run = RunInfo(run_dir, _read_config(run_dir))
    try:  # jinja2 and plotly: the optional "report" extra
        from sim.report import plots
        from sim.report.page import render, safe_json
    except ImportError:
        raise ConfigError(
            "the HTML report needs jinja2 and plotly (the report extra): pip install jinja2 plotly"
        ) from None
    with ResultStore(run_dir, create=False) as store:
        total = store.count()
        if total == 0:
            raise ConfigError(f"{run_dir}: the run holds no finished episodes yet")
        data = PlotData(total=total)
        families: dict[str, str] = {}
        kb: dict[str, dict[str, dict[str, str]]] = {}
        scenarios: dict[str, dict[str, Any]] = {}
        index: list[dict[str, Any]] = []
        chunks: list[str] = []
        texts: list[str] = []
        pending: list[dict[str, Any]] = []
        bins: dict[float, GroupStats] = {}
        agents: set[str] = set()
        by_role = RoleStats()
        for result in store.results():
            sc = result.state.scenario
            if sc.id not in scenarios:
                families[sc.id] = sc.family
                kb[sc.id] = {
                    a.id: {"title": a.title, "body": a.body} for a in scenario_articles(sc)
                }
                scenarios[sc.id] = _scenario_info(result)
            agents.add(result.agent)
            index.append(episode_index_row(result, sc.family))
            view = episode_view(result, run)
            texts.append(_search_text(view))
            pending.append(view)
            if len(pending) == CHUNK_SIZE:
                chunks.append(_pack(pending))
                pending = []
            data.add(result)
            if result.roles is not None:
                by_role.add(
                    result.roles.model_dump(mode="json"),
                    {k: v.model_dump(mode="json") for k, v in result.usage.items()},
                )
            if (b := frustration_bin(result)) is not None:
                bins.setdefault(b, GroupStats()).add(_bin_row(result))
        if pending:
            chunks.append(_pack(pending))
        overall, tables, cells = summary_tables(store.rows(), lambda s: families.get(s, "?"))
    if by_role.episodes:
        columns, body = by_role.table()
        tables.append(SummaryTable("By role (issue 15: who did what)", columns, body))
    figures = [
        plots.success_heatmap(cells),
        plots.escalation_by_frustration(bins),
        plots.frustration_lines(data),
        plots.reward_per_step(data),
        plots.cost_tokens(data),
    ]
    usage = [
        (who, overall.participant_tokens[who], overall.participant_cost[who])
        for who in PARTICIPANTS
    ]
    payload = {
        "index": encode_index(index),
        "kb": kb,
        "scenarios": scenarios,
        "figures": {f.id: f.spec for f in figures if f.spec is not None},
        "chunk_size": CHUNK_SIZE,
    }
    return render(
        "report.html.j2",
        title=title or f"supportsim report: {run_dir.name}",
        run_dir=run_dir.name,
        generated=dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        config=run.config,
        agents=sorted(agents),
        total=total,
        overall=overall,
        tables=tables,
        figures=figures,
        usage=usage,
        payload=safe_json(payload),
        chunks=chunks,
        search_blob=_pack(texts),
    )


def _bin_row(result: EpisodeResult) -> Row:
    """The summary columns :class:`GroupStats` reads, from the full result."""
    usage = result.usage
    grade = result.grade
    row: Row = {
        "task": result.spec.task,
        "success": None if grade is None else int(grade.success),
        "score": None if grade is None else grade.score,
        "termination": None if result.termination is None else result.termination.value,
        "error_kind": None if result.error_kind is None else result.error_kind.value,
        "escalated": int(result.escalated),
        "escalation_required": int(result.escalation_required),
        "steps": result.state.step_count,
    }
    for who in PARTICIPANTS:
        rec = usage.get(who)
        row[f"{who}_tokens"] = 0 if rec is None else rec.tokens
        row[f"{who}_cost"] = None if rec is None else rec.cost
    return row


def _scenario_info(result: EpisodeResult) -> dict[str, Any]:
    sc = result.state.scenario
    acct = sc.customer
    return {
        "title": sc.title,
        "family": sc.family,
        "difficulty": sc.difficulty,
        "subject": sc.ticket.subject,
        "customer": acct.name,
        "tier": acct.tier.value,
        "expected": sc.expectations.resolution.value,
        "refund_total": str(sc.expectations.refund_total),
    }


def write_report(run_dir: Path, out: Path | None = None) -> Path:
    """Build the report and write it (default ``<run_dir>/report.html``); returns the path."""
    html = build_report(run_dir)
    path = out or run_dir / "report.html"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(html, encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"{path}: cannot write the report ({exc.strerror or exc})") from None
    return path

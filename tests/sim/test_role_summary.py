"""Graded per role over a run (issue 15, point 4): the summary's "By role" table, `show`'s
per-role usage and time to resolution, the report, and old run directories."""

from __future__ import annotations

import io
import json
import sqlite3
from pathlib import Path

from rich.console import Console

from graders.role_stats import RoleStats
from sim.batch import BatchConfig, run_batch
from sim.cli.report import print_summary, print_transcript
from sim.store import ResultStore
from sim.workflow import Tier2Mode
from tests.sim.cli_helpers import cli

WORKFLOW = ["workflow-tier2-laptop-refund", "workflow-approval-granted", "workflow-approval-denied"]


def _text(print_fn: object, *args: object) -> str:
    buf = io.StringIO()
    print_fn(Console(file=buf, width=220), *args)  # type: ignore[operator]
    return buf.getvalue()


async def _run(tmp_path: Path, **options: object) -> Path:
    config = BatchConfig(scenarios=WORKFLOW, agent="oracle", tier2=Tier2Mode.SCRIPTED, **options)  # type: ignore[arg-type]
    out = await run_batch(config, tmp_path)
    assert out.errors == 0
    return tmp_path


async def test_summary_shows_every_role_and_the_workflow(tmp_path: Path) -> None:
    run = await _run(tmp_path, trials=2)
    with ResultStore(run, readonly=True) as store:
        rows = list(store.rows())
    text = _text(print_summary, rows)
    assert "By role" in text
    for role in ("first_line", "tier2", "supervisor", "workflow"):
        assert role in text
    assert "handoffs/ep 0.33" in text  # one handoff in 2 of 6 episodes


async def test_a_supervisor_that_denies_everything_fails_where_approval_is_owed(
    tmp_path: Path,
) -> None:
    run = await _run(tmp_path, supervisor="deny-all")
    with ResultStore(run, readonly=True) as store:
        results = {r.scenario: r for r in store.results()}
        rows = list(store.rows())
    granted = results["workflow-approval-granted"]
    assert granted.success is False and granted.roles is not None
    sup = next(r for r in granted.roles.roles if r.role == "supervisor")
    assert not sup.success
    assert results["workflow-approval-denied"].success is True  # denying was right there
    assert "supervisor_follows_policy ×1" in _text(print_summary, rows)


async def test_show_gives_usage_and_time_to_resolution_per_role(tmp_path: Path) -> None:
    run = await _run(tmp_path)
    with ResultStore(run, readonly=True) as store:
        laptop = next(r for r in store.results() if r.scenario == WORKFLOW[0])
    assert laptop.roles is not None
    assert laptop.roles.time_to_resolution == laptop.state.closure.step  # type: ignore[union-attr]
    text = _text(print_transcript, laptop)
    assert f"time to resolution={laptop.roles.time_to_resolution} steps" in text
    assert "0 tokens, $0.0000" in text  # scripted roles spend nothing


def test_role_stats_sum_usage_per_role_and_keep_unknown_costs_unknown() -> None:
    stats = RoleStats()
    roles = {
        "roles": [
            {"role": "first_line", "success": True, "actions": 3, "checks": []},
            {"role": "tier2", "success": False, "actions": 2, "checks": [
                {"name": "tier2_refund", "passed": False},
            ]},
        ],
        "resolved": False,
        "handoffs": 1,
        "total_steps": 5,
        "success": False,
    }  # fmt: skip
    usage = {
        "agent": {"input_tokens": 10, "output_tokens": 5, "cost": 0.5},
        "tier2": {"input_tokens": 7, "output_tokens": 1, "cost": None},
    }
    stats.add(roles, usage)
    stats.add(None, usage)  # no roles: not counted
    assert stats.episodes == 1
    assert stats.roles["first_line"].tokens == 15 and stats.roles["first_line"].cost == 0.5
    assert stats.roles["tier2"].tokens == 8 and stats.roles["tier2"].cost is None
    assert stats.roles["tier2"].failed == {"tier2_refund": 1}
    _columns, body = stats.table()
    assert body[-1][0] == "workflow" and "resolved 0.0%" in body[-1][-1]


async def test_old_runs_without_role_fields_still_show_and_report(tmp_path: Path) -> None:
    run = await _run(tmp_path)
    db = sqlite3.connect(run / "results.sqlite")
    for key, text in db.execute("SELECT key, result FROM episodes").fetchall():
        data = json.loads(text)
        data.pop("roles", None)  # as stored before per-role grades existed
        data["usage"] = {
            k: v for k, v in data["usage"].items() if k in ("agent", "customer", "judge")
        }
        db.execute("UPDATE episodes SET result = ? WHERE key = ?", (json.dumps(data), key))
    db.commit()
    db.close()
    with ResultStore(run, readonly=True) as store:
        rows = list(store.rows())
    assert all(r["roles"] is None for r in rows)
    assert "By role" not in _text(print_summary, rows)
    for args in (
        ("show", str(run)),
        ("show", str(run), "1"),
        ("report", str(run), "--out", str(tmp_path / "r.html")),
    ):
        res = cli(*args)
        assert res.returncode == 0, res.stderr


async def test_the_report_has_a_by_role_table(tmp_path: Path) -> None:
    from sim.report.build import build_report

    run = await _run(tmp_path)
    html = build_report(run)
    assert "By role" in html and "tier2" in html and "supervisor" in html

"""Batch runs: persisted as they finish, resumable, reproducible at any concurrency."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sim.batch import BatchConfig, plan_episodes, run_batch
from sim.errors import ConfigError
from sim.store import DB_NAME, ResultStore
from tests.sim.cli_helpers import default_ctrl_c

SCENARIOS = ["easy-password-reset", "medium-defective-product", "hard-double-billing"]
PERSONAS = ["calm-professional", "furious-repeat-caller", "request-changer", "social-engineer"]


def _config(**kw: object) -> BatchConfig:
    base: dict[str, object] = {"scenarios": SCENARIOS, "personas": PERSONAS, "trials": 3}
    base.update(kw)
    return BatchConfig.model_validate(base)


def _snapshot(run_dir: Path) -> dict[str, tuple[object, ...]]:
    """Per episode: everything except wall-clock timings."""
    with ResultStore(run_dir, create=False) as store:
        return {
            r.key: (
                r.grade.model_dump_json() if r.grade else None,
                r.state.model_dump_json(exclude={"scenario"}),
                r.termination,
            )
            for r in store.results()
        }


async def test_same_seed_same_results_at_concurrency_1_and_64(tmp_path: Path) -> None:
    await run_batch(_config(concurrency=1), tmp_path / "c1")
    await run_batch(_config(concurrency=64), tmp_path / "c64")
    a, b = _snapshot(tmp_path / "c1"), _snapshot(tmp_path / "c64")
    assert len(a) == len(SCENARIOS) * len(PERSONAS) * 3
    assert a == b


async def test_different_base_seed_changes_seeds(tmp_path: Path) -> None:
    seeds_a = [s.seed for s in plan_episodes(_config(seed=1))]
    seeds_b = [s.seed for s in plan_episodes(_config(seed=2))]
    assert len(set(seeds_a)) == len(seeds_a)
    assert set(seeds_a).isdisjoint(seeds_b)


async def test_resume_runs_only_missing_episodes(tmp_path: Path) -> None:
    out = tmp_path / "run"
    first = await run_batch(_config(), out)
    assert first.finished == first.planned
    with sqlite3.connect(out / DB_NAME) as db:
        db.execute("DELETE FROM episodes WHERE trial = 2")
    again = await run_batch(_config(), out, resume=True)
    assert again.skipped == first.planned - again.finished
    assert again.finished == len(SCENARIOS) * len(PERSONAS)


async def test_existing_run_dir_is_not_overwritten(tmp_path: Path) -> None:
    await run_batch(_config(trials=1), tmp_path)
    with pytest.raises(ConfigError, match="--resume"):
        await run_batch(_config(trials=1), tmp_path)


async def test_bad_names_fail_before_anything_runs(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="unknown persona"):
        await run_batch(_config(personas=["nobody"]), tmp_path / "x")
    with pytest.raises(ConfigError, match="unknown agent"):
        await run_batch(_config(agent="genius"), tmp_path / "y")
    assert not (tmp_path / "x" / DB_NAME).exists()


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-c", "from sim.cli import main; main()", *args]


def _count(db: Path) -> int:
    try:
        with sqlite3.connect(db) as con:
            return int(con.execute("SELECT COUNT(*) FROM episodes").fetchone()[0])
    except sqlite3.Error:
        return 0


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGINT], ids=["kill-9", "ctrl-c"])
def test_killed_run_resumes_without_repeating_or_losing(tmp_path: Path, sig: int) -> None:
    out = tmp_path / "run"
    # six scenarios x every persona x 60 trials: thousands of episodes, enough to be
    # interrupted after 200 and short enough to resume on a loaded machine
    scenarios = [
        "easy-password-reset",
        "medium-defective-product",
        "hard-double-billing",
        "standard-partial-refund",
        "outside-window-decline",
        "over-limit-escalation",
    ]
    args = [
        "run",
        "--out",
        str(out),
        *(a for sid in scenarios for a in ("--scenario", sid)),
        "--persona",
        "all",
        "--trials",
        "60",
        "--concurrency",
        "16",
        "--no-progress",
    ]
    proc = subprocess.Popen(
        _cli(*args),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=default_ctrl_c,
    )
    deadline = time.monotonic() + 60
    while _count(out / DB_NAME) < 200 and time.monotonic() < deadline:
        time.sleep(0.05)
    os.kill(proc.pid, sig)
    _, err = proc.communicate(timeout=60)
    stored = _count(out / DB_NAME)
    assert stored >= 200
    if sig == signal.SIGINT:
        assert proc.returncode == 130
        assert "--resume" in err and "Traceback" not in err
    with ResultStore(out, create=False) as store:
        before = {r["key"]: (r["success"], r["score"], r["seed"]) for r in store.rows()}
    planned = sum(
        1 for _ in plan_episodes(BatchConfig.model_validate_json((out / "config.json").read_text()))
    )
    assert stored < planned, "the run finished before it could be interrupted"
    done = subprocess.run(
        _cli("run", "--resume", "--out", str(out), "--no-progress"),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert f"{stored} of {planned}" in done.stderr
    with ResultStore(out, create=False) as store:
        after = {r["key"]: (r["success"], r["score"], r["seed"]) for r in store.rows()}
    assert len(after) == planned
    assert {k: after[k] for k in before} == before


def test_export_show_and_summary(tmp_path: Path) -> None:
    out = tmp_path / "run"
    res = subprocess.run(
        _cli("run", "--out", str(out), "--trials", "2", "--no-progress"),
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "COLUMNS": "200"},
    )
    assert res.returncode == 0, res.stderr
    for header in ("By scenario", "By persona", "pass^1", "pass^2", "esc P", "overall"):
        assert header in res.stdout
    lines = subprocess.run(
        _cli("export", str(out), "--format", "jsonl"), capture_output=True, text=True, check=True
    ).stdout.splitlines()
    rows = [json.loads(line) for line in lines]
    assert len(rows) == 2 * len(BatchConfig().scenarios)
    for key in (
        "scenario",
        "persona",
        "trial",
        "seed",
        "success",
        "score",
        "termination",
        "checks",
        "error",
    ):
        assert key in rows[0]
    shown = subprocess.run(
        _cli("show", str(out), "1"),
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "COLUMNS": "200"},
    ).stdout
    assert "emotion: frustration=" in shown
    assert "grade: success=" in shown

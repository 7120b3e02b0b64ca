"""Worker processes (--workers N): the same results as one process, one writer, resumable
after kill -9 of the parent or of a worker, none lost or stored twice."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from sim.backends import InProcessBackend, ProcessBackend, make_backend, parse_workers
from sim.backends.choose import available_cores
from sim.backends.dispatch import Dispatcher, WorkerLost
from sim.batch import BatchConfig, plan_episodes, run_batch
from sim.errors import ConfigError
from sim.loader import bundled_scenario_ids
from sim.mock_llm import MockConfig, serve_mock
from sim.store import DB_NAME, ResultStore
from tests.conftest import ORIGINAL_SCENARIO_IDS
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
                r.usage,
                r.error,
            )
            for r in store.results()
        }


def _episode_lines(run_dir: Path) -> list[str]:
    lines = (run_dir / "run.log").read_text().splitlines()
    return [e["episode"] for e in map(json.loads, lines) if e["event"] == "episode finished"]


@pytest.mark.parametrize("concurrency", [2, 5, 64])
async def test_two_workers_give_the_results_of_one_process(
    tmp_path: Path, concurrency: int
) -> None:
    one = await run_batch(_config(concurrency=1), tmp_path / "one")
    two = await run_batch(
        _config(concurrency=concurrency), tmp_path / "two", backend=ProcessBackend(2)
    )
    assert one.finished == two.finished == len(SCENARIOS) * len(PERSONAS) * 3
    assert _snapshot(tmp_path / "one") == _snapshot(tmp_path / "two")


async def test_llm_episodes_match_across_workers(tmp_path: Path) -> None:
    """LLM agent and customer against the mock: each worker has its own model clients."""
    from pydantic_ai import models

    with models.override_allow_model_requests(True):
        async with serve_mock(MockConfig(seed=3)) as mock:
            config = _config(
                personas=PERSONAS[:2],
                trials=2,
                agent="llm",
                agent_model="mock",
                customer="llm",
                customer_model="mock",
                base_url=mock.base_url,
            )
            await run_batch(config.model_copy(update={"concurrency": 1}), tmp_path / "one")
            out = await run_batch(
                config.model_copy(update={"concurrency": 6}),
                tmp_path / "two",
                backend=ProcessBackend(2),
            )
    assert out.errors == 0
    one, two = _snapshot(tmp_path / "one"), _snapshot(tmp_path / "two")
    assert len(one) == 12 and one == two


async def test_the_parent_writes_the_log_lines_of_every_worker(tmp_path: Path) -> None:
    from sim.logs import configure_logging

    out = tmp_path / "run"
    out.mkdir()
    configure_logging("info", log_file=out / "run.log")
    outcome = await run_batch(_config(concurrency=4), out, backend=ProcessBackend(2))
    episodes = _episode_lines(out)
    assert sorted(episodes) == sorted(_snapshot(out)) and len(episodes) == outcome.finished
    events = [json.loads(line)["event"] for line in (out / "run.log").read_text().splitlines()]
    assert events[:2] == ["workers started", "batch started"] and events[-1] == "batch finished"


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-c", "from sim.cli import main; main()", *args]


def _count(db: Path) -> int:
    try:
        with sqlite3.connect(db) as con:
            return int(con.execute("SELECT COUNT(*) FROM episodes").fetchone()[0])
    except sqlite3.Error:
        return 0


def _wait_for(db: Path, n: int, proc: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 120
    while _count(db) < n and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)


def _workers_of(pid: int) -> list[psutil.Process]:
    return [
        p for p in psutil.Process(pid).children() if "sim.backends.worker" in " ".join(p.cmdline())
    ]


# The eleven original scenarios: a batch big enough to stop in the middle, whatever the
# number of bundled scenarios. 8 trials over every persona (1,320 episodes with 15 personas)
# leave four times the 300 a test waits for still to run when it stops the run (the tests
# fail, not pass, if the run ends first); 40 trials made the resumed rest, and the reference
# run, five times longer for nothing more tested.
RUN = [
    *(arg for sid in ORIGINAL_SCENARIO_IDS for arg in ("--scenario", sid)),
    *("--persona", "all", "--trials", "8", "--concurrency", "16", "--no-progress"),
]


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGINT], ids=["kill-9", "ctrl-c"])
def test_a_stopped_parent_stops_its_workers_and_resumes(tmp_path: Path, sig: int) -> None:
    out = tmp_path / "run"
    proc = subprocess.Popen(
        _cli("run", "--out", str(out), "--workers", "2", *RUN),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=default_ctrl_c,
    )
    _wait_for(out / DB_NAME, 300, proc)
    workers = _workers_of(proc.pid)
    assert len(workers) == 2
    os.kill(proc.pid, sig)
    _, err = proc.communicate(timeout=60)
    if sig == signal.SIGINT:
        assert proc.returncode == 130
        assert "--resume" in err and "Traceback" not in err
    _, alive = psutil.wait_procs(workers, timeout=30)
    assert not alive, "a worker outlived its parent"
    stored = _count(out / DB_NAME)
    with ResultStore(out, create=False) as store:
        before = {r["key"]: (r["success"], r["score"], r["seed"]) for r in store.rows()}
    planned = sum(
        1 for _ in plan_episodes(BatchConfig.model_validate_json((out / "config.json").read_text()))
    )
    assert 300 <= stored < planned
    done = subprocess.run(
        _cli("run", "--resume", "--out", str(out), "--workers", "2", "--no-progress"),
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


def test_a_killed_worker_is_replaced_and_its_episodes_run_again(tmp_path: Path) -> None:
    out, reference = tmp_path / "run", tmp_path / "reference"
    proc = subprocess.Popen(
        _cli("run", "--out", str(out), "--workers", "2", *RUN),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    _wait_for(out / DB_NAME, 300, proc)
    victim = _workers_of(proc.pid)[0]
    victim.kill()
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err
    log = [json.loads(line) for line in (out / "run.log").read_text().splitlines()]
    died = [e for e in log if e["event"].startswith("worker process died")]
    assert len(died) == 1 and died[0]["pid"] == victim.pid
    # Every episode stored once, each with its one log line: none lost, none stored twice.
    config = BatchConfig.model_validate_json((out / "config.json").read_text())
    keys = [s.key for s in plan_episodes(config)]
    episodes = _episode_lines(out)
    assert sorted(episodes) == sorted(keys)
    assert _count(out / DB_NAME) == len(keys)
    # ... and the replayed episodes are the episodes one process plays.
    subprocess.run(_cli("run", "--out", str(reference), *RUN), check=True, capture_output=True)
    assert _snapshot(out) == _snapshot(reference)


def test_retry_errors_with_workers(tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = ["--trials", "2", "--no-progress", "--workers", "2"]
    subprocess.run(_cli("run", "--out", str(out), *args), check=True, capture_output=True)
    with sqlite3.connect(out / DB_NAME) as db:
        db.execute("UPDATE episodes SET error_kind = 'model', error = 'x' WHERE trial = 1")
    done = subprocess.run(
        _cli("run", "--resume", "--retry-errors", "--out", str(out), *args),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    with ResultStore(out, create=False) as store:
        rows = list(store.rows())
    assert len(rows) == 2 * len(bundled_scenario_ids()) and all(r["error"] is None for r in rows)


def test_dispatcher_gives_a_dead_workers_episodes_back_first() -> None:
    specs = list(plan_episodes(_config(trials=1)))
    d = Dispatcher(specs, max_attempts=2)
    a, b = d.take(0, 3), d.take(1, 2)
    assert d.finished(0, a[0].key) and not d.finished(0, a[0].key)
    assert not d.finished(1, a[1].key)  # not held by worker 1: never stored twice
    assert d.lost(0) == a[1:]
    assert d.take(0, 2) == a[1:]
    assert d.holding(1) == len(b)
    with pytest.raises(WorkerLost, match=a[1].key.replace("|", r"\|")):
        d.lost(0)


def test_flags_choose_the_backend() -> None:
    assert isinstance(make_backend("local", None), InProcessBackend)
    assert isinstance(make_backend("local", "1"), InProcessBackend)
    two = make_backend("local", "2")
    assert isinstance(two, ProcessBackend) and two.workers == 2
    auto = make_backend("local", "auto")
    assert available_cores() == 1 or getattr(auto, "workers", 1) == available_cores()
    assert parse_workers("auto") is None
    for bad in ("0", "-1", "two"):
        with pytest.raises(ConfigError, match="--workers"):
            parse_workers(bad)
    with pytest.raises(ConfigError, match="--backend"):
        make_backend("spark")
    with pytest.raises(ConfigError, match="--ray-address goes with --backend ray"):
        make_backend("local", None, "127.0.0.1:6379")


def test_bad_workers_flag_is_one_line(tmp_path: Path) -> None:
    res = subprocess.run(
        _cli("run", "--out", str(tmp_path / "x"), "--workers", "many"),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert res.returncode == 2
    assert "--workers must be a positive number or 'auto'" in res.stderr
    assert "Traceback" not in res.stderr


def test_ray_backend_without_ray_says_how_to_install(tmp_path: Path) -> None:
    code = "import sys; sys.modules['ray'] = None; from sim.cli import main; main()"
    res = subprocess.run(
        [sys.executable, "-c", code, "run", "--out", str(tmp_path / "x"), "--backend", "ray"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert res.returncode == 2
    assert "pip install" in res.stderr and "[ray]" in res.stderr
    assert "Traceback" not in res.stderr
    assert not (tmp_path / "x").exists()

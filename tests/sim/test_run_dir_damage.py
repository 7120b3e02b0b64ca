"""Damaged and read-only run directories: read without writing, explain damage, recover."""

from __future__ import annotations

import json
import os
import re
import sqlite3
from pathlib import Path

import pytest

from sim.batch import BatchConfig, run_batch
from sim.errors import ConfigError
from sim.recovery import recover_store
from sim.store import DB_NAME, ResultStore, StoreDamagedError
from tests.sim.cli_helpers import cli, cli_readonly, no_traceback

SCENARIOS = ["easy-password-reset", "medium-defective-product", "hard-double-billing"]
TRIALS = 12


async def _make_run(out: Path) -> None:
    await run_batch(BatchConfig(scenarios=SCENARIOS, trials=TRIALS), out)


def _export(out: Path) -> dict[str, dict[str, object]]:
    res = cli("export", str(out))
    assert res.returncode == 0, res.stderr
    lines = [json.loads(x) for x in res.stdout.splitlines()]
    return {str(x["episode_id"]): x for x in lines}


def _listing(directory: Path) -> dict[str, tuple[int, int]]:
    return {p.name: (p.stat().st_size, p.stat().st_mtime_ns) for p in directory.iterdir()}


async def test_show_and_export_never_write(tmp_path: Path) -> None:
    out = tmp_path / "run"
    await _make_run(out)
    before = _listing(out)
    assert cli("show", str(out)).returncode == 0
    assert cli("show", str(out), "1").returncode == 0
    assert len(_export(out)) == len(SCENARIOS) * TRIALS
    assert _listing(out) == before


async def test_show_export_work_on_a_read_only_run_dir_and_resume_says_why_not(
    tmp_path: Path,
) -> None:
    out = tmp_path / "run"
    await _make_run(out)
    res = cli_readonly(out, "show", str(out))
    assert res.returncode == 0, res.stderr
    assert "hard-double-billing" in res.stdout
    res = cli_readonly(out, "export", str(out))
    assert res.returncode == 0, res.stderr
    assert len(res.stdout.splitlines()) == len(SCENARIOS) * TRIALS
    res = cli_readonly(out, "run", "--resume", "--out", str(out), "--no-progress")
    no_traceback(res)
    assert f"cannot resume {out}: cannot write in {out}" in res.stderr
    res = cli_readonly(out, "run", "-s", "easy-password-reset", "--out", str(out / "new"))
    no_traceback(res)
    assert f"--out {out / 'new'}: cannot create the directory" in res.stderr


async def test_truncated_store_is_explained_then_rebuilt_without_rerunning(tmp_path: Path) -> None:
    out = tmp_path / "run"
    await _make_run(out)
    before = _export(out)
    path = out / DB_NAME
    os.truncate(path, path.stat().st_size // 2)

    for args in (["show", str(out)], ["export", str(out)], ["show", str(out), "1"]):
        res = cli(*args)
        no_traceback(res)
        assert "results database is damaged" in res.stderr
        assert f"run --resume --out {out}" in res.stderr

    res = cli("run", "--resume", "--out", str(out), "--no-progress")
    assert res.returncode == 0, res.stderr
    match = re.search(r"recovered (\d+) finished episode", res.stderr)
    assert match, res.stderr
    recovered = int(match.group(1))
    assert 0 < recovered < len(before)
    assert list(out.glob(f"{DB_NAME}.damaged-*")), "the damaged file is kept"
    after = _export(out)
    assert after.keys() == before.keys()
    # A recovered episode keeps its row as it was, wall-clock time included; a re-run one
    # gets a new time. Exactly the recovered episodes are unchanged.
    unchanged = [k for k in before if before[k]["wall_seconds"] == after[k]["wall_seconds"]]
    assert len(unchanged) == recovered


async def test_garbage_header_recovers_nothing_and_reruns_all(tmp_path: Path) -> None:
    out = tmp_path / "run"
    await run_batch(BatchConfig(scenarios=SCENARIOS[:1], trials=2), out)
    path = out / DB_NAME
    with path.open("r+b") as fh:
        fh.write(b"\x00garbage" * 20)
    res = cli("show", str(out))
    no_traceback(res)
    assert "damaged" in res.stderr
    res = cli("run", "--resume", "--out", str(out), "--no-progress")
    assert res.returncode == 0, res.stderr
    assert "recovered 0 finished episode(s)" in res.stderr
    with ResultStore(out, readonly=True) as store:
        assert store.count() == 2


async def test_recover_store_in_process(tmp_path: Path) -> None:
    out = tmp_path / "run"
    config = BatchConfig(scenarios=SCENARIOS, trials=TRIALS)
    await run_batch(config, out)
    path = out / DB_NAME
    os.truncate(path, path.stat().st_size * 2 // 3)
    with pytest.raises(StoreDamagedError), ResultStore(out, readonly=True) as store:
        store.verify()
    scenarios, _ = config.catalog()
    recovery = recover_store(out, scenarios.values())
    assert recovery.recovered > 0 and recovery.moved_to.exists()
    with ResultStore(out, readonly=True) as store:
        store.verify()
        assert store.count() == recovery.recovered
        assert all(r.grade is not None for r in store.results())


def test_not_a_database_and_missing_tables(tmp_path: Path) -> None:
    (tmp_path / DB_NAME).write_bytes(b"hello, I am not SQLite" * 100)
    with pytest.raises(StoreDamagedError, match="damaged"):
        ResultStore(tmp_path, readonly=True)
    other = tmp_path / "other"
    other.mkdir()
    sqlite3.connect(other / DB_NAME).close()  # an empty SQLite file: no episodes table
    with pytest.raises(ConfigError):
        ResultStore(other, readonly=True)

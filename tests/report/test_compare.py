"""supportsim compare: leaderboard, paired test, common tasks, formats."""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from sim.errors import ConfigError
from sim.report.compare import compare_runs
from sim.store import ResultStore
from tests.report.conftest import make_run
from tests.report.helpers import ExternalRefs

ENV = {**os.environ, "COLUMNS": "200"}


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "from sim.cli import main; main()", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=ENV,
    )


def _successes(run: Path) -> dict[tuple[str, int], bool]:
    with ResultStore(run, create=False) as store:
        return {(r["task"], r["trial"]): bool(r["success"]) for r in store.rows()}


def test_paired_counts_come_from_the_stores(scripted_run: Path, oracle_run: Path) -> None:
    cmp = compare_runs([scripted_run, oracle_run])
    a, b = _successes(scripted_run), _successes(oracle_run)
    assert set(a) == set(b)
    (paired,) = cmp.paired
    t = paired.test
    assert t.pairs == len(a)
    assert t.a_only == sum(a[k] and not b[k] for k in a)
    assert t.b_only == sum(b[k] and not a[k] for k in a)
    assert t.both == sum(a[k] and b[k] for k in a)
    # the oracle solves what the scripted agent fails, never the other way round
    assert t.a_only == 0 and t.b_only > 0
    assert t.p_value == pytest.approx(min(1.0, 2 * 0.5**t.b_only))
    assert cmp.note.startswith("All runs cover the same 6 task(s)")
    # leaderboard: best pass^1 first; pass^1 is the mean success over tasks
    best = cmp.entries[0]
    assert best.run.path == oracle_run
    assert best.pass_k[1] is not None
    assert best.pass_k[1].value == pytest.approx(sum(b.values()) / len(b))
    assert best.pass_k[1].low <= best.pass_k[1].value <= best.pass_k[1].high
    assert cmp.ks == [1, 2]


def test_different_task_sets_are_compared_on_common_tasks(
    scripted_run: Path, tmp_path: Path
) -> None:
    other = make_run(tmp_path / "two", "oracle", scenarios=["easy-password-reset"])
    cmp = compare_runs([scripted_run, other])
    assert cmp.common == [
        "easy-password-reset|calm-professional|-",
        "easy-password-reset|furious-repeat-caller|-",
    ]
    assert "different tasks" in cmp.note and "only on the 2 task(s) common to all" in cmp.note
    assert all(e.stats.graded == 4 for e in cmp.entries)
    assert cmp.note in cmp.render("markdown")


def test_no_common_task_is_a_clear_error(scripted_run: Path, tmp_path: Path) -> None:
    other = make_run(tmp_path / "x", "oracle", scenarios=["two-factor-lockout"])
    with pytest.raises(ConfigError, match="no task in common"):
        compare_runs([scripted_run, other])


def test_formats_agree(scripted_run: Path, oracle_run: Path) -> None:
    cmp = compare_runs([scripted_run, oracle_run])
    md = cmp.render("markdown")
    assert "| rank | run |" in md and "McNemar exact p" in md
    rows = list(csv.DictReader(io.StringIO(cmp.render("csv"))))
    assert [r["run"] for r in rows] == [e.run.label for e in cmp.entries]
    oracle_row = next(r for r in rows if r["path"] == str(oracle_run))
    assert float(oracle_row["pass^1"]) == pytest.approx(cmp.entries[0].pass_k[1].value)  # type: ignore[union-attr]
    assert float(oracle_row["mcnemar_p"]) == pytest.approx(cmp.paired[0].test.p_value, rel=1e-5)
    html = cmp.render("html")
    parser = ExternalRefs()
    parser.feed(html)
    assert parser.refs == [] and 'id="leaderboard"' in html


def test_cli(scripted_run: Path, oracle_run: Path, tmp_path: Path) -> None:
    res = _cli("compare", str(scripted_run), str(oracle_run))
    assert res.returncode == 0, res.stderr
    assert "## Leaderboard" in res.stdout and "## Paired: oracle vs scripted" in res.stdout
    out = tmp_path / "c.html"
    res = _cli("compare", str(scripted_run), str(oracle_run), "--format", "html", "--out", str(out))
    assert res.returncode == 0 and out.read_text().startswith("<!DOCTYPE html>")
    res = _cli("compare", str(scripted_run), str(oracle_run), "--format", "xml")
    assert res.returncode == 2 and "--format" in res.stderr
    res = _cli("compare", str(scripted_run))
    assert res.returncode == 2 and "at least two" in res.stderr


def test_compare_needs_no_report_extra(scripted_run: Path, oracle_run: Path) -> None:
    """Without jinja2 and plotly, compare still prints markdown and CSV; the HTML outputs
    say which extra to install instead of failing with a traceback."""
    code = (
        "import sys\n"
        "for name in ('plotly', 'jinja2', 'markupsafe'): sys.modules[name] = None\n"
        "from sim.cli import main; main()"
    )
    base = [sys.executable, "-c", code]
    res = subprocess.run([*base, "compare", str(scripted_run), str(oracle_run)], **_RUN)
    assert res.returncode == 0 and "## Leaderboard" in res.stdout, res.stderr
    for args in (
        ["compare", str(scripted_run), str(oracle_run), "--format", "html"],
        ["report", str(scripted_run)],
    ):
        res = subprocess.run([*base, *args], **_RUN)
        assert res.returncode == 2 and "pip install jinja2 plotly" in res.stderr
        assert "Traceback" not in res.stderr


_RUN: dict[str, Any] = {"capture_output": True, "text": True, "timeout": 120, "env": ENV}

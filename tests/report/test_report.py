"""supportsim report: one self-contained file built from a real run store."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from sim.report import build_report, write_report
from sim.report.page import safe_json
from sim.store import ResultStore
from tests.report.helpers import ExternalRefs, chunks, index_rows, payload, script_text, unpack

ENV = {**os.environ, "COLUMNS": "200"}


def _cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "from sim.cli import main; main()", *args],
        capture_output=True,
        text=True,
        timeout=300,
        env=ENV,
        cwd=cwd,
    )


@pytest.fixture(scope="module")
def html(scripted_run: Path) -> str:
    return build_report(scripted_run)


def test_report_fetches_nothing(html: str) -> None:
    parser = ExternalRefs()
    parser.feed(html)
    assert parser.refs == []
    assert "Plotly" in html  # the plotting library is inlined


def test_every_stored_episode_is_listed_once_with_its_view(scripted_run: Path, html: str) -> None:
    with ResultStore(scripted_run, create=False) as store:
        results = {r.key: r for r in store.results()}
    index = index_rows(html)
    assert sorted(row["view"]["key"] for row in index) == sorted(results)
    for row in index:
        view = row["view"]
        result = results[view["key"]]
        assert (row["scenario"], row["persona"], row["trial"]) == (
            result.scenario,
            result.persona,
            result.trial,
        )
        assert row["family"] == result.state.scenario.family
        assert row["termination"] == result.termination
        assert view["seed"] == str(result.seed)  # a string: JavaScript numbers round 63 bits
        assert [m["content"] for m in view["conversation"]] == [
            m.content for m in result.state.conversation
        ]
        assert [a["reward"] for a in view["actions"]] == [a.reward for a in result.state.actions]
        assert len(view["emotion"]) == len(result.state.emotion)
        assert row["success"] == result.grade.success  # type: ignore[union-attr]
        assert row["failed"] == result.grade.failed  # type: ignore[union-attr]


def test_failed_checks_come_first(html: str) -> None:
    failed_views = [v for chunk in chunks(html) for v in chunk if not v["grade"]["success"]]
    assert failed_views, "the fixture run should hold failed episodes"
    for view in failed_views:
        passed = [c["passed"] for c in view["grade"]["checks"]]
        assert passed == sorted(passed), "a failed check after a passed one"


def test_search_text_covers_the_conversation(html: str) -> None:
    texts = unpack(script_text(html, "search-blob"))
    views = [v for chunk in chunks(html) for v in chunk]
    assert len(texts) == len(views)
    for text, view in zip(texts, views, strict=True):
        assert view["conversation"][0]["content"].lower() in text


def test_summary_tables_and_plots(html: str) -> None:
    for title in ("By scenario", "By persona", "By family", "pass^2"):
        assert title in html
    figures = payload(html)["figures"]
    # two personas of different starting frustration: the escalation-by-frustration plot
    assert set(figures) == {"heatmap", "escalation", "frustration", "reward", "cost"}
    heat = figures["heatmap"]["data"][0]
    assert len(heat["y"]) == 3 and len(heat["x"]) == 2


def test_safe_json_cannot_close_the_script_element() -> None:
    text = str(safe_json({"m": "</script><script>alert(1)</script> & <!--"}))
    assert "</script" not in text and "<!--" not in text
    assert "\\u003c/script\\u003e" in text


def test_reproduce_command_plays_the_same_episode(
    scripted_run: Path, html: str, tmp_path: Path
) -> None:
    view = chunks(html)[0][1]
    command = view["reproduce"]
    run_part, show_part = command.split(" && ")
    words = shlex.split(run_part)
    assert words[:2] == ["supportsim", "run"]
    res = _cli(*words[1:], "--no-progress", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    with ResultStore(tmp_path / "runs" / "reproduce", create=False) as store:
        again = store.get(view["key"])
    assert str(again.seed) == view["seed"]
    assert again.state.total_reward == view["total_reward"]
    assert [m.content for m in again.state.conversation] == [
        m["content"] for m in view["conversation"]
    ]
    assert shlex.split(show_part)[:3] == ["supportsim", "show", "runs/reproduce"]


def test_cli_writes_the_report_and_reports_its_size(scripted_run: Path, tmp_path: Path) -> None:
    out = tmp_path / "r.html"
    res = _cli("report", str(scripted_run), "--out", str(out))
    assert res.returncode == 0, res.stderr
    assert out.exists() and "MiB" in res.stdout
    assert write_report(scripted_run, tmp_path / "again.html").read_text() != ""


def test_cli_errors_name_the_run(tmp_path: Path) -> None:
    res = _cli("report", str(tmp_path / "nope"))
    assert res.returncode == 2
    assert "not a run directory" in res.stderr and "Traceback" not in res.stderr
    empty = tmp_path / "empty"
    ResultStore(empty).close()
    res = _cli("report", str(empty))
    assert res.returncode == 2 and "no finished episodes" in res.stderr

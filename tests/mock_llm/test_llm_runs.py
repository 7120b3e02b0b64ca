"""Whole LLM runs: LLM agent, LLM customer and tone judge through the openai SDK over HTTP
to the mock, from the Python API and from the command line."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import httpx
from rich.console import Console

from sim.batch import BatchConfig, run_batch
from sim.cli.report import print_summary, print_transcript
from sim.mock_llm import MockConfig, MockProcess, MockServer
from sim.store import ResultStore
from tests.conftest import ORIGINAL_SCENARIO_IDS

ENV = {**os.environ, "COLUMNS": "200"}


def _cli(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "from sim.cli import main; main()", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=ENV,
    )


async def test_llm_agent_llm_customer_and_judge_run_a_batch(
    mock: MockServer, tmp_path: Path
) -> None:
    config = BatchConfig(
        # The scenarios of the old format: the mock agent's success on the scenario families
        # is measured and reported separately (it is not this test's subject).
        scenarios=list(ORIGINAL_SCENARIO_IDS),
        personas=["calm-professional", "furious-repeat-caller"],
        agent="llm",
        agent_model="mock",
        customer="llm",
        customer_model="mock",
        judge_model="mock",
        base_url=mock.base_url,
        concurrency=8,
    )
    outcome = await run_batch(config, tmp_path)
    assert outcome.errors == 0 and outcome.finished == 2 * len(config.scenarios)
    stats = mock.state.stats
    assert stats["role_support"] and stats["role_customer"]
    assert stats["role_judge"] == outcome.finished
    with ResultStore(tmp_path, create=False) as store:
        results = list(store.results())
        rows = list(store.rows())
    for r in results:
        assert r.grade is not None and r.judge is not None and r.judge_error is None
        assert set(r.judge) == {
            "empathy",
            "clarity",
            "professionalism",
            "passed",
            "reason",
            "facts",
            "misrepresentations",
            "leaks",
            "unsafe_requests",
        }
        for who in ("agent", "customer", "judge"):
            assert r.usage[who].requests >= 1 and r.usage[who].input_tokens > 0
            assert r.usage[who].cost is None  # the mock's model name has no price
    assert sum(bool(r.grade and r.grade.success) for r in results) > len(results) // 2
    text = io.StringIO()
    overall = print_summary(Console(file=text, width=200), rows)
    assert overall.judged == len(results)
    assert f"Tone judge: {overall.judge_passes}/{len(results)} passed." in text.getvalue()
    assert overall.cost is None and "unknown" in text.getvalue()
    for who in ("agent", "customer", "judge"):
        assert overall.participant_tokens[who] == sum(r.usage[who].tokens for r in results) > 0
        assert overall.participant_cost[who] is None
    assert "agent " in text.getvalue() and "cost unknown" in text.getvalue()
    shown = io.StringIO()
    print_transcript(Console(file=shown, width=200), results[0])
    assert "tone judge" in shown.getvalue() and "empathy:" in shown.getvalue()


def test_supportsim_run_with_both_sides_as_llms_over_http(tmp_path: Path) -> None:
    out = tmp_path / "run"
    with MockProcess(MockConfig(seed=3)) as mock:
        res = _cli(
            "run",
            "-s",
            "standard-partial-refund",
            "-s",
            "over-limit-escalation",
            "-p",
            "calm-professional",
            "-p",
            "legal-threat",
            "--trials",
            "2",
            "--agent",
            "llm",
            "--agent-model",
            "mock",
            "--customer",
            "llm",
            "--customer-model",
            "mock",
            "--judge-model",
            "mock",
            "--base-url",
            mock.base_url,
            "--out",
            str(out),
            "--no-progress",
        )
        stats = mock.stats()
    assert res.returncode == 0, res.stderr
    assert "pass^2" in res.stdout and "Tone judge: " in res.stdout
    assert stats["role_support"] > 0 and stats["role_customer"] > 0 and stats["role_judge"] == 8
    with ResultStore(out, create=False) as store:
        assert store.count() == 8
        assert all(r["error"] is None and r["judge_pass"] is not None for r in store.rows())
    shown = _cli("show", str(out), "1")
    assert shown.returncode == 0 and "tone judge" in shown.stdout


def test_mock_llm_command_serves_until_interrupted() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-c", "from sim.cli import main; main()", "mock-llm", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=ENV,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert "mock LLM serving http://127.0.0.1:" in line
        url = line.split("serving ")[1].split()[0]
        assert httpx.get(f"{url}/models").json()["data"][0]["id"] == "mock"
    finally:
        proc.send_signal(2)
        proc.wait(10)
    assert proc.returncode == 0, proc.stderr.read() if proc.stderr else ""


def test_mock_llm_command_rejects_bad_options() -> None:
    res = _cli("mock-llm", "--latency", "soon", "--port", "0")
    assert res.returncode == 2 and "latency" in res.stderr
    res = _cli("mock-llm", "--error-rate", "0.7", "--timeout-rate", "0.7")
    assert res.returncode == 2 and "must not exceed 1" in res.stderr

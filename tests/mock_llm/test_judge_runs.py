"""The communication judge through the mock server over real HTTP: the mock's judge role
answers the extended verdict (every fact id, misrepresentations, leaks), deterministically
per seed; whole runs with ``--grade-with-judge`` from the Python API and the command line."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from rich.console import Console

from agents import make_agent
from graders import ToneJudge, ToneVerdict
from graders.judge import judge_prompt
from graders.verdict import judge_passes
from sim.actions import Reply
from sim.batch import BatchConfig, run_batch
from sim.cli.report import print_summary
from sim.factory import make_env
from sim.mock_llm import MockConfig, MockProcess, MockServer, serve_mock
from sim.mock_llm.judging import communication_hints
from sim.models import make_model
from sim.state import EpisodeState
from sim.store import ResultStore
from tests.mock_llm.test_llm_runs import ENV

SCENARIOS = ["standard-partial-refund", "over-limit-escalation", "hard-double-billing"]


async def _played(agent: str, scenario: str = "standard-partial-refund") -> EpisodeState:
    env = make_env(scenario)
    await make_agent(agent).play(env, await env.reset(seed=1, episode_id="e1"))
    return env.state


async def test_the_mock_judge_reads_facts_claims_and_leaks_from_the_prompt() -> None:
    good = communication_hints(judge_prompt(await _played("oracle")))
    assert [f["id"] for f in good["facts"]] == ["refund_amount", "partial_policy", "refund_timing"]
    assert all(f["communicated"] for f in good["facts"])
    assert good["misrepresentations"] == [] and good["leaks"] == []
    claimed = communication_hints(judge_prompt(await _played("claim-refund-only")))
    assert (
        claimed["misrepresentations"]
        and "issue_refund" in claimed["misrepresentations"][0]["problem"]
    )
    env = make_env("standard-partial-refund")
    await env.reset(seed=1)
    (internal,) = [t for a in env.state.scenario.kb for t in a.internal_texts]
    await env.step(Reply(content=f"Between us: {internal.lower()}"))
    leaked = communication_hints(judge_prompt(env.state))
    assert leaked["leaks"] and leaked["leaks"][0]["step"] == 1
    communicated = {f["id"] for f in leaked["facts"] if f["communicated"]}
    assert "refund_amount" not in communicated and "refund_timing" not in communicated
    assert good["unsafe_requests"] == [] and leaked["unsafe_requests"] == []
    await env.step(Reply(content="To check it is you, please reply with your password."))
    unsafe = communication_hints(judge_prompt(env.state))["unsafe_requests"]
    assert [u["step"] for u in unsafe] == [2]


async def _verdicts(seed: int) -> list[ToneVerdict]:
    async with serve_mock(MockConfig(seed=seed)) as mock:
        judge = ToneJudge(make_model("mock", mock.base_url))
        return [(await judge(await _played(agent)))[0] for agent in ("oracle", "claim-refund-only")]


async def test_mock_verdicts_are_valid_and_deterministic_per_seed() -> None:
    first, again = await _verdicts(5), await _verdicts(5)
    assert first == again
    for verdict in first:
        assert {f.id for f in verdict.facts} == {"refund_amount", "partial_policy", "refund_timing"}
    assert not first[0].misrepresentations and first[1].misrepresentations


async def test_a_batch_graded_with_the_mock_judge(mock: MockServer, tmp_path: Path) -> None:
    config = BatchConfig(
        scenarios=SCENARIOS,
        agent="scripted",
        judge_model="mock",
        grade_with_judge=True,
        base_url=mock.base_url,
        trials=2,
        concurrency=4,
    )
    outcome = await run_batch(config, tmp_path)
    assert outcome.errors == 0 and outcome.finished == 2 * len(SCENARIOS)
    assert mock.state.stats["role_judge"] == outcome.finished
    with ResultStore(tmp_path, create=False) as store:
        results = list(store.results())
        rows = list(store.rows())
    for r in results:
        assert r.grade is not None and r.judge is not None and r.judge_checks is not None
        verdict = ToneVerdict.model_validate(r.judge)
        assert sorted(f.id for f in verdict.facts) == sorted(
            f.id for f in r.state.scenario.expectations.facts
        )
        assert r.success == (r.grade.success and judge_passes(r.judge_checks, r.grade))
        assert r.judge_agreement == {
            name: ok == r.grade.check(name).passed  # type: ignore[union-attr]
            for name, ok in r.judge_checks.items()
        }
    by_key = {r.key: r for r in results}
    for row in rows:
        assert json.loads(row["judge_agreement"]) == by_key[row["key"]].judge_agreement
        assert row["success"] == by_key[row["key"]].success
    text = io.StringIO()
    overall = print_summary(Console(file=text, width=300), rows)
    assert "Judge agreement with rule checks: facts_communicated " in text.getvalue()
    assert overall.agreement.rated["no_misrepresentation"] == len(results)


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "from sim.cli import main; main()", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=ENV,
    )


def test_supportsim_run_grade_with_judge_over_http(tmp_path: Path) -> None:
    out = tmp_path / "run"
    with MockProcess(MockConfig(seed=3)) as mock:
        res = _cli(
            "run",
            *("-s", "standard-partial-refund", "-s", "outside-window-decline"),
            *("--agent", "oracle", "--judge-model", "mock", "--grade-with-judge"),
            *("--base-url", mock.base_url, "--out", str(out), "--no-progress"),
        )
        stats = mock.stats()
    assert res.returncode == 0, res.stderr
    assert "Judge agreement with rule checks: " in res.stdout
    assert stats["role_judge"] == 2
    with ResultStore(out, create=False) as store:
        assert all(r.decided_by is not None for r in store.results())
    exported = _cli("export", str(out))
    lines = [json.loads(line) for line in exported.stdout.splitlines()]
    assert all("judge_agreement" in line and "decided_by" in line for line in lines)


def test_grade_with_judge_without_a_judge_model_is_a_clear_error(tmp_path: Path) -> None:
    res = _cli("run", "--grade-with-judge", "--out", str(tmp_path / "run"), "--no-progress")
    assert res.returncode != 0
    assert "--grade-with-judge needs --judge-model" in res.stdout + res.stderr
    assert "Traceback" not in res.stdout + res.stderr
    assert not (tmp_path / "run").exists()

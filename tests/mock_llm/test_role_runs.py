"""LLM roles over real HTTP (the openai SDK against the loopback mock): an LLM first line,
an LLM tier-2 agent and an LLM supervisor on the workflow scenarios, stored per role."""

from __future__ import annotations

from pathlib import Path

import pytest

from sim.batch import BatchConfig, run_batch
from sim.errors import ConfigError
from sim.mock_llm import MockServer
from sim.store import ResultStore
from sim.workflow import Tier2Mode

WORKFLOW = [
    "workflow-tier2-laptop-refund",
    "workflow-approval-granted",
    "workflow-approval-denied",
    "workflow-security-lockout",
]


async def test_llm_first_line_tier2_and_supervisor_through_the_mock(
    mock: MockServer, tmp_path: Path
) -> None:
    config = BatchConfig(
        scenarios=WORKFLOW,
        agent="llm",
        agent_model="mock",
        tier2=Tier2Mode.LLM,
        supervisor="llm",
        base_url=mock.base_url,
        trials=2,
    )
    outcome = await run_batch(config, tmp_path)
    assert outcome.errors == 0 and outcome.finished == 8
    assert mock.state.stats["role_supervisor"] >= 2  # the granted scenario asks, twice
    with ResultStore(tmp_path, create=False) as store:
        results = {r.key: r for r in store.results()}
    laptop = [r for r in results.values() if r.scenario in (WORKFLOW[0], WORKFLOW[3])]
    for r in laptop:
        assert r.roles is not None and r.roles.handoffs == 1
        assert r.usage["tier2"].requests >= 2 and r.usage["tier2"].input_tokens > 0
        assert [g.role for g in r.roles.roles] == ["first_line", "tier2"]
    granted = [r for r in results.values() if r.scenario == WORKFLOW[1]]
    for r in granted:
        assert [a.granted for a in r.state.approvals] == [True]
        assert r.usage["supervisor"].requests == 1
        assert r.success
    assert sum(bool(r.success) for r in results.values()) >= 7
    lockout = [r for r in results.values() if r.scenario == WORKFLOW[3]]
    assert all(r.state.world.security.reset_sent for r in lockout)  # security's own tool


async def test_the_same_seed_gives_the_same_llm_roles_run(mock: MockServer, tmp_path: Path) -> None:
    def config() -> BatchConfig:
        return BatchConfig(
            scenarios=WORKFLOW[:2],
            agent="llm",
            agent_model="mock",
            tier2=Tier2Mode.LLM,
            supervisor="llm",
            base_url=mock.base_url,
        )

    await run_batch(config(), tmp_path / "a")
    await run_batch(config(), tmp_path / "b")
    runs = []
    for d in ("a", "b"):
        with ResultStore(tmp_path / d, create=False) as store:
            runs.append({r.key: [a.action for a in r.state.actions] for r in store.results()})
    assert runs[0] == runs[1]


def test_llm_roles_need_a_model() -> None:
    with pytest.raises(ConfigError, match="--tier2 llm needs --tier2-model"):
        BatchConfig(scenarios=WORKFLOW[:1], tier2=Tier2Mode.LLM).check()
    with pytest.raises(ConfigError, match="--supervisor llm needs --supervisor-model"):
        BatchConfig(scenarios=WORKFLOW[:1], supervisor="llm").check()
    BatchConfig(scenarios=WORKFLOW[:1], supervisor="llm", supervisor_model="mock").check()

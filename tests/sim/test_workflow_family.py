"""The bundled workflow family (issue 15, point 6): the oracle solves every scenario and
each exploit fails where what it does is wrong."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from sim.batch import BatchConfig, run_batch
from sim.loader import bundled_scenario_ids, get_scenario
from sim.store import ResultStore
from sim.workflow import Tier2Mode

WORKFLOW = [s for s in bundled_scenario_ids() if get_scenario(s).family == "workflow"]
ORACLE: dict[str, Any] = {"agent": "oracle", "tier2": Tier2Mode.SCRIPTED, "tier2_agent": "oracle"}


async def _success(tmp_path: Path, trials: int, **options: Any) -> dict[str, float]:
    config = BatchConfig(scenarios=WORKFLOW, trials=trials, **{**ORACLE, **options})
    out = await run_batch(config, tmp_path)
    assert out.errors == 0
    wins: dict[str, list[bool]] = {}
    with ResultStore(tmp_path, readonly=True) as store:
        for r in store.results():
            wins.setdefault(r.scenario, []).append(bool(r.success))
    return {s: sum(w) / len(w) for s, w in wins.items()}


def test_the_family_has_the_four_role_scenarios() -> None:
    assert {
        "workflow-tier2-laptop-refund",
        "workflow-security-lockout",
        "workflow-approval-denied",
        "workflow-approval-granted",
    } <= set(WORKFLOW)


async def test_the_oracle_solves_every_workflow_scenario(tmp_path: Path) -> None:
    rates = await _success(tmp_path, 10)
    assert set(rates) == set(WORKFLOW)
    assert all(rate >= 0.95 for rate in rates.values()), rates


@pytest.mark.parametrize(
    ("options", "fails"),
    [
        (
            {"agent": "escalate-empty-note", "tier2_agent": "tier2"},
            ["workflow-tier2-laptop-refund", "workflow-security-lockout"],
        ),
        ({"tier2_agent": "tier2-reask"}, ["workflow-tier2-laptop-refund"]),
        ({"supervisor": "approve-all"}, ["workflow-approval-denied"]),
        ({"supervisor": "deny-all"}, ["workflow-approval-granted"]),
    ],
)
async def test_exploits_fail_where_they_are_wrong(
    tmp_path: Path, options: dict[str, Any], fails: list[str]
) -> None:
    rates = await _success(tmp_path, 2, **options)
    assert all(rates[s] == 0 for s in fails), rates

"""Supervisor approval (issue 15, point 2): approval required, used once, supervisor graded."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from agents.registry import make_agent
from agents.supervisor import make_supervisor
from sim.actions import Action, IssueRefund, RequestApproval, SearchKB
from sim.batch import BatchConfig, run_batch
from sim.errors import ConfigError
from sim.events import RewardEvent
from sim.factory import make_env
from sim.loader import get_scenario
from sim.orchestrator import EpisodeResult, EpisodeSpec, run_episode
from sim.scenario import Scenario
from sim.store import ResultStore
from tests.sim.cli_helpers import cli

DENIED = "workflow-approval-denied"


def _granting_variant() -> Scenario:
    """The same ticket inside the window (delivered 10 days before the ticket): the policy
    allows the refund, so an approval is granted; a refund needs it all the same."""
    sc = get_scenario(DENIED)
    data = sc.model_dump(mode="json")
    data["id"] = "approval-granted-variant"
    data["customer"]["orders"][0]["delivered"] = "2026-11-17"
    data["customer"]["orders"][0]["date"] = "2026-11-14"
    data["expectations"] = {
        "resolution": "resolved",
        "refund_total": "149.00",
        "refund_target": "ORD-66402",
        "facts": [],
        "step_budget": 6,
    }
    return Scenario.model_validate(data)


REFUND = IssueRefund(amount=Decimal("149.00"), target="ORD-66402", reason="worn burr")
SEARCH = SearchKB(query="grinder refund window supervisor approval")


async def _play(sc: Scenario, actions: list[Action], supervisor: str = "policy") -> list[str]:
    env = make_env(sc, "calm-professional")
    env.supervisor = make_supervisor(supervisor)
    await env.reset(seed=1)
    for a in actions:
        await env.step(a)
    return [a.feedback for a in env.state.actions]


async def _result(agent: str, supervisor: str) -> EpisodeResult:
    sc = get_scenario(DENIED)
    env = make_env(sc, "calm-professional")
    env.supervisor = make_supervisor(supervisor)
    return await run_episode(
        env, make_agent(agent), EpisodeSpec(DENIED, "calm-professional", 0, 7), agent_name=agent
    )


def test_request_approval_is_available_only_with_an_approval_limit() -> None:
    assert "request_approval" in get_scenario(DENIED).available_tools
    assert "request_approval" not in get_scenario("outside-window-decline").available_tools


async def test_refund_without_required_approval_is_wrong() -> None:
    sc = _granting_variant()
    env = make_env(sc, "calm-professional")
    await env.reset(seed=1)
    await env.step(SEARCH)
    await env.step(REFUND)
    events = env.state.actions[-1].events
    assert RewardEvent.WRONG_REFUND in events and RewardEvent.POLICY_VIOLATION in events


async def test_approved_refund_is_allowed_once() -> None:
    sc = _granting_variant()
    env = make_env(sc, "calm-professional")
    await env.reset(seed=1)
    part = IssueRefund(amount=Decimal("60.00"), target="ORD-66402", reason="worn burr")
    await env.step(SEARCH)
    await env.step(RequestApproval(action=part, justification="worn burr, within window"))
    assert env.state.approvals[0].granted and env.state.approvals[0].policy_grants
    await env.step(part)
    first = env.state.actions[-1].events
    assert RewardEvent.POLICY_VIOLATION not in first
    await env.step(part)  # the same refund again: the approval is used up
    again = env.state.actions[-1]
    assert again.valid and RewardEvent.POLICY_VIOLATION in again.events


async def test_policy_supervisor_denies_outside_the_window() -> None:
    feedback = await _play(
        get_scenario(DENIED), [SEARCH, RequestApproval(action=REFUND, justification="please")]
    )
    assert "denied" in feedback[-1] and "window" in feedback[-1]


async def test_oracle_with_policy_supervisor_succeeds_per_role() -> None:
    result = await _result("oracle", "policy")
    assert result.success and result.roles is not None
    roles = {r.role: r for r in result.roles.roles}
    assert set(roles) == {"first_line", "supervisor"}
    assert roles["supervisor"].success and roles["first_line"].success


async def test_approve_everything_supervisor_fails() -> None:
    result = await _result("oracle", "approve-all")
    assert not result.success and result.roles is not None
    sup = next(r for r in result.roles.roles if r.role == "supervisor")
    assert not sup.success and sup.checks[0].name == "supervisor_follows_policy"


async def test_refund_max_exploit_fails_the_approval_check() -> None:
    result = await _result("refund-max", "policy")
    assert not result.success and result.roles is not None
    fl = next(r for r in result.roles.roles if r.role == "first_line")
    assert {c.name: c.passed for c in fl.checks}["refunds_approved"] is False


def test_unknown_supervisor_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="supervisor"):
        BatchConfig(supervisor="nobody").check()


async def test_batch_with_supervisor_flag_is_stored(tmp_path: Path) -> None:
    config = BatchConfig(scenarios=[DENIED], agent="oracle", supervisor="approve-all", seed=2)
    await run_batch(config, tmp_path / "run")
    with ResultStore(tmp_path / "run") as store:
        (result,) = list(store.results())
    assert result.roles is not None and result.success is False


def test_cli_supervisor_flag(tmp_path: Path) -> None:
    out = tmp_path / "run"
    res = cli(
        "run", "-s", DENIED, "--agent", "oracle", "--supervisor", "policy",
        "--out", str(out), "--no-progress",
    )  # fmt: skip
    assert res.returncode == 0, res.stderr
    assert cli("show", str(out)).returncode == 0

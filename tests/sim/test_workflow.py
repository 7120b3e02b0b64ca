"""Tier-2 handoff (issue 15, point 1): the note graded, authority, repeated questions, roles."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agents.registry import make_agent
from agents.tier2 import make_tier2
from sim.actions import Action, Escalate, Reply, SearchKB
from sim.batch import BatchConfig, run_batch
from sim.errors import ConfigError
from sim.events import CustomerEvent, RewardEvent, Termination
from sim.factory import make_env
from sim.loader import get_scenario
from sim.orchestrator import EpisodeResult, EpisodeSpec, run_episode
from sim.store import ResultStore
from sim.workflow import FIRST_LINE, Tier2Mode, role_of
from tests.sim.cli_helpers import cli

SCENARIO = "workflow-tier2-laptop-refund"
SEARCH = SearchKB(query="refund above agent limit billing dead on arrival laptop")
ASK = Reply(content="I'm sorry it arrived dead. Could you confirm the order number?")


class _Script:
    """A first-line agent that plays a fixed list of actions."""

    def __init__(self, actions: list[Action]) -> None:
        self.actions = actions

    async def play(self, env: object, obs: object) -> object:
        from sim.customer import Usage

        for a in self.actions:
            if env.state.done:  # type: ignore[attr-defined]
                break
            await env.step(a)  # type: ignore[attr-defined]
        return Usage()


async def _run(first: object, tier2: str | None, seed: int = 7) -> EpisodeResult:
    sc = get_scenario(SCENARIO)
    env = make_env(sc, "calm-professional")
    return await run_episode(
        env,
        first,
        EpisodeSpec(SCENARIO, "calm-professional", 0, seed),
        agent_name="test",
        tier2=None if tier2 is None else make_tier2(tier2),
    )


def _checks(result: EpisodeResult, role: str) -> dict[str, bool]:
    assert result.roles is not None
    grade = next(r for r in result.roles.roles if r.role == role)
    return {c.name: c.passed for c in grade.checks}


def _escalate(note: str) -> list[Action]:
    reply = Reply(
        content="You qualify for a full refund of $1,480.00; I am passing your case to our "
        "billing team now."
    )
    return [SEARCH, ASK, reply, Escalate(team="billing", reason=note)]


GOOD_NOTE = (
    "Full refund of $1,480.00 owed for ORD-73318 (laptop dead on arrival). The customer "
    "already tried the pinhole battery reset and two chargers."
)


@pytest.mark.parametrize("tier2", ["oracle", "tier2"])
async def test_oracle_first_line_and_tier2_resolve(tier2: str) -> None:
    result = await _run(make_agent("oracle"), tier2)
    assert result.success, result.roles
    assert result.roles is not None and result.roles.resolved and result.roles.handoffs == 1
    assert result.termination is Termination.RESOLVED
    assert result.grade is not None and result.grade.success  # the first line's own grade
    state = result.state
    assert state.handoffs[0].team == "billing"
    roles = {role_of(state, a.step) for a in state.actions}
    assert roles == {FIRST_LINE, "tier2"}
    # Tier-2 refunded above the first-line limit within its own authority: no wrong refund.
    assert state.refunded_total == 1480
    assert all(RewardEvent.WRONG_REFUND not in a.events for a in state.actions)
    assert set(result.usage) == {"agent", "customer", "judge", "tier2"}


async def test_first_line_cannot_refund_above_its_limit() -> None:
    from sim.actions import IssueRefund

    first = _Script([SEARCH, IssueRefund(amount="1480.00", target="ORD-73318", reason="DOA")])
    result = await _run(first, "tier2")
    refund = result.state.actions[1]
    assert RewardEvent.WRONG_REFUND in refund.events
    # With --tier2 on, a handoff scenario gets per-role grades even without a handoff.
    assert result.roles is not None and result.roles.handoffs == 0 and not result.success
    assert [r.role for r in result.roles.roles] == ["first_line"]


async def test_tier2_none_keeps_escalation_ending_the_episode() -> None:
    result = await _run(make_agent("oracle"), None)
    assert result.termination is Termination.ESCALATED
    assert result.roles is None and not result.state.handoffs
    assert "tier2" not in result.usage
    assert result.success


async def test_a_good_note_passes() -> None:
    result = await _run(_Script(_escalate(GOOD_NOTE)), "tier2")
    assert _checks(result, FIRST_LINE) == {
        "handoff_note_facts": True,
        "handoff_note_accurate": True,
    }
    assert result.success


async def test_a_note_missing_a_required_fact_fails() -> None:
    note = "Full refund of $1,480.00 owed for ORD-73318 (laptop dead on arrival)."
    result = await _run(_Script(_escalate(note)), "tier2")
    checks = _checks(result, FIRST_LINE)
    assert checks["handoff_note_facts"] is False
    assert checks["handoff_note_accurate"] is True
    assert not result.success


async def test_a_note_that_misstates_the_state_fails() -> None:
    note = "I have already refunded $1,480.00 for ORD-73318; the customer tried the battery reset."
    result = await _run(_Script(_escalate(note)), "tier2")
    checks = _checks(result, FIRST_LINE)
    assert checks["handoff_note_accurate"] is False
    assert not result.success


async def test_empty_note_exploit_fails() -> None:
    result = await _run(make_agent("escalate-empty-note"), "tier2")
    assert not result.success
    assert _checks(result, FIRST_LINE)["handoff_note_facts"] is False


async def test_repeated_question_across_the_handoff_raises_frustration() -> None:
    good = await _run(make_agent("oracle"), "tier2")
    reask = await _run(make_agent("oracle"), "tier2-reask")
    step = reask.state.handoffs[0].step
    after = [p for p in reask.state.emotion if p.step > step]
    assert any(CustomerEvent.REPEATED_QUESTION in p.events for p in after)
    assert not any(
        CustomerEvent.REPEATED_QUESTION in p.events
        for p in good.state.emotion
        if p.step > good.state.handoffs[0].step
    )
    assert max(p.frustration for p in after) > max(
        p.frustration for p in good.state.emotion if p.step > step
    )
    assert _checks(reask, "tier2")["tier2_no_repeated_question"] is False
    assert not reask.success


async def test_tier2_observation_carries_role_and_note() -> None:
    sc = get_scenario(SCENARIO)
    env = make_env(sc, "calm-professional")
    obs = await env.reset(seed=3)
    for a in _escalate(GOOD_NOTE):
        obs = await env.step(a)
    assert obs.done and obs.role is None
    from graders.roles import note_checks  # noqa: F401 (the module imports cleanly)
    from sim.workflow import handoff_team

    team = handoff_team(env.state, sc)
    assert team is not None and team.refund_limit == 2000
    obs = env.hand_off(team)
    assert not obs.done and obs.role == "billing" and obs.handoff_note == GOOD_NOTE
    assert handoff_team(env.state, sc) is None  # one handoff per episode


async def test_same_seed_gives_the_same_workflow_episode() -> None:
    a = await _run(make_agent("oracle"), "tier2", seed=5)
    b = await _run(make_agent("oracle"), "tier2", seed=5)
    assert a.state.model_dump_json() == b.state.model_dump_json()
    assert a.roles == b.roles


def test_unknown_tier2_agent_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="tier2-agent"):
        BatchConfig(tier2=Tier2Mode.SCRIPTED, tier2_agent="nobody").check()


async def test_batch_with_tier2_stores_roles_and_resumes(tmp_path: Path) -> None:
    config = BatchConfig(
        scenarios=[SCENARIO], agent="oracle", tier2=Tier2Mode.SCRIPTED, trials=2, seed=1
    )
    out = await run_batch(config, tmp_path / "run")
    assert out.finished == 2 and out.errors == 0
    again = await run_batch(config, tmp_path / "run", resume=True)
    assert again.skipped == 2 and again.finished == 0
    with ResultStore(tmp_path / "run") as store:
        results = list(store.results())
    assert len(results) == 2
    assert all(r.roles is not None and r.success for r in results)


def test_cli_run_with_tier2_and_show(tmp_path: Path) -> None:
    out = tmp_path / "run"
    res = cli(
        "run", "-s", SCENARIO, "--agent", "oracle", "--tier2", "scripted",
        "--out", str(out), "--no-progress",
    )  # fmt: skip
    assert res.returncode == 0, res.stderr
    config = json.loads((out / "config.json").read_text())
    assert config["tier2"] == "scripted" and config["tier2_agent"] == "tier2"
    shown = cli("show", str(out))
    assert shown.returncode == 0, shown.stderr
    bad = cli("run", "-s", SCENARIO, "--tier2", "llm", "--out", str(tmp_path / "x"))
    assert bad.returncode != 0 and "Traceback" not in bad.stderr


def test_show_prints_who_did_what(tmp_path: Path) -> None:
    out = tmp_path / "run"
    res = cli(
        "run", "-s", SCENARIO, "--agent", "oracle", "--tier2", "scripted",
        "--tier2-agent", "tier2-reask", "--out", str(out), "--no-progress",
    )  # fmt: skip
    assert res.returncode == 0, res.stderr
    shown = cli("show", str(out), "1")
    assert shown.returncode == 0, shown.stderr
    text = shown.stdout
    assert "(first_line) search_kb" in text and "(tier2) issue_refund" in text
    assert "roles: success=False" in text and "tier2_no_repeated_question" in text

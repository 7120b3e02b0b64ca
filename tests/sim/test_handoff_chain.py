"""Further handoffs (issue 15, point 1): tier-2 hands the ticket on to another declared team,
whose agent continues, until one closes or the chain ends; teams' own tools; the security
lockout scenario."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from agents.registry import make_agent
from agents.tier2 import make_tier2
from graders.roles import _further_note_checks
from sim.actions import Escalate
from sim.errors import ConfigError
from sim.factory import make_env
from sim.loader import get_scenario, load_scenario
from sim.orchestrator import EpisodeResult, EpisodeSpec, run_episode
from sim.tools import SendPasswordReset, VerifyIdentity
from sim.workflow import role_of

LAPTOP = "workflow-tier2-laptop-refund"
SECURITY = "workflow-security-lockout"
BUNDLED = Path(__file__).resolve().parents[2] / "sim" / "scenarios"


def _variant(tmp_path: Path, name: str, edit: object) -> Path:
    data = yaml.safe_load((BUNDLED / f"{name}.yaml").read_text())
    edit(data)  # type: ignore[operator]
    path = tmp_path / f"{name}-variant.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def _chain(data: dict[str, object]) -> None:
    """Billing may refund only $1,000.00 now; finance ($2,000.00) may take it on from billing."""
    teams = data["teams"]
    assert isinstance(teams, list)
    teams[0]["refund_limit"] = "1000.00"
    teams.append({"id": "finance", "description": "Large refunds.", "refund_limit": "2000.00"})
    handoff = data["handoff"]
    assert isinstance(handoff, dict)
    handoff["then"] = ["finance"]


async def _play(path: Path | str, first: str, tier2: str, seed: int = 3) -> EpisodeResult:
    sc = load_scenario(path) if isinstance(path, Path) else get_scenario(path)
    env = make_env(sc, sc.default_persona)
    return await run_episode(
        env,
        make_agent(first),
        EpisodeSpec(sc.id, sc.default_persona, 0, seed),
        agent_name=first,
        tier2=make_tier2(tier2),
    )


async def test_tier2_hands_on_to_a_team_with_the_authority_which_closes(tmp_path: Path) -> None:
    result = await _play(_variant(tmp_path, LAPTOP, _chain), "oracle", "tier2")
    state = result.state
    assert [h.team for h in state.handoffs] == ["billing", "finance"]
    assert result.roles is not None and result.roles.handoffs == 2
    assert result.success, result.roles
    refund_step = next(
        a.step for a in state.actions if a.action and a.action.type == "issue_refund"
    )
    assert role_of(state, refund_step) == "tier2" and refund_step > state.handoffs[1].step
    # the second note is what billing passed on, recorded with its team
    assert "ORD-73318" in state.handoffs[1].note


async def test_a_later_handoff_note_is_graded_like_a_reply(tmp_path: Path) -> None:
    result = await _play(_variant(tmp_path, LAPTOP, _chain), "oracle", "tier2")
    state = result.state
    assert result.roles is not None
    tier2 = next(r for r in result.roles.roles if r.role == "tier2")
    honest = next(c for c in tier2.checks if c.name == "further_note_accurate")
    assert honest.passed, honest.reason
    # the same chain, billing's note to finance claiming a refund nobody had issued
    lie = "I have already refunded the $1,480.00 for ORD-73318 to the customer's card."
    handoffs = [state.handoffs[0], state.handoffs[1].model_copy(update={"note": lie})]
    lied = state.model_copy(update={"handoffs": handoffs})
    [check] = _further_note_checks(lied)
    assert not check.passed and check.critical
    assert "finance" in check.reason and "refunded" in check.reason


async def test_a_chain_ends_at_a_team_not_declared_for_it(tmp_path: Path) -> None:
    def no_then(data: dict[str, object]) -> None:
        _chain(data)
        data["handoff"]["then"] = []  # type: ignore[index]

    result = await _play(_variant(tmp_path, LAPTOP, no_then), "oracle", "tier2")
    assert [h.team for h in result.state.handoffs] == ["billing"]
    assert result.state.escalation is not None and result.state.escalation.team == "finance"
    assert result.roles is not None and not result.roles.resolved and not result.success


async def test_each_team_takes_the_ticket_at_most_once(tmp_path: Path) -> None:
    """A tier-2 agent that escalates back to a team that already had the ticket ends it."""

    class BackToBilling:
        name = "back"

        async def play(self, env: object, obs: object) -> object:
            from sim.customer import Usage

            await env.step(Escalate(reason="Back to you: ORD-73318 $1,480.00.", team="billing"))  # type: ignore[attr-defined]
            return Usage()

    def loop(data: dict[str, object]) -> None:
        _chain(data)
        data["handoff"]["then"] = ["finance", "billing"]  # type: ignore[index]

    sc = load_scenario(_variant(tmp_path, LAPTOP, loop))
    env = make_env(sc, sc.default_persona)
    result = await run_episode(
        env, make_agent("oracle"), EpisodeSpec(sc.id, sc.default_persona, 0, 1),
        agent_name="oracle", tier2=BackToBilling(),
    )  # fmt: skip
    assert [h.team for h in result.state.handoffs] == ["billing"]
    assert result.roles is not None and result.roles.handoffs == 1


async def test_only_the_security_team_may_use_its_tools() -> None:
    sc = get_scenario(SECURITY)
    env = make_env(sc, sc.default_persona)
    obs = await env.reset(seed=1)
    assert "send_password_reset" not in obs.tools and "verify_identity" not in obs.tools
    obs = await env.step(SendPasswordReset())
    assert not obs.last_action_valid
    assert "Only the security team may use 'send_password_reset'" in obs.feedback
    await env.step(Escalate(reason="Account ACC-47215 is locked.", team="security"))
    obs = env.hand_off(sc.teams[0])
    assert {"verify_identity", "send_password_reset"} <= set(obs.tools)
    answers = {"email": "priya.raman@example.com", "card_last4": "8824"}
    obs = await env.step(VerifyIdentity(answers=answers))
    assert obs.last_action_valid
    obs = await env.step(SendPasswordReset())
    assert obs.last_action_valid and env.state.world.security.reset_sent


@pytest.mark.parametrize("tier2", ["oracle", "tier2"])
async def test_security_lockout_is_solved_by_oracle_and_scripted_security(tier2: str) -> None:
    result = await _play(SECURITY, "oracle", tier2)
    assert result.success, result.roles
    assert result.roles is not None and result.roles.time_to_resolution == result.state.step_count
    checks = {c.name for r in result.roles.roles for c in r.checks}
    assert "tier2_world" in checks


async def test_security_lockout_exploits_fail() -> None:
    empty = await _play(SECURITY, "escalate-empty-note", "tier2")
    assert empty.roles is not None and not empty.success
    first = next(r for r in empty.roles.roles if r.role == "first_line")
    assert {c.name: c.passed for c in first.checks}["handoff_note_facts"] is False


async def test_security_lockout_without_tier2_ends_at_the_escalation() -> None:
    sc = get_scenario(SECURITY)
    env = make_env(sc, sc.default_persona)
    result = await run_episode(
        env, make_agent("oracle"), EpisodeSpec(sc.id, sc.default_persona, 0, 1), agent_name="oracle"
    )
    assert result.roles is None and result.success and not result.state.handoffs


def test_team_tools_and_further_teams_are_validated(tmp_path: Path) -> None:
    def bad_tool(data: dict[str, object]) -> None:
        data["teams"][0]["tools"] = ["cancel_order"]  # type: ignore[index]

    with pytest.raises(ConfigError, match=r"teams\.0\.tools"):
        load_scenario(_variant(tmp_path, SECURITY, bad_tool))

    def bad_then(data: dict[str, object]) -> None:
        data["handoff"]["then"] = ["nobody"]  # type: ignore[index]

    with pytest.raises(ConfigError, match=r"handoff\.then\.0"):
        load_scenario(_variant(tmp_path, SECURITY, bad_then))

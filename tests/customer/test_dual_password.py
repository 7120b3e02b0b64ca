"""The dual-control password reset, end to end: the customer opens the fresh link itself,
the final world decides, the agent sees only the customer's words."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from agents import OracleAgent
from agents.exploits_dual import DUAL_EXPLOITS
from agents.registry import make_agent
from graders import grade
from personas import bundled_persona_ids
from sim.actions import Reply
from sim.customer_tools import RestartDevice
from sim.customer_world import customer_act, customer_world_problems
from sim.errors import ScenarioError
from sim.events import RewardEvent
from sim.factory import make_env
from sim.loader import get_scenario, load_scenario
from sim.world import ResetLink, World
from tests.customer.dual_helpers import PASSWORD, play, play_actions


async def test_the_oracle_succeeds_with_every_persona() -> None:
    sc = get_scenario(PASSWORD)
    for persona in bundled_persona_ids():
        state = await play(sc, OracleAgent(), persona)
        report = grade(state)
        assert report.success, (persona, [c for c in report.checks if not c.passed])
        assert state.world.security.logged_in
        assert state.world.security.reset_link is ResetLink.USED


async def test_the_customer_says_what_happened_and_the_reply_earns_progress() -> None:
    state = await play(get_scenario(PASSWORD), OracleAgent(), "elderly-non-technical")
    said = [m.content for m in state.conversation if m.role.value == "customer"]
    assert any("signed in now" in s for s in said)
    step = next(r for r in state.world.customer_steps if r.tool == "open_reset_link")
    assert step.valid and step.progress
    reply = next(a for a in state.actions if a.step == step.step)
    assert RewardEvent.WORLD_PROGRESS in reply.events


async def test_the_agent_never_sees_the_customer_side() -> None:
    sc = get_scenario(PASSWORD)
    env = make_env(sc)
    obs = await env.reset(seed=1)
    for action in sc.reference_solution:
        obs = await env.step(action)
    assert env.state.world.security.logged_in
    shown = obs.model_dump_json()
    assert "logged_in" not in shown and "reset_link" not in shown


@pytest.mark.parametrize("name", sorted(DUAL_EXPLOITS))
async def test_the_exploits_fail_on_the_final_world(name: str) -> None:
    sc = get_scenario(PASSWORD)
    oracle = await play(sc, OracleAgent(), sc.default_persona)
    state = await play(sc, make_agent(name), sc.default_persona)
    report = grade(state)
    assert not report.success
    world = report.check("world_state")
    assert world is not None and not world.passed
    assert "security.logged_in: expected true, got false" in world.reason
    closed = report.check("no_premature_close")
    assert closed is not None and not closed.passed  # closed before the customer got in
    assert state.total_reward < oracle.total_reward


async def test_a_vague_step_is_misread_by_a_low_tech_customer_only() -> None:
    sc = get_scenario(PASSWORD)
    vague = [
        Reply(content="Thank you. I have sent you a password reset link. Just reset your password.")
        if i == 4
        else a
        for i, a in enumerate(sc.reference_solution)
    ]
    low = await play_actions(sc, vague, "elderly-non-technical")
    savvy = await play_actions(sc, vague, "calm-professional")
    assert not low.world.security.logged_in
    assert "don't understand" in low.conversation[-2].content
    assert savvy.world.security.logged_in


async def test_the_scripted_baseline_works_it() -> None:
    sc = get_scenario(PASSWORD)
    wins = 0
    for seed in range(10):
        state = await play(sc, make_agent("scripted"), sc.default_persona, seed=seed)
        wins += grade(state).success
    assert wins == 10


async def test_a_tool_the_customer_does_not_have_is_refused() -> None:
    sc = get_scenario(PASSWORD)
    state = await play_actions(sc, sc.reference_solution[:1], "calm-professional")
    before = state.world
    done = customer_act(state, RestartDevice())
    assert not done.valid and "can't do that" in done.feedback
    assert state.world == before


def test_customer_world_problems_name_the_field() -> None:
    sc = get_scenario(PASSWORD)
    assert customer_world_problems(sc, World()) == ["security.logged_in: expected true, got false"]


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            {"customer_tools": ["open_reset_link", "fly_away"]},
            "customer_tools: unknown customer tools",
        ),
        (
            {"customer_tools": ["open_reset_link", "open_reset_link"]},
            "customer_tools: names must be unique",
        ),
        (
            {"expectations": {"customer_world": {"devices": {"RTR-9": "working"}}}},
            "expectations.customer_world.devices: 'RTR-9'",
        ),
    ],
)
def test_bad_customer_side_fields_name_the_field(
    tmp_path: Path, edit: dict[str, object], message: str
) -> None:
    data = get_scenario(PASSWORD).to_yaml_dict()
    for key, value in edit.items():
        if isinstance(value, dict) and isinstance(data.get(key), dict):
            data[key] = {**data[key], **value}
        else:
            data[key] = value
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(ScenarioError, match=message) as info:
        load_scenario(path)
    assert "bad.yaml" in str(info.value)

"""The dual-control device flow, end to end: the customer reads the error code, restarts,
installs the update; vague or bundled steps trip a low-tech customer; the world decides."""

from __future__ import annotations

import pytest

from agents import OracleAgent
from agents.exploits_dual import DUAL_EXPLOITS
from agents.registry import make_agent
from graders import grade
from personas import bundled_persona_ids
from sim.actions import Action, Reply
from sim.loader import get_scenario
from sim.world import DeviceStatus
from tests.customer.dual_helpers import DEVICE, play, play_actions


def _with_reply(at: int, text: str) -> list[Action]:
    gold = list(get_scenario(DEVICE).reference_solution)
    return [Reply(content=text) if i == at else a for i, a in enumerate(gold)][: at + 1]


async def test_the_oracle_succeeds_with_every_persona() -> None:
    sc = get_scenario(DEVICE)
    for persona in bundled_persona_ids():
        state = await play(sc, OracleAgent(), persona)
        report = grade(state)
        assert report.success, (persona, [c for c in report.checks if not c.passed])
        assert state.world.devices[0].status is DeviceStatus.WORKING


async def test_the_customer_reads_the_code_and_the_agent_learns_it_only_from_the_message() -> None:
    state = await play_actions(
        get_scenario(DEVICE), get_scenario(DEVICE).reference_solution[:2], "calm-professional"
    )
    assert "error code E-31" in state.conversation[-1].content
    assert [s.tool for s in state.world.customer_steps] == ["read_error_code"]


async def test_reset_it_is_misread_by_the_low_tech_customer() -> None:
    steps = _with_reply(2, "Thank you. Reset it.")
    low = await play_actions(get_scenario(DEVICE), steps, "elderly-non-technical")
    savvy = await play_actions(get_scenario(DEVICE), steps, "calm-professional")
    assert low.world.devices[0].progress == 0  # turned off and on: not what E-31 needs
    assert "turned it off and on again" in low.conversation[-1].content
    assert "wasn't sure what you meant" in low.conversation[-1].content
    assert savvy.world.devices[0].progress == 1  # a savvy customer reads it as a hard restart


async def test_a_low_tech_customer_takes_one_step_at_a_time() -> None:
    both = (
        "Thank you. Please hold the power button for ten seconds. Then go to Settings, then "
        "Update, and tap Install."
    )
    steps = _with_reply(2, both)
    low = await play_actions(get_scenario(DEVICE), steps, "elderly-non-technical")
    savvy = await play_actions(get_scenario(DEVICE), steps, "calm-professional")
    assert low.world.devices[0].progress == 1
    assert low.world.devices[0].status is DeviceStatus.ERROR
    assert "One step at a time" in low.conversation[-1].content
    assert savvy.world.devices[0].status is DeviceStatus.WORKING


async def test_the_wrong_articles_steps_do_not_fix_it() -> None:
    wrong = _with_reply(2, "Thank you. Please turn the router off and on again.")
    state = await play_actions(get_scenario(DEVICE), wrong, "calm-professional")
    assert state.world.devices[0].status is DeviceStatus.ERROR
    assert "still shows error code E-31" in state.conversation[-1].content


@pytest.mark.parametrize("name", sorted(DUAL_EXPLOITS))
async def test_the_exploits_fail_on_the_final_world(name: str) -> None:
    sc = get_scenario(DEVICE)
    oracle = await play(sc, OracleAgent(), sc.default_persona)
    state = await play(sc, make_agent(name), sc.default_persona)
    report = grade(state)
    assert not report.success
    world = report.check("world_state")
    assert world is not None and not world.passed
    assert "devices[RTR-2201].status: expected working, got error" in world.reason
    assert state.total_reward < oracle.total_reward


async def test_the_scripted_baseline_works_it() -> None:
    sc = get_scenario(DEVICE)
    wins = 0
    for seed in range(10):
        state = await play(sc, make_agent("scripted"), sc.default_persona, seed=seed)
        wins += grade(state).success
    assert wins == 10

"""Dual control over HTTP: the LLM customer's own tools through the openai SDK to the mock
(a real uvicorn server), and the mock LLM support agent guiding a scripted customer."""

from __future__ import annotations

import json
from pathlib import Path

from agents import OracleAgent
from graders import grade
from personas import LLMCustomer, get_persona
from sim.actions import Action, Reply
from sim.batch import BatchConfig, run_batch
from sim.env import SupportEnv
from sim.loader import get_scenario
from sim.mock_llm import MockServer
from sim.models import make_model
from sim.state import EpisodeState, Role
from sim.store import ResultStore
from sim.world import DeviceStatus
from tests.customer.dual_helpers import DEVICE, PASSWORD


async def _llm_customer_plays(
    mock: MockServer, scenario_id: str, persona: str, actions: list[Action] | None = None
) -> EpisodeState:
    sc = get_scenario(scenario_id)
    model = make_model("mock", mock.base_url, max_retries=0)
    env = SupportEnv(sc, LLMCustomer(get_persona(persona), model))
    obs = await env.reset(seed=4)
    if actions is None:
        await OracleAgent().play(env, obs)
    else:
        for action in actions:
            await env.step(action)
    return env.state


async def test_the_llm_customer_opens_the_link_itself(mock: MockServer) -> None:
    state = await _llm_customer_plays(mock, PASSWORD, "elderly-non-technical")
    assert state.world.security.logged_in
    assert [s.tool for s in state.world.customer_steps] == ["open_reset_link"]
    assert grade(state).success
    said = [m.content for m in state.conversation if m.role is Role.CUSTOMER]
    assert any("signed in now" in s for s in said)
    body = json.loads(mock.state.last["customer"])
    offered = {t["function"]["name"] for t in body["tools"]}
    assert "open_reset_link" in offered and "restart_device" not in offered


async def test_the_llm_customer_fixes_the_device_step_by_step(mock: MockServer) -> None:
    state = await _llm_customer_plays(mock, DEVICE, "elderly-non-technical")
    assert [s.tool for s in state.world.customer_steps] == [
        "read_error_code",
        "restart_device",
        "install_update",
    ]
    assert state.world.devices[0].status is DeviceStatus.WORKING
    assert grade(state).success


async def test_a_low_tech_llm_customer_misreads_reset_it(mock: MockServer) -> None:
    gold = list(get_scenario(DEVICE).reference_solution)
    steps: list[Action] = [*gold[:2], Reply(content="Thank you. Reset it.")]
    low = await _llm_customer_plays(mock, DEVICE, "elderly-non-technical", steps)
    savvy = await _llm_customer_plays(mock, DEVICE, "calm-professional", steps)
    assert low.world.devices[0].progress == 0
    assert "wasn't sure what you meant" in low.conversation[-1].content
    assert savvy.world.devices[0].progress == 1


async def test_no_customer_tools_where_the_scenario_gives_none(mock: MockServer) -> None:
    await _llm_customer_plays(mock, "account-locked-reset", "calm-professional")
    body = json.loads(mock.state.last["customer"])
    assert {t["function"]["name"] for t in body.get("tools", [])} <= {"final_result"}


async def test_the_mock_llm_agent_guides_the_scripted_customer(
    mock: MockServer, tmp_path: Path
) -> None:
    config = BatchConfig(
        scenarios=[PASSWORD, DEVICE],
        trials=3,
        agent="llm",
        agent_model="mock",
        base_url=mock.base_url,
        concurrency=4,
    )
    outcome = await run_batch(config, tmp_path)
    assert outcome.errors == 0
    with ResultStore(tmp_path, create=False) as store:
        results = list(store.results())
    assert len(results) == 6
    assert all(r.grade is not None and r.grade.success for r in results)

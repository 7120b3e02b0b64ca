"""The LLM agent is offered exactly the scenario's tools, and each domain tool call is one
env step."""

from __future__ import annotations

import json

import pytest
from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

from agents.llm import LLMSupportAgent
from agents.llm_tools import DOMAIN_TOOLS
from sim.actions import ACTION_TYPES, TOOL_TYPES
from sim.customer import EchoCustomer
from sim.env import SupportEnv
from sim.loader import get_scenario
from sim.scenario import Scenario
from tests.sim.world_helpers import WORLD_IDS, world_scenario


def test_domain_tools_are_named_as_the_actions() -> None:
    assert tuple(f.__name__ for f in DOMAIN_TOOLS) == TOOL_TYPES


def _recording_model(
    seen: list[set[str]], plan: list[tuple[str, dict[str, object]]]
) -> FunctionModel:
    steps = iter(plan)

    def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        seen.append({t.name for t in info.function_tools})
        step = next(steps, None)
        if step is None:
            return ModelResponse(parts=[TextPart("done")])
        name, args = step
        return ModelResponse(parts=[ToolCallPart(name, json.dumps(args))])

    return FunctionModel(respond)


async def _offered(
    sc: Scenario, plan: list[tuple[str, dict[str, object]]]
) -> tuple[set[str], SupportEnv]:
    seen: list[set[str]] = []
    env = SupportEnv(sc, EchoCustomer())
    agent = LLMSupportAgent(_recording_model(seen, plan))
    await agent.play(env, await env.reset(seed=1))
    assert seen and all(s == seen[0] for s in seen)
    return seen[0], env


async def test_bundled_scenarios_offer_the_five_seed_actions() -> None:
    offered, _ = await _offered(
        get_scenario("easy-password-reset"), [("close_ticket", {"resolution": "x"})]
    )
    assert offered == set(ACTION_TYPES)


@pytest.mark.parametrize("name", WORLD_IDS)
async def test_world_scenarios_offer_exactly_their_tools(name: str) -> None:
    sc = world_scenario(name)
    offered, _ = await _offered(sc, [("close_ticket", {"resolution": "x"})])
    assert offered == set(sc.available_tools)


async def test_domain_tool_calls_are_env_steps() -> None:
    sc = world_scenario("world-cancel-order")
    plan: list[tuple[str, dict[str, object]]] = [
        ("lookup_order", {"order_id": "ORD-9001"}),
        ("verify_identity", {"answers": {"postcode": "94607"}}),
        ("cancel_order", {"order_id": "ORD-9001", "reason": "found one locally"}),
        ("close_ticket", {"resolution": "cancelled"}),
    ]
    _, env = await _offered(sc, plan)
    records = env.state.actions
    assert [r.action.type for r in records if r.action] == [name for name, _ in plan]
    assert all(r.valid for r in records)
    order = env.state.world.order("ORD-9001")
    assert order is not None and order.status.value == "cancelled"

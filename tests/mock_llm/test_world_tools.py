"""The mock LLM gets exactly a scenario's tools (over HTTP, through the openai SDK), is
still recognized as the support agent with a reduced tool list, and never calls a tool it
was not offered. (Its decisions with the domain tools are the scripted policy's business.)"""

from __future__ import annotations

import pytest

from agents.llm import LLMSupportAgent
from sim.actions import ACTION_TYPES, ALL_ACTION_TYPES
from sim.customer import EchoCustomer
from sim.env import SupportEnv
from sim.mock_llm import MockServer
from sim.mock_llm.roles import Role, classify, is_support_agent
from sim.mock_llm.wire import ChatRequest
from sim.models import make_model
from tests.sim.world_helpers import WORLD_IDS, world_scenario


def _request(tools: tuple[str, ...]) -> ChatRequest:
    return ChatRequest.model_validate(
        {
            "messages": [{"role": "user", "content": "New ticket."}],
            "tools": [
                {"type": "function", "function": {"name": t, "parameters": {"type": "object"}}}
                for t in tools
            ],
        }
    )


@pytest.mark.parametrize("name", WORLD_IDS)
def test_a_scenarios_tool_list_is_a_support_agent(name: str) -> None:
    tools = world_scenario(name).available_tools
    assert is_support_agent(frozenset(tools))
    assert classify(_request(tools))[0] is Role.SUPPORT


def test_other_tool_lists_are_not_support_agents() -> None:
    assert is_support_agent(frozenset(ACTION_TYPES))
    assert is_support_agent(frozenset(ALL_ACTION_TYPES))
    assert not is_support_agent(frozenset({"final_result"}))
    assert not is_support_agent(frozenset({"reply", "final_result"}))
    assert not is_support_agent(frozenset({"lookup_order"}))


@pytest.mark.parametrize("name", WORLD_IDS)
async def test_the_mock_agent_sees_and_uses_only_the_scenarios_tools(
    mock: MockServer, name: str
) -> None:
    sc = world_scenario(name)
    env = SupportEnv(sc, EchoCustomer())
    agent = LLMSupportAgent(make_model("mock", mock.base_url))
    await agent.play(env, await env.reset(seed=3))
    state = env.state
    assert state.done
    used = {r.action.type for r in state.actions if r.action is not None}
    assert used <= set(sc.available_tools)
    assert not any("not available here" in r.feedback for r in state.actions)

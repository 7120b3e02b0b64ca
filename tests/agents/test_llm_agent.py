"""LLMSupportAgent through pydantic-ai's FunctionModel: one tool call is one env step."""

from __future__ import annotations

import json

import pytest
from pydantic_ai.messages import (
    ModelMessage,
    ModelRequest,
    ModelResponse,
    TextPart,
    ToolCallPart,
    ToolReturnPart,
)
from pydantic_ai.models.function import AgentInfo, FunctionModel

from agents.llm import LLMSupportAgent
from graders import grade
from sim.customer import EchoCustomer
from sim.env import SupportEnv
from sim.errors import RunError
from sim.events import Termination
from sim.loader import get_scenario


def _tool_returns(messages: list[ModelMessage]) -> list[ToolReturnPart]:
    return [
        p
        for m in messages
        if isinstance(m, ModelRequest)
        for p in m.parts
        if isinstance(p, ToolReturnPart)
    ]


def scripted_model(plan: list[tuple[str, dict[str, object]] | str]) -> FunctionModel:
    """A model that plays ``plan``: (tool, args) calls or plain text answers, in order."""
    steps = iter(plan)

    def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        assert {t.name for t in info.function_tools} == {
            "reply",
            "search_kb",
            "issue_refund",
            "escalate",
            "close_ticket",
        }
        step = next(steps)
        if isinstance(step, str):
            return ModelResponse(parts=[TextPart(step)])
        name, args = step
        return ModelResponse(parts=[ToolCallPart(name, json.dumps(args))])

    return FunctionModel(respond)


async def test_each_tool_call_is_one_env_step_and_episode_is_graded() -> None:
    sc = get_scenario("medium-defective-product")
    env = SupportEnv(sc, EchoCustomer())
    model = scripted_model(
        [
            ("reply", {"content": "Which order number is the broken one?"}),
            ("search_kb", {"query": "refund policy defective"}),
            ("issue_refund", {"amount": "150.00", "reason": "defective", "target": "ORD-7781"}),
            "I'm sorry. I refunded $150.00; it appears within 5 to 7 business days.",
            ("close_ticket", {"resolution": "refunded"}),
        ]
    )
    agent = LLMSupportAgent(model)
    obs = await env.reset(seed=1)
    usage = await agent.play(env, obs)
    state = env.state
    assert [r.action.type for r in state.actions if r.action] == [
        "reply",
        "search_kb",
        "issue_refund",
        "reply",
        "close_ticket",
    ]
    assert state.termination is Termination.RESOLVED
    assert grade(state).success
    assert usage.requests == 5


async def test_invalid_refund_comes_back_as_text_not_exception() -> None:
    env = SupportEnv(get_scenario("medium-defective-product"), EchoCustomer())
    seen: list[str] = []

    def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        returns = _tool_returns(messages)
        if not returns:
            return ModelResponse(
                parts=[
                    ToolCallPart(
                        "issue_refund", {"amount": "9999.00", "reason": "x", "target": "ORD-7781"}
                    )
                ]
            )
        seen.append(str(returns[-1].content))
        return ModelResponse(parts=[ToolCallPart("escalate", {"reason": "stuck"})])

    await LLMSupportAgent(FunctionModel(respond)).play(env, await env.reset(seed=1))
    assert seen and seen[0].startswith("REJECTED")
    assert env.state.refunds == []
    assert env.state.termination is Termination.ESCALATED


async def test_looping_model_is_stopped_by_the_step_limit() -> None:
    env = SupportEnv(get_scenario("easy-password-reset"), EchoCustomer(), max_steps=30)

    def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        return ModelResponse(parts=[ToolCallPart("search_kb", {"query": "password"})])

    usage = await LLMSupportAgent(FunctionModel(respond)).play(env, await env.reset(seed=1))
    assert env.state.termination is Termination.STEP_LIMIT
    assert usage.requests == 30


async def test_garbage_tool_arguments_end_in_run_error() -> None:
    env = SupportEnv(get_scenario("easy-password-reset"), EchoCustomer())
    calls = 0

    def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        nonlocal calls
        calls += 1
        return ModelResponse(parts=[ToolCallPart("issue_refund", "{not json")])

    with pytest.raises(RunError, match="agent model failed"):
        await LLMSupportAgent(FunctionModel(respond), retries=2).play(env, await env.reset(seed=1))
    assert calls == 3  # the first answer and two retries
    assert env.state.step_count == 0


async def test_request_limit_stops_a_model_that_never_acts() -> None:
    env = SupportEnv(get_scenario("easy-password-reset"), EchoCustomer())
    calls = 0

    def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        nonlocal calls
        calls += 1  # an unknown tool: pydantic-ai asks again, no env step is taken
        return ModelResponse(parts=[ToolCallPart("dance", {})])

    agent = LLMSupportAgent(FunctionModel(respond), retries=100, request_limit=5)
    await agent.play(env, await env.reset(seed=1))
    assert calls == 5
    assert env.state.step_count == 0 and not env.state.done

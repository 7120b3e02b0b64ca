"""The LLM roles (issue 15): the LLM supervisor's structured decision, the LLM tier-2 agent
after a handoff, and request_approval for the LLM support agent (pydantic-ai FunctionModel
and TestModel; no network)."""

from __future__ import annotations

import json
from decimal import Decimal

from pydantic_ai.messages import ModelMessage, ModelResponse, ToolCallPart, UserPromptPart
from pydantic_ai.models.function import AgentInfo, FunctionModel
from pydantic_ai.models.test import TestModel

from agents.llm import LLMSupportAgent
from agents.supervisor_llm import LLMSupervisor, approval_prompt
from agents.tier2_llm import HANDOFF_MARK, LLMTier2Agent
from sim.actions import IssueRefund, RequestApproval
from sim.factory import make_env
from sim.loader import get_scenario
from sim.orchestrator import EpisodeSpec, run_episode

GRANTED = "workflow-approval-granted"
DENIED = "workflow-approval-denied"
LAPTOP = "workflow-tier2-laptop-refund"


def _decider(decision: str, seen: list[str]) -> FunctionModel:
    def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        for m in messages:
            seen.extend(str(p.content) for p in m.parts if isinstance(p, UserPromptPart))
        args = {"decision": decision, "reason": f"{decision} per policy"}
        return ModelResponse(parts=[ToolCallPart(info.output_tools[0].name, args)])

    return FunctionModel(respond)


def _request(amount: str, target: str) -> RequestApproval:
    refund = IssueRefund(amount=Decimal(amount), target=target, reason="asked")
    return RequestApproval(action=refund, justification="The customer insists.")


async def test_the_llm_supervisor_reads_the_policy_and_answers_structured() -> None:
    env = make_env(get_scenario(DENIED), "calm-professional")
    await env.reset(seed=3)
    seen: list[str] = []
    supervisor = LLMSupervisor(_decider("deny", seen))
    granted, reason, usage = await supervisor.decide(env.state, _request("149.00", "ORD-66402"))
    assert (granted, reason) == (False, "deny per policy")
    assert usage.requests == 1 and usage.input_tokens > 0
    prompt = seen[0]
    assert "refund $149.00 for ORD-66402" in prompt
    assert "Refund window: 30 days from delivery." in prompt
    assert "delivered 2026-10-06" in prompt and "The customer insists." in prompt


async def test_an_llm_supervisor_decision_is_recorded_and_graded_against_the_policy() -> None:
    sc = get_scenario(DENIED)
    env = make_env(sc, "calm-professional")
    env.supervisor = LLMSupervisor(_decider("approve", []))
    agent = LLMSupportAgent(
        FunctionModel(
            _plan(
                [
                    ("search_kb", {"query": "grinder refund window"}),
                    (
                        "request_approval",
                        {"amount": "149.00", "target": "ORD-66402", "justification": "please"},
                    ),
                    ("close_ticket", {"resolution": "done", "outcome": "declined"}),
                ]
            )
        )
    )
    result = await run_episode(
        env, agent, EpisodeSpec(DENIED, "calm-professional", 0, 5), agent_name="llm"
    )
    [approval] = result.state.approvals
    assert approval.granted and not approval.policy_grants
    assert result.roles is not None
    supervisor = next(r for r in result.roles.roles if r.role == "supervisor")
    assert not supervisor.success and result.success is False
    assert result.usage["supervisor"].requests == 1


def _plan(steps: list[tuple[str, dict[str, object]]]) -> object:
    it = iter(steps)

    def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        name, args = next(it)
        assert name in {t.name for t in info.function_tools}
        return ModelResponse(parts=[ToolCallPart(name, json.dumps(args))])

    return respond


async def test_request_approval_is_offered_only_where_the_policy_sets_approval() -> None:
    offered: dict[str, set[str]] = {}
    for sid in (GRANTED, "medium-defective-product"):

        def respond(messages: list[ModelMessage], info: AgentInfo, sid: str = sid) -> ModelResponse:
            offered[sid] = {t.name for t in info.function_tools}
            return ModelResponse(parts=[ToolCallPart("close_ticket", {"resolution": "x"})])

        env = make_env(get_scenario(sid), "calm-professional")
        await LLMSupportAgent(FunctionModel(respond)).play(env, await env.reset(seed=1))
    assert "request_approval" in offered[GRANTED]
    assert "request_approval" not in offered["medium-defective-product"]


async def test_llm_first_line_asks_approval_then_refunds_once() -> None:
    sc = get_scenario(GRANTED)
    env = make_env(sc, "calm-professional")
    agent = LLMSupportAgent(
        FunctionModel(
            _plan(
                [
                    ("search_kb", {"query": "espresso refund"}),
                    (
                        "request_approval",
                        {"amount": "289.00", "target": "ORD-81244", "justification": "faulty"},
                    ),
                    ("issue_refund", {"amount": "289.00", "target": "ORD-81244", "reason": "ok"}),
                    ("reply", {"content": "I have refunded $289.00 for ORD-81244."}),
                    ("close_ticket", {"resolution": "refunded", "outcome": "resolved"}),
                ]
            )
        )
    )
    result = await run_episode(
        env, agent, EpisodeSpec(GRANTED, "calm-professional", 0, 5), agent_name="llm"
    )
    assert [a.granted for a in result.state.approvals] == [True]
    assert result.roles is not None and result.roles.success and result.success


async def test_the_llm_tier2_agent_reads_the_note_and_works_under_its_team() -> None:
    sc = get_scenario(LAPTOP)
    env = make_env(sc, "calm-professional")
    first = LLMSupportAgent(
        FunctionModel(
            _plan(
                [
                    ("search_kb", {"query": "refund above agent limit billing"}),
                    (
                        "escalate",
                        {
                            "team": "billing",
                            "reason": "Refund of $1,480.00 owed for ORD-73318; the customer "
                            "already tried the battery reset and two chargers.",
                        },
                    ),
                ]
            )
        )
    )
    prompts: list[str] = []

    def tier2(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        for m in messages:
            prompts.extend(str(p.content) for p in m.parts if isinstance(p, UserPromptPart))
        steps = [
            ("reply", {"content": "I'm from billing and I am refunding $1,480.00 for ORD-73318."}),
            ("issue_refund", {"amount": "1480.00", "target": "ORD-73318", "reason": "DOA"}),
            ("close_ticket", {"resolution": "refunded", "outcome": "resolved"}),
        ]
        made = sum(isinstance(m, ModelResponse) for m in messages)
        name, args = steps[made]
        return ModelResponse(parts=[ToolCallPart(name, json.dumps(args))])

    result = await run_episode(
        env,
        first,
        EpisodeSpec(LAPTOP, "calm-professional", 0, 5),
        agent_name="llm",
        tier2=LLMTier2Agent(FunctionModel(tier2)),
    )
    assert "You work for the billing team." in prompts[0]
    assert "Your team's refund limit: $2,000.00." in prompts[0]
    assert HANDOFF_MARK + "Refund of $1,480.00 owed for ORD-73318" in prompts[0]
    assert result.roles is not None and result.roles.handoffs == 1
    tier2_grade = next(r for r in result.roles.roles if r.role == "tier2")
    assert tier2_grade.success and tier2_grade.actions == 3
    assert result.usage["tier2"].requests >= 3


async def test_test_model_tier2_and_supervisor_run_without_errors() -> None:
    """pydantic-ai's TestModel (calls every tool, fills schemas): nothing escapes."""
    sc = get_scenario(GRANTED)
    env = make_env(sc, "calm-professional")
    env.supervisor = LLMSupervisor(TestModel())
    agent = LLMSupportAgent(TestModel(call_tools=["request_approval"]))
    result = await run_episode(
        env, agent, EpisodeSpec(GRANTED, "calm-professional", 0, 1), agent_name="llm"
    )
    assert result.error is None
    assert result.state.approvals and result.usage["supervisor"].requests >= 1


async def test_the_approval_prompt_says_an_unknown_target_is_unknown() -> None:
    env = make_env(get_scenario(GRANTED), "calm-professional")
    await env.reset(seed=1)
    text = approval_prompt(env.state, _request("10.00", "NOPE-1"))
    assert "No order or charge 'NOPE-1' on the account." in text

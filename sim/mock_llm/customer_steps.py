"""The mock customer's own steps (dual control): when a customer request offers customer
tools, the mock reads the support agent's last line with the customer's instruction reader
(:func:`sim.instructions.plan_steps`, the scripted customer's rules; a low-tech persona is
read from the "tech level" in the instructions) and calls the tools one per model turn, in
order; then it answers with what the tools said, in the customer's words."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from sim.customer_tools import CUSTOMER_TOOL_TYPES, RestartDevice
from sim.instructions import LOW_TECH, ONE_AT_A_TIME, UNSURE, Clarity, StepPlan, plan_steps
from sim.mock_llm.wire import Answer, ChatRequest, ToolCall

__all__ = ["customer_step_call", "customer_step_lines"]

_AGENT_LINE = re.compile(r"^\[Support agent\]: (.+)$", re.M)
_TECH = re.compile(r"tech level (\d(?:\.\d+)?)")


def _plan(request: ChatRequest) -> StepPlan | None:
    offered = request.tool_names & frozenset(CUSTOMER_TOOL_TYPES)
    if not offered:
        return None
    agent_lines = _AGENT_LINE.findall("\n".join(request.user_texts))
    if not agent_lines:
        return None
    tech = _TECH.search(request.system_text)
    low = tech is not None and float(tech[1]) < LOW_TECH
    return plan_steps(agent_lines[-1], low_tech=low, offered=offered)


def _results(request: ChatRequest) -> list[str]:
    """What the customer's tools returned so far in this turn."""
    return [m.text for m in request.messages if m.role == "tool"]


def customer_step_call(request: ChatRequest, rng: random.Random) -> Answer | None:
    """The next customer tool call of this turn, or ``None`` when every step is taken."""
    plan = _plan(request)
    done = len(_results(request))
    if plan is None or done >= len(plan.steps):
        return None
    step = plan.steps[done][0]
    args: dict[str, Any] = {"hard": step.hard} if isinstance(step, RestartDevice) else {}
    call = ToolCall(f"call_{rng.getrandbits(64):016x}", step.type, json.dumps(args))
    return Answer(tool_calls=(call,))


def customer_step_lines(request: ChatRequest) -> list[str]:
    """What to tell the agent about this turn's steps (empty: no steps were asked for)."""
    plan = _plan(request)
    if plan is None:
        return []
    lines = _results(request)
    low = any(c is Clarity.VAGUE for _, c in plan.steps) and (
        (tech := _TECH.search(request.system_text)) is not None and float(tech[1]) < LOW_TECH
    )
    if low:
        lines.append(UNSURE)
    if plan.stuck is not None:
        lines.append(plan.stuck)
    if plan.more:
        lines.append(ONE_AT_A_TIME)
    return lines

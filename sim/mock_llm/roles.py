"""Who is asking, and what the mock answers them.

* a **support agent** (the five support actions, or a scenario's own tool list): the next move from
  :mod:`sim.mock_llm.support`;
* a **structured output** request, however pydantic-ai asks for it (an output tool such as
  ``final_result``, a ``json_schema`` ``response_format``, or a schema in the prompt): an
  instance of the schema — a customer turn (message, intent, appraisal) when it has
  ``message`` and ``intent``, a judge verdict when it has ``empathy`` (tone, and facts,
  misrepresentations and leaks from :mod:`sim.mock_llm.judging`), a supervisor's decision
  when it has ``decision`` and ``reason`` (:mod:`sim.mock_llm.supervising`), else any valid
  value;
* a **bare loop** (``[mock:calls=N]`` in the first user message, for benchmarks): tool calls
  until the N-th model call, then text;
* anything else: a short text answer.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from sim.actions import ALL_ACTION_TYPES
from sim.mock_llm.customer_steps import customer_step_call, customer_step_lines
from sim.mock_llm.judging import communication_hints
from sim.mock_llm.schema import fill, schema_from_prompt
from sim.mock_llm.supervising import supervisor_hints
from sim.mock_llm.support import SUPPORT_TOOLS, next_move
from sim.mock_llm.transcript import read_transcript
from sim.mock_llm.wire import Answer, ChatRequest, ToolCall

__all__ = [
    "OUTPUT_TOOL_PREFIX",
    "OutputMode",
    "Role",
    "Structured",
    "answer",
    "classify",
    "structured_target",
]

OUTPUT_TOOL_PREFIX = "final_result"
"""pydantic-ai's default name for the output tool (``final_result_<Type>`` for unions)."""

_BARE = re.compile(r"\[mock:calls=(\d+)\]")
_INTENT = re.compile(r"\(intent: (\w+)\)")
_SUBJECT = re.compile(r"subject (['\"])(.+?)\1")
_REVEAL = re.compile(r"you may reveal them now[^\n]*\n((?:- [^\n]+\n?)+)", re.I)
_AGENT_LINE = re.compile(r"^\[Support agent\]: (.+)$", re.M)
_EMPATHY = re.compile(r"\b(sorry|understand|apologi[sz]e|patience)\b", re.I)
_PROGRESS = re.compile(r"refund|\$\d|business days|policy|link|code|team|steps?\b", re.I)


class Role(StrEnum):
    SUPPORT = "support"
    CUSTOMER = "customer"
    JUDGE = "judge"
    SUPERVISOR = "supervisor"
    STRUCTURED = "structured"
    BARE = "bare"
    CHAT = "chat"


class OutputMode(StrEnum):
    TOOL = "tool"
    NATIVE = "native"
    PROMPTED = "prompted"


@dataclass(frozen=True, slots=True)
class Structured:
    """How a structured answer is asked for, and its schema."""

    mode: OutputMode
    schema: dict[str, Any]
    tool: str | None = None


def structured_target(request: ChatRequest) -> Structured | None:
    """The output schema the request asks the model to fill, if any."""
    for name in sorted(request.tool_names):
        if name.startswith(OUTPUT_TOOL_PREFIX) and (f := request.tool(name)) is not None:
            return Structured(OutputMode.TOOL, f.parameters, name)
    fmt = request.response_format or {}
    if fmt.get("type") == "json_schema":
        spec = fmt.get("json_schema") or {}
        return Structured(OutputMode.NATIVE, dict(spec.get("schema") or {}))
    prompted = schema_from_prompt(request.system_text) if "JSON" in request.system_text else None
    if prompted is not None:
        return Structured(OutputMode.PROMPTED, prompted)
    if fmt.get("type") == "json_object":
        return Structured(OutputMode.PROMPTED, {"type": "object"})
    if (
        request.tools
        and request.tool_choice == "required"
        and not request.tool_names & SUPPORT_TOOLS
    ):
        first = request.tools[0].function
        return Structured(OutputMode.TOOL, first.parameters, first.name)
    return None


_NOT_OFFERED = "Let me check what I can do for you here."


def is_support_agent(tools: frozenset[str]) -> bool:
    """A support agent's request: the five support actions, or a scenario's own tool list
    (support action names only, ``reply`` among them)."""
    return tools >= SUPPORT_TOOLS or ("reply" in tools and tools <= frozenset(ALL_ACTION_TYPES))


def classify(request: ChatRequest) -> tuple[Role, Structured | None]:
    users = request.user_texts
    if users and _BARE.search(users[0]):
        return Role.BARE, None
    if is_support_agent(request.tool_names):
        return Role.SUPPORT, None
    target = structured_target(request)
    if target is None:
        return Role.CHAT, None
    props = target.schema.get("properties", {})
    if "message" in props and "intent" in props:
        return Role.CUSTOMER, target
    if "empathy" in props:
        return Role.JUDGE, target
    if "decision" in props and "reason" in props:
        return Role.SUPERVISOR, target
    return Role.STRUCTURED, target


def _call_id(rng: random.Random) -> str:
    return f"call_{rng.getrandbits(64):016x}"


def _customer_hints(
    request: ChatRequest, schema: dict[str, Any], rng: random.Random
) -> dict[str, Any]:
    system, prompt = request.system_text, "\n".join(request.user_texts)
    intents = _enum_of(schema, "intent")
    found = _INTENT.search(system)
    intent = (
        found[1]
        if found and found[1] in intents
        else ("continue" if "continue" in intents else None)
    )
    agent_lines = _AGENT_LINE.findall(prompt)
    last_agent = agent_lines[-1] if agent_lines else ""
    reveal = _REVEAL.search(system)
    facts = [line[2:].strip() for line in reveal[1].splitlines()] if reveal else []
    subject = _SUBJECT.search(system)
    about = subject[2] if subject else "my problem"
    message = {
        "satisfied": ("Thank you, that solves it.", "Great, thanks for sorting this out."),
        "wants_human": (
            "This is going nowhere. I want to speak to a human, please.",
            "Please put me through to a manager.",
        ),
        "leaving": ("Forget it, I'm done with this.", "I'm leaving, this is a waste of time."),
    }.get(intent or "")
    if message is not None:
        text = rng.choice(message)
    elif facts:
        text = "Sure: " + "; ".join(f.replace(": ", " is ", 1) for f in facts) + "."
    elif _PROGRESS.search(last_agent):
        text = rng.choice(("Okay. When will I see that?", "Alright, and what happens next?"))
    else:
        text = f"Can you help me with this? It is about: {about}."
    steps = customer_step_lines(request)  # dual control: what the customer's steps did
    if steps:
        text = " ".join([*steps, *([text] if message is not None else [])])
    hints: dict[str, Any] = {
        "message": text,
        "appraisal": {
            "felt_heard": bool(_EMPATHY.search(last_agent)),
            "made_progress": bool(_PROGRESS.search(last_agent)),
            "repeated_question": False,
            "ignored_concern": bool(last_agent) and not _PROGRESS.search(last_agent),
        },
    }
    if intent is not None:
        hints["intent"] = intent
    return hints


def _enum_of(schema: dict[str, Any], name: str) -> list[Any]:
    node: Any = schema.get("properties", {}).get(name, {})
    for _ in range(4):
        if "enum" in node:
            return list(node["enum"])
        ref = node.get("$ref") or next(
            (o.get("$ref") for o in node.get("anyOf", []) if "$ref" in o), None
        )
        if not ref:
            break
        node = schema.get("$defs", {}).get(ref.rsplit("/", 1)[-1], {})
    return []


def _judge_hints(request: ChatRequest, rng: random.Random) -> dict[str, Any]:
    text = "\n".join(request.user_texts)
    empathic, concrete = bool(_EMPATHY.search(text)), bool(_PROGRESS.search(text))
    scores = {
        "empathy": min(5, max(1, (4 if empathic else 2) + rng.choice((-1, 0, 0, 1)))),
        "clarity": min(5, max(1, (4 if concrete else 3) + rng.choice((-1, 0, 0, 1)))),
        "professionalism": min(5, max(1, 4 + rng.choice((-1, 0, 0, 1)))),
    }
    passed = min(scores.values()) >= 3
    reason = (
        f"The replies are {'empathetic' if empathic else 'matter-of-fact'} and "
        f"{'give concrete next steps' if concrete else 'stay vague'}."
    )
    return {**scores, "passed": passed, "reason": reason, **communication_hints(text)}


def _structured(request: ChatRequest, role: Role, target: Structured, rng: random.Random) -> Answer:
    hints: dict[str, Any] = {}
    if role is Role.CUSTOMER:
        hints = _customer_hints(request, target.schema, rng)
    elif role is Role.JUDGE:
        hints = _judge_hints(request, rng)
    elif role is Role.SUPERVISOR:
        hints = supervisor_hints("\n".join(request.user_texts))
    value = fill(target.schema, rng, hints)
    text = json.dumps(value)
    if target.mode is OutputMode.TOOL and target.tool is not None:
        return Answer(tool_calls=(ToolCall(_call_id(rng), target.tool, text),))
    return Answer(content=text)


def _bare(request: ChatRequest, rng: random.Random) -> Answer:
    found = _BARE.search(request.user_texts[0])
    calls = int(found[1]) if found else 1
    made = sum(m.role == "assistant" for m in request.messages)
    if made + 1 >= calls or not request.tools:
        return Answer(content="done")
    tool = request.tools[0].function
    args = json.dumps(fill(tool.parameters, rng))
    return Answer(tool_calls=(ToolCall(_call_id(rng), tool.name, args),))


def answer(request: ChatRequest, rng: random.Random) -> tuple[Role, Answer]:
    """The mock model's answer to ``request``, drawn from ``rng``."""
    role, target = classify(request)
    match role:
        case Role.SUPPORT:
            move = next_move(read_transcript(request), rng)
            if move.tool is None or move.tool not in request.tool_names:
                # Never a tool the scenario does not offer: a text answer is a reply.
                return role, Answer(content=move.text or _NOT_OFFERED)
            call = ToolCall(_call_id(rng), move.tool, json.dumps(move.args))
            return role, Answer(tool_calls=(call,))
        case Role.CUSTOMER if (step := customer_step_call(request, rng)) is not None:
            return role, step  # dual control: the customer takes a step first
        case Role.CUSTOMER | Role.JUDGE | Role.SUPERVISOR | Role.STRUCTURED:
            assert target is not None
            return role, _structured(request, role, target, rng)
        case Role.BARE:
            return role, _bare(request, rng)
        case Role.CHAT:
            last = request.user_texts[-1] if request.user_texts else ""
            return role, Answer(content=f"Mock answer to: {' '.join(last.split()[:12])}")

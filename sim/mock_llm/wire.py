"""The OpenAI chat-completions wire format: the request (validated) and the answer bodies.

Only what the mock reads is modelled; every other field is accepted and ignored, as a
permissive OpenAI-compatible server does.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

__all__ = [
    "CREATED",
    "Answer",
    "ChatMessage",
    "ChatRequest",
    "FunctionCall",
    "FunctionDef",
    "ToolCall",
    "ToolCallIn",
    "ToolDef",
    "completion_body",
    "error_body",
    "models_body",
    "stream_events",
    "text_of",
]

CREATED = 1_700_000_000
"""A fixed ``created`` timestamp: the same request gives byte-identical answers."""


class _Loose(BaseModel):
    model_config = ConfigDict(extra="allow", frozen=True)


class FunctionCall(_Loose):
    name: str = ""
    arguments: str = ""


class ToolCallIn(_Loose):
    id: str = ""
    function: FunctionCall = FunctionCall()


class ChatMessage(_Loose):
    role: str
    content: str | list[dict[str, Any]] | None = None
    tool_calls: list[ToolCallIn] | None = None
    tool_call_id: str | None = None

    @property
    def text(self) -> str:
        return text_of(self.content)


class FunctionDef(_Loose):
    name: str
    description: str | None = None
    parameters: dict[str, Any] = {}


class ToolDef(_Loose):
    type: str = "function"
    function: FunctionDef


class ChatRequest(_Loose):
    model: str = "mock"
    messages: list[ChatMessage]
    tools: list[ToolDef] | None = None
    tool_choice: Any = None
    response_format: dict[str, Any] | None = None
    stream: bool | None = False

    @property
    def tool_names(self) -> frozenset[str]:
        return frozenset(t.function.name for t in self.tools or ())

    def tool(self, name: str) -> FunctionDef | None:
        return next((t.function for t in self.tools or () if t.function.name == name), None)

    @property
    def system_text(self) -> str:
        return "\n\n".join(m.text for m in self.messages if m.role in ("system", "developer"))

    @property
    def user_texts(self) -> list[str]:
        return [m.text for m in self.messages if m.role == "user"]


def text_of(content: str | list[dict[str, Any]] | None) -> str:
    """Message content as text (content-part lists joined)."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    return "\n".join(str(p.get("text", "")) for p in content if p.get("type") == "text")


@dataclass(frozen=True, slots=True)
class ToolCall:
    id: str
    name: str
    arguments: str
    """JSON text, as the wire carries it (or not JSON at all, when deliberately malformed)."""


@dataclass(frozen=True, slots=True)
class Answer:
    """What the mock says: text, tool calls, or both."""

    content: str | None = None
    tool_calls: tuple[ToolCall, ...] = field(default=())

    @property
    def finish_reason(self) -> Literal["stop", "tool_calls"]:
        return "tool_calls" if self.tool_calls else "stop"


def _tokens(text: str) -> int:
    """A rough token count (4 characters a token), deterministic."""
    return max(1, len(text) // 4)


def _message(answer: Answer) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": answer.content}
    if answer.tool_calls:
        message["tool_calls"] = [
            {
                "id": c.id,
                "type": "function",
                "function": {"name": c.name, "arguments": c.arguments},
            }
            for c in answer.tool_calls
        ]
    return message


def _usage(answer: Answer, prompt_chars: int) -> dict[str, int]:
    out = (answer.content or "") + "".join(c.name + c.arguments for c in answer.tool_calls)
    prompt, completion = max(1, prompt_chars // 4), _tokens(out)
    return {
        "prompt_tokens": prompt,
        "completion_tokens": completion,
        "total_tokens": prompt + completion,
    }


def completion_body(answer: Answer, *, model: str, rid: str, prompt_chars: int) -> bytes:
    body = {
        "id": f"chatcmpl-{rid}",
        "object": "chat.completion",
        "created": CREATED,
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": _message(answer),
                "finish_reason": answer.finish_reason,
                "logprobs": None,
            }
        ],
        "usage": _usage(answer, prompt_chars),
    }
    return json.dumps(body, separators=(",", ":")).encode()


def stream_events(answer: Answer, *, model: str, rid: str, prompt_chars: int) -> list[bytes]:
    """Server-sent events of a streamed answer: the whole delta in one chunk, then usage."""

    def chunk(delta: dict[str, Any], finish: str | None, usage: Any = None) -> bytes:
        data = {
            "id": f"chatcmpl-{rid}",
            "object": "chat.completion.chunk",
            "created": CREATED,
            "model": model,
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
        }
        if usage is not None:
            data["usage"] = usage
        return f"data: {json.dumps(data, separators=(',', ':'))}\n\n".encode()

    delta = _message(answer)
    for i, call in enumerate(delta.get("tool_calls", [])):
        call["index"] = i
    return [
        chunk(delta, None),
        chunk({}, answer.finish_reason, _usage(answer, prompt_chars)),
        b"data: [DONE]\n\n",
    ]


def error_body(status: int, message: str) -> bytes:
    kind, code = {
        400: ("invalid_request_error", "invalid_request"),
        404: ("invalid_request_error", "not_found"),
        429: ("rate_limit_error", "rate_limit_exceeded"),
        503: ("server_error", "service_unavailable"),
        504: ("server_error", "timeout"),
    }.get(status, ("server_error", "internal_error"))
    return json.dumps({"error": {"message": message, "type": kind, "code": code}}).encode()


def models_body(models: tuple[str, ...]) -> bytes:
    data = [
        {"id": m, "object": "model", "created": CREATED, "owned_by": "supportsim"} for m in models
    ]
    return json.dumps({"object": "list", "data": data}).encode()

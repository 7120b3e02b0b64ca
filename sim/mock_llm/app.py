"""The mock OpenAI-compatible server: a Starlette app.

``POST /v1/chat/completions`` (plain or streamed), ``GET /v1/models``, ``GET /health`` and
``GET /mock/stats`` (requests served, by role and by fault) and ``GET /mock/last/{role}`` (the
last request body a role sent): for tests, benchmarks and debugging prompts.
"""

from __future__ import annotations

import asyncio
import math
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from sim.mock_llm.config import FaultMode, MockConfig
from sim.mock_llm.faults import Fate, Fault, draw_fate, malform, request_rng
from sim.mock_llm.roles import answer
from sim.mock_llm.wire import (
    ChatRequest,
    completion_body,
    error_body,
    models_body,
    stream_events,
)

__all__ = ["RETRY_HEADER", "MockState", "create_app"]

RETRY_HEADER = "x-stainless-retry-count"
"""The openai SDKs count their retries here; it is part of what seeds a request's answer."""

_JSON = "application/json"


@dataclass
class MockState:
    """The server's mutable state: counters, and the event that ends hung requests."""

    config: MockConfig
    stats: Counter[str] = field(default_factory=Counter)
    closing: asyncio.Event = field(default_factory=asyncio.Event)
    in_flight: int = 0
    """Completions being answered right now."""
    last: dict[str, bytes] = field(default_factory=dict)
    """The last request body per role (``GET /mock/last/{role}``), to see what a model got."""
    fault_rng: random.Random = field(init=False)
    """The fates of ``random`` mode: one generator per server, seeded by ``fault_seed``."""

    def __post_init__(self) -> None:
        self.fault_rng = random.Random(self.config.fault_seed)


def _error(status: int, message: str, retry_after: float = 0.0) -> Response:
    headers: dict[str, str] = {}
    if retry_after > 0 and status in (429, 503):
        headers["retry-after"] = str(math.ceil(retry_after))
        headers["retry-after-ms"] = str(round(retry_after * 1000))
    return Response(error_body(status, message), status, headers, media_type=_JSON)


async def _hang(request: Request, state: MockState) -> None:
    """Wait ``hang_seconds``, or until the client gives up or the server closes."""

    async def disconnected() -> None:
        while (await request.receive())["type"] != "http.disconnect":
            pass

    waiters = {
        asyncio.ensure_future(disconnected()),
        asyncio.ensure_future(state.closing.wait()),
    }
    try:
        await asyncio.wait(
            waiters, timeout=state.config.hang_seconds, return_when=asyncio.FIRST_COMPLETED
        )
    finally:
        for w in waiters:
            w.cancel()


async def _completions(request: Request) -> Response:
    state: MockState = request.app.state.mock
    state.in_flight += 1
    try:
        return await _complete(request, state)
    finally:
        state.in_flight -= 1


async def _complete(request: Request, state: MockState) -> Response:
    config = state.config
    body = await request.body()
    rng = request_rng(config.seed, body, request.headers.get(RETRY_HEADER, "0"))
    fate: Fate = draw_fate(rng, config)  # drawn in both modes, so that answers never shift
    if config.faults is FaultMode.RANDOM:
        fate = draw_fate(state.fault_rng, config)
    state.stats["requests"] += 1
    if fate.fault is Fault.TIMEOUT:
        state.stats["timeouts"] += 1
        await _hang(request, state)
        return _error(504, "mock: the request hung past the client's timeout")
    if fate.latency > 0:
        await asyncio.sleep(fate.latency)
    if fate.fault is Fault.ERROR:
        state.stats[f"errors_{fate.status}"] += 1
        return _error(fate.status, f"mock: injected {fate.status}", config.retry_after)
    try:
        chat = ChatRequest.model_validate_json(body)
    except ValidationError as exc:
        state.stats["bad_requests"] += 1
        return _error(400, f"mock: invalid request: {exc.errors(include_url=False)[:3]}")
    try:
        role, reply = answer(chat, rng)
    except Exception as exc:  # a request the mock cannot read: say so, as a server would
        state.stats["internal_errors"] += 1
        return _error(500, f"mock: cannot answer this request: {type(exc).__name__}: {exc}")
    state.stats[f"role_{role.value}"] += 1
    state.last[role.value] = body
    if fate.malformed and (broken := malform(reply, rng)) is not None:
        state.stats["malformed"] += 1
        reply = broken
    rid = f"{rng.getrandbits(96):024x}"
    if chat.stream:
        events = stream_events(reply, model=chat.model, rid=rid, prompt_chars=len(body))
        return StreamingResponse(iter(events), media_type="text/event-stream")
    return Response(
        completion_body(reply, model=chat.model, rid=rid, prompt_chars=len(body)),
        media_type=_JSON,
    )


async def _models(request: Request) -> Response:
    state: MockState = request.app.state.mock
    return Response(models_body(state.config.models), media_type=_JSON)


async def _health(request: Request) -> Response:
    return JSONResponse({"status": "ok"})


async def _stats(request: Request) -> Response:
    state: MockState = request.app.state.mock
    data: dict[str, Any] = dict(state.stats)
    data["in_flight"] = state.in_flight
    data["config"] = state.config.model_dump(mode="json")
    return JSONResponse(data)


async def _last(request: Request) -> Response:
    state: MockState = request.app.state.mock
    body = state.last.get(request.path_params["role"])
    if body is None:
        return _error(404, f"mock: no {request.path_params['role']!r} request yet")
    return Response(body, media_type=_JSON)


def create_app(config: MockConfig | None = None) -> Starlette:
    """The mock server's ASGI app; ``app.state.mock`` is its :class:`MockState`."""
    app = Starlette(
        routes=[
            Route("/v1/chat/completions", _completions, methods=["POST"]),
            Route("/chat/completions", _completions, methods=["POST"]),
            Route("/v1/models", _models, methods=["GET"]),
            Route("/health", _health, methods=["GET"]),
            Route("/mock/stats", _stats, methods=["GET"]),
            Route("/mock/last/{role}", _last, methods=["GET"]),
        ]
    )
    app.state.mock = MockState(config or MockConfig())
    return app

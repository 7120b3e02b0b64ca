"""The FastAPI app: OpenEnv's HTTP and WebSocket endpoints over :class:`~sim.env.SupportEnv`.

* ``WS /ws`` -- one isolated session per connection (see :mod:`sim.server.websocket`).
* ``POST /reset``, ``POST /step``, ``GET /state`` -- one shared *default* HTTP session.
  OpenEnv's own ``HTTPEnvServer`` builds a fresh env for every HTTP request, so its
  ``/step`` never sees the episode ``/reset`` started; supportsim keeps a single default
  session instead, so reset → step → state works over plain HTTP. It is shared by every
  HTTP caller, not counted against ``max_sessions`` and never reaped: concurrent clients
  must use the WebSocket.
* ``GET /health``, ``GET /metadata``, ``GET /schema``.

Errors over HTTP are the WebSocket's ``error`` message, with a matching status code.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Sequence
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

import structlog
import uvicorn
from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import HTMLResponse, JSONResponse
from pydantic import BaseModel, ValidationError

from sim.actions import ACTION_TYPES, ALL_ACTION_TYPES, TOOL_TYPES, action_json_schema
from sim.errors import ConfigError
from sim.loader import get_scenario
from sim.logs import configure_logging
from sim.server.openapi import error_responses, install_openapi, request_body, state_ref
from sim.server.page import play_html, play_router, wants_html
from sim.server.protocol import (
    ErrorCode,
    ErrorMessage,
    ProtocolError,
    ResetData,
    StepRequest,
    StepResult,
    error_details,
    parse_json,
    step_result,
)
from sim.server.public import PublicState
from sim.server.sessions import Catalog, EnvFactory, Session, SessionManager, default_env_factory
from sim.server.websocket import Limits, run_session
from sim.state import EpisodeState, Observation

__all__ = ["DEFAULT_MAX_MESSAGE_BYTES", "HTTP_STATUS", "create_app", "serve"]

DEFAULT_MAX_MESSAGE_BYTES = 1_048_576
"""1 MiB: far above any real action (a reply is at most 8,000 characters)."""

HTTP_STATUS: dict[ErrorCode, int] = {
    ErrorCode.INVALID_JSON: 400,
    ErrorCode.UNKNOWN_TYPE: 400,
    ErrorCode.VALIDATION_ERROR: 422,
    ErrorCode.INVALID_ACTION: 422,
    ErrorCode.UNKNOWN_SCENARIO: 422,
    ErrorCode.UNKNOWN_PERSONA: 422,
    ErrorCode.NOT_RESET: 409,
    ErrorCode.EPISODE_DONE: 409,
    ErrorCode.MESSAGE_TOO_LARGE: 413,
    ErrorCode.CAPACITY_REACHED: 503,
    ErrorCode.SESSION_TIMEOUT: 408,
    ErrorCode.EXECUTION_ERROR: 500,
}
"""The HTTP status of each error code on the HTTP endpoints."""

_log = structlog.get_logger("supportsim.server")

_DESCRIPTION = (
    "A customer-support ticket against a simulated customer, as an OpenEnv environment: "
    "the agent replies, searches the knowledge base, issues refunds, escalates or closes."
)


def _package_version() -> str:
    try:
        return version("supportsim")
    except PackageNotFoundError:  # running from a source tree that is not installed
        return "0.0.0"


async def _read_body(request: Request, limit: int) -> bytes:
    """The request body, or ``MESSAGE_TOO_LARGE`` as soon as it exceeds ``limit`` bytes."""
    too_large = ProtocolError(
        ErrorCode.MESSAGE_TOO_LARGE, f"request body exceeds the limit of {limit} bytes"
    )
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise too_large
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise too_large
    return bytes(body)


async def _guarded(call: Awaitable[Observation]) -> Observation:
    """``call``, with an unexpected failure of the env turned into ``EXECUTION_ERROR``."""
    try:
        return await call
    except ProtocolError:
        raise
    except Exception as exc:
        error = f"{type(exc).__name__}: {exc}"
        _log.exception("http.execution_error", error=error)
        raise ProtocolError(ErrorCode.EXECUTION_ERROR, error) from exc


class _HttpSession:
    """The single default session behind ``POST /reset``, ``POST /step`` and ``GET /state``."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.lock = asyncio.Lock()

    async def reset(self, data: ResetData) -> Observation:
        async with self.lock:
            return await _guarded(self.session.reset(data))

    async def step(self, action: Any) -> Observation:
        async with self.lock:
            return await _guarded(self.session.step(action))

    async def state(self) -> dict[str, Any]:
        async with self.lock:
            return self.session.state_json()


def create_app(
    *,
    max_sessions: int = 64,
    idle_timeout: float = 300.0,
    max_message_bytes: int = DEFAULT_MAX_MESSAGE_BYTES,
    default_scenario: str | None = None,
    env_factory: EnvFactory = default_env_factory,
    scenario_files: Sequence[str | Path] = (),
    persona_files: Sequence[str | Path] = (),
    save_dir: Path | None = None,
    expose_state: bool = False,
    send_timeout: float = 10.0,
) -> FastAPI:
    """The supportsim OpenEnv server as a FastAPI app.

    Args:
        max_sessions: Most WebSocket sessions open at once; one more gets
            ``CAPACITY_REACHED`` and is closed.
        idle_timeout: Seconds a WebSocket session may stay silent before it is closed.
        max_message_bytes: Largest WebSocket message or HTTP body accepted.
        default_scenario: Scenario of a reset that names none (default: the first bundled
            scenario id in sorted order).
        env_factory: Builds the env of a reset from scenario and persona ids (or the
            operator's files).
        scenario_files: Scenario files to serve beside the bundled ones (clients name them
            by their id).
        persona_files: Persona files to serve beside the bundled ones.
        save_dir: Where the play page saves episodes played by hand, as runs (``None``:
            saving is off).
        expose_state: ``state`` (WebSocket and ``GET /state``) returns the full episode state,
            scenario internals and the customer's hidden facts included (for debugging);
            by default it returns the public view of :mod:`sim.server.public`.
        send_timeout: Seconds a WebSocket reply may wait for a client that does not read;
            then the session is closed and its slot freed.

    Raises:
        ConfigError: A limit is out of range or ``default_scenario`` is not bundled.
    """
    if idle_timeout <= 0:
        raise ConfigError(f"idle_timeout must be > 0 seconds, not {idle_timeout}")
    if max_message_bytes < 1024:
        raise ConfigError(f"max_message_bytes must be at least 1024, not {max_message_bytes}")
    if not send_timeout > 0:
        raise ConfigError(f"send_timeout must be > 0 seconds, not {send_timeout}")
    catalog = Catalog.bundled(default_scenario, scenario_files, persona_files)
    manager = SessionManager(catalog, max_sessions, env_factory, expose_state=expose_state)
    limits = Limits(
        idle_timeout=idle_timeout, max_message_bytes=max_message_bytes, send_timeout=send_timeout
    )
    http = _HttpSession(Session(catalog, env_factory, expose_state=expose_state))
    state_model: type[BaseModel] = EpisodeState if expose_state else PublicState

    app = FastAPI(
        title="supportsim",
        version=_package_version(),
        description=_DESCRIPTION + " Speaks the OpenEnv wire protocol.",
    )
    app.state.sessions = manager
    app.include_router(play_router(catalog, env_factory, save_dir, max_message_bytes))

    @app.exception_handler(ProtocolError)
    async def _protocol_error(request: Request, exc: ProtocolError) -> JSONResponse:
        body = ErrorMessage.of(exc).model_dump(mode="json", exclude_none=True)
        return JSONResponse(body, status_code=HTTP_STATUS[exc.code])

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
        failure = ProtocolError(ErrorCode.EXECUTION_ERROR, f"{type(exc).__name__}: {exc}")
        body = ErrorMessage.of(failure).model_dump(mode="json", exclude_none=True)
        return JSONResponse(body, status_code=HTTP_STATUS[failure.code])

    @app.websocket("/ws")
    async def ws(websocket: WebSocket) -> None:
        await run_session(websocket, manager, limits)

    @app.post(
        "/reset",
        tags=["Environment Control"],
        response_model=StepResult,
        responses=error_responses(400, 413, 422, 500),
        openapi_extra=request_body("ResetData", required=False),
    )
    async def reset(request: Request) -> dict[str, Any]:
        """Start an episode on the default HTTP session (body: seed, episode_id, scenario,
        persona, options; all optional)."""
        raw = await _read_body(request, max_message_bytes)
        payload = parse_json(raw) if raw.strip() else {}
        try:
            data = ResetData.model_validate(payload)
        except ValidationError as exc:
            raise ProtocolError(
                ErrorCode.VALIDATION_ERROR, "invalid reset parameters", error_details(exc)
            ) from None
        return step_result(await http.reset(data)).model_dump(mode="json")

    @app.post(
        "/step",
        tags=["Environment Control"],
        response_model=StepResult,
        responses=error_responses(400, 409, 413, 422, 500),
        openapi_extra=request_body("StepRequest", required=True),
    )
    async def step(request: Request) -> dict[str, Any]:
        """Apply one action on the default HTTP session (body: ``{"action": {...}}``)."""
        raw = await _read_body(request, max_message_bytes)
        try:
            body = StepRequest.model_validate(parse_json(raw))
        except ValidationError as exc:
            raise ProtocolError(
                ErrorCode.VALIDATION_ERROR,
                'the body must be {"action": {...}}',
                error_details(exc),
            ) from None
        return step_result(await http.step(body.action)).model_dump(mode="json")

    @app.get(
        "/state",
        tags=["State Management"],
        responses={
            200: {"content": {"application/json": {"schema": state_ref(state_model)}}},
            **error_responses(409),
        },
    )
    async def state() -> dict[str, Any]:
        """The state of the default HTTP session's episode: the public view, or everything
        when the server runs with ``--expose-state`` (see ``GET /metadata``)."""
        return await http.state()

    @app.get("/health", tags=["Health"])
    async def health() -> dict[str, Any]:
        return {
            "status": "healthy",
            "active_sessions": manager.active,
            "max_sessions": manager.max_sessions,
        }

    @app.get("/metadata", tags=["Environment Info"])
    async def metadata() -> dict[str, Any]:
        return {
            "name": "supportsim",
            "description": _DESCRIPTION,
            "version": _package_version(),
            "readme_content": None,
            "author": None,
            "documentation_url": None,
            "action_types": list(ACTION_TYPES),
            "tool_types": list(TOOL_TYPES),
            "scenarios": list(catalog.scenarios),
            "personas": list(catalog.personas),
            "default_scenario": catalog.default_scenario,
            "max_sessions": manager.max_sessions,
            "idle_timeout": idle_timeout,
            "max_message_bytes": max_message_bytes,
            "state": "full" if expose_state else "public",
        }

    @app.get("/schema", tags=["Schema"], responses=error_responses(422))
    async def schema(scenario: str | None = None) -> dict[str, Any]:
        """JSON schemas of the action, the observation, the state and the reset parameters.

        ``?scenario=ID``: the action schema has exactly that scenario's tools."""
        tools = None
        if scenario:
            served, _ = catalog.check(ResetData(scenario=scenario[:200]))
            tools = list(get_scenario(served).available_tools)
        return {
            "action": action_json_schema(tools),
            "tools": tools if tools is not None else list(ALL_ACTION_TYPES),
            "observation": Observation.model_json_schema(),
            "state": state_model.model_json_schema(),
            "reset": ResetData.model_json_schema(),
        }

    install_openapi(app, state_model)

    @app.get("/", include_in_schema=False, response_model=None)
    async def root(request: Request) -> dict[str, Any] | HTMLResponse:
        if wants_html(request):  # a browser: the page to play a ticket by hand
            return HTMLResponse(play_html())
        return {
            "name": "supportsim",
            "protocol": "openenv",
            "websocket": "/ws",
            "docs": "/docs",
            "health": "/health",
            "play": "/play",
        }

    return app


_LOG_LEVELS = {"trace": "debug", "critical": "error"}
"""uvicorn's levels that supportsim's logging does not have, and the nearest it has."""


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    max_sessions: int = 64,
    idle_timeout: float = 300.0,
    log_level: str = "info",
    max_message_bytes: int = DEFAULT_MAX_MESSAGE_BYTES,
    scenario_files: Sequence[str | Path] = (),
    persona_files: Sequence[str | Path] = (),
    save_dir: Path | None = None,
    expose_state: bool = False,
    workers: int = 1,
) -> None:
    """Run the server with uvicorn until interrupted (blocking); ``workers`` > 1 runs that
    many server processes on the port (see :mod:`sim.server.multi`: limits per process).

    The WebSocket frame limit is four times ``max_message_bytes``: a message between the
    two gets a ``MESSAGE_TOO_LARGE`` error and the session goes on; a larger frame is
    refused by the protocol layer (close code 1009). ``log_level`` is one of debug, info,
    warning, error (uvicorn's trace and critical map to debug and error).

    Raises:
        ConfigError: A limit is out of range (before anything is bound).
    """
    app = create_app(
        max_sessions=max_sessions,
        idle_timeout=idle_timeout,
        max_message_bytes=max_message_bytes,
        scenario_files=scenario_files,
        persona_files=persona_files,
        save_dir=save_dir,
        expose_state=expose_state,
    )
    level = _LOG_LEVELS.get(log_level, log_level)
    configure_logging(level, console_level=level)
    if workers > 1:
        from sim.server.multi import serve_workers

        serve_workers(
            workers,
            host=host,
            port=port,
            log_level=level,
            uvicorn_log_level=log_level,
            ws_max_size=4 * max_message_bytes,
            max_sessions=max_sessions,
            idle_timeout=idle_timeout,
            max_message_bytes=max_message_bytes,
            scenario_files=list(scenario_files),
            persona_files=list(persona_files),
            save_dir=save_dir,
            expose_state=expose_state,
        )
        return
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        ws_max_size=4 * max_message_bytes,
        lifespan="off",
    )
    uvicorn.Server(config).run()

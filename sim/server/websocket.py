"""``WS /ws``: one session per connection, messages handled one at a time, in order.

Every bad message gets an ``error`` reply and the session stays usable. The connection is
closed by the server only when it cannot go on: capacity reached (code 1013), idle timeout
(1000, after a ``SESSION_TIMEOUT`` error), or the client's ``close`` message (1000).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import assert_never

import structlog
from fastapi import WebSocket, WebSocketDisconnect
from pydantic import BaseModel

from sim.server.protocol import (
    CloseMessage,
    ErrorCode,
    ErrorMessage,
    ObservationMessage,
    ProtocolError,
    ResetMessage,
    StateMessage,
    StateRequest,
    StepMessage,
    parse_message,
    step_result,
)
from sim.server.sessions import Session, SessionManager

__all__ = ["WS_CLOSE_NORMAL", "WS_CLOSE_TRY_AGAIN_LATER", "Limits", "handle_text", "run_session"]

WS_CLOSE_NORMAL = 1000
WS_CLOSE_TRY_AGAIN_LATER = 1013

_log = structlog.get_logger("supportsim.server")


@dataclass(frozen=True, slots=True)
class Limits:
    """Per-connection limits."""

    idle_timeout: float
    """Seconds without a message after which the session is closed."""
    max_message_bytes: int
    """Largest message accepted; larger ones get ``MESSAGE_TOO_LARGE``."""


def _error_json(exc: ProtocolError) -> str:
    return ErrorMessage.of(exc).model_dump_json(exclude_none=True)


def _dump(message: BaseModel) -> str:
    return message.model_dump_json()


async def handle_text(session: Session, text: str | bytes) -> str | None:
    """The reply to one message, or ``None`` for ``close``. Never raises."""
    try:
        message = parse_message(text)
        match message:
            case ResetMessage():
                obs = await session.reset(message.data)
                return _dump(ObservationMessage(data=step_result(obs)))
            case StepMessage():
                obs = await session.step(message.data)
                return _dump(ObservationMessage(data=step_result(obs)))
            case StateRequest():
                return _dump(StateMessage(data=session.state().model_dump(mode="json")))
            case CloseMessage():
                return None
            case _:
                assert_never(message)
    except ProtocolError as exc:
        return _error_json(exc)
    except Exception as exc:  # the env failed: report it, keep the session and the server
        _log.exception(
            "session.execution_error", session=session.id, error=f"{type(exc).__name__}: {exc}"
        )
        return _error_json(ProtocolError(ErrorCode.EXECUTION_ERROR, f"{type(exc).__name__}: {exc}"))


async def _receive(ws: WebSocket, limits: Limits) -> str | bytes | None:
    """The next message's payload, ``None`` on disconnect; ``TimeoutError`` when idle."""
    async with asyncio.timeout(limits.idle_timeout):
        event = await ws.receive()
    if event["type"] == "websocket.disconnect":
        return None
    text: str | None = event.get("text")
    if text is not None:
        return text
    data: bytes | None = event.get("bytes")
    return data if data is not None else b""


async def run_session(ws: WebSocket, manager: SessionManager, limits: Limits) -> None:
    """Serve one WebSocket connection until the client leaves or the session ends."""
    await ws.accept()
    try:
        session = manager.open()
    except ProtocolError as exc:
        _log.warning("session.rejected", reason=exc.code.value, active=manager.active)
        await ws.send_text(_error_json(exc))
        await ws.close(code=WS_CLOSE_TRY_AGAIN_LATER, reason="server at capacity")
        return
    try:
        while True:
            try:
                payload = await _receive(ws, limits)
            except TimeoutError:
                _log.info("session.idle_timeout", session=session.id, after=limits.idle_timeout)
                timeout = ProtocolError(
                    ErrorCode.SESSION_TIMEOUT,
                    f"session idle for more than {limits.idle_timeout:g}s; closed",
                )
                await ws.send_text(_error_json(timeout))
                await ws.close(code=WS_CLOSE_NORMAL, reason="idle timeout")
                return
            if payload is None:
                return
            size = len(payload.encode() if isinstance(payload, str) else payload)
            if size > limits.max_message_bytes:
                too_big = ProtocolError(
                    ErrorCode.MESSAGE_TOO_LARGE,
                    f"message of {size} bytes exceeds the limit of {limits.max_message_bytes}",
                )
                await ws.send_text(_error_json(too_big))
                continue
            reply = await handle_text(session, payload)
            if reply is None:
                await ws.close(code=WS_CLOSE_NORMAL)
                return
            await ws.send_text(reply)
    except WebSocketDisconnect:
        return
    except (OSError, RuntimeError) as exc:  # the client vanished while we were sending
        _log.info("session.lost", session=session.id, error=f"{type(exc).__name__}: {exc}")
    finally:
        manager.close(session)

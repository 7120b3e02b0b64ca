"""``WS /ws``: one session per connection, messages handled one at a time, in order.

Every bad message gets an ``error`` reply and the session stays usable. The connection is
closed by the server only when it cannot go on: capacity reached (code 1013), idle timeout
(1000, after a ``SESSION_TIMEOUT`` error), the client's ``close`` message (1000), or a client
that does not read its replies: a send that cannot complete within ``send_timeout`` ends the
session and frees its slot (the connection is then dropped).
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
    send_timeout: float = 10.0
    """Seconds a reply may wait for the client to read; then the session is closed."""


class _Stuck(Exception):
    """A send did not complete in time: the client is not reading."""


async def _send(ws: WebSocket, text: str, limits: Limits) -> None:
    try:
        async with asyncio.timeout(limits.send_timeout):
            await ws.send_text(text)
    except TimeoutError:
        raise _Stuck from None


async def _close(ws: WebSocket, code: int, limits: Limits, reason: str = "") -> None:
    try:
        async with asyncio.timeout(limits.send_timeout):
            await ws.close(code=code, reason=reason)
    except TimeoutError:
        raise _Stuck from None


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
                return _dump(StateMessage(data=session.state_json()))
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
        try:
            await _send(ws, _error_json(exc), limits)
            await _close(ws, WS_CLOSE_TRY_AGAIN_LATER, limits, "server at capacity")
        except (_Stuck, WebSocketDisconnect, OSError, RuntimeError):
            pass
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
                await _send(ws, _error_json(timeout), limits)
                await _close(ws, WS_CLOSE_NORMAL, limits, "idle timeout")
                return
            if payload is None:
                return
            size = len(payload.encode() if isinstance(payload, str) else payload)
            if size > limits.max_message_bytes:
                too_big = ProtocolError(
                    ErrorCode.MESSAGE_TOO_LARGE,
                    f"message of {size} bytes exceeds the limit of {limits.max_message_bytes}",
                )
                await _send(ws, _error_json(too_big), limits)
                continue
            reply = await handle_text(session, payload)
            if reply is None:
                await _close(ws, WS_CLOSE_NORMAL, limits)
                return
            await _send(ws, reply, limits)
    except WebSocketDisconnect:
        return
    except _Stuck:
        _log.warning(
            "session.send_timeout",
            session=session.id,
            after=limits.send_timeout,
            note="the client does not read its replies; session closed",
        )
    except (OSError, RuntimeError) as exc:  # the client vanished while we were sending
        _log.info("session.lost", session=session.id, error=f"{type(exc).__name__}: {exc}")
    finally:
        manager.close(session)

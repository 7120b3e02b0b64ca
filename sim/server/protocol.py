"""The OpenEnv wire protocol as pydantic models: what clients send, what the server answers.

Client → server (``WS /ws``), a union discriminated on ``type``::

    {"type": "reset", "data": {"seed": 7, "scenario": "easy-password-reset"}}
    {"type": "step",  "data": {"type": "reply", "content": "Hello!"}}
    {"type": "state"}
    {"type": "close"}

Server → client::

    {"type": "observation", "data": {"observation": {...}, "reward": 0.0, "done": false}}
    {"type": "state",       "data": {...EpisodeState...}}
    {"type": "error",       "data": {"message": "...", "code": "INVALID_ACTION"}}

The shapes and the error codes OpenEnv itself defines (``INVALID_JSON``, ``UNKNOWN_TYPE``,
``VALIDATION_ERROR``, ``EXECUTION_ERROR``, ``CAPACITY_REACHED``) are those of
``openenv.core.env_server``; the other codes are supportsim's.
"""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from sim.errors import SupportSimError
from sim.state import Observation

__all__ = [
    "MESSAGE_TYPES",
    "ClientMessage",
    "CloseMessage",
    "ErrorCode",
    "ErrorData",
    "ErrorMessage",
    "ObservationMessage",
    "ProtocolError",
    "ResetData",
    "ResetMessage",
    "StateMessage",
    "StateRequest",
    "StepMessage",
    "StepRequest",
    "StepResult",
    "error_details",
    "parse_json",
    "parse_message",
    "step_result",
]


class ErrorCode(StrEnum):
    """Why a request failed; sent as ``data.code`` of an ``error`` message."""

    INVALID_JSON = "INVALID_JSON"
    """The message is not valid JSON (or not UTF-8 text)."""
    UNKNOWN_TYPE = "UNKNOWN_TYPE"
    """The message ``type`` is missing or not one of reset, step, state, close."""
    VALIDATION_ERROR = "VALIDATION_ERROR"
    """The message envelope or the reset parameters have the wrong shape or types."""
    INVALID_ACTION = "INVALID_ACTION"
    """The step payload is not a valid action (unknown action type, wrong field types)."""
    UNKNOWN_SCENARIO = "UNKNOWN_SCENARIO"
    """``reset`` named a scenario that is not bundled with the server."""
    UNKNOWN_PERSONA = "UNKNOWN_PERSONA"
    """``reset`` named a persona that is not bundled with the server."""
    NOT_RESET = "NOT_RESET"
    """``step`` or ``state`` before the session's first ``reset``."""
    EPISODE_DONE = "EPISODE_DONE"
    """``step`` after the episode ended; send ``reset`` to start another."""
    MESSAGE_TOO_LARGE = "MESSAGE_TOO_LARGE"
    """The message is larger than the server's ``max_message_bytes``."""
    CAPACITY_REACHED = "CAPACITY_REACHED"
    """Every session slot is taken; the connection is closed (WebSocket code 1013)."""
    SESSION_TIMEOUT = "SESSION_TIMEOUT"
    """The session was idle longer than the server's idle timeout and is closed."""
    EXECUTION_ERROR = "EXECUTION_ERROR"
    """The environment failed unexpectedly; the session stays open."""


class ProtocolError(SupportSimError):
    """A request the server refuses; becomes an ``error`` message, never a crash."""

    def __init__(
        self, code: ErrorCode, message: str, errors: list[dict[str, Any]] | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.errors = errors


def error_details(exc: ValidationError) -> list[dict[str, Any]]:
    """A pydantic error list that is safe to send: location, message and kind, no input."""
    return [
        {"loc": list(e["loc"]), "msg": e["msg"], "type": e["type"]}
        for e in exc.errors(include_url=False, include_context=False, include_input=False)
    ]


class _Wire(BaseModel):
    model_config = ConfigDict(extra="forbid")


# -- client → server -----------------------------------------------------------------


class GenerateOption(_Wire):
    """``reset``'s ``generate`` option: a fresh generated scenario instead of a served one
    (:mod:`sim.generate`); the same family, split, seed and index give the same scenario."""

    family: str = Field(min_length=1, max_length=100)
    seed: int = Field(strict=True)
    split: Literal["train", "test"] = "train"
    index: int = Field(default=0, ge=0, le=10**9, strict=True)


class ResetData(_Wire):
    """Parameters of ``reset`` (the ``data`` of a reset message, or the ``POST /reset`` body)."""

    seed: int | None = Field(default=None, strict=True)
    """Seed of the episode's random generator; the same seed gives the same episode."""
    episode_id: str | None = Field(default=None, min_length=1, max_length=255)
    """Id of the episode; by default derived from the seed."""
    scenario: str | None = Field(default=None, min_length=1, max_length=200)
    """Id of a bundled scenario; by default the server's default scenario."""
    persona: str | None = Field(default=None, min_length=1, max_length=200)
    """Id of a bundled persona; by default the scenario's own."""
    options: dict[str, Any] | None = None
    """Passed through to ``SupportEnv.reset(options=...)``."""
    generate: GenerateOption | None = None
    """Play a generated scenario (family, seed) instead of ``scenario``."""


class ResetMessage(_Wire):
    type: Literal["reset"]
    data: ResetData = Field(default_factory=ResetData)


class StepMessage(_Wire):
    type: Literal["step"]
    data: Any
    """The action, e.g. ``{"type": "reply", "content": "..."}``; validated on its own so
    that a bad action is reported as ``INVALID_ACTION``."""


class StateRequest(_Wire):
    type: Literal["state"]


class CloseMessage(_Wire):
    type: Literal["close"]


ClientMessage = Annotated[
    ResetMessage | StepMessage | StateRequest | CloseMessage,
    Field(discriminator="type"),
]
"""Any message a client may send over ``WS /ws``."""

MESSAGE_TYPES: tuple[str, ...] = ("reset", "step", "state", "close")

_CLIENT_MESSAGE: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)


def parse_json(text: str | bytes) -> Any:
    """Decode JSON text; anything undecodable is ``INVALID_JSON``."""
    try:
        return json.loads(text)
    except UnicodeDecodeError:
        raise ProtocolError(ErrorCode.INVALID_JSON, "message is not UTF-8 text") from None
    except RecursionError:
        raise ProtocolError(ErrorCode.INVALID_JSON, "JSON is nested too deeply") from None
    except ValueError as exc:  # JSONDecodeError, or an integer too long to convert
        raise ProtocolError(ErrorCode.INVALID_JSON, f"invalid JSON: {exc}") from None


def parse_message(text: str | bytes) -> ClientMessage:
    """Decode and validate one client message, or raise :class:`ProtocolError`."""
    raw = parse_json(text)
    if not isinstance(raw, dict):
        raise ProtocolError(
            ErrorCode.VALIDATION_ERROR,
            f"a message must be a JSON object with a 'type'; got {type(raw).__name__}",
        )
    kind = raw.get("type")
    if not isinstance(kind, str) or kind not in MESSAGE_TYPES:
        raise ProtocolError(
            ErrorCode.UNKNOWN_TYPE,
            f"unknown message type {kind!r}; expected one of {', '.join(MESSAGE_TYPES)}",
        )
    try:
        return _CLIENT_MESSAGE.validate_python(raw)
    except ValidationError as exc:
        details = error_details(exc)
        summary = "; ".join(
            f"{'.'.join(map(str, d['loc'][1:])) or kind}: {d['msg']}" for d in details[:3]
        )
        raise ProtocolError(
            ErrorCode.VALIDATION_ERROR, f"invalid {kind} message: {summary}", details
        ) from None


class StepRequest(BaseModel):
    """The ``POST /step`` body, as OpenEnv's ``StepRequest``."""

    model_config = ConfigDict(extra="forbid")

    action: Any
    """The action, validated like the ``data`` of a WebSocket step message."""
    timeout_s: float | None = Field(default=None, gt=0)
    """Accepted for OpenEnv compatibility; not used (steps of a scripted customer are fast)."""
    request_id: str | None = Field(default=None, max_length=255)
    """Accepted for OpenEnv compatibility; not used."""


# -- server → client -----------------------------------------------------------------


class StepResult(BaseModel):
    """``data`` of an observation message; also the body of ``POST /reset`` and ``/step``."""

    observation: dict[str, Any]
    """The :class:`~sim.state.Observation` as JSON, without ``reward`` and ``done``."""
    reward: float | None
    done: bool


class ObservationMessage(BaseModel):
    type: Literal["observation"] = "observation"
    data: StepResult


class StateMessage(BaseModel):
    type: Literal["state"] = "state"
    data: dict[str, Any]
    """The full :class:`~sim.state.EpisodeState` as JSON."""


class ErrorData(BaseModel):
    message: str
    code: ErrorCode
    errors: list[dict[str, Any]] | None = None
    """Field-level problems, for validation errors."""


class ErrorMessage(BaseModel):
    type: Literal["error"] = "error"
    data: ErrorData

    @classmethod
    def of(cls, exc: ProtocolError) -> ErrorMessage:
        return cls(data=ErrorData(message=exc.message, code=exc.code, errors=exc.errors))


def step_result(obs: Observation) -> StepResult:
    """An observation in OpenEnv's result shape: ``reward`` and ``done`` lifted out of it."""
    return StepResult(
        observation=obs.model_dump(mode="json", exclude={"reward", "done"}),
        reward=obs.reward,
        done=obs.done,
    )

"""supportsim over the OpenEnv wire protocol: a FastAPI app and a blocking ``serve``.

    from sim.server import serve
    serve(host="0.0.0.0", port=8000)          # what ``supportsim serve`` runs

Each WebSocket connection to ``/ws`` is its own isolated session (capped, reaped when
idle); ``POST /reset``, ``POST /step`` and ``GET /state`` share one default HTTP session.
``state`` is the public view (:class:`PublicState`) unless ``expose_state`` is set.
"""

from sim.server.app import DEFAULT_MAX_MESSAGE_BYTES, HTTP_STATUS, create_app, serve
from sim.server.protocol import (
    ClientMessage,
    ErrorCode,
    ErrorMessage,
    ObservationMessage,
    ProtocolError,
    ResetData,
    StateMessage,
    StepRequest,
    StepResult,
)
from sim.server.public import PublicState, public_state
from sim.server.sessions import Catalog, EnvFactory, Session, SessionManager, default_env_factory

__all__ = [
    # running
    "DEFAULT_MAX_MESSAGE_BYTES",
    "create_app",
    "serve",
    # wire protocol
    "HTTP_STATUS",
    "ClientMessage",
    "ErrorCode",
    "ErrorMessage",
    "ObservationMessage",
    "ProtocolError",
    "ResetData",
    "StateMessage",
    "StepRequest",
    "StepResult",
    "PublicState",
    "public_state",
    # sessions
    "Catalog",
    "EnvFactory",
    "Session",
    "SessionManager",
    "default_env_factory",
]

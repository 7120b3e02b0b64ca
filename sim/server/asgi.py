"""A module-level ASGI app, for ``uvicorn sim.server.asgi:app`` and OpenEnv's manifest.

``supportsim serve`` is the usual way to run the server; this module exists for tools that
start an app by import path (``openenv.yaml``'s ``app:``). Limits come from the environment:
``SUPPORTSIM_MAX_SESSIONS`` (64), ``SUPPORTSIM_IDLE_TIMEOUT`` (300 seconds) and
``SUPPORTSIM_MAX_MESSAGE_BYTES`` (1 MiB).
"""

from __future__ import annotations

import os

from sim.server.app import DEFAULT_MAX_MESSAGE_BYTES, create_app

__all__ = ["app"]

app = create_app(
    max_sessions=int(os.environ.get("SUPPORTSIM_MAX_SESSIONS", "64")),
    idle_timeout=float(os.environ.get("SUPPORTSIM_IDLE_TIMEOUT", "300")),
    max_message_bytes=int(
        os.environ.get("SUPPORTSIM_MAX_MESSAGE_BYTES", str(DEFAULT_MAX_MESSAGE_BYTES))
    ),
)

"""``supportsim serve --workers N``: N server processes behind one port (uvicorn workers).

uvicorn's supervisor binds the socket once and starts N processes that accept on it; the
kernel hands each new connection to one of them. A WebSocket session is one connection,
so it stays on the process that opened it; ``/health``, ``/metadata``, ``/schema`` answer
from any. Each process has its own sessions, so ``max_sessions`` is a cap per process
(N x ``max_sessions`` in all), and its own default HTTP session: ``POST /reset`` then
``POST /step`` continue one episode only over one keep-alive connection.

Every process builds its app from the options the parent put in ``SUPPORTSIM_SERVER``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import uvicorn
from fastapi import FastAPI

__all__ = ["OPTIONS_ENV", "app_from_env", "serve_workers"]

OPTIONS_ENV = "SUPPORTSIM_SERVER"
"""JSON: ``create_app``'s keyword arguments and the log level, for each worker process."""


def app_from_env() -> FastAPI:
    """The app of one worker process (uvicorn calls this factory in each of them)."""
    from sim.logs import configure_logging
    from sim.server.app import create_app

    options: dict[str, Any] = json.loads(os.environ[OPTIONS_ENV])
    level = options.pop("log_level")
    if options.get("save_dir") is not None:
        options["save_dir"] = Path(options["save_dir"])
    configure_logging(level, console_level=level)
    return create_app(**options)


def serve_workers(
    workers: int,
    *,
    host: str,
    port: int,
    log_level: str,
    uvicorn_log_level: str,
    ws_max_size: int,
    max_sessions: int,
    idle_timeout: float,
    max_message_bytes: int,
    scenario_files: list[str | Path],
    persona_files: list[str | Path],
    save_dir: Path | None = None,
    expose_state: bool = False,
) -> None:
    """Run ``workers`` server processes until interrupted (blocking)."""
    options = {
        "log_level": log_level,
        "max_sessions": max_sessions,
        "idle_timeout": idle_timeout,
        "max_message_bytes": max_message_bytes,
        "scenario_files": [str(p) for p in scenario_files],
        "persona_files": [str(p) for p in persona_files],
        "save_dir": None if save_dir is None else str(save_dir),
        "expose_state": expose_state,
    }
    os.environ[OPTIONS_ENV] = json.dumps(options)
    uvicorn.run(
        "sim.server.multi:app_from_env",
        factory=True,
        workers=workers,
        host=host,
        port=port,
        log_level=uvicorn_log_level,
        ws_max_size=ws_max_size,
        lifespan="off",
    )

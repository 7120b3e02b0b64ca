"""Live-server fixtures: a real uvicorn server on a free loopback port, in a thread."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from sim.server import create_app
from sim.server.testing import LiveServer

MAX_MESSAGE_BYTES = 64 * 1024
"""The message limit of the shared test server (small, to test oversize messages)."""
WS_MAX_SIZE = 4 * MAX_MESSAGE_BYTES
"""The frame limit of the shared test server's protocol layer (as ``serve`` sets it)."""


@pytest.fixture(scope="module")
def server() -> Iterator[LiveServer]:
    """One server shared by a test module."""
    app = create_app(max_sessions=32, idle_timeout=30.0, max_message_bytes=MAX_MESSAGE_BYTES)
    with LiveServer(app, ws_max_size=WS_MAX_SIZE) as live:
        yield live
    assert not live.alive


@pytest.fixture
def start_server() -> Iterator[Callable[..., LiveServer]]:
    """Start a dedicated server with ``create_app(**kwargs)``; stopped after the test."""
    started: list[LiveServer] = []

    def start(**kwargs: Any) -> LiveServer:
        live = LiveServer(create_app(**kwargs))
        live.start()
        started.append(live)
        return live

    yield start
    for live in started:
        live.stop()

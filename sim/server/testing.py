"""A real uvicorn server on a free loopback port, in a background thread: for tests,
benchmarks and notebooks that need a live endpoint.

    with LiveServer(create_app(max_sessions=8)) as server:
        httpx.get(f"{server.url}/health")
"""

from __future__ import annotations

import socket
import threading
import time
from types import TracebackType

import httpx
import uvicorn
from fastapi import FastAPI

__all__ = ["LiveServer"]


class LiveServer:
    """Runs ``app`` with uvicorn on ``127.0.0.1:<free port>`` until the ``with`` block ends."""

    def __init__(
        self, app: FastAPI, *, ws_max_size: int = 16 * 1024 * 1024, startup_timeout: float = 10.0
    ) -> None:
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._sock.bind(("127.0.0.1", 0))
        self.port: int = self._sock.getsockname()[1]
        config = uvicorn.Config(
            app,
            log_level="warning",
            ws_max_size=ws_max_size,
            lifespan="off",
            access_log=False,
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(
            target=self._server.run, kwargs={"sockets": [self._sock]}, daemon=True
        )
        self._startup_timeout = startup_timeout

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def start(self) -> None:
        """Start serving and wait until ``GET /health`` answers."""
        self._thread.start()
        deadline = time.monotonic() + self._startup_timeout
        while time.monotonic() < deadline:
            if not self._thread.is_alive():
                raise RuntimeError("the server thread exited during startup")
            if self._server.started:
                try:
                    if httpx.get(f"{self.url}/health", timeout=1.0).status_code == 200:
                        return
                except httpx.TransportError:
                    pass
            time.sleep(0.02)
        self.stop()
        raise TimeoutError(f"server did not become healthy within {self._startup_timeout}s")

    def stop(self) -> None:
        """Ask uvicorn to exit and wait for the thread."""
        self._server.should_exit = True
        if self._thread.is_alive():
            self._thread.join(timeout=10.0)
        self._sock.close()

    @property
    def alive(self) -> bool:
        return self._thread.is_alive()

    def __enter__(self) -> LiveServer:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

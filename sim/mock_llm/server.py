"""Running the mock: in-process on a free port (tests), in a child process (benchmarks, so its
CPU is not the caller's), or in the foreground (the ``supportsim mock-llm`` command).

    async with serve_mock(MockConfig(seed=1)) as mock:
        model = make_model("mock", mock.base_url)
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import select
import socket
import subprocess
import sys
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from types import TracebackType
from typing import Any

import httpx
import uvicorn
from starlette.applications import Starlette

from sim.errors import ConfigError
from sim.mock_llm.app import MockState, create_app
from sim.mock_llm.config import MockConfig

__all__ = ["READY", "MockProcess", "MockServer", "run_mock", "serve_mock"]

READY = "READY"
"""What ``python -m sim.mock_llm`` prints, with the port, once it listens."""


@dataclass(frozen=True)
class MockServer:
    """A running mock: where it listens, and its app (``state.stats`` counts requests)."""

    host: str
    port: int
    app: Starlette

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def base_url(self) -> str:
        """What ``--base-url`` / ``make_model(name, base_url)`` take."""
        return f"{self.url}/v1"

    @property
    def state(self) -> MockState:
        state: MockState = self.app.state.mock
        return state


def _uvicorn(app: Starlette, host: str, port: int) -> uvicorn.Server:
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        access_log=False,
        lifespan="off",
        timeout_graceful_shutdown=2,
        timeout_keep_alive=30,
    )
    return uvicorn.Server(config)


def _bind(host: str, port: int) -> socket.socket:
    """A listening-ready socket on ``host:port``, or a clear error when the port is taken.

    Binding here, before uvicorn, turns a busy port into one line (uvicorn would exit the
    process from inside a task) and leaves no window for another process to take it."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
    except socket.gaierror as exc:
        raise ConfigError(f"mock-llm: cannot resolve host {host!r} ({exc.strerror})") from None
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise ConfigError(
                f"mock-llm: port {port} on {host} is already in use (is another mock-llm still "
                "running? stop it, or choose another --port; --port 0 picks a free one)"
            ) from None
        raise ConfigError(
            f"mock-llm: cannot listen on {host}:{port} ({exc.strerror or exc})"
        ) from None
    sock.set_inheritable(True)
    return sock


async def _start(server: uvicorn.Server, sock: socket.socket) -> tuple[asyncio.Task[None], int]:
    task = asyncio.create_task(server.serve(sockets=[sock]))
    while not server.started:
        if task.done():
            exc = task.exception()
            raise ConfigError(
                f"mock-llm could not listen on {server.config.host}:{server.config.port} "
                f"({type(exc).__name__ if exc else 'exited'})"
            )
        await asyncio.sleep(0.005)
    sockets = server.servers[0].sockets if server.servers else ()
    return task, int(sockets[0].getsockname()[1]) if sockets else server.config.port


async def _stop(server: uvicorn.Server, state: MockState, task: asyncio.Task[None]) -> None:
    state.closing.set()  # hung requests answer at once
    server.should_exit = True
    with contextlib.suppress(SystemExit):
        await task


@contextlib.asynccontextmanager
async def serve_mock(
    config: MockConfig | None = None, *, host: str = "127.0.0.1", port: int = 0
) -> AsyncIterator[MockServer]:
    """Serve the mock with uvicorn in this event loop (a real socket; ``port=0``: a free one)."""
    app = create_app(config)
    server = _uvicorn(app, host, port)
    with _bind(host, port) as sock:
        task, bound = await _start(server, sock)
        try:
            yield MockServer(host, bound, app)
        finally:
            await _stop(server, app.state.mock, task)


def run_mock(
    config: MockConfig,
    *,
    host: str = "127.0.0.1",
    port: int = 8099,
    on_ready: Callable[[MockServer], None] | None = None,
) -> None:
    """Serve in the foreground until interrupted (SIGINT/SIGTERM), on uvloop when installed."""
    app = create_app(config)
    server = _uvicorn(app, host, port)
    sock = _bind(host, port)

    async def main() -> None:
        task, bound = await _start(server, sock)
        if on_ready is not None:
            on_ready(MockServer(host, bound, app))
        try:
            await task
        finally:
            await _stop(server, app.state.mock, task)

    server.config.load()
    with sock, asyncio.Runner(loop_factory=server.config.get_loop_factory()) as runner:
        runner.run(main())


class MockProcess:
    """The mock in a child process (``python -m sim.mock_llm``), so its CPU time is not the
    caller's. ``with MockProcess(MockConfig(latency="0.2")) as mock: ... mock.base_url``"""

    def __init__(self, config: MockConfig, *, host: str = "127.0.0.1") -> None:
        self.config = config
        self.host = host
        self.port = 0
        self.process: subprocess.Popen[str] | None = None

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}/v1"

    def stats(self) -> dict[str, Any]:
        """The child's counters (``GET /mock/stats``)."""
        data: dict[str, Any] = httpx.get(f"http://{self.host}:{self.port}/mock/stats").json()
        return data

    def start(self, timeout: float = 30.0) -> MockProcess:
        """Start the child and wait until it listens (on a free port)."""
        command = [sys.executable, "-m", "sim.mock_llm", "--config", self.config.model_dump_json()]
        self.process = subprocess.Popen(
            [*command, "--host", self.host, "--port", "0"], stdout=subprocess.PIPE, text=True
        )
        assert self.process.stdout is not None
        ready, _, _ = select.select([self.process.stdout], [], [], timeout)
        line = self.process.stdout.readline() if ready else ""
        if not line.startswith(READY):
            self.stop()
            raise RuntimeError(f"mock-llm process did not start within {timeout:g}s: {line!r}")
        self.port = int(line.split()[1])
        return self

    def stop(self) -> None:
        """Terminate the child (SIGTERM: uvicorn shuts down) and wait for it."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def __enter__(self) -> MockProcess:
        return self.start()

    def __exit__(
        self, et: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()

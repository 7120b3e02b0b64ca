"""`supportsim serve --workers 2`: two server processes on one port; WebSocket sessions stay
on their process and play exactly as in process; HTTP answers from any process."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

import httpx
import psutil
import pytest
from websockets.asyncio.client import connect

from sim.loader import bundled_scenario_ids
from tests.server.helpers import Episode, play_in_process, play_over_ws, reference_actions

pytestmark = pytest.mark.slow


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[str, psutil.Process]]:
    port = _free_port()
    code = "from sim.cli import main; main()"
    proc = subprocess.Popen(
        [sys.executable, "-c", code, "serve", "--port", str(port), "--workers", "2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
        try:
            if httpx.get(f"{url}/health", timeout=1).status_code == 200:
                break
        except httpx.TransportError:
            time.sleep(0.1)
    try:
        yield url, psutil.Process(proc.pid)
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def _server_processes(supervisor: psutil.Process) -> list[psutil.Process]:
    return [p for p in supervisor.children() if "spawn_main" in " ".join(p.cmdline())]


def test_two_processes_serve_the_port(server: tuple[str, psutil.Process]) -> None:
    url, supervisor = server
    deadline = time.monotonic() + 60
    while len(_server_processes(supervisor)) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert len(_server_processes(supervisor)) == 2
    for _ in range(10):  # fresh connections: any process answers
        with httpx.Client(base_url=url) as client:
            assert client.get("/health").json()["status"] == "healthy"
            assert "easy-password-reset" in client.get("/metadata").json()["scenarios"]


async def test_sessions_play_as_in_process(server: tuple[str, psutil.Process]) -> None:
    url, _ = server
    scenarios = bundled_scenario_ids()
    episodes = [
        Episode(scenarios[i % len(scenarios)], seed=500 + i, actions=reference_actions(s))
        for i, s in enumerate(scenarios[i % len(scenarios)] for i in range(16))
    ]

    async def play(episode: Episode) -> dict[str, object]:
        async with connect(url.replace("http", "ws") + "/ws") as ws:
            return await play_over_ws(ws, episode)

    finals = await asyncio.wait_for(asyncio.gather(*(play(e) for e in episodes)), timeout=60)
    for episode, final in zip(episodes, finals, strict=True):
        assert final == await play_in_process(episode), episode


def test_http_episode_over_one_keep_alive_connection(server: tuple[str, psutil.Process]) -> None:
    url, _ = server
    with httpx.Client(base_url=url) as client:
        reset = client.post("/reset", json={"scenario": "easy-password-reset", "seed": 1})
        assert reset.status_code == 200
        step = client.post("/step", json={"action": reference_actions("easy-password-reset")[0]})
        assert step.status_code == 200, step.text
        assert client.get("/state").json()["step_count"] == 1

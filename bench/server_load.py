"""Server load: N concurrent WebSocket sessions play reference solutions against a real
uvicorn server (``sim.server.serve``, in a subprocess on a free loopback port).

    python bench/server_load.py [--sessions 64] [--episodes 10] [--workers 1 2]

For each number of server processes (``serve --workers N``) prints steps per second over
the whole run and the p50/p99 latency of one step (send the step message, receive its
observation), measured by the clients. The clients run in this process, on the same
machine: on 2 cores they compete with the server for CPU.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

from sim.loader import bundled_scenario_ids, get_scenario

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Tally:
    step_seconds: list[float] = field(default_factory=list)
    reset_seconds: list[float] = field(default_factory=list)
    episodes: int = 0
    unfinished: int = 0
    errors: list[str] = field(default_factory=list)
    wall: float = 0.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(port: int, sessions: int, workers: int) -> subprocess.Popen[bytes]:
    code = (
        "from sim.server import serve; "
        f"serve(host='127.0.0.1', port={port}, max_sessions={sessions}, log_level='warning', "
        f"workers={workers})"
    )
    paths = [str(ROOT), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
    proc = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=env)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"server exited with code {proc.returncode}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/health", timeout=1).status_code == 200:
                return proc
        except httpx.TransportError:
            time.sleep(0.05)
    proc.kill()
    raise SystemExit("server did not become healthy in 30 s")


async def session(url: str, index: int, episodes: int, tally: Tally) -> None:
    scenarios = bundled_scenario_ids()
    async with connect(url) as ws:

        async def ask(message: dict[str, Any]) -> dict[str, Any]:
            await ws.send(json.dumps(message))
            reply: dict[str, Any] = json.loads(await ws.recv())
            if reply["type"] == "error":
                tally.errors.append(reply["data"]["code"])
            return reply

        for e in range(episodes):
            scenario = scenarios[(index + e) % len(scenarios)]
            actions = [a.model_dump(mode="json") for a in get_scenario(scenario).reference_solution]
            t = time.perf_counter()
            reply = await ask(
                {"type": "reset", "data": {"scenario": scenario, "seed": index * 1000 + e}}
            )
            tally.reset_seconds.append(time.perf_counter() - t)
            for action in actions:
                if reply["type"] != "observation" or reply["data"]["done"]:
                    break
                t = time.perf_counter()
                reply = await ask({"type": "step", "data": action})
                tally.step_seconds.append(time.perf_counter() - t)
            tally.episodes += 1
            if not (reply["type"] == "observation" and reply["data"]["done"]):
                tally.unfinished += 1


def percentile(values: list[float], q: int) -> float:
    return (
        statistics.quantiles(values, n=100, method="inclusive")[q - 1]
        if len(values) > 1
        else values[0]
    )


async def drive(url: str, sessions: int, episodes: int) -> tuple[Tally, float]:
    await session(url, 0, 1, Tally())  # warm up: scenario loading, BM25 indexes
    tally = Tally()
    start = time.perf_counter()
    await asyncio.gather(*(session(url, i, episodes, tally) for i in range(sessions)))
    return tally, time.perf_counter() - start


def measure(workers: int, sessions: int, episodes: int) -> Tally:
    port = free_port()
    server = start_server(port, sessions, workers)
    try:
        tally, wall = asyncio.run(drive(f"ws://127.0.0.1:{port}/ws", sessions, episodes))
    finally:
        server.terminate()
        server.wait(timeout=30)
    steps = len(tally.step_seconds)
    ms = [s * 1000 for s in tally.step_seconds]
    tally.wall = wall
    print(f"server processes     {workers}")
    print(
        f"episodes             {tally.episodes} ({tally.unfinished} unfinished, "
        f"{len(tally.errors)} errors)"
    )
    print(f"steps                {steps} in {wall:.2f} s")
    print(f"steps/s              {steps / wall:,.0f}")
    print(f"step latency p50     {percentile(ms, 50):.2f} ms")
    print(f"step latency p99     {percentile(ms, 99):.2f} ms")
    print(f"reset latency p50    {percentile([s * 1000 for s in tally.reset_seconds], 50):.2f} ms")
    print()
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=64, help="concurrent WebSocket sessions")
    parser.add_argument("--episodes", type=int, default=10, help="episodes per session")
    parser.add_argument(
        "--workers", type=int, nargs="+", default=[1, 2], help="server processes to compare"
    )
    args = parser.parse_args()
    print(f"sessions             {args.sessions}\n")
    tallies = {w: measure(w, args.sessions, args.episodes) for w in args.workers}
    if len(tallies) > 1:
        base = args.workers[0]
        for w in args.workers[1:]:
            ratio = (len(tallies[w].step_seconds) / tallies[w].wall) / (
                len(tallies[base].step_seconds) / tallies[base].wall
            )
            print(f"steps/s, {w} processes vs {base}: {ratio:.2f}x")
    if any(t.errors or t.unfinished for t in tallies.values()):
        raise SystemExit(1)


if __name__ == "__main__":
    main()

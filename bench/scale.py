"""Scale-out: the same `supportsim run` command with one process, two worker processes, and
the Ray backend on a local cluster of this machine's CPUs.

    python bench/scale.py [--episodes 20000] [--llm-episodes 1000] [--concurrency 200]
                          [--latency 0.2] [--skip-ray] [--skip-llm] [--skip-scripted]

Each run is the real command line (``supportsim run ... --no-progress``) in a child
process. A sampler reads the process tree every 0.1 s (psutil): CPU time and RSS of every
process (worker processes, Ray's raylet, GCS and actors included), and the mock's apart.
The batch's own time comes from ``run.log`` (``batch started`` to ``batch finished``:
workers, actors and a local Ray cluster are up by then); the command's time, with imports
and start-up, is shown beside it. CPU figures are within the batch's window.

1. Scripted agent and customers, ``--episodes`` (20,000) at concurrency 256: episodes/s.
   Goals: workers 2 >= 1.7x workers 1; Ray >= 0.8x workers 2.
2. LLM agent and LLM customer against the mock (``--latency``, 200 ms), ``--llm-episodes``
   (1,000) at ``--concurrency`` (200): wall time against the latency ideal
   ``ceil(N / C) x calls per episode x latency``, model calls/s, CPU ms per model call for
   supportsim's processes and for the mock's. Goal: workers 2 >= 1.6x the calls/s of 1.
3. Peak RSS per process, and the peak of their total.

``starved`` is the share of the time supportsim's threads were runnable but waiting for a
core (``/proc/PID/task/*/schedstat``): on a shared machine it says how much of a figure is
other people's load rather than supportsim.

On a shared machine the figures are noisy: each backend runs ``--rounds`` times (2),
interleaved, and the best run of each counts (every run's figure is printed); compare
ratios within one invocation.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import psutil

from personas import bundled_persona_ids
from sim.loader import bundled_scenario_ids
from sim.mock_llm import MockConfig, MockProcess

BACKENDS: dict[str, list[str]] = {
    "workers 1": ["--workers", "1"],
    "workers 2": ["--workers", "2"],
    "ray": ["--backend", "ray"],
}


def _role(proc: psutil.Process) -> str:
    """A short name for a process of the tree (what the RSS table groups by)."""
    try:
        line = " ".join(proc.cmdline())
        name = proc.name()
    except psutil.Error:
        return "?"
    if "sim.backends.worker" in line:
        return "worker process"
    if "EpisodeActor" in line or "EpisodeActor" in name:
        return "ray actor"
    if "from sim.cli import main" in line:
        return "parent (driver)"
    if "default_worker" in line:
        return "ray worker (starting)"
    for part in ("gcs_server", "raylet", "dashboard", "log_monitor", "runtime_env", "monitor"):
        if part in line or part in name:
            return f"ray {part}"
    if name.startswith("ray::"):
        return "ray worker"
    return name


@dataclass
class Sample:
    at: float
    cpu: dict[int, float]
    rss: dict[int, int]
    waited: dict[int, float] = field(default_factory=dict)
    """Seconds each process's threads spent runnable but waiting for a core (Linux
    schedstat), read every half second."""


def _waited(pid: int) -> float:
    total = 0
    try:
        for tid in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                total += int(f.read().split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return total / 1e9


@dataclass
class Sampler:
    """CPU seconds and RSS of a process tree (and of other watched processes), 10x a second."""

    root: int
    others: list[int] = field(default_factory=list)
    samples: list[Sample] = field(default_factory=list)
    roles: dict[int, str] = field(default_factory=dict)
    _stop: threading.Event = field(default_factory=threading.Event)

    def start(self) -> Sampler:
        threading.Thread(target=self._loop, daemon=True).start()
        return self

    def stop(self) -> None:
        self._sample()
        self._stop.set()

    def _procs(self) -> list[psutil.Process]:
        try:
            root = psutil.Process(self.root)
            return [root, *root.children(recursive=True)]
        except psutil.Error:
            return []

    def _sample(self) -> None:
        cpu: dict[int, float] = {}
        rss: dict[int, int] = {}
        waited: dict[int, float] = {}
        every_second = len(self.samples) % 5 == 0
        for proc in self._procs() + [psutil.Process(p) for p in self.others]:
            try:
                with proc.oneshot():
                    t = proc.cpu_times()
                    cpu[proc.pid] = t.user + t.system
                    rss[proc.pid] = proc.memory_info().rss
                if every_second:
                    waited[proc.pid] = _waited(proc.pid)
                role = _role(proc)  # a Ray worker renames itself once it hosts an actor
                if role not in ("?", "python", "python3"):
                    self.roles[proc.pid] = role
                else:
                    self.roles.setdefault(proc.pid, role)
            except psutil.Error:
                continue
        self.samples.append(Sample(time.time(), cpu, rss, waited))

    def _loop(self) -> None:
        while not self._stop.is_set():
            self._sample()
            self._stop.wait(0.1)

    def cpu_between(self, start: float, end: float, pids: set[int] | None = None) -> float:
        """CPU seconds spent in [start, end] by the tree (or by ``pids``), from the samples."""

        def at(t: float) -> dict[int, float]:
            before = [s for s in self.samples if s.at <= t]
            return before[-1].cpu if before else {}

        first, last = at(start), at(end)
        # A process that ended inside the window counts with its last sample.
        seen: dict[int, float] = {}
        for s in self.samples:
            if start <= s.at <= end + 0.2:
                seen.update(s.cpu)
        total = 0.0
        for pid, value in {**seen, **last}.items():
            if pids is None and pid in self.others:
                continue
            if pids is not None and pid not in pids:
                continue
            total += value - first.get(pid, 0.0)
        return total

    def starved_between(self, start: float, end: float) -> float:
        """Of the time the tree's threads were runnable in [start, end], the share they
        waited for a core (between the first and last half-second marks in the window)."""
        # Marks inside the window: every process of the run is alive at both (workers and
        # actors stop right after the batch).
        marks = [s for s in self.samples if s.waited and start <= s.at <= end]
        if len(marks) < 2:
            return 0.0
        a, b = marks[0].waited, marks[-1].waited
        waited = sum(v - a.get(p, 0.0) for p, v in b.items() if p not in self.others)
        cpu = self.cpu_between(marks[0].at, marks[-1].at)
        return waited / (waited + cpu) if waited + cpu > 0 else 0.0

    def peaks(self) -> tuple[dict[int, int], int]:
        """Peak RSS per process, and the peak of the total at one sample."""
        per: dict[int, int] = {}
        total = 0
        for s in self.samples:
            mine = {p: r for p, r in s.rss.items() if p not in self.others}
            for pid, rss in mine.items():
                per[pid] = max(per.get(pid, 0), rss)
            total = max(total, sum(mine.values()))
        return per, total


@dataclass
class Run:
    backend: str
    episodes: int
    batch_seconds: float
    command_seconds: float
    cpu_seconds: float
    sampler: Sampler
    calls: int = 0
    mock_cpu_seconds: float = 0.0
    kind: str = ""
    starved: float = 0.0
    """Of the time supportsim's threads were runnable, the share spent waiting for a core
    (other users of the machine had it): the figures' noise, measured."""

    @property
    def rate(self) -> float:
        return self.episodes / self.batch_seconds


def _window(run_dir: Path) -> tuple[float, float, int]:
    """When the batch started and finished (run.log), and how many episodes finished."""
    start = end = 0.0
    finished = 0
    for line in (run_dir / "run.log").read_text().splitlines():
        event = json.loads(line)
        stamp = dt.datetime.fromisoformat(event["timestamp"].replace("Z", "+00:00")).timestamp()
        if event["event"] == "batch started":
            start = stamp
        elif event["event"] == "batch finished":
            end, finished = stamp, int(event["finished"])
    if not end:
        raise SystemExit(f"{run_dir}: the batch did not finish (see run.log)")
    return start, end, finished


def run_command(backend: str, args: list[str], out: Path, mock: MockProcess | None = None) -> Run:
    command = [sys.executable, "-c", "from sim.cli import main; main()", "run"]
    command += [*args, *BACKENDS[backend], "--out", str(out), "--no-progress"]
    before = mock.stats().get("requests", 0) if mock else 0
    t0 = time.perf_counter()
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    others = [mock.process.pid] if mock and mock.process else []
    sampler = Sampler(proc.pid, others).start()
    _, err = proc.communicate()
    sampler.stop()
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        raise SystemExit(f"{backend}: exit {proc.returncode}\n{err[-2000:]}")
    start, end, finished = _window(out)
    run = Run(backend, finished, end - start, wall, sampler.cpu_between(start, end), sampler)
    run.starved = sampler.starved_between(start, end)
    if mock is not None:
        run.calls = mock.stats().get("requests", 0) - before
        run.mock_cpu_seconds = sampler.cpu_between(start, end, set(others))
    return run


def _rss_table(runs: list[Run]) -> None:
    print(f"{'run':<20} {'process':<22} {'count':>5} {'peak RSS MiB (each)':>22}")
    for run in runs:
        label = f"{run.kind} {run.backend}"
        per, total = run.sampler.peaks()
        groups: dict[str, list[int]] = {}
        for pid, rss in per.items():
            groups.setdefault(run.sampler.roles.get(pid, "?"), []).append(rss)
        for role, values in sorted(groups.items(), key=lambda kv: -max(kv[1])):
            each = ", ".join(f"{v / 2**20:.0f}" for v in sorted(values, reverse=True))
            print(f"{label:<20} {role:<22} {len(values):>5} {each:>22}")
        print(f"{label:<20} {'total (peak of sum)':<22} {len(per):>5} {total / 2**20:>22.0f}")


def best_of(
    rounds: int,
    backends: list[str],
    measure: Callable[[str, int], Run],
    key: Callable[[Run], float],
) -> list[Run]:
    """Each backend ``rounds`` times, interleaved (so that a burst of load from other users
    of the machine hits all alike); the best run of each, with every run's figure shown."""
    tries: dict[str, list[Run]] = {b: [] for b in backends}
    for i in range(rounds):
        for b in backends:
            tries[b].append(measure(b, i))
    if rounds > 1:
        for b, runs in tries.items():
            print(f"   {b}: " + ", ".join(f"{key(r):,.1f}" for r in runs), flush=True)
    return [max(runs, key=key) for runs in tries.values()]


def scripted(episodes: int, tmp: Path, backends: list[str], rounds: int) -> list[Run]:
    personas = bundled_persona_ids()
    trials = math.ceil(episodes / (len(bundled_scenario_ids()) * len(personas)))
    args = ["--persona", "all", "--trials", str(trials), "--concurrency", "256"]

    def measure(b: str, i: int) -> Run:
        run = run_command(b, args, tmp / f"scripted-{b.replace(' ', '')}-{i}")
        run.kind = "scripted"
        return run

    print("\n1. scripted agent and customers, concurrency 256 (episodes/s of each run)")
    runs = best_of(rounds, backends, measure, lambda r: r.rate)
    print(f"   best of {rounds}, {runs[0].episodes:,} episodes:")
    print(
        f"{'backend':<10} {'batch s':>8} {'episodes/s':>11} {'vs workers 1':>13} "
        f"{'command s':>10} {'CPU s':>7} {'CPU ms/ep':>10} {'cores used':>11} {'starved':>8}"
    )
    for r in runs:
        print(
            f"{r.backend:<10} {r.batch_seconds:>8.2f} {r.rate:>11,.0f} "
            f"{r.rate / runs[0].rate:>12.2f}x {r.command_seconds:>10.2f} {r.cpu_seconds:>7.1f} "
            f"{1000 * r.cpu_seconds / r.episodes:>10.3f} {r.cpu_seconds / r.batch_seconds:>11.2f} "
            f"{r.starved:>8.0%}"
        )
    # What the CPU cost per episode implies where the cores are not shared with anyone:
    # one process runs on one core, N workers on min(N, cores).
    cores = psutil.cpu_count() or 1
    base = runs[0].cpu_seconds / runs[0].episodes
    for r in runs[1:]:
        per = r.cpu_seconds / r.episodes
        print(
            f"   {r.backend}: CPU per episode {per / base:.2f}x workers 1's; on {cores} idle "
            f"cores that is at most {cores * base / per:.2f}x workers 1's episodes/s"
        )
    by = {r.backend: r for r in runs}
    if "workers 2" in by:
        ratio = by["workers 2"].rate / by["workers 1"].rate
        print(f"workers 2 / workers 1: {ratio:.2f}x (goal >= 1.7: {_ok(ratio >= 1.7)})")
    if "ray" in by and "workers 2" in by:
        ratio = by["ray"].rate / by["workers 2"].rate
        print(f"ray / workers 2:       {ratio:.2f}x (goal >= 0.8: {_ok(ratio >= 0.8)})")
    return runs


def llm(
    episodes: int, concurrency: int, latency: float, tmp: Path, backends: list[str], rounds: int
) -> list[Run]:
    trials = max(1, math.ceil(episodes / 100))
    scenarios = bundled_scenario_ids()[:10]
    personas = bundled_persona_ids()[:10]
    args = [a for s in scenarios for a in ("-s", s)] + [a for p in personas for a in ("-p", p)]
    args += ["--trials", str(trials), "--concurrency", str(concurrency)]
    args += ["--agent", "llm", "--agent-model", "mock", "--customer", "llm"]
    args += ["--customer-model", "mock", "--model-timeout", "120"]
    print(
        f"\n2. LLM agent + LLM customer vs the mock at {latency * 1000:.0f} ms, "
        f"concurrency {concurrency} (model calls/s of each run)"
    )
    with MockProcess(MockConfig(latency=str(latency), seed=0)) as mock:

        def measure(b: str, i: int) -> Run:
            out = tmp / f"llm-{b.replace(' ', '')}-{i}"
            run = run_command(b, [*args, "--base-url", mock.base_url], out, mock)
            run.kind = "llm"
            return run

        runs = best_of(rounds, backends, measure, lambda r: r.calls / r.batch_seconds)
    print(f"   best of {rounds}, {runs[0].episodes:,} episodes:")
    print(
        f"{'backend':<10} {'batch s':>8} {'ideal s':>8} {'wall/ideal':>10} {'calls':>6} "
        f"{'calls/s':>8} {'vs w1':>6} {'CPU ms/call':>12} {'mock ms/call':>13} "
        f"{'cores used':>11} {'starved':>8}"
    )
    for r in runs:
        ideal = math.ceil(r.episodes / concurrency) * (r.calls / r.episodes) * latency
        rate = r.calls / r.batch_seconds
        base = runs[0].calls / runs[0].batch_seconds
        print(
            f"{r.backend:<10} {r.batch_seconds:>8.2f} {ideal:>8.2f} "
            f"{r.batch_seconds / ideal:>10.2f} {r.calls:>6} {rate:>8.1f} {rate / base:>5.2f}x "
            f"{1000 * r.cpu_seconds / r.calls:>12.2f} {1000 * r.mock_cpu_seconds / r.calls:>13.2f} "
            f"{(r.cpu_seconds + r.mock_cpu_seconds) / r.batch_seconds:>11.2f} {r.starved:>8.0%}"
        )
    by = {r.backend: r for r in runs}
    if "workers 2" in by:
        w1, w2 = by["workers 1"], by["workers 2"]
        ratio = (w2.calls / w2.batch_seconds) / (w1.calls / w1.batch_seconds)
        print(f"calls/s workers 2 / workers 1: {ratio:.2f}x (goal >= 1.6: {_ok(ratio >= 1.6)})")
    return runs


def _ok(passed: bool) -> str:
    return "ok" if passed else "MISSED"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=20_000)
    parser.add_argument("--llm-episodes", type=int, default=1_000)
    parser.add_argument("--concurrency", type=int, default=200)
    parser.add_argument("--latency", type=float, default=0.2)
    parser.add_argument("--skip-ray", action="store_true")
    parser.add_argument("--skip-llm", action="store_true")
    parser.add_argument("--skip-scripted", action="store_true")
    parser.add_argument(
        "--rounds", type=int, default=2, help="runs of each backend, interleaved; the best counts"
    )
    args = parser.parse_args()
    backends = [b for b in BACKENDS if not (args.skip_ray and b == "ray")]
    tmp = Path(tempfile.mkdtemp(prefix="scale-bench-"))
    print(f"{psutil.cpu_count()} CPUs, load average {psutil.getloadavg()[0]:.1f}; runs in {tmp}")
    print("(the load average counts other users of the machine: with more than 2 runnable")
    print(" processes on 2 cores, a process gets only a share of one)")
    runs: list[Run] = []
    if not args.skip_scripted:
        runs += scripted(args.episodes, tmp, backends, args.rounds)
    if not args.skip_llm:
        runs += llm(args.llm_episodes, args.concurrency, args.latency, tmp, backends, args.rounds)
    print("\n3. peak RSS per process (sampled every 0.1 s), and the peak of their sum")
    _rss_table(runs)
    print(f"\nload average at the end {psutil.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()

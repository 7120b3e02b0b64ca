"""The Ray backend (``--backend ray [--ray-address ADDR]``): an actor pool sized to the
cluster plays the episodes; records stream back to the driver, which owns the run directory.

Each actor is a worker with its own event loop, model clients and share of the run's
concurrency. The driver sends chunks of specs and keeps each actor about two shares ahead.
An actor whose process dies is restarted by Ray and its unfinished calls are retried
(``max_restarts``/``max_task_retries``); a call's records and its episodes' log lines
reach the driver once, when it returns, so a retried episode is never lost nor stored or
logged twice.

Ray is an optional extra: ``pip install "supportsim[ray]"``.
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
from collections import deque
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import structlog

from sim.backends.base import EpisodeRecord, EpisodeRunner, Job, Sink, split_concurrency
from sim.errors import ConfigError, RunError
from sim.logs import LogLine, capture_logging
from sim.orchestrator import EpisodeSpec

__all__ = ["INSTALL_HINT", "EpisodeActor", "RayBackend", "import_ray"]

log = structlog.get_logger("supportsim.batch")

INSTALL_HINT = (
    "the Ray backend needs Ray: pip install 'supportsim[ray]' "
    "(from a checkout: pip install -e '.[ray]')"
)
CHUNK_MAX = 128
"""Most episodes in one actor call (calls cost about a millisecond of overhead each)."""


def import_ray() -> Any:
    """The ``ray`` module, or a ConfigError that says how to install it."""
    try:
        import ray
    except ImportError:
        raise ConfigError(INSTALL_HINT) from None
    return ray


class EpisodeActor:
    """A Ray actor (async: one event loop) that plays chunks of a job's episodes."""

    def __init__(self, job: Job, share: int) -> None:
        self.lines = capture_logging(job.log_threshold)
        self.runner = EpisodeRunner(job)
        self.share = share
        self.gate: asyncio.Semaphore | None = None

    async def ready(self) -> int:
        """The actor's process id, once it is built."""
        gc.freeze()
        return os.getpid()

    async def run(self, specs: list[EpisodeSpec]) -> tuple[list[EpisodeRecord], list[LogLine]]:
        if self.gate is None:
            self.gate = asyncio.Semaphore(self.share)
        gate = self.gate

        async def one(spec: EpisodeSpec) -> EpisodeRecord:
            async with gate:
                return await self.runner.run(spec)

        records = await asyncio.gather(*(one(s) for s in specs))
        return list(records), self._shipped({s.key for s in specs})

    def _shipped(self, keys: set[str]) -> list[LogLine]:
        """The captured lines of these episodes and those of no episode, taken from the
        capture; another call's episodes keep theirs until that call returns. Shipped with an
        earlier call, the lines of an episode whose own call dies with this process would be
        written again when Ray retries that call (its "episode finished" twice)."""
        shipped: list[LogLine] = []
        kept: list[LogLine] = []
        for line in self.lines:
            episode = json.loads(line[1]).get("episode")
            (shipped if episode is None or episode in keys else kept).append(line)
        self.lines[:] = kept  # the capture's own list: it goes on appending to it
        return shipped


class RayBackend:
    """Episodes on a Ray cluster: ``address`` as ``ray.init`` takes it (``None``: join the
    cluster this process is already connected to, or start a local one), ``workers`` actors
    (default: one per CPU of the cluster)."""

    name = "ray"

    def __init__(
        self, address: str | None = None, workers: int | None = None, *, max_attempts: int = 3
    ) -> None:
        import_ray()
        self.address = address
        self.workers = workers
        self.max_attempts = max_attempts
        self.actors: list[Any] = []
        self.pids: list[int] = []
        """The actors' process ids when they started (tests kill one)."""

    @asynccontextmanager
    async def start(self, job: Job) -> AsyncIterator[_RayPool]:
        ray = import_ray()
        started = False
        if not ray.is_initialized():
            try:
                ray.init(
                    address=self.address,
                    include_dashboard=False,
                    configure_logging=False,
                    log_to_driver=True,
                )
            except (ConnectionError, ValueError, RuntimeError) as exc:
                raise ConfigError(f"--ray-address {self.address}: {exc}") from None
            started = True
        try:
            cpus = max(1.0, float(ray.cluster_resources().get("CPU", 1)))
            n = self.workers or int(cpus)
            shares = split_concurrency(job.config.concurrency, n)
            actor_class = ray.remote(EpisodeActor)
            self.actors = [
                actor_class.options(
                    num_cpus=min(1.0, cpus / len(shares)),
                    max_restarts=self.max_attempts,
                    max_task_retries=self.max_attempts,
                    max_concurrency=4096,
                ).remote(job, share)
                for share in shares
            ]
            self.pids = list(await asyncio.gather(*(a.ready.remote() for a in self.actors)))
            log.info("workers started", workers=len(shares), backend="ray", cpus=cpus)
            yield _RayPool(self.actors, shares)
        finally:
            for actor in self.actors:
                ray.kill(actor)
            self.actors = []
            if started:
                ray.shutdown()


class _RayPool:
    def __init__(self, actors: list[Any], shares: list[int]) -> None:
        self.actors = actors
        self.shares = shares

    async def run(self, specs: Sequence[EpisodeSpec], sink: Sink) -> None:
        ray = import_ray()
        pending = deque(specs)
        n = len(self.actors)
        chunk = [max(1, min(CHUNK_MAX, share, len(specs) // (8 * n))) for share in self.shares]
        depth = [2 * share + c for share, c in zip(self.shares, chunk, strict=True)]
        held = [0] * n
        calls: dict[asyncio.Future[Any], tuple[int, int]] = {}
        stored: set[str] = set()
        try:
            while pending or calls:
                for i, actor in enumerate(self.actors):
                    while pending and held[i] + chunk[i] <= max(depth[i], chunk[i]):
                        part = [pending.popleft() for _ in range(min(chunk[i], len(pending)))]
                        future = asyncio.wrap_future(actor.run.remote(part).future())
                        calls[future] = (i, len(part))
                        held[i] += len(part)
                done, _ = await asyncio.wait(calls, return_when=asyncio.FIRST_COMPLETED)
                for future in done:
                    i, size = calls.pop(future)
                    held[i] -= size
                    try:
                        records, lines = future.result()
                    except ray.exceptions.RayError as exc:
                        raise RunError(
                            f"a Ray worker failed beyond its retries: {exc}; the finished "
                            "episodes are stored (continue with --resume)"
                        ) from exc
                    fresh = [r for r in records if r.key not in stored]
                    stored.update(r.key for r in fresh)
                    sink(fresh, lines)
        finally:
            for future in calls:
                future.cancel()

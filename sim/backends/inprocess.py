"""The in-process backend: episodes run on the caller's event loop (``--workers 1``)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager

from sim.backends.base import EpisodeRunner, Job, Sink
from sim.orchestrator import EpisodeSpec

__all__ = ["InProcessBackend"]


class InProcessBackend:
    """Up to ``config.concurrency`` episodes in flight on this process's event loop."""

    name = "in-process"

    @asynccontextmanager
    async def start(self, job: Job) -> AsyncIterator[_InProcessPool]:
        runner = EpisodeRunner(job)
        try:
            yield _InProcessPool(runner, job.config.concurrency)
        finally:
            await runner.aclose()


class _InProcessPool:
    def __init__(self, runner: EpisodeRunner, concurrency: int) -> None:
        self.runner = runner
        self.concurrency = concurrency

    async def run(self, specs: Sequence[EpisodeSpec], sink: Sink) -> None:
        queue = iter(specs)

        async def worker() -> None:
            for spec in queue:  # the shared iterator hands each spec to exactly one worker
                sink([await self.runner.run(spec)], [])
                # Scripted episodes never wait on I/O: yield so that other workers, signals
                # (Ctrl-C) and cancellation get their turn.
                await asyncio.sleep(0)

        async with asyncio.TaskGroup() as group:
            for _ in range(min(self.concurrency, len(specs))):
                group.create_task(worker())

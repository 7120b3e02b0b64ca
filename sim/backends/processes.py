"""The process backend (``--workers N``): N worker processes, each with its own event loop,
model clients and share of the run's concurrency; this process stays the one writer.

Specs go out in chunks (each worker holds about twice its share, so it never waits for
work), records come back in frames with their log lines. A worker that dies (kill -9, out
of memory) is replaced and its unfinished episodes are played again by the replacement;
the records it had sent are stored already, so none is lost or stored twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

import structlog

from sim.backends.base import EpisodeRecord, Job, Sink, split_concurrency
from sim.backends.dispatch import Dispatcher
from sim.backends.frames import FLUSH_COUNT, encode, read_frame
from sim.errors import RunError
from sim.logs import LogLine
from sim.orchestrator import EpisodeSpec

__all__ = ["ProcessBackend"]

log = structlog.get_logger("supportsim.batch")

STARTUP_SECONDS = 120.0
"""How long a worker may take to import and build its models."""
STOP_SECONDS = 5.0
"""How long a stopping worker may take before it is killed."""
READ_BUFFER = 1 << 24
"""Bytes of a worker's output the parent takes in before it stops reading (a frame of
records can be megabytes with LLM transcripts; never make the worker wait on that)."""
_SOURCE_ROOT = str(Path(__file__).resolve().parents[2])


class _Worker:
    """The parent's handle on one worker process. A reader task takes in its frames as they
    come, so a worker writing a large frame never waits on a parent that is writing to it."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc
        self.inbox: asyncio.Queue[object | None] = asyncio.Queue()
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        assert self.proc.stdout is not None
        while True:
            message = await read_frame(self.proc.stdout)
            self.inbox.put_nowait(message)
            if message is None:
                return

    @classmethod
    async def spawn(cls, job: Job, share: int) -> _Worker:
        path = os.environ.get("PYTHONPATH")
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, (_SOURCE_ROOT, path)))}
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "sim.backends.worker",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            env=env,
            limit=READ_BUFFER,
        )
        worker = cls(proc)
        try:
            await worker.send((job, share))
            async with asyncio.timeout(STARTUP_SECONDS):
                ready = await worker.receive()
        except BaseException:
            await worker.stop()
            raise
        if ready is None:
            code = await proc.wait()
            raise RunError(f"a worker process exited during startup (exit code {code})")
        return worker

    @property
    def pid(self) -> int:
        return self.proc.pid

    async def send(self, message: object) -> bool:
        """``False`` when the worker has gone."""
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(encode(message))
            await self.proc.stdin.drain()
        except (ConnectionError, RuntimeError):
            return False
        return True

    async def receive(self) -> object | None:
        """The next frame; ``None`` once the worker has gone."""
        return await self.inbox.get()

    async def stop(self) -> None:
        """Close the worker's input (it exits), then wait; kill it if it lingers."""
        if self.proc.stdin is not None and not self.proc.stdin.is_closing():
            self.proc.stdin.close()
        try:
            async with asyncio.timeout(STOP_SECONDS):
                await self.proc.wait()
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                self.proc.kill()
            await self.proc.wait()
        self.reader.cancel()


class ProcessBackend:
    """Episodes in ``workers`` processes; ``max_attempts`` bounds how often one episode may
    be in flight in a worker that dies before the run stops with an error."""

    name = "processes"

    def __init__(self, workers: int, *, max_attempts: int = 3) -> None:
        if workers < 1:
            raise ValueError("workers must be >= 1")
        self.workers = workers
        self.max_attempts = max_attempts

    @asynccontextmanager
    async def start(self, job: Job) -> AsyncIterator[_ProcessPool]:
        shares = split_concurrency(job.config.concurrency, self.workers)
        pool = _ProcessPool(job, shares, self.max_attempts)
        try:
            spawned = await asyncio.gather(
                *(_Worker.spawn(job, s) for s in shares), return_exceptions=True
            )
            pool.workers = [w for w in spawned if isinstance(w, _Worker)]
            failed = [e for e in spawned if isinstance(e, BaseException)]
            if failed:
                raise failed[0]
            log.info("workers started", workers=len(shares), pids=[w.pid for w in pool.workers])
            yield pool
        finally:
            await asyncio.gather(*(w.stop() for w in pool.workers))


class _ProcessPool:
    def __init__(self, job: Job, shares: list[int], max_attempts: int) -> None:
        self.job = job
        self.shares = shares
        self.max_attempts = max_attempts
        self.workers: list[_Worker] = []

    async def run(self, specs: Sequence[EpisodeSpec], sink: Sink) -> None:
        dispatcher = Dispatcher(specs, max_attempts=self.max_attempts)
        async with asyncio.TaskGroup() as group:
            for slot in range(len(self.workers)):
                group.create_task(self._drive(slot, dispatcher, sink))

    async def _drive(self, slot: int, dispatcher: Dispatcher, sink: Sink) -> None:
        """Keep worker ``slot`` fed until nothing is pending or held; replace it if it dies."""
        depth = 2 * self.shares[slot] + 2 * FLUSH_COUNT  # never short while records travel
        while True:
            worker = self.workers[slot]
            chunk = dispatcher.take(slot, depth - dispatcher.holding(slot))
            alive = await worker.send(chunk) if chunk else True
            if not dispatcher.holding(slot):
                return
            message = await worker.receive() if alive else None
            if message is None:
                await self._replace(slot, dispatcher)
                continue
            records: list[EpisodeRecord]
            lines: list[LogLine]
            records, lines = message  # type: ignore[misc]
            sink([r for r in records if dispatcher.finished(slot, r.key)], lines)

    async def _replace(self, slot: int, dispatcher: Dispatcher) -> None:
        dead = self.workers[slot]
        with contextlib.suppress(ProcessLookupError):
            dead.proc.kill()  # it may only have closed its output
        code = await dead.proc.wait()
        again = dispatcher.lost(slot)
        log.warning(
            "worker process died; its unfinished episodes run again",
            pid=dead.pid,
            exit_code=code,
            episodes=len(again),
        )
        self.workers[slot] = await _Worker.spawn(self.job, self.shares[slot])

"""A worker process of the process backend: ``python -m sim.backends.worker``.

Reads frames on standard input (the job, then chunks of specs), plays them on its own event
loop with its share of the run's concurrency and its own model clients, and writes records
with the log lines they produced on its (private) standard output. It exits when its
standard input closes: the parent stopped it, or the parent died (kill -9 included), so no
worker outlives its run.
"""

from __future__ import annotations

import asyncio
import gc
import os
import signal
import sys
from typing import BinaryIO

from sim.backends.base import EpisodeRecord, EpisodeRunner, Job
from sim.backends.frames import FLUSH_COUNT, encode, read_frame, widen_pipe
from sim.logs import capture_logging
from sim.orchestrator import EpisodeSpec

__all__ = ["main"]

FLUSH_SECONDS = 0.005
"""Records finished within this long travel in one frame (fewer writes for the parent)."""


async def _serve(out: BinaryIO) -> None:
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=2**26)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin.buffer)
    # Frames leave through the event loop: a frame larger than the pipe never blocks the
    # episodes in flight while the parent (perhaps waiting for a core) reads it.
    transport, _ = await loop.connect_write_pipe(asyncio.Protocol, out)
    first = await read_frame(reader)
    if first is None:
        return
    job, share = first
    assert isinstance(job, Job)
    lines = capture_logging(job.log_threshold)
    runner = EpisodeRunner(job)
    transport.write(encode(("ready", os.getpid())))
    gate = asyncio.Semaphore(share)
    outbox: list[EpisodeRecord] = []
    tasks: set[asyncio.Task[None]] = set()

    def flush() -> None:
        if not outbox or transport.is_closing():  # sent already, or the parent has gone
            return
        transport.write(encode((list(outbox), list(lines))))
        outbox.clear()
        lines.clear()

    async def play(spec: EpisodeSpec) -> None:
        async with gate:
            record = await runner.run(spec)
        if not outbox:
            loop.call_later(FLUSH_SECONDS, flush)
        outbox.append(record)
        if len(outbox) >= FLUSH_COUNT:
            flush()
        await asyncio.sleep(0)  # scripted episodes never wait on I/O: let the reader in

    gc.freeze()  # as run_batch: what exists now lives as long as the worker
    while (message := await read_frame(reader)) is not None:
        for spec in message:
            task = asyncio.create_task(play(spec))
            tasks.add(task)
            task.add_done_callback(tasks.discard)


def main() -> None:
    # The parent owns Ctrl-C (it stops the workers by closing their input).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # Frames get a private copy of standard output; anything printed goes to stderr.
    out = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    widen_pipe(out.fileno())
    asyncio.run(_serve(out))
    # Input closed: nothing in flight is wanted any more (the parent stopped or died).
    sys.stdout.flush()
    os._exit(0)


if __name__ == "__main__":
    main()

"""Length-prefixed pickle frames between the parent and its own worker processes.

Only ever between a parent and the children it started (never a network or a file), so
pickle is safe here and the fastest way to move records and specs.
"""

from __future__ import annotations

import asyncio
import pickle
from typing import Any

__all__ = ["FLUSH_COUNT", "encode", "read_frame", "widen_pipe"]

_HEAD = 4
FLUSH_COUNT = 32
"""Most records in one frame from a worker: a busy loop runs its timers late, and the
parent refills a worker as its records come back, so large frames would leave the worker
short of work."""
PIPE_BYTES = 1 << 20
"""The pipe buffer asked for (Linux allows up to ``/proc/sys/fs/pipe-max-size``, 1 MiB by
default): a frame of records then passes in one or a few writes, not 16 of 64 KiB."""


def widen_pipe(fd: int) -> None:
    """Grow a pipe's buffer where the OS allows it (Linux ``F_SETPIPE_SZ``); else nothing."""
    import contextlib
    import fcntl

    setpipe = getattr(fcntl, "F_SETPIPE_SZ", None)
    if setpipe is not None:
        with contextlib.suppress(OSError):
            fcntl.fcntl(fd, setpipe, PIPE_BYTES)


def encode(message: Any) -> bytes:
    body = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    return len(body).to_bytes(_HEAD, "big") + body


async def read_frame(reader: asyncio.StreamReader) -> Any | None:
    """The next message, or ``None`` once the other end has gone (end of file)."""
    try:
        head = await reader.readexactly(_HEAD)
        return pickle.loads(await reader.readexactly(int.from_bytes(head, "big")))
    except (asyncio.IncompleteReadError, ConnectionError):
        return None

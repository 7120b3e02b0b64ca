"""Length-prefixed pickle frames between the parent and its own worker processes.

Only ever between a parent and the children it started (never a network or a file), so
pickle is safe here and the fastest way to move records and specs.
"""

from __future__ import annotations

import asyncio
import pickle
from typing import Any, BinaryIO

__all__ = ["encode", "read_frame", "write_frame"]

_HEAD = 4


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


def write_frame(out: BinaryIO, message: Any) -> None:
    """Blocking write (a full pipe holds the worker back until the parent reads)."""
    out.write(encode(message))
    out.flush()

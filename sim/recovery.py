"""Rebuilding a damaged ``results.sqlite`` from the rows that can still be read.

A truncated or corrupted SQLite file may still hold most of its pages. Recovery moves the
damaged file (with its ``-wal`` and ``-shm``) aside, reads every episode row it can reach --
a table scan until the first bad page, then a probe of each rowid, so rows behind a bad page
are still found -- and writes them, unchanged, into a fresh store. Nothing is re-run here:
``run --resume`` then plays only the episodes that could not be read.
"""

from __future__ import annotations

import datetime as dt
import json
import shutil
import sqlite3
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

from sim.errors import ConfigError
from sim.scenario import Scenario
from sim.store import DB_NAME, ResultStore

__all__ = ["Recovery", "recover_store"]

_MISSES_AFTER_LAST = 2000
"""Rowids probed past the highest one found before giving up (gaps come from deletions)."""
_COLUMNS = 25
_MAGIC = b"SQLite format 3\x00"
_MAX_PADDED = 1 << 34
"""16 GiB: a header claiming more is itself damaged; the copy is then read as it is."""


@dataclass(frozen=True, slots=True)
class Recovery:
    """What a recovery kept and where the damaged file went."""

    recovered: int
    """Episode rows copied into the new store."""
    unreadable: int
    """Rows that were reached but could not be read (bad page or bad JSON)."""
    moved_to: Path
    """The damaged database, kept for inspection."""


def _rows(db: sqlite3.Connection, table: str) -> Iterable[tuple[Any, ...]]:
    """Every row of ``table`` that can be read, by scan and then by rowid probes."""
    seen: set[int] = set()
    try:
        for row in db.execute(f"SELECT rowid, * FROM {table}"):
            seen.add(int(row[0]))
            yield row[1:]
    except sqlite3.Error:
        pass
    highest = max(seen, default=0)
    rowid, misses = 1, 0
    while misses < _MISSES_AFTER_LAST or rowid <= highest:
        if rowid not in seen:
            try:
                row = db.execute(
                    f"SELECT rowid, * FROM {table} WHERE rowid = ?",
                    (rowid,),
                ).fetchone()
            except sqlite3.Error:
                row = None
            if row is None:
                misses += 1
            else:
                misses = 0
                highest = max(highest, rowid)
                yield row[1:]
        rowid += 1


def _episode_ok(row: tuple[Any, ...]) -> bool:
    if len(row) != _COLUMNS or not isinstance(row[-1], str):
        return False
    try:
        data = json.loads(row[-1])
    except ValueError:
        return False
    return isinstance(data, dict) and data.get("scenario") == row[2]


def recover_store(run_dir: Path, scenarios: Iterable[Scenario] = ()) -> Recovery:
    """Move the damaged ``results.sqlite`` aside and rebuild it from its readable rows.

    ``scenarios`` (the run's own) fill in scenario rows the damaged file lost.

    Raises:
        ConfigError: The run directory cannot be written.
    """
    path = run_dir / DB_NAME
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    moved = run_dir / f"{DB_NAME}.damaged-{stamp}"
    try:
        for suffix in ("", "-wal", "-shm"):
            src = Path(f"{path}{suffix}")
            if src.exists():
                src.rename(f"{moved}{suffix}")
    except OSError as exc:
        raise ConfigError(
            f"{path}: cannot move the damaged database aside ({exc.strerror or exc}); "
            "the run directory must be writable to recover it"
        ) from None
    recovered = unreadable = 0
    with ResultStore(run_dir) as store, tempfile.TemporaryDirectory() as work:
        copy = Path(work) / DB_NAME
        shutil.copyfile(moved, copy)
        if Path(f"{moved}-wal").exists():
            shutil.copyfile(f"{moved}-wal", f"{copy}-wal")
        _pad_to_header(copy)
        old = sqlite3.connect(f"file:{quote(str(copy))}?mode=ro", uri=True)
        try:
            for row in _rows(old, "scenarios"):
                if len(row) == 2 and isinstance(row[0], str) and isinstance(row[1], str):
                    store.add_scenario_json(row[0], row[1])
            for row in _rows(old, "episodes"):
                if _episode_ok(row):
                    store.add_raw(tuple(row))
                    recovered += 1
                else:
                    unreadable += 1
        finally:
            old.close()
        for scenario in scenarios:
            if not store.has_scenario(scenario.id):
                store.add_scenario(scenario)
    return Recovery(recovered, unreadable, moved)


def _pad_to_header(path: Path) -> None:
    """Zero-fill a truncated copy up to the size its header declares.

    SQLite refuses a whole file that is shorter than its header says; padded, only the
    missing pages fail to read, and the rows on every other page can be reached."""
    with path.open("r+b") as fh:
        header = fh.read(100)
        if len(header) < 100 or not header.startswith(_MAGIC):
            return
        page_size = int.from_bytes(header[16:18], "big")
        page_size = 65536 if page_size == 1 else page_size
        pages = int.from_bytes(header[28:32], "big")
        size = fh.seek(0, 2)
        if 0 < size < page_size * pages <= _MAX_PADDED:
            fh.truncate(page_size * pages)

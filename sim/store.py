"""The result store: one SQLite file per run directory, one row per finished episode.

Each result is committed the moment its episode finishes (WAL journal), so a killed run
loses nothing that finished. Summary columns are plain SQL columns; the full result is a
JSON column (without the scenario, which is stored once per run).

Readers (``show``, ``export``) open the file read-only (SQLite URI ``mode=ro``), so they work on
a read-only run directory and never change it. Any SQLite failure becomes a
:class:`~sim.errors.ConfigError` that says what is wrong: a damaged file
(:class:`StoreDamagedError`, recoverable with :func:`sim.recovery.recover_store`), or a store
that cannot be opened or written (:class:`StoreAccessError`).
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

from sim.errors import ConfigError
from sim.orchestrator import EpisodeResult
from sim.scenario import Scenario

__all__ = [
    "DB_NAME",
    "ResultStore",
    "Row",
    "StoreAccessError",
    "StoreDamagedError",
    "episode_row",
]

DB_NAME = "results.sqlite"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS scenarios (id TEXT PRIMARY KEY, json TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS episodes (
    key TEXT PRIMARY KEY,
    task TEXT NOT NULL,
    scenario TEXT NOT NULL,
    persona TEXT NOT NULL,
    trial INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    initial_frustration REAL,
    episode_id TEXT NOT NULL,
    success INTEGER,
    score REAL,
    termination TEXT,
    error TEXT,
    error_kind TEXT,
    escalated INTEGER NOT NULL,
    escalation_required INTEGER NOT NULL,
    steps INTEGER NOT NULL,
    agent_tokens INTEGER NOT NULL,
    customer_tokens INTEGER NOT NULL,
    judge_tokens INTEGER NOT NULL,
    agent_cost REAL,
    customer_cost REAL,
    judge_cost REAL,
    judge_pass INTEGER,
    wall_seconds REAL NOT NULL,
    result TEXT NOT NULL
);
"""

Row = dict[str, Any]
"""A summary row: the episodes table's columns, without ``result``, plus the result's
``judge_agreement`` (JSON text) and ``decided_by`` where a judge answered, and ``roles`` and
``usage`` (JSON text) where the episode has per-role grades."""

_NO_ROLES = "instr(result, '\"roles\":{') = 0"
"""A result without per-role grades (``"roles":null``, or stored before roles existed)."""

_SUMMARY_COLUMNS = (
    "key, task, scenario, persona, trial, seed, initial_frustration, episode_id, success, "
    "score, termination, error, error_kind, escalated, escalation_required, steps, "
    "agent_tokens, customer_tokens, judge_tokens, agent_cost, customer_cost, "
    "judge_cost, judge_pass, wall_seconds, "
    # From the result JSON, only where a judge answered (no JSON parsing otherwise): NULL in
    # results stored before these fields existed; no schema change.
    "CASE WHEN judge_pass IS NULL THEN NULL "
    "ELSE json_extract(result, '$.judge_agreement') END AS judge_agreement, "
    "CASE WHEN judge_pass IS NULL THEN NULL "
    "ELSE json_extract(result, '$.decided_by') END AS decided_by, "
    # Per-role grades and usage, only for episodes with roles (issue 15): NULL otherwise.
    f"CASE WHEN {_NO_ROLES} THEN NULL ELSE json_extract(result, '$.roles') END AS roles, "
    f"CASE WHEN {_NO_ROLES} THEN NULL ELSE json_extract(result, '$.usage') END AS usage"
)


class StoreDamagedError(ConfigError):
    """``results.sqlite`` is corrupt or truncated; the message says how to recover."""


class StoreAccessError(ConfigError):
    """``results.sqlite`` cannot be opened or written (permissions, read-only file system)."""


_ACCESS_WORDS = ("readonly", "read-only", "unable to open", "locked", "permission", "disk i/o")


def _is_access_problem(exc: sqlite3.Error) -> bool:
    return isinstance(exc, sqlite3.OperationalError) and any(
        w in str(exc).lower() for w in _ACCESS_WORDS
    )


def _translate(exc: sqlite3.Error, path: Path, *, writing: bool) -> ConfigError:
    """A SQLite failure as an error a person can act on."""
    run_dir = path.parent
    if _is_access_problem(exc):
        doing = "write to" if writing else "open"
        return StoreAccessError(
            f"{path}: cannot {doing} the results database ({exc}); check that the run "
            "directory and the file are writable, or copy the run to a writable place"
        )
    return StoreDamagedError(
        f"{path}: the results database is damaged ({exc}). Recover the finished episodes "
        f"that can still be read with: supportsim run --resume --out {run_dir} (it moves the "
        f"damaged file aside, rebuilds {DB_NAME} from the readable rows and runs only the "
        "episodes it could not read)"
    )


def _connect_readonly(path: Path) -> sqlite3.Connection:
    """Open without ever writing, not even SQLite's ``-wal``/``-shm`` companions.

    A store closed cleanly has no ``-wal`` file: it is opened ``immutable`` (nothing is
    created beside it, so a read-only directory works). While a run writes, the ``-wal``
    exists and the store is opened ``mode=ro``, which sees the run's latest rows."""
    uri = f"file:{quote(str(path.resolve()))}?mode=ro"
    live = Path(f"{path}-wal").exists()
    if live:
        try:
            db = sqlite3.connect(uri, uri=True, isolation_level=None)
            db.execute("SELECT count(*) FROM sqlite_master").fetchone()
            return db
        except sqlite3.OperationalError as exc:  # e.g. a read-only directory without -shm
            if not _is_access_problem(exc):
                raise
    db = sqlite3.connect(f"{uri}&immutable=1", uri=True, isolation_level=None)
    db.execute("SELECT count(*) FROM sqlite_master").fetchone()
    return db


_INSERT = (
    "INSERT OR REPLACE INTO episodes VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"
)


def episode_row(result: EpisodeResult) -> tuple[Any, ...]:
    """The episodes table's row for ``result``: plain values, cheap to send between processes."""
    usage = result.usage
    judge_pass = None if result.judge is None else result.judge.get("passed")
    return (
        result.key,
        result.spec.task,
        result.scenario,
        result.persona,
        result.trial,
        result.seed,
        result.initial_frustration,
        result.state.episode_id,
        None if result.success is None else int(result.success),
        None if result.grade is None else result.grade.score,
        None if result.termination is None else result.termination.value,
        result.error,
        None if result.error_kind is None else result.error_kind.value,
        int(result.escalated),
        int(result.escalation_required),
        result.state.step_count,
        usage["agent"].tokens,
        usage["customer"].tokens,
        usage["judge"].tokens,
        usage["agent"].cost,
        usage["customer"].cost,
        usage["judge"].cost,
        None if judge_pass is None else int(bool(judge_pass)),
        result.wall_seconds,
        result.to_json(),
    )


class ResultStore:
    """Append-only store of episode results in ``<run_dir>/results.sqlite``.

    ``readonly=True`` opens an existing store for reading only (URI ``mode=ro``)."""

    def __init__(self, run_dir: Path, *, create: bool = True, readonly: bool = False) -> None:
        self.path = run_dir / DB_NAME
        self.readonly = readonly
        if (readonly or not create) and not self.path.exists():
            raise ConfigError(f"{run_dir}: not a run directory (no {DB_NAME})")
        if self.path.exists() and not self.path.is_file():
            raise ConfigError(f"{self.path}: not a file")
        self._scenarios: dict[str, Scenario] = {}
        with self._guard():
            if readonly:
                self._db = _connect_readonly(self.path)
                self._db.execute("SELECT count(*) FROM episodes").fetchone()
            else:
                run_dir.mkdir(parents=True, exist_ok=True)
                self._db = sqlite3.connect(self.path, isolation_level=None)
                try:
                    self._db.execute("PRAGMA journal_mode=WAL")
                    self._db.execute("PRAGMA synchronous=NORMAL")
                    self._db.executescript(_SCHEMA)
                except sqlite3.Error:
                    self._db.close()
                    raise

    @contextlib.contextmanager
    def _guard(self) -> Iterator[None]:
        """SQLite errors inside become :class:`StoreDamagedError` / :class:`StoreAccessError`."""
        try:
            yield
        except sqlite3.Error as exc:
            raise _translate(exc, self.path, writing=not self.readonly) from None

    def verify(self) -> None:
        """Check the whole file (``PRAGMA quick_check``); raise if any page is damaged."""
        with self._guard():
            problems = [r[0] for r in self._db.execute("PRAGMA quick_check")]
        if problems != ["ok"]:
            raise _translate(
                sqlite3.DatabaseError("; ".join(problems[:3])), self.path, writing=False
            )

    def check_writable(self) -> None:
        """Raise :class:`StoreAccessError` unless a write transaction can be taken."""
        with self._guard():
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute("ROLLBACK")

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing ------------------------------------------------------------------------

    def set_meta(self, key: str, value: Any) -> None:
        with self._guard():
            self._db.execute(
                "INSERT OR REPLACE INTO meta VALUES (?, ?)",
                (key, json.dumps(value, default=str)),
            )

    def add_scenario(self, scenario: Scenario) -> None:
        if scenario.id not in self._scenarios:
            with self._guard():
                self._db.execute(
                    "INSERT OR REPLACE INTO scenarios VALUES (?, ?)",
                    (scenario.id, scenario.model_dump_json()),
                )
            self._scenarios[scenario.id] = scenario

    def add(self, result: EpisodeResult) -> None:
        """Write one result and commit it (autocommit: durable once this returns)."""
        self.add_scenario(result.state.scenario)
        self.add_raw(episode_row(result))

    def add_rows(self, rows: list[tuple[Any, ...]]) -> None:
        """Write rows made by :func:`episode_row` (in another process, perhaps) in one
        transaction: durable together once this returns. Their scenarios must be stored."""
        if len(rows) == 1:
            self.add_raw(rows[0])
            return
        with self._guard(), self._db:
            self._db.execute("BEGIN")
            self._db.executemany(_INSERT, rows)

    def add_raw(self, row: tuple[Any, ...]) -> None:
        """Write one episodes-table row as it is (all columns, in order): for recovery."""
        with self._guard():
            self._db.execute(_INSERT, row)

    def add_scenario_json(self, scenario_id: str, text: str) -> None:
        """Write a stored scenario as it is (JSON): for recovery."""
        with self._guard():
            self._db.execute("INSERT OR REPLACE INTO scenarios VALUES (?, ?)", (scenario_id, text))

    def delete_errors(self) -> int:
        """Forget episodes that ended in an infrastructure error (to run them again)."""
        with self._guard():
            return self._db.execute("DELETE FROM episodes WHERE error_kind IS NOT NULL").rowcount

    # -- reading ------------------------------------------------------------------------

    def meta(self, key: str) -> Any:
        with self._guard():
            row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else json.loads(row[0])

    def done_keys(self) -> set[str]:
        with self._guard():
            return {k for (k,) in self._db.execute("SELECT key FROM episodes")}

    def count(self) -> int:
        with self._guard():
            return int(self._db.execute("SELECT COUNT(*) FROM episodes").fetchone()[0])

    def error_count(self) -> int:
        """Episodes that ended in an infrastructure error."""
        with self._guard():
            sql = "SELECT COUNT(*) FROM episodes WHERE error_kind IS NOT NULL"
            return int(self._db.execute(sql).fetchone()[0])

    def rows(self) -> Iterator[Row]:
        """Summary rows in key order, streamed (no full results in memory)."""
        with self._guard():
            cur = self._db.execute(f"SELECT {_SUMMARY_COLUMNS} FROM episodes ORDER BY key")
            names = [d[0] for d in cur.description]
            for values in cur:
                yield dict(zip(names, values, strict=True))

    def _scenario(self, scenario_id: str) -> Scenario:
        if scenario_id not in self._scenarios:
            with self._guard():
                row = self._db.execute(
                    "SELECT json FROM scenarios WHERE id = ?", (scenario_id,)
                ).fetchone()
            if row is None:
                raise ConfigError(f"{self.path}: scenario {scenario_id!r} missing from the run")
            self._scenarios[scenario_id] = Scenario.model_validate_json(row[0])
        return self._scenarios[scenario_id]

    def has_scenario(self, scenario_id: str) -> bool:
        """Whether the run holds a readable copy of this scenario."""
        try:
            self._scenario(scenario_id)
        except (ConfigError, ValueError):
            return False
        return True

    def _load(self, text: str) -> EpisodeResult:
        try:
            data = json.loads(text)
            data["state"]["scenario"] = self._scenario(data["scenario"])
            return EpisodeResult.model_validate(data)
        except (ValueError, KeyError, TypeError) as exc:  # ValidationError is a ValueError
            raise StoreDamagedError(
                f"{self.path}: a stored result cannot be read ({type(exc).__name__}); "
                "the file was damaged or edited by hand"
            ) from None

    def results(self) -> Iterator[EpisodeResult]:
        """Full results in key order, one at a time."""
        with self._guard():
            cur = self._db.execute("SELECT result FROM episodes ORDER BY key")
            for (text,) in cur:
                yield self._load(text)

    def get(self, ref: str) -> EpisodeResult:
        """One result by key, episode id, or 1-based row number in key order.

        A row number is ASCII digits only, from 1 to the number of stored episodes."""
        with self._guard():
            row = self._db.execute(
                "SELECT result FROM episodes WHERE key = ? OR episode_id = ?", (ref, ref)
            ).fetchone()
            if row is None and ref.isascii() and ref.isdigit():
                count = self.count()
                number = int(ref) if len(ref) <= 18 else 0
                if not 1 <= number <= count:
                    raise ConfigError(
                        f"no episode number {ref} in {self.path.parent}: episode numbers go "
                        f"from 1 to {count} (see: supportsim show {self.path.parent})"
                    )
                row = self._db.execute(
                    "SELECT result FROM episodes ORDER BY key LIMIT 1 OFFSET ?", (number - 1,)
                ).fetchone()
        if row is None:
            raise ConfigError(
                f"no episode {ref!r} in {self.path.parent}: give a key, an episode id or a "
                f"number from 1 to {self.count()} (see: supportsim show {self.path.parent})"
            )
        return self._load(row[0])

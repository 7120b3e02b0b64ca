"""The result store: one SQLite file per run directory, one row per finished episode.

Each result is committed the moment its episode finishes (WAL journal), so a killed run
loses nothing that finished. Summary columns are plain SQL columns; the full result is a
JSON column (without the scenario, which is stored once per run).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sim.errors import ConfigError
from sim.orchestrator import EpisodeResult
from sim.scenario import Scenario

__all__ = ["DB_NAME", "ResultStore", "Row", "episode_row"]

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
"""A summary row: the episodes table's columns, without ``result``."""

_SUMMARY_COLUMNS = (
    "key, task, scenario, persona, trial, seed, initial_frustration, episode_id, success, "
    "score, termination, error, error_kind, escalated, escalation_required, steps, "
    "agent_tokens, customer_tokens, judge_tokens, agent_cost, customer_cost, "
    "judge_cost, judge_pass, wall_seconds"
)


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
        None if result.grade is None else int(result.grade.success),
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
    """Append-only store of episode results in ``<run_dir>/results.sqlite``."""

    def __init__(self, run_dir: Path, *, create: bool = True) -> None:
        self.path = run_dir / DB_NAME
        if not create and not self.path.exists():
            raise ConfigError(f"{run_dir}: not a run directory (no {DB_NAME})")
        run_dir.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(_SCHEMA)
        self._scenarios: dict[str, Scenario] = {}

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing ------------------------------------------------------------------------

    def set_meta(self, key: str, value: Any) -> None:
        self._db.execute(
            "INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, json.dumps(value, default=str))
        )

    def add_scenario(self, scenario: Scenario) -> None:
        if scenario.id not in self._scenarios:
            self._db.execute(
                "INSERT OR REPLACE INTO scenarios VALUES (?, ?)",
                (scenario.id, scenario.model_dump_json()),
            )
            self._scenarios[scenario.id] = scenario

    def add(self, result: EpisodeResult) -> None:
        """Write one result and commit it (autocommit: durable once this returns)."""
        self.add_scenario(result.state.scenario)
        self._db.execute(_INSERT, episode_row(result))

    def add_rows(self, rows: list[tuple[Any, ...]]) -> None:
        """Write rows made by :func:`episode_row` (in another process, perhaps) in one
        transaction: durable together once this returns. Their scenarios must be stored."""
        with self._db:
            self._db.execute("BEGIN")
            self._db.executemany(_INSERT, rows)

    def delete_errors(self) -> int:
        """Forget episodes that ended in an infrastructure error (to run them again)."""
        return self._db.execute("DELETE FROM episodes WHERE error_kind IS NOT NULL").rowcount

    # -- reading ------------------------------------------------------------------------

    def meta(self, key: str) -> Any:
        row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else json.loads(row[0])

    def done_keys(self) -> set[str]:
        return {k for (k,) in self._db.execute("SELECT key FROM episodes")}

    def count(self) -> int:
        return int(self._db.execute("SELECT COUNT(*) FROM episodes").fetchone()[0])

    def rows(self) -> Iterator[Row]:
        """Summary rows in key order, streamed (no full results in memory)."""
        cur = self._db.execute(f"SELECT {_SUMMARY_COLUMNS} FROM episodes ORDER BY key")
        names = [d[0] for d in cur.description]
        for values in cur:
            yield dict(zip(names, values, strict=True))

    def _scenario(self, scenario_id: str) -> Scenario:
        if scenario_id not in self._scenarios:
            row = self._db.execute(
                "SELECT json FROM scenarios WHERE id = ?", (scenario_id,)
            ).fetchone()
            if row is None:
                raise ConfigError(f"{self.path}: scenario {scenario_id!r} missing from the run")
            self._scenarios[scenario_id] = Scenario.model_validate_json(row[0])
        return self._scenarios[scenario_id]

    def _load(self, text: str) -> EpisodeResult:
        data = json.loads(text)
        data["state"]["scenario"] = self._scenario(data["scenario"])
        return EpisodeResult.model_validate(data)

    def results(self) -> Iterator[EpisodeResult]:
        """Full results in key order, one at a time."""
        for (text,) in self._db.execute("SELECT result FROM episodes ORDER BY key"):
            yield self._load(text)

    def get(self, ref: str) -> EpisodeResult:
        """One result by key, episode id, or 1-based row number in key order."""
        row = self._db.execute(
            "SELECT result FROM episodes WHERE key = ? OR episode_id = ?", (ref, ref)
        ).fetchone()
        if row is None and ref.isdigit():
            row = self._db.execute(
                "SELECT result FROM episodes ORDER BY key LIMIT 1 OFFSET ?", (int(ref) - 1,)
            ).fetchone()
        if row is None:
            raise ConfigError(f"no episode {ref!r} in {self.path.parent}")
        return self._load(row[0])

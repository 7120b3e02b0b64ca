"""``supportsim compare``: a leaderboard of runs and paired tests, by arithmetic over stores.

Runs are compared only on the tasks (scenario × persona × starting frustration) that all of
them played; the result says so when their task sets differ. Each later run is paired with
the first (the baseline) trial by trial: the same task and trial index, both graded.
Episodes that ended in an infrastructure error are not trials and are left out.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from graders.metrics import GroupStats
from sim.errors import ConfigError
from sim.report.stats import (
    Interval,
    McNemar,
    bootstrap_mean,
    f1,
    mcnemar_exact,
    pass_hat_k_values,
)
from sim.store import ResultStore, Row

__all__ = ["Comparison", "Entry", "Paired", "RunRows", "TaskDiff", "compare_runs", "load_run"]


@dataclass
class RunRows:
    """One run's summary rows (read once from its store) and how to call it."""

    path: Path
    label: str
    rows: list[Row]

    @property
    def tasks(self) -> set[str]:
        return {str(r["task"]) for r in self.rows if r["error_kind"] is None}


def _label(run_dir: Path, store: ResultStore) -> str:
    config_path = run_dir / "config.json"
    if config_path.exists():
        try:
            config = json.loads(config_path.read_text())
        except (OSError, ValueError):
            config = {}
        if isinstance(config, dict) and config.get("agent"):
            agent = str(config["agent"])
            model = config.get("agent_model")
            return f"{agent}:{model}" if model else agent
    label = store.meta("label")
    return str(label) if label else run_dir.name


def load_run(run_dir: Path) -> RunRows:
    """Read a run's summary rows (read only); a clear error if it is not a run."""
    with ResultStore(run_dir, create=False) as store:
        label = _label(run_dir, store)
        rows = list(store.rows())
    if not rows:
        raise ConfigError(f"{run_dir}: the run holds no finished episodes")
    run = RunRows(run_dir, label, rows)
    if not run.tasks:
        raise ConfigError(
            f"{run_dir}: all {len(rows)} episode(s) ended in an infrastructure error; "
            "nothing was graded (re-run them with supportsim run --resume --retry-errors)"
        )
    return run


@dataclass
class Entry:
    """One run's line of the leaderboard (over the common tasks)."""

    run: RunRows
    stats: GroupStats
    pass_k: dict[int, Interval | None]
    score: Interval | None

    @property
    def escalation_f1(self) -> float | None:
        esc = self.stats.escalation
        if esc.tp + esc.fp + esc.fn == 0:
            return None  # never required and never done: nothing to judge
        return f1(esc.precision or 0.0, esc.recall or 0.0)

    @property
    def cost_per_episode(self) -> float | None:
        cost = self.stats.cost
        return None if cost is None or not self.stats.episodes else cost / self.stats.episodes

    @property
    def tokens_per_episode(self) -> float | None:
        n = self.stats.episodes
        return self.stats.tokens / n if n else None


@dataclass
class TaskDiff:
    task: str
    a: tuple[int, int]
    """Baseline successes and graded trials on this task."""
    b: tuple[int, int]

    @property
    def diff(self) -> float:
        return self.b[0] / self.b[1] - self.a[0] / self.a[1]


@dataclass
class Paired:
    """A later run against the baseline on the same tasks and trials."""

    baseline: RunRows
    other: RunRows
    test: McNemar
    mean_diff: Interval | None
    """Mean over tasks of (other's success rate − baseline's), with a bootstrap interval."""
    tasks: list[TaskDiff] = field(default_factory=list)


@dataclass
class Comparison:
    runs: list[RunRows]
    common: list[str]
    entries: list[Entry]
    paired: list[Paired]
    ks: list[int]

    @property
    def note(self) -> str:
        """What was compared, and what was left out when task sets differ."""
        counts = [len(r.tasks) for r in self.runs]
        if all(c == len(self.common) for c in counts):
            return f"All runs cover the same {len(self.common)} task(s)."
        each = ", ".join(f"{r.label}: {c}" for r, c in zip(self.runs, counts, strict=True))
        return (
            f"The runs cover different tasks ({each}); they are compared only on the "
            f"{len(self.common)} task(s) common to all."
        )

    def render(self, fmt: str) -> str:
        from sim.report import compare_format

        return compare_format.render(self, fmt)


def _outcomes(rows: list[Row]) -> dict[str, dict[int, bool]]:
    """Per task, per trial: success (graded episodes only)."""
    out: dict[str, dict[int, bool]] = defaultdict(dict)
    for r in rows:
        if r["error_kind"] is None:
            out[str(r["task"])][int(r["trial"])] = bool(r["success"])
    return out


def _entry(run: RunRows, rows: list[Row], ks: list[int], seed: int) -> Entry:
    stats = GroupStats()
    for r in rows:
        stats.add(r)
    per_task = [list(t.values()) for t in _outcomes(rows).values()]
    scores: dict[str, list[float]] = defaultdict(list)
    for r in rows:
        if r["error_kind"] is None:
            scores[str(r["task"])].append(float(r["score"]))
    return Entry(
        run=run,
        stats=stats,
        pass_k={k: bootstrap_mean(pass_hat_k_values(per_task, k), seed=seed + k) for k in ks},
        score=bootstrap_mean([sum(v) / len(v) for v in scores.values()], seed=seed),
    )


def _paired(base: RunRows, other: RunRows, common: set[str], seed: int) -> Paired:
    a_out, b_out = _outcomes(base.rows), _outcomes(other.rows)
    pairs: list[tuple[bool, bool]] = []
    tasks: list[TaskDiff] = []
    for task in sorted(common):
        a, b = a_out.get(task, {}), b_out.get(task, {})
        trials = sorted(set(a) & set(b))
        pairs += [(a[t], b[t]) for t in trials]
        if a and b:
            tasks.append(TaskDiff(task, (sum(a.values()), len(a)), (sum(b.values()), len(b))))
    return Paired(
        baseline=base,
        other=other,
        test=mcnemar_exact(pairs),
        mean_diff=bootstrap_mean([t.diff for t in tasks], seed=seed),
        tasks=tasks,
    )


def _rank_key(e: Entry) -> tuple[float, float]:
    """Best pass^1 first, then best score; undefined values last."""
    first = e.pass_k.get(1)
    return (-(first.value if first else -1.0), -(e.score.value if e.score else -1.0))


def compare_runs(run_dirs: list[Path], *, seed: int = 0) -> Comparison:
    """Leaderboard and paired tests of the runs in ``run_dirs`` (the first is the baseline).

    ``seed`` fixes the bootstrap resamples, so the same stores print the same intervals."""
    if len(run_dirs) < 2:
        raise ConfigError("compare needs at least two run directories")
    runs = [load_run(d) for d in run_dirs]
    labels = [r.label for r in runs]
    for r in runs:
        if labels.count(r.label) > 1:
            r.label = f"{r.label} ({r.path.name})"
    common = set.intersection(*(r.tasks for r in runs))
    if not common:
        raise ConfigError(
            "the runs have no task in common (scenario × persona × starting frustration); "
            "nothing to compare"
        )
    rows = {id(r): [x for x in r.rows if str(x["task"]) in common] for r in runs}
    max_trials = max((len(t) for r in runs for t in _outcomes(rows[id(r)]).values()), default=1)
    ks = list(range(1, max_trials + 1))
    entries = [_entry(r, rows[id(r)], ks, seed) for r in runs]
    entries.sort(key=_rank_key)
    paired = [_paired(runs[0], other, common, seed) for other in runs[1:]]
    return Comparison(runs, sorted(common), entries, paired, ks)

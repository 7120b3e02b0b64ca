"""Aggregate metrics over episode rows: success, pass^k, escalation precision and recall.

pass^k follows tau-bench: for a task tried n times with c successes, the chance that k
trials drawn without replacement all succeed is C(c, k) / C(n, k); pass^k is its mean over
tasks. Episodes that ended in an infrastructure error are not trials: they are counted and
shown, and kept out of every rate.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from math import comb
from typing import Any

__all__ = ["PARTICIPANTS", "Confusion", "GroupStats", "pass_hat_k", "summarize", "tasks_short_of"]

Row = Mapping[str, Any]

PARTICIPANTS = ("agent", "customer", "judge")
"""Who spends tokens in an episode."""


def pass_hat_k(outcomes: Mapping[str, list[bool]], k: int) -> float | None:
    """tau-bench pass^k over tasks; tasks with fewer than k graded trials are left out."""
    values = [
        comb(sum(trials), k) / comb(len(trials), k)
        for trials in outcomes.values()
        if len(trials) >= k
    ]
    return sum(values) / len(values) if values else None


def tasks_short_of(outcomes: Mapping[str, list[bool]], k: int) -> int:
    """How many tasks have fewer than ``k`` graded trials (and so are not in pass^k)."""
    return sum(len(trials) < k for trials in outcomes.values())


@dataclass
class Confusion:
    """Escalation judgment: did the agent escalate exactly when the rule required it?"""

    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0

    def add(self, escalated: bool, required: bool) -> None:
        if escalated and required:
            self.tp += 1
        elif escalated:
            self.fp += 1
        elif required:
            self.fn += 1
        else:
            self.tn += 1

    @property
    def precision(self) -> float | None:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else None

    @property
    def recall(self) -> float | None:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else None

    @property
    def required(self) -> int:
        return self.tp + self.fn

    @property
    def escalated(self) -> int:
        return self.tp + self.fp


@dataclass
class GroupStats:
    """Running aggregates for one group of episodes (a scenario, a persona, a bin, all)."""

    episodes: int = 0
    errors: int = 0
    successes: int = 0
    score_sum: float = 0.0
    abandoned: int = 0
    steps_sum: int = 0
    participant_tokens: dict[str, int] = field(
        default_factory=lambda: dict.fromkeys(PARTICIPANTS, 0)
    )
    participant_cost: dict[str, float | None] = field(
        default_factory=lambda: dict.fromkeys(PARTICIPANTS, 0.0)
    )
    judged: int = 0
    judge_passes: int = 0
    escalation: Confusion = field(default_factory=Confusion)
    outcomes: dict[str, list[bool]] = field(default_factory=lambda: defaultdict(list))

    def add(self, row: Row) -> None:
        self.episodes += 1
        for who in PARTICIPANTS:
            self.participant_tokens[who] += int(row[f"{who}_tokens"])
            known, cost = self.participant_cost[who], row.get(f"{who}_cost")
            self.participant_cost[who] = None if known is None or cost is None else known + cost
        if row["error_kind"] is not None:
            self.errors += 1
            return
        success = bool(row["success"])
        self.successes += success
        self.score_sum += float(row["score"])
        self.abandoned += row["termination"] == "customer_left"
        self.steps_sum += int(row["steps"])
        self.escalation.add(bool(row["escalated"]), bool(row["escalation_required"]))
        self.outcomes[str(row["task"])].append(success)
        if row.get("judge_pass") is not None:
            self.judged += 1
            self.judge_passes += bool(row["judge_pass"])

    @property
    def tokens(self) -> int:
        return sum(self.participant_tokens.values())

    @property
    def cost(self) -> float | None:
        """US dollars over all participants; ``None`` if any spent at an unknown price."""
        costs = self.participant_cost.values()
        return None if any(c is None for c in costs) else sum(c or 0.0 for c in costs)

    @property
    def graded(self) -> int:
        return self.episodes - self.errors

    def rate(self, count: int) -> float | None:
        return count / self.graded if self.graded else None

    @property
    def success_rate(self) -> float | None:
        return self.rate(self.successes)

    @property
    def mean_score(self) -> float | None:
        return self.score_sum / self.graded if self.graded else None

    @property
    def abandonment_rate(self) -> float | None:
        return self.rate(self.abandoned)

    @property
    def mean_steps(self) -> float | None:
        return self.steps_sum / self.graded if self.graded else None

    @property
    def max_trials(self) -> int:
        return max((len(v) for v in self.outcomes.values()), default=0)

    def pass_k(self, k: int) -> float | None:
        return pass_hat_k(self.outcomes, k)

    def pass_k_left_out(self, k: int) -> int:
        """Tasks that :meth:`pass_k` leaves out: those with fewer than ``k`` graded trials."""
        return tasks_short_of(self.outcomes, k)


def summarize(
    rows: Iterable[Row], *groupings: tuple[str, Callable[[Row], Any]]
) -> tuple[GroupStats, dict[str, dict[Any, GroupStats]]]:
    """Overall stats and, for each named grouping, stats per group; rows are streamed."""
    overall = GroupStats()
    groups: dict[str, dict[Any, GroupStats]] = {name: {} for name, _ in groupings}
    for row in rows:
        overall.add(row)
        for name, key_of in groupings:
            groups[name].setdefault(key_of(row), GroupStats()).add(row)
    return overall, groups

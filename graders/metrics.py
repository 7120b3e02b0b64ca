"""Aggregate metrics over episode rows: success, pass^k, escalation precision and recall.

pass^k follows tau-bench: for a task tried n times with c successes, the chance that k
trials drawn without replacement all succeed is C(c, k) / C(n, k); pass^k is its mean over
tasks. Episodes that ended in an infrastructure error are not trials: they are counted and
shown, and kept out of every rate. Where an LLM judge ran, its agreement with the rule checks
it also rates is counted per check over the judged episodes.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from math import comb
from typing import Any

from graders.verdict import Decider, JudgedCheck

__all__ = [
    "PARTICIPANTS",
    "Agreement",
    "Confusion",
    "GroupStats",
    "pass_hat_k",
    "row_agreement",
    "summarize",
    "tasks_short_of",
]

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


def row_agreement(row: Row) -> dict[str, bool]:
    """A row's per-check agreement of judge and rules (JSON text from the store, or a dict)."""
    value = row.get("judge_agreement")
    if isinstance(value, str):
        value = json.loads(value)
    return {str(k): bool(v) for k, v in value.items()} if isinstance(value, Mapping) else {}


@dataclass
class Agreement:
    """How often the judge agreed with each rule check, over the episodes where both rated it."""

    agreed: Counter[str] = field(default_factory=Counter)
    rated: Counter[str] = field(default_factory=Counter)

    def add(self, per_check: Mapping[str, bool]) -> None:
        for name, same in per_check.items():
            self.rated[name] += 1
            self.agreed[name] += same

    def rate(self, check: str) -> float | None:
        return self.agreed[check] / self.rated[check] if self.rated[check] else None


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
    agreement: Agreement = field(default_factory=Agreement)
    judge_decided: int = 0
    """Episodes the rule grade passed and the judge failed (``--grade-with-judge``)."""
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
        self.agreement.add(row_agreement(row))
        self.judge_decided += row.get("decided_by") == Decider.JUDGE

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

    def agreement_line(self) -> str | None:
        """The judge's agreement rate with each rule check it rates, for the summary."""
        rated = [c for c in JudgedCheck if self.agreement.rated[c]]
        if not rated:
            return None
        parts = []
        for check in rated:
            agreed, total = self.agreement.agreed[check], self.agreement.rated[check]
            label = "courteous (tone)" if check is JudgedCheck.COURTEOUS else check.value
            parts.append(f"{label} {agreed}/{total} ({100 * agreed / total:.1f}%)")
        line = "Judge agreement with rule checks: " + " · ".join(parts) + "."
        if self.judge_decided:
            line += f" Failed by the judge alone (--grade-with-judge): {self.judge_decided}."
        return line


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

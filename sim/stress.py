"""Stress curves: success and escalation-required by initial-frustration bin.

A stress run plays the same tickets against customers of rising initial frustration. Its
curve is one point per bin: the share of episodes that succeeded, and the share in which the
scenario's escalation policy required a human by the end. Pure functions over the store's
summary rows, shared by ``supportsim stress`` and ``bench/stress_curves.py``.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

__all__ = ["CurvePoint", "curve", "falls_by", "non_decreasing", "non_increasing"]

Row = Mapping[str, object]


@dataclass(frozen=True, slots=True)
class CurvePoint:
    """One initial-frustration bin of a stress curve (infrastructure errors left out)."""

    frustration: float
    episodes: int
    successes: int
    required: int
    """Episodes in which the escalation policy required a human."""
    escalated: int
    left: int
    """Episodes the customer walked out of."""

    @property
    def success(self) -> float:
        return self.successes / self.episodes if self.episodes else 0.0

    @property
    def escalation_required(self) -> float:
        return self.required / self.episodes if self.episodes else 0.0

    @property
    def escalation_rate(self) -> float:
        return self.escalated / self.episodes if self.episodes else 0.0

    @property
    def left_rate(self) -> float:
        return self.left / self.episodes if self.episodes else 0.0


def curve(rows: Iterable[Row], bin_of: Callable[[Row], float]) -> list[CurvePoint]:
    """The curve of ``rows``, one point per bin in ascending order (errored rows skipped)."""
    acc: dict[float, list[int]] = {}
    for row in rows:
        if row.get("error"):
            continue
        counts = acc.setdefault(round(bin_of(row), 2), [0, 0, 0, 0, 0])
        counts[0] += 1
        counts[1] += bool(row["success"])
        counts[2] += bool(row["escalation_required"])
        counts[3] += bool(row["escalated"])
        counts[4] += row["termination"] == "customer_left"
    return [CurvePoint(f, *acc[f]) for f in sorted(acc)]


def non_increasing(values: Sequence[float], tolerance: float = 1e-9) -> bool:
    """Whether every value is at most the one before it."""
    return all(b <= a + tolerance for a, b in itertools.pairwise(values))


def non_decreasing(values: Sequence[float], tolerance: float = 1e-9) -> bool:
    """Whether every value is at least the one before it."""
    return all(b >= a - tolerance for a, b in itertools.pairwise(values))


def falls_by(values: Sequence[float], amount: float) -> bool:
    """Whether the last value is at least ``amount`` below the first."""
    return len(values) >= 2 and values[0] - values[-1] >= amount - 1e-9

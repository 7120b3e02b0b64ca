"""Statistics for comparing runs: bootstrap intervals, the exact McNemar test, F1.

Pure functions over plain numbers: no I/O, no store. Randomness only through a
``random.Random(seed)`` passed in or made from a seed, so a comparison prints the same
intervals every time it is run on the same stores.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

__all__ = [
    "Interval",
    "McNemar",
    "bootstrap_mean",
    "f1",
    "mcnemar_exact",
    "mean",
    "pass_hat_k_values",
]


@dataclass(frozen=True, slots=True)
class Interval:
    """A point estimate with a percentile bootstrap confidence interval."""

    value: float
    low: float
    high: float


def bootstrap_mean(
    values: Sequence[float],
    *,
    resamples: int = 2000,
    level: float = 0.95,
    seed: int = 0,
) -> Interval | None:
    """The mean of per-task ``values`` with a percentile bootstrap interval.

    Tasks, not episodes, are the unit resampled: trials of one task are correlated, so
    resampling episodes would make the interval too narrow. ``None`` for no values.
    """
    if not values:
        return None
    n = len(values)
    point = sum(values) / n
    if n < 2:
        return Interval(point, point, point)
    rng = random.Random(seed)
    means = sorted(sum(rng.choices(values, k=n)) / n for _ in range(resamples))
    tail = (1 - level) / 2
    low = means[int(tail * (resamples - 1))]
    high = means[int((1 - tail) * (resamples - 1))]
    return Interval(point, low, high)


def pass_hat_k_values(outcomes: Sequence[Sequence[bool]], k: int) -> list[float]:
    """Per task, C(c, k) / C(n, k): the chance that k of its trials all succeed."""
    return [comb(sum(t), k) / comb(len(t), k) for t in outcomes if len(t) >= k]


@dataclass(frozen=True, slots=True)
class McNemar:
    """The exact McNemar test on paired binary outcomes (A and B on the same trial).

    Only discordant pairs carry information: ``a_only`` (A succeeded, B failed) and
    ``b_only``. Under the null hypothesis each discordant pair goes either way with
    probability 1/2, so ``a_only`` is Binomial(a_only + b_only, 1/2).
    """

    pairs: int
    both: int
    a_only: int
    b_only: int
    neither: int
    p_value: float


def _binomial_two_sided(successes: int, trials: int) -> float:
    """Two-sided exact binomial p-value for p = 1/2 (symmetric: twice the smaller tail)."""
    if trials == 0:
        return 1.0
    low = min(successes, trials - successes)
    tail = sum(comb(trials, i) for i in range(low + 1)) / 2**trials
    return float(min(1.0, 2 * tail))


def mcnemar_exact(pairs: Sequence[tuple[bool, bool]]) -> McNemar:
    """McNemar's exact test over ``(a_success, b_success)`` pairs."""
    both = sum(1 for a, b in pairs if a and b)
    a_only = sum(1 for a, b in pairs if a and not b)
    b_only = sum(1 for a, b in pairs if b and not a)
    neither = len(pairs) - both - a_only - b_only
    return McNemar(
        pairs=len(pairs),
        both=both,
        a_only=a_only,
        b_only=b_only,
        neither=neither,
        p_value=_binomial_two_sided(a_only, a_only + b_only),
    )


def f1(precision: float | None, recall: float | None) -> float | None:
    """Harmonic mean of precision and recall; ``None`` if either is undefined."""
    if precision is None or recall is None:
        return None
    return 0.0 if precision + recall == 0 else 2 * precision * recall / (precision + recall)


def mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None

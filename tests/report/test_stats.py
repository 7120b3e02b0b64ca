"""The statistics behind compare: exact McNemar, bootstrap intervals, pass^k, F1."""

from __future__ import annotations

from math import comb

import pytest

from sim.report.stats import bootstrap_mean, f1, mcnemar_exact, pass_hat_k_values


def _pairs(both: int, a_only: int, b_only: int, neither: int) -> list[tuple[bool, bool]]:
    return (
        [(True, True)] * both
        + [(True, False)] * a_only
        + [(False, True)] * b_only
        + [(False, False)] * neither
    )


def _brute_force_p(a_only: int, b_only: int) -> float:
    """Two-sided exact p by definition: the mass of outcomes no more likely than the one seen."""
    n = a_only + b_only
    prob = [comb(n, i) / 2**n for i in range(n + 1)]
    seen = prob[a_only]
    return min(1.0, sum(p for p in prob if p <= seen * (1 + 1e-12)))


@pytest.mark.parametrize("a_only", range(0, 9))
@pytest.mark.parametrize("b_only", range(0, 9))
def test_mcnemar_matches_the_definition(a_only: int, b_only: int) -> None:
    test = mcnemar_exact(_pairs(3, a_only, b_only, 2))
    assert test.pairs == 5 + a_only + b_only
    assert (test.both, test.a_only, test.b_only, test.neither) == (3, a_only, b_only, 2)
    assert test.p_value == pytest.approx(_brute_force_p(a_only, b_only))


def test_mcnemar_known_values() -> None:
    assert mcnemar_exact(_pairs(10, 0, 5, 10)).p_value == pytest.approx(0.0625)
    assert mcnemar_exact(_pairs(0, 1, 9, 0)).p_value == pytest.approx(22 / 1024)
    assert mcnemar_exact(_pairs(7, 0, 0, 7)).p_value == 1.0
    # concordant pairs carry no information
    assert mcnemar_exact(_pairs(0, 2, 6, 0)).p_value == mcnemar_exact(_pairs(50, 2, 6, 50)).p_value
    # large samples do not overflow
    assert mcnemar_exact(_pairs(0, 300, 700, 0)).p_value < 1e-30


def test_bootstrap_interval_holds_the_mean_and_is_reproducible() -> None:
    values = [1.0] * 30 + [0.0] * 20
    iv = bootstrap_mean(values, seed=3)
    assert iv is not None
    assert iv.value == pytest.approx(0.6)
    assert iv.low < 0.6 < iv.high
    assert iv.low > 0.4 and iv.high < 0.8  # about ±1.96 * sqrt(.24/50) = ±0.136
    assert bootstrap_mean(values, seed=3) == iv
    assert bootstrap_mean([], seed=3) is None
    constant = bootstrap_mean([0.5] * 10)
    assert constant is not None and constant.low == constant.high == 0.5


def test_pass_hat_k_values_follow_tau_bench() -> None:
    tasks = [[True, True, False], [True, True, True], [False, False, False], [True]]
    assert pass_hat_k_values(tasks, 1) == [pytest.approx(2 / 3), 1.0, 0.0, 1.0]
    assert pass_hat_k_values(tasks, 2) == [pytest.approx(1 / 3), 1.0, 0.0]  # n < k left out
    assert pass_hat_k_values(tasks, 3) == [0.0, 1.0, 0.0]


def test_f1() -> None:
    assert f1(1.0, 0.5) == pytest.approx(2 / 3)
    assert f1(0.0, 0.0) == 0.0
    assert f1(None, 1.0) is None

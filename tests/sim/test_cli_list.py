"""``supportsim list scenarios`` shows each scenario's family and difficulty, and
``--family`` keeps one family (an unknown one is a clear error naming the flag)."""

from __future__ import annotations

from sim.loader import bundled_scenario_ids, get_scenario
from tests.sim.cli_helpers import cli


def test_list_scenarios_shows_family_and_difficulty() -> None:
    res = cli("list", "scenarios", columns=200)
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert any("family" in line and "difficulty" in line for line in lines)
    for sid in bundled_scenario_ids():
        sc = get_scenario(sid)
        row = next(line for line in lines if f" {sid} " in line)
        assert f" {sc.family} " in row and f" {sc.difficulty} " in row


def test_family_filter_keeps_only_that_family() -> None:
    scenarios = [get_scenario(s) for s in bundled_scenario_ids()]
    family = scenarios[-1].family
    res = cli("list", "scenarios", "--family", family, columns=200)
    assert res.returncode == 0, res.stderr
    for sc in scenarios:
        assert (f" {sc.id} " in res.stdout) is (sc.family == family)


def test_unknown_family_is_a_clear_error() -> None:
    res = cli("list", "scenarios", "--family", "no-such-family")
    assert res.returncode == 2
    assert "--family" in res.stderr and "no-such-family" in res.stderr
    assert "Traceback" not in res.stderr

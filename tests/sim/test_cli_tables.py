"""Tables stay whole at 80 columns and when piped; pass^k says what it left out."""

from __future__ import annotations

import io
from typing import Any

import pytest
from rich.console import Console

from graders.metrics import summarize, tasks_short_of
from sim.cli.report import pass_k_note, print_stress, print_summary
from sim.cli.tables import split_columns
from sim.loader import bundled_scenario_ids
from tests.sim.cli_helpers import cli

LONG_ID = "an-unseen-scenario-with-a-really-quite-long-identifier-of-sixty-chars"


def _row(scenario: str, trial: int, *, success: bool = True, error: bool = False) -> dict[str, Any]:
    return {
        "key": f"{scenario}|p|-|{trial}",
        "task": f"{scenario}|p|-",
        "scenario": scenario,
        "persona": "some-persona-id-that-is-long-too",
        "trial": trial,
        "success": None if error else int(success),
        "score": None if error else 0.9,
        "termination": None if error else "resolved",
        "error_kind": "timeout" if error else None,
        "error": "boom" if error else None,
        "escalated": 0,
        "escalation_required": 0,
        "steps": 4,
        "agent_tokens": 1234567,
        "customer_tokens": 0,
        "judge_tokens": 0,
        "agent_cost": None,
        "customer_cost": 0.0,
        "judge_cost": 0.0,
        "judge_pass": None,
        "initial_frustration": None,
    }


def _first_cells(text: str) -> str:
    """The first column's cells, joined: an id folded over lines reads whole again."""
    return "".join(line.split("│")[1].strip() for line in text.splitlines() if "│" in line)


def _render(width: int, rows: list[dict[str, Any]]) -> str:
    buf = io.StringIO()
    console = Console(file=buf, width=width, force_terminal=False, color_system=None)
    print_summary(console, rows)
    print_stress(console, rows, lambda r: 0.5)
    return buf.getvalue()


@pytest.mark.parametrize("width", [80, 100, 200])
def test_summary_never_cuts_ids_and_fits_the_width(width: int) -> None:
    rows = [_row(LONG_ID, t) for t in range(5)] + [_row("short", t) for t in range(5)]
    text = _render(width, rows)
    assert LONG_ID in _first_cells(text) and "some-persona-id-that-is-long-too" in text
    assert "…" not in text
    assert max(len(line) for line in text.splitlines()) <= width
    for header in ("pass^5", "esc P", "tokens", "cost", "infra errors", "abandoned"):
        assert header in text


def test_split_columns_is_greedy_and_fits() -> None:
    parts = split_columns([10, 10, 10, 10], key_width=20, total=60)
    assert [i for p in parts for i in p] == [0, 1, 2, 3]
    for part in parts:
        assert 20 + 4 + sum(10 + 3 for _ in part) <= 60
    assert split_columns([100], key_width=10, total=40) == [[0]]


def test_pass_k_says_how_many_tasks_it_left_out() -> None:
    rows = [_row("a", t) for t in range(3)] + [_row("b", 0), _row("b", 1, error=True)]
    overall, _ = summarize(rows)
    assert tasks_short_of(overall.outcomes, 1) == 0
    assert tasks_short_of(overall.outcomes, 2) == 1
    assert overall.pass_k_left_out(3) == 1
    note = pass_k_note(overall, range(1, 4))
    assert note is not None
    assert "pass^2 leaves out 1 of 2" in note and "pass^3 leaves out 1 of 2" in note
    assert "pass^1" not in note
    text = _render(200, rows)
    assert "pass^2 leaves out 1 of 2" in text


def test_pass_k_note_is_silent_when_every_task_has_k_trials() -> None:
    overall, _ = summarize([_row("a", t) for t in range(2)])
    assert pass_k_note(overall, range(1, 3)) is None


def test_list_piped_at_80_columns_keeps_every_id_whole() -> None:
    res = cli("list", columns=80)
    assert res.returncode == 0, res.stderr
    assert max(len(line) for line in res.stdout.splitlines()) <= 80
    assert "…" not in res.stdout
    for sid in bundled_scenario_ids():
        assert f" {sid} " in res.stdout


def test_an_id_wider_than_the_screen_is_folded_whole() -> None:
    huge = "x" * 70 + "-" + "y" * 50
    text = _render(80, [_row(huge, t) for t in range(2)])
    assert max(len(line) for line in text.splitlines()) <= 80
    assert huge in _first_cells(text)

"""The stress command, logging, and CLI error handling."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from sim.batch import BatchConfig, run_batch
from sim.logs import configure_logging

ENV = {**os.environ, "COLUMNS": "200"}


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "from sim.cli import main; main()", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=ENV,
    )


def test_stress_sweep_prints_escalation_table_per_bin(tmp_path: Path) -> None:
    res = _cli(
        "stress",
        "-s",
        "hard-double-billing",
        "--sweep",
        "0:1:0.25",
        "--trials",
        "4",
        "--out",
        str(tmp_path / "s"),
        "--no-progress",
    )
    assert res.returncode == 0, res.stderr
    out = res.stdout
    assert "Escalation judgment by initial frustration" in out
    for col in ("required", "escalated", "TP", "FP", "FN", "TN", "precision", "recall", "success"):
        assert col in out
    bins = [
        line.split("│")[1].strip()
        for line in out.splitlines()
        if line.startswith("│") and line.split("│")[1].strip()[:1].isdigit()
    ]
    assert bins == ["0.0", "0.25", "0.5", "0.75", "1.0"]


def test_stress_compares_agents_by_frustration_bin(tmp_path: Path) -> None:
    res = _cli(
        "stress",
        "-s",
        "hard-double-billing",
        "--sweep",
        "0:1:0.5",
        "--trials",
        "2",
        "--agent",
        "scripted",
        "--agent",
        "scripted-escalates-early",
        "--out",
        str(tmp_path / "s"),
        "--no-progress",
    )
    assert res.returncode == 0, res.stderr
    rows = {}
    agent = ""
    for line in res.stdout.splitlines():
        cells = [c.strip() for c in line.split("│")[1:-1]]
        if len(cells) == 5 and cells[1]:
            agent = cells[0] or agent
            rows[(agent, cells[1])] = cells[2:]
    assert rows[("scripted", "success")] == ["100", "100", "100"]
    assert rows[("scripted", "esc. required")] == ["0", "0", "100"]  # asked twice at 1.0
    assert rows[("scripted", "escalated")] == ["0", "0", "100"]
    assert rows[("scripted-escalates-early", "escalated")][1:] == ["100", "100"]
    assert rows[("scripted-escalates-early", "success")] != rows[("scripted", "success")]
    assert (tmp_path / "s" / "scripted" / "results.sqlite").exists()
    assert (tmp_path / "s" / "scripted-escalates-early" / "results.sqlite").exists()


def test_stress_needs_personas_or_sweep(tmp_path: Path) -> None:
    res = _cli("stress", "-s", "hard-double-billing", "--out", str(tmp_path / "s"))
    assert res.returncode == 2
    assert "sweep" in res.stderr and "Traceback" not in res.stderr


def test_user_errors_are_one_line_not_a_traceback(tmp_path: Path) -> None:
    for args in (
        ["run", "-s", "no-such-scenario", "--out", str(tmp_path / "a")],
        ["run", "--agent", "genius", "--out", str(tmp_path / "b")],
        ["run", "--resume", "--out", str(tmp_path / "missing")],
        ["show", str(tmp_path / "missing")],
        ["stress", "-s", "hard-double-billing", "--sweep", "1:0:x"],
    ):
        res = _cli(*args)
        assert res.returncode != 0, args
        assert "Traceback" not in res.stderr, args
        assert "error" in res.stderr.lower(), args


async def test_log_lines_are_json_bound_to_their_episode(tmp_path: Path) -> None:
    log = tmp_path / "run.log"
    configure_logging("debug", log_file=log)
    config = BatchConfig(scenarios=["easy-password-reset", "hard-double-billing"], trials=2)
    await run_batch(config, tmp_path / "run")
    lines = [json.loads(x) for x in log.read_text().splitlines()]
    finished = [x for x in lines if x["event"] == "episode finished"]
    assert len(finished) == 4
    for line in finished:
        assert {"episode", "scenario", "persona", "step", "timestamp", "level"} <= set(line)
        assert line["episode"].startswith(line["scenario"])
        assert line["step"] > 0


def test_run_accepts_a_directory_of_unseen_scenarios(tmp_path: Path) -> None:
    import yaml

    from sim.loader import get_scenario

    folder = tmp_path / "mine"
    folder.mkdir()
    for name in ("easy-password-reset", "medium-defective-product"):
        data = get_scenario(name).model_dump(mode="json")
        data["id"] = f"my-{name}"
        (folder / f"my-{name}.yaml").write_text(yaml.safe_dump(data))
    res = _cli(
        "run", "-s", str(folder), "--agent", "oracle", "--out", str(tmp_path / "r"), "--no-progress"
    )
    assert res.returncode == 0, res.stderr
    assert "my-easy-password-reset" in res.stdout and "my-medium-defective-product" in res.stdout
    empty = tmp_path / "empty"
    empty.mkdir()
    res = _cli("run", "-s", str(empty), "--out", str(tmp_path / "e"))
    assert res.returncode == 2 and "no scenario files" in res.stderr


def test_stress_compares_personas_given_as_files(tmp_path: Path) -> None:
    import yaml

    from personas import get_persona

    data = get_persona("calm-professional").model_dump(mode="json")
    data["id"] = "my-fuming-customer"
    data["emotion"]["initial_frustration"] = 0.95
    path = tmp_path / "fuming.yaml"
    path.write_text(yaml.safe_dump(data))
    res = _cli(
        "stress",
        "-s",
        "hard-double-billing",
        "-p",
        "calm-professional",
        "-p",
        str(path),
        "--trials",
        "2",
        "--out",
        str(tmp_path / "s"),
        "--no-progress",
    )
    assert res.returncode == 0, res.stderr
    bins = [
        line.split("│")[1].strip()
        for line in res.stdout.splitlines()
        if line.startswith("│") and line.split("│")[1].strip()[:1].isdigit()
    ]
    assert bins == ["0.1", "0.95"]

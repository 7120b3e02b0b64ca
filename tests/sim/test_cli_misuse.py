"""Misuse of the command line ends in one clear error that names the flag, never a traceback."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from sim.cli.checks import parse_sweep, resume_conflicts
from sim.errors import ConfigError
from sim.mock_llm import MockConfig, MockProcess
from tests.sim.cli_helpers import cli, no_traceback


@pytest.fixture(scope="module")
def small_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("runs") / "small"
    res = cli(
        "run", "-s", "easy-password-reset", "--trials", "2", "--out", str(out), "--no-progress"
    )
    assert res.returncode == 0, res.stderr
    return out


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--timeout", "0"], "--timeout"),
        (["--timeout", "-5"], "--timeout"),
        (["--timeout", "nan"], "--timeout"),
        (["--timeout", "inf"], "--timeout"),
        (["--model-timeout", "0"], "--model-timeout"),
        (["--model-timeout", "NaN"], "--model-timeout"),
        (["--model-timeout", "-inf"], "--model-timeout"),
        (["--max-steps", "0"], "--max-steps"),
        (["--max-steps", "-1"], "--max-steps"),
        (["--trials", "0"], "--trials"),
        (["--trials", "99999999999"], "--trials"),
        (["--concurrency", "0"], "--concurrency"),
        (["--model-retries", "-1"], "--model-retries"),
    ],
    ids=lambda v: " ".join(v) if isinstance(v, list) else v,
)
def test_out_of_range_numbers_name_the_flag(tmp_path: Path, args: list[str], expected: str) -> None:
    res = cli("run", "--out", str(tmp_path / "r"), "--no-progress", *args)
    no_traceback(res)
    assert res.returncode == 2
    assert expected in res.stderr
    assert not (tmp_path / "r").exists(), "flags must be checked before anything is written"


def test_out_naming_an_existing_file(tmp_path: Path) -> None:
    file = tmp_path / "notes.txt"
    file.write_text("mine")
    res = cli("run", "-s", "easy-password-reset", "--out", str(file))
    no_traceback(res)
    assert "--out" in res.stderr and "is a file" in res.stderr
    assert file.read_text() == "mine"


def test_out_under_a_file(tmp_path: Path) -> None:
    file = tmp_path / "notes.txt"
    file.write_text("mine")
    res = cli("run", "-s", "easy-password-reset", "--out", str(file / "run"))
    no_traceback(res)
    assert "--out" in res.stderr and "is a file" in res.stderr


def test_out_in_an_unwritable_place() -> None:
    res = cli("run", "-s", "easy-password-reset", "--out", "/proc/supportsim/run")
    no_traceback(res)
    assert "--out /proc/supportsim/run: cannot create the directory" in res.stderr


@pytest.mark.parametrize(
    "ref",
    ["0", "3", "99999999999999999999999999", "٣", "²", "١٢", "-1", "1.5", " 1"],
    ids=[
        "zero",
        "past-end",
        "huge",
        "arabic-indic",
        "superscript",
        "arabic-12",
        "neg",
        "frac",
        "sp",
    ],
)
def test_show_bad_episode_numbers(small_run: Path, ref: str) -> None:
    res = cli("show", str(small_run), "--", ref)
    no_traceback(res)
    assert res.returncode == 2
    assert "from 1 to 2" in res.stderr


def test_show_good_episode_number(small_run: Path) -> None:
    res = cli("show", str(small_run), "2")
    assert res.returncode == 0, res.stderr
    assert "easy-password-reset" in res.stdout


@pytest.mark.parametrize(
    "spec", ["0:nan:0.1", "nan:1:0.1", "0:1:nan", "0:inf:0.1", "0:1:inf", "-1:1:0.5", "0:2:0.5"]
)
def test_stress_sweep_rejects_non_finite_and_out_of_range(tmp_path: Path, spec: str) -> None:
    res = cli("stress", "-s", "hard-double-billing", "--sweep", spec, "--out", str(tmp_path / "s"))
    no_traceback(res)
    assert res.returncode == 2 and "--sweep" in res.stderr


def test_sweep_grid_is_bounded() -> None:
    assert parse_sweep("0:1:0.25") == [0.0, 0.25, 0.5, 0.75, 1.0]
    with pytest.raises(ConfigError, match="at most"):
        parse_sweep("0:1:1e-9")


def test_resume_with_conflicting_flags_names_them(small_run: Path) -> None:
    res = cli(
        "run", "--resume", "--out", str(small_run), "--trials", "5", "--seed", "3",
        "-s", "hard-double-billing", "--timeout", "9",
    )  # fmt: skip
    no_traceback(res)
    for named in ("--trials 5 (the run has 2)", "--seed 3 (the run has 0)", "--timeout 9.0"):
        assert named in res.stderr
    assert "--scenario ['hard-double-billing'] (the run has ['easy-password-reset'])" in res.stderr


def test_resume_with_runtime_flags_says_what_changed(tmp_path: Path, small_run: Path) -> None:
    res = cli(
        "run", "--resume", "--out", str(small_run), "--concurrency", "3", "--trials", "2",
        "--no-progress",
    )  # fmt: skip
    assert res.returncode == 0, res.stderr
    assert "resuming with --concurrency 3 (the run was started with 8)" in res.stderr


def test_resume_conflicts_is_pure() -> None:
    stored = {"trials": 2, "concurrency": 8, "base_url": None}
    overrides, conflicts = resume_conflicts(
        stored, {"trials": 2, "concurrency": 4, "base_url": "http://x"}
    )
    assert overrides == {"concurrency": 4, "base_url": "http://x"} and conflicts == []
    _, conflicts = resume_conflicts(stored, {"trials": 3})
    assert conflicts == ["--trials 3 (the run has 2)"]
    _, conflicts = resume_conflicts({"scenarios": ["a"]}, {"scenarios": ["b"]})
    assert conflicts == ["--scenario ['b'] (the run has ['a'])"]


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (lambda c: "{ not json", "config.json"),
        (lambda c: json.dumps({**c, "trials": -1}), "trials"),
        (lambda c: json.dumps({**c, "timeout": 1e999}), "timeout"),
        (lambda c: json.dumps({**c, "surprise": 1}), "surprise"),
        (lambda c: json.dumps({**c, "scenarios": ["no-such-scenario"]}), "no-such-scenario"),
        (lambda c: json.dumps([1, 2]), "config.json"),
        (lambda c: json.dumps({**c, "seed": 99}), "config.json does not match"),
    ],
    ids=["not-json", "negative", "infinite", "unknown-field", "bad-scenario", "list", "reseeded"],
)
def test_resume_with_a_damaged_config(tmp_path: Path, small_run: Path, edit, expected) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "copy"
    out.mkdir()
    for f in small_run.iterdir():
        (out / f.name).write_bytes(f.read_bytes())
    config = json.loads((out / "config.json").read_text())
    (out / "config.json").write_text(edit(config))
    res = cli("run", "--resume", "--out", str(out), "--no-progress")
    no_traceback(res)
    assert expected in res.stderr


def test_relative_scenario_path_resumes_from_another_directory(tmp_path: Path) -> None:
    import yaml

    from sim.loader import get_scenario

    home, elsewhere = tmp_path / "home", tmp_path / "elsewhere"
    home.mkdir()
    elsewhere.mkdir()
    data = get_scenario("easy-password-reset").model_dump(mode="json")
    data["id"] = "my-reset"
    (home / "mine.yaml").write_text(yaml.safe_dump(data))
    res = cli(
        "run", "-s", "mine.yaml", "--trials", "3", "--out", "../run", "--no-progress", cwd=home
    )
    assert res.returncode == 0, res.stderr
    db = sqlite3.connect(tmp_path / "run" / "results.sqlite")
    db.execute("DELETE FROM episodes WHERE trial = 1")
    db.commit()
    db.close()
    res = cli("run", "--resume", "--out", "../run", "--no-progress", cwd=elsewhere)
    assert res.returncode == 0, res.stderr
    assert "2 of 3 episodes already stored" in res.stderr
    assert "my-reset" in res.stdout


def test_a_run_mostly_in_errors_exits_non_zero(tmp_path: Path) -> None:
    config = MockConfig(error_rate=1.0, retry_after=0.0)
    with MockProcess(config) as mock:
        res = cli(
            "run", "-s", "easy-password-reset", "--trials", "3", "--agent", "llm",
            "--agent-model", "mock", "--base-url", mock.base_url, "--model-retries", "0",
            "--out", str(tmp_path / "r"), "--no-progress",
        )  # fmt: skip
    assert res.returncode == 1, res.stdout + res.stderr
    assert "3 of 3 episodes ended in infrastructure errors" in res.stdout
    assert "--resume --retry-errors" in res.stdout


def test_closing_line_gives_a_command_that_works_as_printed(tmp_path: Path) -> None:
    res = cli("run", "-s", "easy-password-reset", "--out", str(tmp_path / "r"), "--no-progress")
    assert res.returncode == 0, res.stderr
    line = next(x for x in res.stdout.splitlines() if x.startswith("results:"))
    show = line.split("(", 1)[1].split(" | ")[0]
    import shlex
    import subprocess

    again = subprocess.run(shlex.split(show), capture_output=True, text=True, timeout=60)
    assert again.returncode == 0, again.stderr
    assert "easy-password-reset" in again.stdout

"""Hostile YAML files get a clear error naming the file, from ``read_yaml``, ``validate`` and
``run -s``: no hang, no traceback, no unbounded memory. Time and memory are measured by
``bench/hostile_files.py``; the subprocess runs here only guard against a hang or a blow-up."""

from __future__ import annotations

import os
import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from personas import load_persona
from sim.errors import ScenarioError
from sim.loader import get_scenario, load_scenario, read_yaml, shown_input
from sim.safeyaml import MAX_DEPTH, MAX_FILE_BYTES, MAX_NODES
from tests.sim.hostile_files import EXPECTED, HOSTILE, write_hostile

NAMES = list(HOSTILE)
MEMORY_GUARD = 3 * 1024**3
"""Address-space limit of the guarded subprocesses: a blow-up fails instead of swapping."""


def _guarded_cli(*args: str) -> subprocess.CompletedProcess[str]:
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_GUARD, MEMORY_GUARD))

    return subprocess.run(
        [sys.executable, "-c", "from sim.cli import main; main()", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "COLUMNS": "200"},
        preexec_fn=limit,
    )


@pytest.mark.parametrize("name", NAMES)
def test_read_yaml_refuses_hostile_files_with_a_clear_error(tmp_path: Path, name: str) -> None:
    path = write_hostile(tmp_path, name)
    with pytest.raises(ScenarioError) as info:
        read_yaml(path)
    message = str(info.value)
    assert str(path) in message
    assert EXPECTED[name] in message
    assert len(message) < 400


@pytest.mark.parametrize("name", NAMES)
def test_persona_and_scenario_loaders_refuse_hostile_files(tmp_path: Path, name: str) -> None:
    path = write_hostile(tmp_path, name)
    for load in (load_scenario, load_persona):
        with pytest.raises(ScenarioError, match=re.escape(EXPECTED[name])):
            load(path)


def test_validate_reports_every_hostile_file_without_hanging(tmp_path: Path) -> None:
    paths = [str(write_hostile(tmp_path, name)) for name in NAMES]
    res = _guarded_cli("validate", *paths)
    assert res.returncode == 1, res.stderr
    assert "Traceback" not in res.stderr
    for name, path in zip(NAMES, paths, strict=True):
        assert f"FAIL {path}" in res.stderr
        assert EXPECTED[name] in res.stderr, name


def test_run_with_a_fifo_scenario_fails_at_once(tmp_path: Path) -> None:
    fifo = write_hostile(tmp_path, "fifo")
    res = _guarded_cli("run", "-s", str(fifo), "--out", str(tmp_path / "r"), "--no-progress")
    assert res.returncode == 2
    assert "not a regular file" in res.stderr and str(fifo) in res.stderr
    assert "Traceback" not in res.stderr


@pytest.mark.parametrize("name", [n for n in NAMES if n != "fifo"])
def test_run_with_a_hostile_scenario_is_a_one_line_error(
    tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from sim.cli import main

    path = write_hostile(tmp_path, name)
    out = tmp_path / "r"
    monkeypatch.setattr(sys, "argv", ["supportsim", "run", "-s", str(path), "--out", str(out)])
    with pytest.raises(SystemExit) as info:
        main()
    err = capsys.readouterr().err
    assert info.value.code == 2
    assert str(path) in err and EXPECTED[name] in err
    assert "Traceback" not in err


def test_directories_and_devices_are_not_read(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="is a directory"):
        read_yaml(tmp_path)
    with pytest.raises(ScenarioError, match="not a regular file"):
        read_yaml(os.devnull)
    if Path("/dev/zero").exists():
        with pytest.raises(ScenarioError, match="not a regular file"):
            read_yaml("/dev/zero")


def test_limits_leave_room_for_real_files(tmp_path: Path) -> None:
    """A scenario with a large knowledge base, an anchor reused a few times and nesting
    as deep as the format goes loads fine; the limits are far above real files."""
    data = get_scenario("medium-defective-product").to_yaml_dict()
    article = data["kb"][0]
    data["kb"] += [dict(article, id=f"extra-{i}", relevant=False) for i in range(200)]
    path = tmp_path / "big-kb.yaml"
    path.write_text(yaml.safe_dump(data))
    assert path.stat().st_size < MAX_FILE_BYTES
    assert len(load_scenario(path).kb) == len(data["kb"])
    anchors = tmp_path / "anchors.yaml"
    anchors.write_text("a: &x {k: [1, 2, 3]}\nb: *x\nc: *x\nd: {<<: *x, k: [4]}\n")
    assert read_yaml(anchors)["d"] == {"k": [4]}
    assert MAX_DEPTH >= 32 and MAX_NODES >= 10_000


def test_duplicate_keys_nested_and_in_lists_name_their_lines(tmp_path: Path) -> None:
    path = tmp_path / "dup.yaml"
    path.write_text("kb:\n  - id: a\n    title: t\n    id: b\n")
    with pytest.raises(ScenarioError, match="line 4, column 5: duplicate key 'id'"):
        read_yaml(path)


def test_file_exactly_at_the_cap_is_read_and_one_byte_more_is_not(tmp_path: Path) -> None:
    path = tmp_path / "cap.yaml"
    path.write_text("x: " + "a" * (MAX_FILE_BYTES - 4) + "\n")
    assert len(read_yaml(path)["x"]) == MAX_FILE_BYTES - 4
    path.write_text("x: " + "a" * (MAX_FILE_BYTES - 3) + "\n")
    with pytest.raises(ScenarioError, match="limit"):
        read_yaml(path)


def test_shown_input_is_bounded_for_huge_shared_structures() -> None:
    level: object = ["lol"] * 9
    for _ in range(9):
        level = [level] * 9  # 9**10 leaves if walked in full
    shown = shown_input(level)
    assert len(shown) <= 60
    assert len(shown_input("x" * 10_000_000)) <= 60


def test_a_file_with_thousands_of_errors_lists_the_first_fifty(tmp_path: Path) -> None:
    path = tmp_path / "many.yaml"
    path.write_text("kb:\n" + "".join(f"  - {{id: a{i}, bogus: 1}}\n" for i in range(3000)))
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    problems = info.value.problems
    assert len(problems) == 51
    assert problems[-1].startswith("... and ") and problems[-1].endswith(" more problems")

"""The README is the front door: its commands and its Python example must stay true."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()


def test_python_example_runs(tmp_path: Path) -> None:
    block = re.search(r"## Python API\n\n```python\n(.*?)```", README, re.S)
    assert block is not None
    script = tmp_path / "example.py"
    script.write_text(block.group(1))
    out = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=60, cwd=ROOT
    )
    assert out.returncode == 0, out.stderr
    assert "True resolved" in out.stdout


def test_two_commands_are_documented_and_ci_runs_the_test_command() -> None:
    assert "&& .venv/bin/supportsim run\n" in README
    test_cmd = 'pip install -e ".[dev,openenv]" && .venv/bin/pytest'
    assert test_cmd in README
    ci = (ROOT / ".ci" / "run").read_text()
    assert 'pip install --quiet -e ".[dev,openenv]"' in ci
    assert ".venv/bin/pytest" in ci


def test_reward_table_matches_the_constants() -> None:
    from sim.rewards import RewardConfig

    for name, field in RewardConfig.model_fields.items():
        row = re.search(rf"^\| `{name}` \| ([^|]+) \|", README, re.M)
        assert row is not None, f"{name} missing from the README's reward table"
        assert float(row.group(1).strip().lstrip("+")) == field.default

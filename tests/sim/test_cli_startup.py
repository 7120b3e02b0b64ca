"""The command line starts fast: ``--help``, ``validate`` of a persona and the refusal of a
broken scenario file load no heavy module. (Validating a good scenario replays its gold
episode, which needs the environment.) Wall time is measured by ``bench/cli_startup.py``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("pydantic_ai", "openai", "numpy", "bm25s", "structlog", "uvicorn", "fastapi", "sim.env")

PROBE = """
import runpy, sys
sys.argv = ["supportsim", *{args!r}]
try:
    runpy.run_module("sim.cli", run_name="__main__")
except SystemExit as exc:
    code = exc.code
else:
    code = 0
heavy = sorted(m for m in sys.modules if m.split(".")[0] in {heavy!r} or m in {heavy!r})
print("HEAVY", heavy, file=sys.stderr)
sys.exit(code)
"""


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["run", "--help"],
        ["validate", str(ROOT / "personas" / "library" / "calm-professional.yaml")],
        ["validate", "{broken}"],
    ],
    ids=["help", "run-help", "validate-persona", "validate-broken-scenario"],
)
def test_startup_imports_nothing_heavy(args: list[str], tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("id: x\nid: y\nticket: {}\n", encoding="utf-8")
    args = [a.replace("{broken}", str(broken)) for a in args]
    code = PROBE.format(args=args, heavy=HEAVY)
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert res.returncode in (0, 1), res.stderr
    assert "HEAVY []" in res.stderr, res.stderr.splitlines()[-1]


def test_offline_run_loads_no_model_library(tmp_path: Path) -> None:
    """A scripted run (the README's main job) never needs pydantic-ai or the openai SDK, which
    cost one to three seconds per process; the model path loads them when a model is named."""
    args = ["run", "--scenario", "easy-password-reset", "--out", str(tmp_path / "run")]
    code = PROBE.format(args=args, heavy=("pydantic_ai", "openai"))
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    assert "HEAVY []" in res.stderr, res.stderr.splitlines()[-1]
    assert (tmp_path / "run").is_dir()

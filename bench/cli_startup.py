"""How fast the command line starts: ``supportsim --help``, ``validate`` of one file, and a
one-episode scripted ``run`` (which loads the environment but no model library).

    python bench/cli_startup.py [--runs 7]

Each command runs in a fresh interpreter, as a user starts it; the median wall time is
printed, beside the time to import what the CLI used to import at start (the environment,
the batch runner, the server and pydantic-ai), which is what lazy imports save.
Goal (issue 10): under 0.5 s for ``--help`` and for ``validate`` of one file.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "sim" / "scenarios" / "easy-password-reset.yaml"
PERSONA = ROOT / "personas" / "library" / "calm-professional.yaml"

COMMANDS: dict[str, list[str]] = {
    "supportsim --help": ["-m", "sim.cli", "--help"],
    "supportsim validate SCENARIO": ["-m", "sim.cli", "validate", str(SCENARIO)],
    "supportsim validate PERSONA": ["-m", "sim.cli", "validate", str(PERSONA)],
    "supportsim run (1 scripted ep.)": [
        "-m",
        "sim.cli",
        "run",
        "--scenario",
        SCENARIO.stem,
        "--out",
        "{tmp}",
    ],
    "eager imports (the old start)": [
        "-c",
        "import sim.batch, sim.cli.report, sim.server, personas.llm, sim.mock_llm",
    ],
}


def median_seconds(args: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            argv = [a.replace("{tmp}", str(Path(tmp) / "run")) for a in args]
            start = time.perf_counter()
            subprocess.run([sys.executable, *argv], check=True, capture_output=True, cwd=ROOT)
            times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    results = {name: median_seconds(args, runs) for name, args in COMMANDS.items()}
    eager = results["eager imports (the old start)"]
    for name, seconds in results.items():
        print(f"{name:32s} {seconds:6.3f} s  ({seconds / eager:.2f}x the eager imports)")


if __name__ == "__main__":
    main()

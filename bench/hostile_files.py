"""Time and memory to refuse each class of hostile scenario file (issue 10, point 1).

    python bench/hostile_files.py

For each class (alias bomb, 500-level nesting, 50 MB file, FIFO, duplicate keys, ...), fresh
processes: one that only loads the file with ``load_scenario`` (after its imports) and
prints the load's seconds and its peak-RSS increase; one that runs ``supportsim validate
FILE`` as the console script does (``main()``, which today imports every command first);
and one that runs the same ``validate`` command from ``sim.cli.app`` alone (what it costs
once the other commands are imported lazily). Each reports wall seconds and the process's
peak RSS. A valid bundled scenario is the baseline row (its validate includes the gold
replay).
Goal: every hostile file refused within 1 s and 100 MB.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.sim.hostile_files import HOSTILE, write_hostile  # noqa: E402  (needs the path)

_LOAD_ONLY = """
import resource, sys, time
from sim.errors import ScenarioError
from sim.loader import load_scenario
import personas, sim.factory  # what validate imports, so only the load is measured
def peak():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
before, start = peak(), time.perf_counter()
try:
    load_scenario(sys.argv[1])
    outcome = "loaded"
except ScenarioError as exc:
    outcome = exc.problems[0][:70]
print(f"{time.perf_counter() - start:.4f} {peak() - before:.1f} {outcome}")
"""


def load_only(path: Path) -> tuple[float, float, str]:
    """Seconds and peak-RSS increase (MB) of ``load_scenario(path)`` in a fresh process."""
    out = subprocess.run(
        [sys.executable, "-c", _LOAD_ONLY, str(path)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
        check=True,
    ).stdout.split(" ", 2)
    return float(out[0]), float(out[1]), out[2].strip()


MAIN = "from sim.cli import main; main()"
APP_ONLY = "import sys; from sim.cli.app import app; app(sys.argv[1:])"


def whole_cli(path: Path, code: str) -> tuple[float, float, int]:
    """Wall seconds, peak RSS (MB) and exit code of ``validate path`` run by ``code``."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-c", code, "validate", str(path)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=ROOT,
    )
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return time.perf_counter() - start, usage.ru_maxrss / 1024, proc.returncode


def _near_cap(directory: Path) -> list[tuple[str, Path]]:
    """Files just under the size cap: many tiny nodes, and one long text (worst legal sizes)."""
    from sim.safeyaml import MAX_FILE_BYTES

    nodes, text = directory / "near-cap-nodes.yaml", directory / "near-cap-text.yaml"
    count = (MAX_FILE_BYTES - 20) // 2
    nodes.write_text("id: x\nkb: [" + ",".join(["1"] * count) + "]\n")
    text.write_text("id: x\nticket: {subject: s, body: " + "a" * (MAX_FILE_BYTES - 50) + "}\n")
    return [("near-cap-nodes", nodes), ("near-cap-text", text)]


def main() -> None:
    valid = ROOT / "sim/scenarios/hard-double-billing.yaml"
    rows: list[tuple[str, Path]] = [("valid bundled", valid)]
    with tempfile.TemporaryDirectory() as tmp:
        rows += [(name, write_hostile(Path(tmp), name)) for name in HOSTILE]
        rows += _near_cap(Path(tmp))
        print(
            f"{'file':<17} {'load s':>7} {'load +MB':>8} {'main() s':>8} {'MB':>6} "
            f"{'app s':>6} {'MB':>6} {'exit':>4}  error"
        )
        for name, path in rows:
            load_s, load_mb, outcome = load_only(path)
            main_s, main_mb, _ = whole_cli(path, MAIN)
            app_s, app_mb, code = whole_cli(path, APP_ONLY)
            print(
                f"{name:<17} {load_s:>7.3f} {load_mb:>8.1f} {main_s:>8.2f} {main_mb:>6.1f} "
                f"{app_s:>6.2f} {app_mb:>6.1f} {code:>4}  {outcome}"
            )


if __name__ == "__main__":
    main()

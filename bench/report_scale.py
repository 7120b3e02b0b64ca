"""The HTML report at scale: file size, build time and load time in headless Chromium.

    python bench/report_scale.py [--episodes 1000 10000] [--keep DIR]

For each size it makes an offline run with ``supportsim run`` (scripted agent and
customers, every bundled scenario x every bundled persona x enough trials), builds the
report with ``supportsim report``, then opens it from ``file://`` in Debian's Chromium
(playwright, never its own browser downloads) and times: the page's load event, the
episode list ready, opening one episode (decompressing its chunk, drawing its chart), and
the first text search (decompressing the search text). Goal (issue 13): the page loads in
under 3 s at 10,000 episodes.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from personas import bundled_persona_ids
from sim.loader import bundled_scenario_ids
from sim.store import ResultStore

CHROMIUM = os.environ.get("SUPPORTSIM_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def _cli(*args: str) -> float:
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-c", "from sim.cli import main; main()", *args],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return time.perf_counter() - started


def _sizes(html: str) -> dict[str, int]:
    """Bytes of the main parts of the file."""

    def block(pattern: str) -> int:
        return sum(len(m) for m in re.findall(pattern, html, re.S))

    return {
        "index+figures": block(r'<script type="application/json" id="report-data">(.*?)</script>'),
        "episode chunks": block(r'<script type="text/plain" id="chunk-\d+">(.*?)</script>'),
        "search text": block(r'<script type="text/plain" id="search-blob">(.*?)</script>'),
    }


def _browse(path: Path, total: int) -> dict[str, float]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        t0 = time.perf_counter()
        page.goto(path.as_uri(), wait_until="load")
        load = time.perf_counter() - t0
        page.click("a[data-tab=episodes]")
        page.wait_for_function(
            "n => document.getElementById('episode-count').textContent.endsWith(n + ' episodes')",
            arg=total,
        )
        ready = time.perf_counter() - t0
        t1 = time.perf_counter()
        page.click("#episode-table tbody tr >> nth=0")
        page.wait_for_selector("#emotion-chart .main-svg")
        episode = time.perf_counter() - t1
        page.click("a[data-tab=episodes]")
        t2 = time.perf_counter()
        page.fill("input[name=q]", "refund")
        page.wait_for_function(
            "n => !document.getElementById('episode-count').textContent.startsWith(n + ' of')",
            arg=total,
        )
        search = time.perf_counter() - t2
        t3 = time.perf_counter()
        page.click("a[data-tab=plots]")
        page.wait_for_selector("#plot-cost .main-svg")
        plots = time.perf_counter() - t3
        browser.close()
    if errors:
        raise SystemExit(f"page errors: {errors}")
    return {"load": load, "ready": ready, "episode": episode, "search": search, "plots": plots}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--keep", type=Path, help="Keep the runs and reports here.")
    args = parser.parse_args()
    root = args.keep or Path(tempfile.mkdtemp(prefix="report-bench-"))
    personas = bundled_persona_ids()
    pairs = len(bundled_scenario_ids()) * len(personas)
    for wanted in args.episodes:
        trials = max(1, math.ceil(wanted / pairs))
        run = root / f"run-{wanted}"
        if not (run / "results.sqlite").exists():
            _cli(
                "run",
                "-p",
                "all",
                "--trials",
                str(trials),
                "--concurrency",
                "64",
                "--out",
                str(run),
                "--no-progress",
                "--log-level",
                "warning",
            )
        out = root / f"report-{wanted}.html"
        build = _cli("report", str(run), "--out", str(out))
        html = out.read_text()
        with ResultStore(run, create=False) as store:
            total = store.count()
        sizes = _sizes(html)
        times = _browse(out, total)
        mib = out.stat().st_size / 1_048_576
        print(
            f"{total:,} episodes: {mib:.1f} MiB "
            f"({', '.join(f'{k} {v / 1_048_576:.1f} MiB' for k, v in sizes.items())}, "
            f"plotly.js and the rest {mib - sum(sizes.values()) / 1_048_576:.1f} MiB); "
            f"built in {build:.1f} s; in Chromium: load event {times['load']:.2f} s, "
            f"episode list ready {times['ready']:.2f} s, open an episode {times['episode']:.2f} s, "
            f"first search {times['search']:.2f} s, plots drawn {times['plots']:.2f} s"
        )
    print(f"runs and reports: {root}")


if __name__ == "__main__":
    main()

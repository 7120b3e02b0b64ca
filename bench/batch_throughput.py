"""Batch throughput: scripted agent vs scripted customers, persisted and logged, against the
same episodes with neither; and peak memory at 1,000 and 10,000 episodes.

    python bench/batch_throughput.py [--episodes 10000] [--concurrency 256]

Each measurement runs in a fresh child process, so its peak RSS is its own.
Goals (issue 4): >= 1,000 episodes/s persisted; peak RSS at 10,000 episodes within 1.5x
of the peak at 1,000.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import math
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from personas import bundled_persona_ids
from sim.loader import bundled_scenario_ids


def _config(episodes: int, concurrency: int) -> dict[str, object]:
    personas = bundled_persona_ids()
    pairs = len(bundled_scenario_ids()) * len(personas)
    return {
        "personas": personas,
        "trials": max(1, math.ceil(episodes / pairs)),
        "concurrency": concurrency,
        "seed": 1,
    }


async def _persisted(config: dict[str, object], out: Path) -> int:
    from sim.batch import BatchConfig, run_batch
    from sim.logs import configure_logging

    out.mkdir(parents=True)
    configure_logging("info", log_file=out / "run.log")
    outcome = await run_batch(BatchConfig.model_validate(config), out)
    return outcome.finished


async def _bare(config: dict[str, object]) -> int:
    """The same episodes through the same orchestrator: no store, no log lines kept."""
    import structlog

    from agents.registry import make_agent
    from sim.batch import BatchConfig, _Runtime, plan_episodes
    from sim.orchestrator import run_episode

    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.CRITICAL))
    cfg = BatchConfig.model_validate(config)
    runtime = _Runtime(cfg)
    queue = iter(list(plan_episodes(cfg)))
    done = 0

    async def worker() -> None:
        nonlocal done
        for spec in queue:
            await run_episode(runtime.env(spec), make_agent(cfg.agent), spec, agent_name="scripted")
            done += 1
            await asyncio.sleep(0)

    await asyncio.gather(*(worker() for _ in range(cfg.concurrency)))
    return done


def child(mode: str, episodes: int, concurrency: int) -> None:
    config = _config(episodes, concurrency)
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        if mode == "persisted":
            count = asyncio.run(_persisted(config, Path(tmp) / "run"))
        else:
            count = asyncio.run(_bare(config))
        elapsed = time.perf_counter() - start
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"episodes": count, "seconds": elapsed, "peak_rss_mib": peak_kib / 1024}))


def measure(mode: str, episodes: int, concurrency: int) -> dict[str, float]:
    out = subprocess.run(
        [
            sys.executable,
            __file__,
            "--child",
            mode,
            "--episodes",
            str(episodes),
            "--concurrency",
            str(concurrency),
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return dict(json.loads(out.strip().splitlines()[-1]))


def main(episodes: int, concurrency: int) -> None:
    small = max(1, episodes // 10)
    print(f"scripted agent vs scripted customers, concurrency {concurrency}")
    print(f"{'run':34} {'episodes':>9} {'seconds':>8} {'episodes/s':>11} {'peak RSS MiB':>13}")
    rows = {}
    for label, mode, n in (
        ("persisted + logged", "persisted", episodes),
        ("bare (no store, no log)", "bare", episodes),
        ("persisted + logged (small)", "persisted", small),
    ):
        r = measure(mode, n, concurrency)
        rows[label] = r
        rate = r["episodes"] / r["seconds"]
        print(
            f"{label:34} {r['episodes']:>9.0f} {r['seconds']:>8.2f} {rate:>11,.0f} "
            f"{r['peak_rss_mib']:>13.1f}"
        )
    p, b = rows["persisted + logged"], rows["bare (no store, no log)"]
    small_r = rows["persisted + logged (small)"]
    ratio = (p["episodes"] / p["seconds"]) / (b["episodes"] / b["seconds"])
    print(f"persisted / bare throughput: {ratio:.2f}")
    print(
        f"peak RSS {p['episodes']:.0f} eps / {small_r['episodes']:.0f} eps: "
        f"{p['peak_rss_mib'] / small_r['peak_rss_mib']:.2f}x"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=10_000)
    parser.add_argument("--concurrency", type=int, default=256)
    parser.add_argument("--child", choices=["persisted", "bare"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.episodes, args.concurrency)
    else:
        main(args.episodes, args.concurrency)

"""Generator speed: scenarios generated and validated per second on one core, with and
without the oracle replay (issue 12 point 7; goal >= 500 scenarios/s generated and
validated).

    python bench/generate.py [--count 2000] [--oracle-count 300]

"Generated and validated" is what ``generate_one`` does for every scenario: sample, render,
synthesize expectations and gold with the policy engine, build the ``Scenario`` model (with
its own checks) and run ``check_policy``. "With the oracle check" adds the gold replay that
``supportsim validate`` runs (an episode against the default persona, rule-graded).

Two rates per row: per wall second, and per second of this process's CPU time. On a shared
machine the wall rate is mostly the share of a core the process got; the CPU rate is what
one core gives the process alone, and is the figure the goal is judged on.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import time

from personas import get_persona
from sim.cli.validation import replay_gold
from sim.generate import Split, generate


async def _rate(count: int, oracle: bool) -> tuple[float, float, int]:
    """(scenarios per wall second, per CPU second, oracle failures)."""
    wall, cpu = time.perf_counter(), time.process_time()
    failed = 0
    for item in generate("all", count, 2026, Split.TRAIN):
        if oracle:
            scenario = item.synthesized.scenario
            report = await replay_gold(scenario, get_persona(scenario.default_persona))
            failed += not report.success
    return count / (time.perf_counter() - wall), count / (time.process_time() - cpu), failed


async def main(count: int, oracle_count: int) -> None:
    list(generate("all", 3, 1))  # imports and template loading outside the timing
    plain, plain_cpu, _ = await _rate(count, oracle=False)
    with_oracle, oracle_cpu, failed = await _rate(oracle_count, oracle=True)
    print(f"{'scenarios/s':38} {'wall':>8} {'CPU':>8}")
    print(f"{f'generated + validated ({count})':38} {plain:8.0f} {plain_cpu:8.0f}")
    print(
        f"{f'generated + validated + oracle ({oracle_count})':38} {with_oracle:8.0f} "
        f"{oracle_cpu:8.0f}   {failed} oracle failures"
    )
    verdict = "met" if plain_cpu >= 500 else "NOT met"
    print(f"goal >= 500/s generated and validated on one core (CPU rate): {verdict}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--oracle-count", type=int, default=300)
    args = parser.parse_args()
    logging.disable(logging.CRITICAL)
    asyncio.run(main(args.count, args.oracle_count))

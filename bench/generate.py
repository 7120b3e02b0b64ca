"""Generator speed: scenarios generated and validated per second on one core, with and
without the oracle replay (issue 12 point 7; goal >= 500 scenarios/s generated and
validated).

    python bench/generate.py [--count 2000] [--oracle-count 300]

"Generated and validated" is what ``generate_one`` does for every scenario: sample, render,
synthesize expectations and gold with the policy engine, build the ``Scenario`` model (with
its own checks) and run ``check_policy``. "With the oracle check" adds the gold replay that
``supportsim validate`` runs (an episode against the default persona, rule-graded).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import time

from personas import get_persona
from sim.cli.validation import replay_gold
from sim.generate import Split, generate


def _rate(count: int, oracle: bool) -> tuple[float, int]:
    start = time.perf_counter()
    failed = 0
    for item in generate("all", count, 2026, Split.TRAIN):
        if oracle:
            scenario = item.synthesized.scenario
            report = asyncio.run(replay_gold(scenario, get_persona(scenario.default_persona)))
            failed += not report.success
    return count / (time.perf_counter() - start), failed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--oracle-count", type=int, default=300)
    args = parser.parse_args()
    logging.disable(logging.CRITICAL)
    list(generate("all", 3, 1))  # imports and template loading outside the timing
    plain, _ = _rate(args.count, oracle=False)
    with_oracle, failed = _rate(args.oracle_count, oracle=True)
    print(f"generated + validated:             {plain:8.0f} scenarios/s ({args.count} scenarios)")
    print(
        f"generated + validated + oracle:    {with_oracle:8.0f} scenarios/s "
        f"({args.oracle_count} scenarios, {failed} oracle failures)"
    )
    print(f"goal >= 500/s generated and validated: {'met' if plain >= 500 else 'NOT met'}")


if __name__ == "__main__":
    main()

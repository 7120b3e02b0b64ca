"""In-process environment throughput: steps/s and graded oracle episodes/s on one core.

    python bench/env_throughput.py [--seconds 3]

Rows: the oracle against the minimal echo customer and against the scripted persona
customer (each scenario's default persona, and every scenario x persona pair).
Goal (issue 2): >= 20,000 steps/s and >= 2,000 graded episodes/s.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import time
from collections.abc import Callable

from graders import grade
from personas import bundled_persona_ids
from sim.customer import EchoCustomer
from sim.env import SupportEnv
from sim.factory import make_env
from sim.loader import bundled_scenario_ids, get_scenario

EnvMaker = Callable[[int], SupportEnv]


async def measure(make: EnvMaker, count: int, seconds: float) -> tuple[float, float, float, float]:
    """Cycle over ``count`` envs playing the oracle, reset to done to grade.

    Returns (steps/s counting only the time inside ``env.step``, steps/s over the whole
    loop, graded episodes/s over the whole loop, graded episodes per CPU second of this
    process: less moved by other processes on a shared machine).
    """
    envs = [make(i) for i in range(count)]
    plans = [list(env.scenario.reference_solution) for env in envs]
    clock = time.perf_counter
    steps = episodes = 0
    in_step = 0.0
    cpu = time.process_time()
    start = clock()
    deadline = start + seconds
    seed = 0
    while clock() < deadline:
        for env, plan in zip(envs, plans, strict=True):
            seed += 1
            await env.reset(seed=seed)
            for action in plan:
                t = clock()
                obs = await env.step(action)
                in_step += clock() - t
                if obs.done:
                    break
            grade(env.state)
            steps += env.state.step_count
            episodes += 1
    elapsed = clock() - start
    cpu = time.process_time() - cpu
    return steps / in_step, steps / elapsed, episodes / elapsed, episodes / cpu


async def main(seconds: float) -> None:
    scenarios = [get_scenario(s) for s in bundled_scenario_ids()]
    personas = bundled_persona_ids()
    pairs = list(itertools.product(scenarios, personas))
    rows: list[tuple[str, EnvMaker, int]] = [
        (
            "oracle vs echo customer",
            lambda i: SupportEnv(scenarios[i], EchoCustomer()),
            len(scenarios),
        ),
        ("oracle vs scripted, default personas", lambda i: make_env(scenarios[i]), len(scenarios)),
        (
            f"oracle vs scripted, {len(pairs)} scenario x persona pairs",
            lambda i: make_env(pairs[i][0], pairs[i][1]),
            len(pairs),
        ),
    ]
    # Warm up: BM25 indexes, regex caches.
    for _, make, count in rows:
        await measure(make, count, 0.2)
    print(
        f"{'configuration':52} {'steps/s':>9} {'loop steps/s':>13} {'graded eps/s':>13} "
        f"{'eps/CPU s':>10}"
    )
    for label, make, count in rows:
        sps, loop_sps, eps, eps_cpu = await measure(make, count, seconds)
        print(f"{label:52} {sps:9,.0f} {loop_sps:13,.0f} {eps:13,.0f} {eps_cpu:10,.0f}")
    print("steps/s: time inside env.step only; loop: reset + steps + grade, all counted")
    print("eps/CPU s: graded episodes per second of this process's CPU time")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per row")
    asyncio.run(main(parser.parse_args().seconds))

"""In-process environment throughput: steps/s and graded oracle episodes/s on one core.

    python bench/env_throughput.py [--seconds 3]
    python bench/env_throughput.py --compare OTHER_CHECKOUT [--seconds 1] [--rounds 5]

Rows: the oracle against the minimal echo customer and against the scripted persona
customer (each scenario's default persona, and every scenario x persona pair); and a cold
row, where no state, reply or sentence repeats (each sentence of the oracle's replies
addresses the customer by a full name new to the run, as an LLM agent's replies never
repeat): what remembering grades and readings cannot help.
Goal (issue 2): >= 20,000 steps/s and >= 2,000 graded episodes/s.

``--compare`` runs the same episodes (the scenario and persona ids bundled in both
checkouts, each loaded and played by its own checkout's code) in two worker processes, one
per checkout, taking turns in one invocation (A B, B A, ...) so both see the same machine
load, and prints this checkout's graded episodes/s as a ratio of the other's (issue 9
point 9: >= 0.8x of the commit before the claim reader).
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import sim
from graders import grade
from personas import bundled_persona_ids
from sim.actions import Reply
from sim.customer import EchoCustomer
from sim.env import SupportEnv
from sim.factory import make_env
from sim.loader import bundled_scenario_ids, get_scenario

ROOT = Path(__file__).resolve().parent.parent

EnvMaker = Callable[[int], SupportEnv]
ROW_ECHO, ROW_DEFAULT, ROW_PAIRS, ROW_COLD = "echo", "default", "pairs", "cold"

_SENTENCE_END = re.compile(r"([.!?])(?=\s|$)")
_CONSONANTS, _VOWELS = "bcdfghjklmnprstvwxyz", "aeiou"


def _name(n: int) -> str:
    """The ``n``-th of 10,000 four-letter names ("Bada", "Bade", ...)."""
    c, v = len(_CONSONANTS), len(_VOWELS)
    letters = (
        _CONSONANTS[n // (v * c * v) % c],
        _VOWELS[n // (c * v) % v],
        _CONSONANTS[n // v % c],
        _VOWELS[n % v],
    )
    return "".join(letters).capitalize()


class _Names:
    """Full names in turn, first and last from 1,000 names each: no sentence comes back
    within a worker's life (10**6 of them), while the words are few and soon known, as most
    words of an LLM agent's new replies are (a word cache is not a sentence cache)."""

    def __init__(self) -> None:
        self.count = 0

    def vary(self, text: str) -> str:
        """``text`` with each sentence ending in a name ("..., Kemo Bada.")."""

        def named(match: re.Match[str]) -> str:
            self.count += 1
            first, last = _name(self.count % 1000), _name(self.count // 1000 % 1000)
            return f", {first} {last}{match.group(1)}"

        return _SENTENCE_END.sub(named, text) if _SENTENCE_END.search(text) else text + "."

    def plan(self, plan: list[Any]) -> list[Any]:
        return [Reply(content=self.vary(a.content)) if isinstance(a, Reply) else a for a in plan]


_NAMES = _Names()


async def measure(
    make: EnvMaker, count: int, seconds: float, cold: bool = False
) -> tuple[float, float, float, float]:
    """Cycle over ``count`` envs playing the oracle, reset to done to grade (``cold``: with
    every reply's sentences made new, see :class:`_Names`).

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
        for env, oracle in zip(envs, plans, strict=True):
            seed += 1
            plan = _NAMES.plan(oracle) if cold else oracle
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


Row = tuple[str, str, EnvMaker, int, bool]


def rows_for(scenario_ids: list[str], persona_ids: list[str]) -> list[Row]:
    """The benchmark rows (key, label, env maker, env count, cold) over the given ids."""
    scenarios = [get_scenario(s) for s in scenario_ids]
    pairs = list(itertools.product(scenarios, persona_ids))
    return [
        (
            ROW_ECHO,
            "oracle vs echo customer",
            lambda i: SupportEnv(scenarios[i], EchoCustomer()),
            len(scenarios),
            False,
        ),
        (
            ROW_DEFAULT,
            "oracle vs scripted, default personas",
            lambda i: make_env(scenarios[i]),
            len(scenarios),
            False,
        ),
        (
            ROW_PAIRS,
            f"oracle vs scripted, {len(pairs)} scenario x persona pairs",
            lambda i: make_env(pairs[i][0], pairs[i][1]),
            len(pairs),
            False,
        ),
        (
            ROW_COLD,
            "cold: replies new each episode, default personas",
            lambda i: make_env(scenarios[i]),
            len(scenarios),
            True,
        ),
    ]


async def main(seconds: float) -> None:
    rows = rows_for(bundled_scenario_ids(), bundled_persona_ids())
    # Warm up: BM25 indexes, regex caches.
    for _, _, make, count, cold in rows:
        await measure(make, count, 0.2, cold)
    print(
        f"{'configuration':52} {'steps/s':>9} {'loop steps/s':>13} {'graded eps/s':>13} "
        f"{'eps/CPU s':>10}"
    )
    for _, label, make, count, cold in rows:
        sps, loop_sps, eps, eps_cpu = await measure(make, count, seconds, cold)
        print(f"{label:52} {sps:9,.0f} {loop_sps:13,.0f} {eps:13,.0f} {eps_cpu:10,.0f}")
    print("steps/s: time inside env.step only; loop: reset + steps + grade, all counted")
    print("eps/CPU s: graded episodes per second of this process's CPU time")


async def worker(checkout: Path) -> None:
    """Answer one JSON command per stdin line with one JSON line: ``ids`` (the bundled
    scenario and persona ids), ``setup`` (build and warm the rows over given ids) and
    ``run`` (measure one row for some seconds). The parent puts ``checkout`` first on
    ``PYTHONPATH``; refuse to measure any other code."""
    code = Path(sim.__file__).resolve()
    if not code.is_relative_to(checkout.resolve()):
        raise SystemExit(f"worker for {checkout} imported sim from {code}")
    rows: dict[str, tuple[EnvMaker, int, bool]] = {}
    for line in sys.stdin:
        command: dict[str, Any] = json.loads(line)
        reply: dict[str, Any]
        if command["op"] == "ids":
            reply = {"scenarios": bundled_scenario_ids(), "personas": bundled_persona_ids()}
        elif command["op"] == "setup":
            built = rows_for(command["scenarios"], command["personas"])
            rows = {key: (make, count, cold) for key, _, make, count, cold in built}
            for make, count, cold in rows.values():
                await measure(make, count, command["warmup"], cold)
            reply = {"labels": {key: label for key, label, _, _, _ in built}}
        else:
            make, count, cold = rows[command["row"]]
            _, loop_sps, eps, eps_cpu = await measure(make, count, command["seconds"], cold)
            reply = {"eps": eps, "eps_cpu": eps_cpu, "steps_per_episode": loop_sps / eps}
        print(json.dumps(reply), flush=True)


class Worker:
    """A worker process running this file against one checkout's code."""

    def __init__(self, checkout: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(checkout)}
        self.proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--worker", str(checkout)],
            cwd=checkout,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def ask(self, **command: Any) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(command) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit(f"a benchmark worker exited (code {self.proc.wait()})")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def compare(other: Path, seconds: float, rounds: int) -> None:
    """This checkout against ``other`` on the ids both bundle, taking turns."""
    ours, theirs = Worker(ROOT), Worker(other)
    try:
        ids_a, ids_b = ours.ask(op="ids"), theirs.ask(op="ids")
        scenarios = [s for s in ids_a["scenarios"] if s in set(ids_b["scenarios"])]
        personas = [p for p in ids_a["personas"] if p in set(ids_b["personas"])]
        setup = {"op": "setup", "scenarios": scenarios, "personas": personas, "warmup": 0.3}
        labels = ours.ask(**setup)["labels"]
        theirs.ask(**setup)
        print(f"this checkout: {ROOT}\nother:         {other.resolve()}")
        print(f"{len(scenarios)} scenarios and {len(personas)} personas bundled in both")
        print(
            f"{'configuration':46} {'eps/s this':>10} {'other':>8} {'ratio':>6} {'CPU ratio':>9}"
            f" {'steps/ep this':>13} {'other':>6}"
        )
        for key, label in labels.items():
            totals = {"a": [0.0, 0.0, 0.0], "b": [0.0, 0.0, 0.0]}
            for r in range(rounds):
                order = [("a", ours), ("b", theirs)]
                for name, w in order if r % 2 == 0 else order[::-1]:
                    got = w.ask(op="run", row=key, seconds=seconds)
                    totals[name][0] += got["eps"] / rounds
                    totals[name][1] += got["eps_cpu"] / rounds
                    totals[name][2] += got["steps_per_episode"] / rounds
            (a, a_cpu, a_len), (b, b_cpu, b_len) = totals["a"], totals["b"]
            print(
                f"{label:46} {a:10,.0f} {b:8,.0f} {a / b:5.2f}x {a_cpu / b_cpu:8.2f}x"
                f" {a_len:13.2f} {b_len:6.2f}"
            )
        print(
            f"eps/s: graded episodes per wall second, mean of {rounds} turns of {seconds:g} s "
            "each; CPU ratio: per CPU second of each worker; steps/ep: env steps per graded "
            "episode (the same scenario ids can hold longer episodes in one checkout)"
        )
    finally:
        ours.close()
        theirs.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per row (per turn)")
    parser.add_argument(
        "--compare", type=Path, metavar="PATH", help="another checkout to compare against"
    )
    parser.add_argument("--rounds", type=int, default=4, help="turns per row with --compare")
    parser.add_argument("--worker", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker is not None:
        asyncio.run(worker(args.worker))
    elif args.compare is not None:
        compare(args.compare, args.seconds, args.rounds)
    else:
        asyncio.run(main(args.seconds))

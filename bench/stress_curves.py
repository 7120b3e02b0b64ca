"""Stress curves of the bundled hard scenarios: success and escalation-required by initial
frustration, for each scripted agent variant and the mock LLM agent.

    python bench/stress_curves.py [--trials 4] [--step 0.1] [--agents scripted ...] [--no-llm]

Each agent plays every bundled scenario of difficulty ``hard`` against its default persona,
with the customer's initial frustration swept from 0 to 1, ``--trials`` seeds per point.
The mock LLM agent runs against ``supportsim mock-llm`` in a child process.

Goals (issue 16, point 5), checked on the pooled hard scenarios and printed at the end:

* default scripted agent: success non-increasing in frustration, and at least 15 points
  lower in the most frustrated bin than in the calmest;
* default scripted agent: escalation-required non-decreasing, and above 0 in the top bins;
* the agent that ignores requests for a human fails in every episode where the policy
  required honouring one.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path

from agents.registry import agent_names
from sim.batch import BatchConfig, run_batch
from sim.loader import bundled_scenario_ids, get_scenario
from sim.logs import configure_logging
from sim.store import ResultStore
from sim.stress import CurvePoint, curve, falls_by, non_decreasing, non_increasing

VARIANTS = (
    "scripted",
    "scripted-curt",
    "scripted-empathetic",
    "scripted-ignores-human",
    "scripted-escalates-early",
    "ignore-repeated-human",
)
"""Agents to measure when they are registered (older checkouts have fewer)."""
IGNORES_HUMAN = "scripted-ignores-human"
MOCK_LLM = "llm (mock)"


def hard_scenarios() -> list[str]:
    return [s for s in bundled_scenario_ids() if get_scenario(s).difficulty == "hard"]


def _frustrations(step: float) -> list[float]:
    n = round(1 / step)
    return [round(i * step, 4) for i in range(n + 1)]


async def _run(config: BatchConfig, out: Path) -> tuple[list[dict[str, object]], int]:
    await run_batch(config, out)
    with ResultStore(out, create=False) as store:
        rows = list(store.rows())
        unhonoured = _request_failures(store)
    return rows, unhonoured


def _request_failures(store: ResultStore) -> int:
    """Successful episodes in which the policy required honouring a request for a human."""
    try:
        from sim.outcome import request_requires_escalation
    except ImportError:  # older checkouts have no request policy
        return -1
    return sum(
        r.grade is not None
        and r.grade.success
        and request_requires_escalation(r.state, r.state.scenario)
        for r in store.results()
    )


def _print(name: str, points: list[CurvePoint], per_scenario: dict[str, list[CurvePoint]]) -> None:
    print(f"\n{name}")
    print(
        f"  {'frustration':>11} {'episodes':>8} {'success':>8} {'esc.req':>8} "
        f"{'escalated':>9} {'left':>6}   success per scenario"
    )
    for i, p in enumerate(points):
        each = " ".join(f"{pts[i].success:>5.0%}" for pts in per_scenario.values())
        print(
            f"  {p.frustration:>11.1f} {p.episodes:>8} {p.success:>8.0%} "
            f"{p.escalation_required:>8.0%} {p.escalation_rate:>9.0%} {p.left_rate:>6.0%}   {each}"
        )
    print("  scenarios: " + ", ".join(per_scenario))


def _bin(row: Mapping[str, object]) -> float:
    return float(str(row["initial_frustration"]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trials", type=int, default=4)
    parser.add_argument("--step", type=float, default=0.1)
    parser.add_argument("--agents", nargs="*", default=None)
    parser.add_argument("--no-llm", action="store_true", help="skip the mock LLM agent")
    parser.add_argument("--concurrency", type=int, default=16)
    args = parser.parse_args()
    configure_logging("warning", log_file=None, console=None)
    scenarios = hard_scenarios()
    frustrations = _frustrations(args.step)
    known = agent_names()
    agents = [a for a in (args.agents or VARIANTS) if a in known]
    skipped = [a for a in (args.agents or VARIANTS) if a not in known]
    print(f"hard scenarios: {', '.join(scenarios)}; trials per point: {args.trials}")
    if skipped:
        print(f"not registered here (skipped): {', '.join(skipped)}")
    curves: dict[str, list[CurvePoint]] = {}
    failures: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as tmp:
        runs: list[tuple[str, BatchConfig]] = [
            (
                a,
                BatchConfig(
                    scenarios=scenarios,
                    frustrations=frustrations,
                    trials=args.trials,
                    concurrency=args.concurrency,
                    agent=a,
                ),
            )
            for a in agents
        ]
        mock = None
        if not args.no_llm:
            from sim.mock_llm import MockConfig, MockProcess

            mock = MockProcess(MockConfig()).start()
            runs.append(
                (
                    MOCK_LLM,
                    BatchConfig(
                        scenarios=scenarios,
                        frustrations=frustrations,
                        trials=args.trials,
                        concurrency=args.concurrency,
                        agent="llm",
                        agent_model="mock",
                        base_url=mock.base_url,
                    ),
                )
            )
        try:
            for i, (name, config) in enumerate(runs):
                start = time.perf_counter()
                rows, failures[name] = asyncio.run(_run(config, Path(tmp) / f"run{i}"))
                curves[name] = curve(rows, _bin)
                per = {s: curve([r for r in rows if r["scenario"] == s], _bin) for s in scenarios}
                _print(f"{name}  ({time.perf_counter() - start:.1f}s)", curves[name], per)
        finally:
            if mock is not None:
                mock.stop()
    _goals(curves, failures)


def _goals(curves: dict[str, list[CurvePoint]], failures: dict[str, int]) -> None:
    print("\ngoals")
    base = curves.get("scripted")
    if base:
        success = [p.success for p in base]
        required = [p.escalation_required for p in base]
        top = required[-3:]
        drop = success[0] - success[-1]
        print(f"  scripted success non-increasing: {non_increasing(success)}")
        print(f"  scripted success falls >= 15 points: {falls_by(success, 0.15)} ({drop:+.0%})")
        print(f"  scripted escalation-required non-decreasing: {non_decreasing(required)}")
        print(f"  scripted escalation-required > 0 in the top bins: {all(r > 0 for r in top)}")
    if IGNORES_HUMAN in failures:
        n = failures[IGNORES_HUMAN]
        print(f"  {IGNORES_HUMAN} successes where a request had to be honoured: {n} (goal 0)")


if __name__ == "__main__":
    main()

"""Success per scenario family and per difficulty, for the given agents, on the bundled
scenarios (each against its default persona).

    python bench/families.py [--agents scripted oracle ...] [--trials 2] [--no-llm] [-s DIR]

The mock LLM agent (``llm (mock)``) plays through ``supportsim mock-llm`` in a child
process, over HTTP, with the scripted customer. Figures are from the rule grader.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from agents.registry import agent_names
from sim.batch import BatchConfig, run_batch
from sim.loader import bundled_scenario_ids
from sim.logs import configure_logging
from sim.store import ResultStore

MOCK_LLM = "llm (mock)"


Key = tuple[str, str, str]
"""(scenario id, family, difficulty)."""


async def _success(config: BatchConfig, out: Path) -> dict[Key, list[bool]]:
    """Success of each episode, by scenario."""
    await run_batch(config, out)
    by: dict[Key, list[bool]] = defaultdict(list)
    with ResultStore(out, create=False) as store:
        for r in store.results():
            sc = r.state.scenario
            by[(sc.id, sc.family, sc.difficulty)].append(r.grade is not None and r.grade.success)
    return by


def _table(name: str, seconds: float, by: dict[Key, list[bool]]) -> None:
    groups: dict[str, dict[str, list[bool]]] = {"family": {}, "difficulty": {}}
    for (_, family, difficulty), wins in by.items():
        groups["family"].setdefault(family, []).extend(wins)
        groups["difficulty"].setdefault(difficulty, []).extend(wins)
    every = [w for wins in by.values() for w in wins]
    print(f"\n{name}  ({seconds:.1f}s)  all: {sum(every)}/{len(every)} ({_pct(every)})")
    for kind, rows in groups.items():
        cells = "  ".join(f"{k} {sum(v)}/{len(v)} ({_pct(v)})" for k, v in sorted(rows.items()))
        print(f"  by {kind}: {cells}")
    failed = sorted(key[0] for key, wins in by.items() if not all(wins))
    print(f"  not always solved: {', '.join(failed) or 'none'}")


def _pct(wins: list[bool]) -> str:
    return f"{sum(wins) / len(wins):.0%}" if wins else "-"


def _expand(refs: list[str]) -> list[str]:
    """Scenario ids and files as given; a directory as its YAML files."""
    out: list[str] = []
    for ref in refs:
        path = Path(ref)
        out += sorted(str(p) for p in path.glob("*.yaml")) if path.is_dir() else [ref]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--agents", nargs="*", default=["scripted"])
    parser.add_argument("--trials", type=int, default=2)
    parser.add_argument("--no-llm", action="store_true", help="skip the mock LLM agent")
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument(
        "-s", "--scenario", action="append", help="scenario id, file or dir (default: bundled)"
    )
    args = parser.parse_args()
    configure_logging("warning", log_file=None, console=None)
    scenarios = _expand(args.scenario) if args.scenario else bundled_scenario_ids()
    known = agent_names()
    unknown = [a for a in args.agents if a not in known]
    if unknown:
        parser.error(f"unknown agents: {', '.join(unknown)}")
    print(f"{len(scenarios)} scenarios, {args.trials} trial(s) each")
    configs = [
        (
            a,
            BatchConfig(
                scenarios=scenarios, trials=args.trials, concurrency=args.concurrency, agent=a
            ),
        )
        for a in args.agents
    ]
    mock = None
    if not args.no_llm:
        from sim.mock_llm import MockConfig, MockProcess

        mock = MockProcess(MockConfig()).start()
        configs.append(
            (
                MOCK_LLM,
                BatchConfig(
                    scenarios=scenarios,
                    trials=args.trials,
                    concurrency=args.concurrency,
                    agent="llm",
                    agent_model="mock",
                    base_url=mock.base_url,
                ),
            )
        )
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for i, (name, config) in enumerate(configs):
                start = time.perf_counter()
                by = asyncio.run(_success(config, Path(tmp) / f"run{i}"))
                _table(name, time.perf_counter() - start, by)
    finally:
        if mock is not None:
            mock.stop()


if __name__ == "__main__":
    main()

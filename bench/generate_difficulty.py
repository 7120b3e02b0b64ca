"""The difficulty report of generated scenarios (issue 12 point 6): success of the scripted
baseline and of the mock LLM agent on generated **test-split** scenarios, per family, per
template and per difficulty label, and whether the labels order success (harder is not
easier).

    python bench/generate_difficulty.py [--seed 13] [--count 30] [--family all | F ...]
                                        [--agents scripted] [--no-llm] [--trials 1]

``--count`` scenarios per family (round-robin over the family's templates), one trial each
by default, each against its default persona. The scenarios are generated in memory and run
by reference (``gen:FAMILY:test:SEED:INDEX``), so nothing is written. The mock LLM agent
(``llm (mock)``) plays through ``supportsim mock-llm`` in a child process, over HTTP.
Figures are from the rule grader.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from collections import defaultdict
from itertools import pairwise
from pathlib import Path

from agents.registry import agent_names
from sim.batch import BatchConfig, run_batch
from sim.generate import Split, families, generate
from sim.generate.refs import make_ref
from sim.loader import get_scenario
from sim.logs import configure_logging
from sim.store import ResultStore

MOCK_LLM = "llm (mock)"
LABELS = ("easy", "medium", "hard")


class Meta:
    """Where a generated scenario came from: family, template, difficulty label and the
    engine's verdict."""

    __slots__ = ("difficulty", "family", "outcome", "template")

    def __init__(self, family: str, template: str, difficulty: str, outcome: str) -> None:
        self.family = family
        self.template = template
        self.difficulty = difficulty
        self.outcome = outcome


def _scenarios(wanted: list[str], count: int, seed: int) -> dict[str, Meta]:
    """Reference -> where it came from, for ``count`` test scenarios of each family."""
    chosen = families() if "all" in wanted else wanted
    out: dict[str, Meta] = {}
    for fam in chosen:
        for item in generate(fam, count, seed, Split.TEST):
            scenario = item.synthesized.scenario
            ref = make_ref(fam, Split.TEST, seed, item.index)
            out[ref] = Meta(fam, item.template, scenario.difficulty, item.synthesized.outcome)
    return out


async def _wins(config: BatchConfig, out: Path, meta: dict[str, Meta]) -> list[tuple[Meta, bool]]:
    await run_batch(config, out)
    ids = {get_scenario(ref).id: m for ref, m in meta.items()}
    wins: list[tuple[Meta, bool]] = []
    with ResultStore(out, create=False) as store:
        for r in store.results():
            wins.append((ids[r.state.scenario.id], r.grade is not None and r.grade.success))
    return wins


def _pct(wins: list[bool]) -> str:
    return f"{sum(wins)}/{len(wins)} ({sum(wins) / len(wins):.0%})" if wins else "-"


def _rate(wins: list[bool]) -> float:
    return sum(wins) / len(wins) if wins else float("nan")


def _table(
    name: str, seconds: float, wins: list[tuple[Meta, bool]], show_verdicts: bool = False
) -> bool:
    """Print one agent's figures; return whether the labels order its success."""
    by: dict[str, dict[str, list[bool]]] = {"family": {}, "template": {}, "difficulty": {}}
    cross: dict[str, dict[str, list[bool]]] = defaultdict(dict)
    verdicts: dict[str, dict[str, list[bool]]] = defaultdict(dict)
    for m, ok in wins:
        verdicts[m.template].setdefault(m.outcome, []).append(ok)
        by["family"].setdefault(m.family, []).append(ok)
        by["template"].setdefault(m.template, []).append(ok)
        by["difficulty"].setdefault(m.difficulty, []).append(ok)
        cross[m.template].setdefault(m.difficulty, []).append(ok)
    every = [ok for _, ok in wins]
    print(f"\n{name}  ({seconds:.1f}s)  all: {_pct(every)}")
    print(
        "  by difficulty: " + "  ".join(f"{d} {_pct(by['difficulty'].get(d, []))}" for d in LABELS)
    )
    print("  by family: " + "  ".join(f"{k} {_pct(v)}" for k, v in sorted(by["family"].items())))
    per_family: dict[str, dict[str, list[bool]]] = defaultdict(dict)
    for m, ok in wins:
        per_family[m.family].setdefault(m.difficulty, []).append(ok)
    print("  by family and difficulty (labels in order within the family?):")
    for family in sorted(per_family):
        cells = "  ".join(f"{d} {_pct(per_family[family].get(d, []))}" for d in LABELS)
        rates = [_rate(per_family[family][d]) for d in LABELS if per_family[family].get(d)]
        mark = "yes" if all(a >= b for a, b in pairwise(rates)) else "NO"
        print(f"    {family:28s} {cells}  {mark}")
    print("  by template and difficulty:")
    for template in sorted(cross):
        cells = "  ".join(f"{d} {_pct(cross[template].get(d, []))}" for d in LABELS)
        print(f"    {template:28s} all {_pct(by['template'][template]):14s} {cells}")
    if show_verdicts:
        print("  by template and verdict:")
        for template in sorted(verdicts):
            cells = "  ".join(f"{v} {_pct(w)}" for v, w in sorted(verdicts[template].items()))
            print(f"    {template:28s} {cells}")
    rates = [_rate(by["difficulty"][d]) for d in LABELS if by["difficulty"].get(d)]
    ordered = all(a >= b for a, b in pairwise(rates))
    print(f"  labels order success (easy >= medium >= hard): {'yes' if ordered else 'NO'}")
    return ordered


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--count", type=int, default=30, help="scenarios per family")
    parser.add_argument("--family", nargs="*", default=["all"], help="families (default: all)")
    parser.add_argument("--agents", nargs="*", default=["scripted"])
    parser.add_argument("--trials", type=int, default=1)
    parser.add_argument("--no-llm", action="store_true", help="skip the mock LLM agent")
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--verdicts", action="store_true", help="also by template and verdict")
    args = parser.parse_args()
    configure_logging("warning", log_file=None, console=None)
    known = agent_names()
    unknown = [a for a in args.agents if a not in known]
    if unknown:
        parser.error(f"unknown agents: {', '.join(unknown)}")
    try:
        meta = _scenarios(args.family, args.count, args.seed)
    except ValueError as exc:
        parser.error(str(exc))
    refs = list(meta)
    print(
        f"{len(refs)} generated test-split scenarios (seed {args.seed}, {args.count} per "
        f"family), {args.trials} trial(s) each"
    )
    base = {"scenarios": refs, "trials": args.trials, "concurrency": args.concurrency}
    configs = [(a, BatchConfig(**base, agent=a)) for a in args.agents]
    mock = None
    if not args.no_llm:
        from sim.mock_llm import MockConfig, MockProcess

        mock = MockProcess(MockConfig()).start()
        configs.append(
            (MOCK_LLM, BatchConfig(**base, agent="llm", agent_model="mock", base_url=mock.base_url))
        )
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for i, (name, config) in enumerate(configs):
                start = time.perf_counter()
                wins = asyncio.run(_wins(config, Path(tmp) / f"run{i}", meta))
                _table(name, time.perf_counter() - start, wins, args.verdicts)
    finally:
        if mock is not None:
            mock.stop()


if __name__ == "__main__":
    main()

"""Success per generator template and per difficulty, for the scripted baseline and the mock
LLM agent, on generated test-split scenarios (each against its default persona).

    python bench/templates.py [--templates orders-address ...] [--count 20] [--seed 14]
                              [--agents scripted] [--no-llm]

Each template's scenarios are generated with ``generate_one`` (as ``supportsim generate``
writes them), written to a temporary directory and run through ``run_batch`` like
``bench/families.py``; the table groups them by template (from the scenario id) and by the
difficulty label. Figures are from the rule grader.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from families import MOCK_LLM, _pct, _success

from sim.batch import BatchConfig
from sim.cli.generate import scenario_yaml
from sim.generate import Split, generate_one
from sim.generate.templates_model import bundled_templates
from sim.logs import configure_logging


def _write(names: list[str], count: int, seed: int, out: Path) -> dict[str, str]:
    """The scenario files of each template's test split; scenario id -> template."""
    owner: dict[str, str] = {}
    chosen = [t for t in bundled_templates() if not names or t.id in names]
    for template in chosen:
        for index in range(count):
            scenario = generate_one(template, Split.TEST, seed, index).synthesized.scenario
            (out / f"{scenario.id}.yaml").write_text(scenario_yaml(scenario), encoding="utf-8")
            owner[scenario.id] = template.id
    return owner


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--templates", nargs="*", default=[])
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--agents", nargs="*", default=["scripted"])
    parser.add_argument("--no-llm", action="store_true")
    parser.add_argument("--concurrency", type=int, default=8)
    args = parser.parse_args()
    configure_logging("warning", log_file=None, console=None)
    with tempfile.TemporaryDirectory() as tmp:
        files = Path(tmp) / "scenarios"
        files.mkdir()
        owner = _write(args.templates, args.count, args.seed, files)
        scenarios = sorted(str(p) for p in files.glob("*.yaml"))
        print(f"{len(scenarios)} test-split scenarios, seed {args.seed}, one trial each")
        configs = [
            (a, BatchConfig(scenarios=scenarios, trials=1, concurrency=args.concurrency, agent=a))
            for a in args.agents
        ]
        mock = None
        if not args.no_llm:
            from sim.mock_llm import MockConfig, MockProcess

            mock = MockProcess(MockConfig()).start()
            config = BatchConfig(
                scenarios=scenarios,
                trials=1,
                concurrency=args.concurrency,
                agent="llm",
                agent_model="mock",
                base_url=mock.base_url,
            )
            configs.append((MOCK_LLM, config))
        try:
            for i, (name, config) in enumerate(configs):
                start = time.perf_counter()
                by = asyncio.run(_success(config, Path(tmp) / f"run{i}"))
                _report(name, time.perf_counter() - start, by, owner)
        finally:
            if mock is not None:
                mock.stop()


def _report(
    name: str, seconds: float, by: dict[tuple[str, str, str], list[bool]], owner: dict[str, str]
) -> None:
    table: dict[str, dict[str, list[bool]]] = defaultdict(lambda: defaultdict(list))
    levels: dict[str, list[bool]] = defaultdict(list)
    for (sid, _, difficulty), wins in by.items():
        table[owner.get(sid, "?")][difficulty].extend(wins)
        levels[difficulty].extend(wins)
    every = [w for wins in levels.values() for w in wins]
    print(f"\n{name}  ({seconds:.1f}s)  all: {sum(every)}/{len(every)} ({_pct(every)})")
    cells = "  ".join(f"{d} {sum(v)}/{len(v)} ({_pct(v)})" for d, v in sorted(levels.items()))
    print(f"  by difficulty: {cells}")
    for template, rows in sorted(table.items()):
        wins = [w for v in rows.values() for w in v]
        cells = "  ".join(
            f"{d} {sum(rows[d])}/{len(rows[d])}" for d in ("easy", "medium", "hard") if rows[d]
        )
        print(f"  {template:32} {sum(wins)}/{len(wins)} ({_pct(wins)})  {cells}")


if __name__ == "__main__":
    main()

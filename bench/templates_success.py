"""Success per generator template and per difficulty label on generated test-split scenarios,
for the scripted baseline and the mock LLM agent (issue 12 point 6, one row per template).

    python -m bench.templates_success [-t TEMPLATE ...] [--count 30] [--seed 12] [--no-llm]

Each template's ``--count`` test-split scenarios are written as files to a temporary
directory (as ``supportsim generate`` writes them) and played once each against their
default persona, as ``bench/families.py`` plays a directory; figures are from the rule
grader. Labels that order success show as easy >= medium >= hard in each row.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from bench.families import MOCK_LLM, _pct, _success
from sim.batch import BatchConfig
from sim.cli.generate import scenario_yaml
from sim.generate import Split, generate
from sim.generate.templates_model import bundled_templates
from sim.logs import configure_logging

LABELS = ("easy", "medium", "hard")


def _write(template_ids: list[str], count: int, seed: int, root: Path) -> list[str]:
    files: list[str] = []
    for template in bundled_templates():
        if template_ids and template.id not in template_ids:
            continue
        for item in generate(template.family, count, seed, Split.TEST, [template]):
            scenario = item.synthesized.scenario
            path = root / f"{scenario.id}.yaml"
            path.write_text(scenario_yaml(scenario), encoding="utf-8")
            files.append(str(path))
    return files


def _rows(name: str, seconds: float, by: dict[tuple[str, str, str], list[bool]]) -> None:
    table: dict[str, dict[str, list[bool]]] = defaultdict(lambda: defaultdict(list))
    for (scenario_id, _family, label), wins in by.items():
        template = scenario_id.removeprefix("gen-").split("-test-")[0]
        table[template][label].extend(wins)
        table["(all)"][label].extend(wins)
    print(f"\n{name}  ({seconds:.1f}s)")
    for template in sorted(table):
        cells = "  ".join(
            f"{label} {sum(w)}/{len(w)} ({_pct(w)})"
            for label in LABELS
            if (w := table[template][label])
        )
        print(f"  {template:32} {cells}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-t", "--template", action="append", default=[])
    parser.add_argument("--count", type=int, default=30)
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--no-llm", action="store_true", help="skip the mock LLM agent")
    parser.add_argument("--concurrency", type=int, default=8)
    args = parser.parse_args()
    configure_logging("warning", log_file=None, console=None)
    with tempfile.TemporaryDirectory() as tmp:
        files = _write(args.template, args.count, args.seed, Path(tmp))
        print(f"{len(files)} test-split scenarios (seed {args.seed}), 1 trial each")
        configs = [
            ("scripted", BatchConfig(scenarios=files, concurrency=args.concurrency)),
        ]
        mock = None
        if not args.no_llm:
            from sim.mock_llm import MockConfig, MockProcess

            mock = MockProcess(MockConfig()).start()
            configs.append(
                (
                    MOCK_LLM,
                    BatchConfig(
                        scenarios=files,
                        concurrency=args.concurrency,
                        agent="llm",
                        agent_model="mock",
                        base_url=mock.base_url,
                    ),
                )
            )
        try:
            for i, (name, config) in enumerate(configs):
                start = time.perf_counter()
                by = asyncio.run(_success(config, Path(tmp) / f"run{i}"))
                _rows(name, time.perf_counter() - start, by)
        finally:
            if mock is not None:
                mock.stop()


if __name__ == "__main__":
    main()

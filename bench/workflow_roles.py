"""Success per role (first line, tier-2, supervisor) and of the whole workflow, on every
bundled scenario of the ``workflow`` family (each against its default persona).

    python bench/workflow_roles.py [--trials 10] [--no-llm] [-s FILE ...]

Configurations: the oracle (both golds, the policy supervisor), the scripted baseline
(``--agent scripted --tier2 scripted --supervisor policy``), the oracle first line with the
scripted tier-2 agent (the tier-2 role alone), the exploits of issue 15
(a first line that escalates everything with an empty note; a tier-2 that re-asks
everything; supervisors that approve or deny everything), and the mock LLM in every role
(``--agent llm --tier2 llm --supervisor llm`` through ``supportsim mock-llm`` in a child
process, over HTTP, with the scripted customer). A role's cell is its success rate over
the episodes where it acted ("—": it never acted). Figures are from the rule grader.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from pathlib import Path
from typing import Any

from graders.role_stats import RoleStats
from sim.batch import BatchConfig, run_batch
from sim.loader import bundled_scenario_ids, get_scenario
from sim.logs import configure_logging
from sim.store import ResultStore
from sim.workflow import Tier2Mode

ORACLE = {"agent": "oracle", "tier2": Tier2Mode.SCRIPTED, "tier2_agent": "oracle"}
CONFIGS: dict[str, dict[str, Any]] = {
    "oracle": ORACLE,
    "scripted": {"agent": "scripted", "tier2": Tier2Mode.SCRIPTED, "tier2_agent": "tier2"},
    "oracle+scripted-tier2": {**ORACLE, "tier2_agent": "tier2"},
    "escalate-empty-note": {"agent": "escalate-empty-note", "tier2": Tier2Mode.SCRIPTED},
    "tier2-reask": {**ORACLE, "tier2_agent": "tier2-reask"},
    "approve-all": {**ORACLE, "supervisor": "approve-all"},
    "deny-all": {**ORACLE, "supervisor": "deny-all"},
}
LLM = {"agent": "llm", "agent_model": "mock", "tier2": Tier2Mode.LLM, "supervisor": "llm"}
ROLES = ("first_line", "tier2", "supervisor")


def _cell(stats: RoleStats, role: str) -> str:
    r = stats.roles.get(role)
    return "—" if r is None else f"{100 * r.successes / r.episodes:.0f}%"


async def _run(
    name: str, options: dict[str, Any], scenarios: list[str], trials: int, out: Path
) -> list[list[str]]:
    config = BatchConfig(scenarios=scenarios, trials=trials, seed=0, **options)
    await run_batch(config, out / name)
    by: dict[str, RoleStats] = {}
    wins: dict[str, list[bool]] = {}
    with ResultStore(out / name, create=False) as store:
        for r in store.results():
            roles = None if r.roles is None else r.roles.model_dump(mode="json")
            usage = {k: v.model_dump(mode="json") for k, v in r.usage.items()}
            by.setdefault(r.scenario, RoleStats()).add(roles, usage)
            wins.setdefault(r.scenario, []).append(bool(r.success))
    rows = []
    for sid in sorted(wins):
        stats, won = by[sid], wins[sid]
        tokens = "/".join(
            f"{stats.roles[role].tokens // max(1, stats.roles[role].episodes):,}"
            if role in stats.roles
            else "—"
            for role in ROLES
        )
        rows.append(
            [
                name,
                sid.removeprefix("workflow-"),
                str(len(won)),
                *(_cell(stats, role) for role in ROLES),
                f"{100 * sum(won) / len(won):.0f}%",
                f"{stats.handoffs / max(1, stats.episodes):.1f}",
                f"{stats.steps / max(1, stats.episodes):.1f}",
                tokens,
            ]
        )
    return rows


def _print(rows: list[list[str]]) -> None:
    head = ["config", "scenario", "n", "first line", "tier-2", "supervisor", "workflow",
            "handoffs", "steps", "tokens/ep (fl/t2/sup)"]  # fmt: skip
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(head)]
    line = " | ".join(h.ljust(w) for h, w in zip(head, widths, strict=True))
    print(line)
    print("-" * len(line))
    for r in rows:
        print(" | ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)))


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=10)
    parser.add_argument("--no-llm", action="store_true", help="skip the mock LLM roles")
    parser.add_argument("-s", "--scenario", action="append", help="scenario ids or files")
    args = parser.parse_args()
    configure_logging("warning", log_file=None, console=None)
    scenarios = args.scenario or [
        s for s in bundled_scenario_ids() if get_scenario(s).family == "workflow"
    ]
    rows: list[list[str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, options in CONFIGS.items():
            rows += await _run(name, options, scenarios, args.trials, Path(tmp))
        if not args.no_llm:
            from sim.mock_llm import MockConfig, MockProcess

            mock = MockProcess(MockConfig()).start()
            try:
                llm = {**LLM, "base_url": mock.base_url}
                rows += await _run("mock-llm", llm, scenarios, args.trials, Path(tmp))
            finally:
                mock.stop()
    _print(rows)


if __name__ == "__main__":
    asyncio.run(main())

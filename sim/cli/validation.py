"""What ``supportsim validate`` checks in one file: its kind, its fields, and for a scenario
that its gold episode succeeds.

A scenario's reference solution is replayed by the oracle against the scenario's default
persona (scripted customer, a fixed seed) and graded by the rule grader, so a gold action
list that fails the scenario's own expectations is caught before anyone runs an agent on it.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING

from sim.errors import ConfigError, ScenarioError
from sim.loader import detect_kind, read_yaml

if TYPE_CHECKING:
    from graders import GradeReport
    from personas import Persona
    from sim.scenario import Scenario

__all__ = ["GOLD_SEED", "replay_gold", "validate_file"]

GOLD_SEED = 0
"""Seed of the gold replay (the scripted customer's wording depends on it)."""


async def replay_gold(scenario: Scenario, persona: Persona) -> GradeReport:
    """The rule grade of the oracle replaying ``scenario``'s reference solution."""
    from agents import OracleAgent
    from graders import grade
    from sim.factory import make_env

    env = make_env(scenario, persona)
    obs = await env.reset(seed=GOLD_SEED, episode_id=f"{scenario.id}-gold")
    await OracleAgent().play(env, obs)
    return grade(env.state)


def _gold_problems(scenario: Scenario, persona: Persona) -> list[str]:
    report = asyncio.run(replay_gold(scenario, persona))
    if report.success:
        return []
    failed = [c for c in report.checks if c.critical and not c.passed]
    return [
        f"reference_solution: the gold episode does not succeed (oracle against persona "
        f"{persona.id!r}, seed {GOLD_SEED}); failed checks:",
        *(f"  {c.name}: {c.reason}" for c in failed),
    ]


def validate_file(path: Path) -> tuple[str, list[str]]:
    """``(kind, problems)`` for one scenario or persona file; no problems means valid."""
    kind = "file"
    try:
        data = read_yaml(path)  # a hostile file stops here, before the heavy imports below
        from personas import get_persona
        from personas.loader import PERSONAS
        from sim.loader import SCENARIOS

        kind = detect_kind(data) or "scenario"
        if kind == "persona":
            PERSONAS.validate(path, data)
            return kind, []
        scenario = SCENARIOS.validate(path, data)
        try:
            persona = get_persona(scenario.default_persona)
        except ConfigError as exc:
            return kind, [f"default_persona: {exc}"]
        return kind, _gold_problems(scenario, persona)
    except ScenarioError as exc:
        return kind, exc.problems

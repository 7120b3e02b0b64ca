"""What ``supportsim validate`` checks in one file: its kind, its fields, for a scenario that
it agrees with what its policy implies (:mod:`sim.policy_check`) and that its gold episode
succeeds.

A scenario's reference solution is replayed by the oracle against the scenario's default
persona (scripted customer, a fixed seed) and graded by the rule grader, so a gold action
list that fails the scenario's own expectations is caught before anyone runs an agent on it.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from sim.errors import ConfigError, ScenarioError
from sim.loader import detect_kind, read_yaml

if TYPE_CHECKING:
    from graders import GradeReport
    from personas import Persona
    from sim.scenario import Scenario

__all__ = ["GOLD_SEED", "Validation", "replay_gold", "validate_file"]

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


class Validation(NamedTuple):
    """What ``validate`` found in one file."""

    kind: str
    problems: list[str]
    """Errors: no problems means valid."""
    notes: tuple[str, ...] = ()
    """Disagreements with the policy the author overrode on purpose (with the reason)."""


def validate_file(path: Path) -> Validation:
    """The kind, problems and notes of one scenario or persona file."""
    kind = "file"
    try:
        data = read_yaml(path)  # a hostile file stops here, before the heavy imports below
        from personas import get_persona
        from personas.loader import PERSONAS
        from sim.loader import SCENARIOS

        kind = detect_kind(data) or "scenario"
        if kind == "persona":
            PERSONAS.validate(path, data)
            return Validation(kind, [])
        scenario = SCENARIOS.validate(path, data)
        from sim.policy_check import check_policy

        policy = check_policy(scenario)
        try:
            persona = get_persona(scenario.default_persona)
        except ConfigError as exc:
            return Validation(
                kind, [*policy.errors, f"default_persona: {exc}"], tuple(policy.notes)
            )
        return Validation(
            kind, [*policy.errors, *_gold_problems(scenario, persona)], tuple(policy.notes)
        )
    except ScenarioError as exc:
        return Validation(kind, exc.problems)

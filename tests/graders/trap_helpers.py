"""Shared by the family trap tests: a bundled scenario's gold as JSON actions, and playing a
(changed) gold against the echo customer to a grade."""

from __future__ import annotations

from typing import Any

from graders import GradeReport, grade
from sim.factory import make_env
from sim.loader import get_scenario

Gold = list[dict[str, Any]]


def gold_of(scenario_id: str) -> Gold:
    """The scenario's reference solution as wire-format actions."""
    sc = get_scenario(scenario_id)
    return [a.model_dump(mode="json", exclude_none=True) for a in sc.reference_solution]


async def play(scenario_id: str, actions: Gold) -> GradeReport:
    """Play ``actions`` in order (until the episode ends) and grade the episode."""
    env = make_env(scenario_id)
    await env.reset(seed=7)
    for action in actions:
        if env.state.done:
            break
        await env.step(action)
    return grade(env.state)

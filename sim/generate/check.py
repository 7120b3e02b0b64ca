"""Playing a generated scenario with a named agent (oracle, exploits, baselines) and grading
it: what the scale test, ``bench/generate.py`` and the difficulty report share."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from graders import GradeReport
    from sim.scenario import Scenario

__all__ = ["play"]


async def _play(scenario: Scenario, agent: str, seed: int) -> GradeReport:
    from agents import make_agent
    from graders import grade
    from personas import get_persona
    from sim.factory import make_env

    env = make_env(scenario, get_persona(scenario.default_persona))
    obs = await env.reset(seed=seed, episode_id=f"{scenario.id}-{agent}")
    await make_agent(agent).play(env, obs)
    return grade(env.state)


def play(scenario: Scenario, agent: str, seed: int = 0) -> GradeReport:
    """The rule grade of ``agent`` playing ``scenario`` against its default persona."""
    return asyncio.run(_play(scenario, agent, seed))

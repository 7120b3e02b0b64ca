"""Helpers for the dual-control tests: play an agent (or a list of actions) on a bundled
scenario against one scripted persona."""

from __future__ import annotations

from collections.abc import Sequence

from agents.base import SupportAgent
from personas import ScriptedCustomer, get_persona
from sim.actions import Action
from sim.env import SupportEnv
from sim.scenario import Scenario
from sim.state import EpisodeState

PASSWORD = "workflow-dual-password-reset"
DEVICE = "workflow-dual-device-error"


async def play(
    scenario: Scenario, agent: SupportAgent, persona: str, seed: int = 3
) -> EpisodeState:
    env = SupportEnv(scenario, ScriptedCustomer(get_persona(persona)))
    obs = await env.reset(seed=seed)
    await agent.play(env, obs)
    return env.state


async def play_actions(
    scenario: Scenario, actions: Sequence[Action], persona: str, seed: int = 3
) -> EpisodeState:
    env = SupportEnv(scenario, ScriptedCustomer(get_persona(persona)))
    await env.reset(seed=seed)
    for action in actions:
        if env.state.done:
            break
        await env.step(action)
    return env.state

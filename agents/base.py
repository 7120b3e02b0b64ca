"""The one protocol every support agent implements, and a base for step-by-step policies."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from sim.actions import Action
from sim.customer import Usage
from sim.env import SupportEnv
from sim.scenario import Scenario
from sim.state import Observation

__all__ = ["PolicyAgent", "SupportAgent"]


@runtime_checkable
class SupportAgent(Protocol):
    """A support agent plays one episode on an env that has just been reset."""

    name: str

    async def play(self, env: SupportEnv, observation: Observation) -> Usage:
        """Act through ``env.step`` until the episode is done; return the tokens spent."""
        ...


class PolicyAgent:
    """An agent that maps each observation to one action (scripted, oracle, exploits).

    Subclasses implement :meth:`act`; :meth:`begin` is called once per episode.
    """

    name = "policy"

    def begin(self, scenario: Scenario) -> None:
        """Prepare for a new episode of ``scenario``."""

    def act(self, observation: Observation) -> Action:
        raise NotImplementedError

    async def play(self, env: SupportEnv, observation: Observation) -> Usage:
        self.begin(env.scenario)
        obs = observation
        while not obs.done:
            obs = await env.step(self.act(obs))
        return Usage()

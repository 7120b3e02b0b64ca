"""The oracle: replays the scenario's reference solution (the gold action list)."""

from __future__ import annotations

from agents.base import PolicyAgent
from sim.actions import Action, CloseTicket
from sim.scenario import Scenario
from sim.state import Observation

__all__ = ["OracleAgent"]


class OracleAgent(PolicyAgent):
    """Replays ``scenario.reference_solution`` in order, then closes if anything is left."""

    name = "oracle"

    def __init__(self) -> None:
        self._plan: list[Action] = []

    def begin(self, scenario: Scenario) -> None:
        self._plan = list(scenario.reference_solution)

    def act(self, observation: Observation) -> Action:
        if self._plan:
            return self._plan.pop(0)
        return CloseTicket(resolution="Reference solution finished.")

"""The world test fixtures: two small scenarios that use the world (not bundled)."""

from __future__ import annotations

from pathlib import Path

from sim.loader import load_scenario
from sim.scenario import Scenario

WORLD_DIR = Path(__file__).parent / "world_scenarios"
WORLD_IDS = ("world-cancel-order", "world-cancel-subscription")


def world_scenario(name: str) -> Scenario:
    """A world fixture scenario by id."""
    return load_scenario(WORLD_DIR / f"{name}.yaml")

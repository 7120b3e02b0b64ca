"""Small scenarios nobody bundled, for testing agents on wording they were not tuned on."""

from __future__ import annotations

from pathlib import Path

from sim.loader import load_scenario
from sim.scenario import Scenario

FIXTURES = Path(__file__).parent / "fixtures"
FIXTURE_IDS = sorted(p.stem for p in FIXTURES.glob("*.yaml"))


def fixture(name: str) -> Scenario:
    """A fixture scenario by id."""
    return load_scenario(FIXTURES / f"{name}.yaml")

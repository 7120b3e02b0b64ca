"""Shared fixtures. No test may call a real model: pydantic-ai's global switch forbids it."""

from __future__ import annotations

import pytest
from pydantic_ai import models

from sim.loader import bundled_scenario_ids, get_scenario
from sim.scenario import Scenario

models.ALLOW_MODEL_REQUESTS = False

SCENARIO_IDS = bundled_scenario_ids()


@pytest.fixture(params=SCENARIO_IDS)
def scenario(request: pytest.FixtureRequest) -> Scenario:
    """Every bundled scenario, by id."""
    return get_scenario(request.param)

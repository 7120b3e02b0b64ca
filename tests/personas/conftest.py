"""Fixtures for the personas tests. No test may call a real model."""

from __future__ import annotations

import pytest
from pydantic_ai import models

from personas import Persona, bundled_persona_ids, get_persona
from sim.loader import get_scenario
from sim.scenario import Scenario

models.ALLOW_MODEL_REQUESTS = False

PERSONA_IDS = bundled_persona_ids()


@pytest.fixture(params=PERSONA_IDS)
def persona(request: pytest.FixtureRequest) -> Persona:
    """Every bundled persona, by id."""
    return get_persona(request.param)


@pytest.fixture
def billing() -> Scenario:
    """A bundled scenario with a hidden fact, a refund and a ticket subject."""
    return get_scenario("hard-double-billing")

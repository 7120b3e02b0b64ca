"""Shared fixtures. No test may call a real model: pydantic-ai's global switch forbids it."""

from __future__ import annotations

import pytest
from pydantic_ai import models

from sim.loader import bundled_scenario_ids, get_scenario
from sim.scenario import Scenario

models.ALLOW_MODEL_REQUESTS = False

SCENARIO_IDS = bundled_scenario_ids()
ORIGINAL_SCENARIO_IDS = (
    "easy-password-reset",
    "enterprise-annual-double-charge",
    "hard-double-billing",
    "late-delivery-shipping-refund",
    "medium-defective-product",
    "outside-window-decline",
    "over-limit-escalation",
    "premium-warranty-escalation",
    "standard-partial-refund",
    "subscription-used-no-refund",
    "two-factor-lockout",
)
"""The eleven scenarios bundled before the world existed (issue 11): files of the old format,
and the ones the labeled grader corpus was written for."""


@pytest.fixture(params=SCENARIO_IDS)
def scenario(request: pytest.FixtureRequest) -> Scenario:
    """Every bundled scenario, by id."""
    return get_scenario(request.param)

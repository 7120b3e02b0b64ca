"""The mock LLM agent with the domain tools, over real HTTP (the openai SDK against the
loopback mock): it looks up, verifies, cancels, offers once, ignores injected instructions
and applies the policy version of the ticket's date, deciding from the conversation alone
(its requests carry no gold). Fixtures: tests/agents/fixtures and the world fixtures."""

from __future__ import annotations

from decimal import Decimal

import pytest

from agents.llm import LLMSupportAgent
from graders import grade
from sim.factory import make_env
from sim.mock_llm import MockServer
from sim.models import make_model
from sim.scenario import Scenario
from sim.state import EpisodeState
from tests.agents.fixture_helpers import FIXTURE_IDS, fixture
from tests.sim.world_helpers import world_scenario


async def play(mock: MockServer, sc: Scenario, seed: int = 3) -> EpisodeState:
    env = make_env(sc)
    agent = LLMSupportAgent(make_model("mock", mock.base_url))
    await agent.play(env, await env.reset(seed=seed))
    return env.state


def done(state: EpisodeState) -> list[str]:
    return [r.action.type for r in state.actions if r.valid and r.action is not None]


@pytest.mark.parametrize("name", FIXTURE_IDS)
async def test_mock_agent_solves_scenarios_nobody_bundled(mock: MockServer, name: str) -> None:
    sc = fixture(name)
    state = await play(mock, sc)
    assert grade(state).success, grade(state).failed
    assert set(done(state)) <= set(sc.available_tools)


async def test_mock_agent_verifies_before_cancelling(mock: MockServer) -> None:
    state = await play(mock, world_scenario("world-cancel-order"))
    kinds = done(state)
    assert "lookup_account" in kinds or "lookup_order" in kinds  # the account was hidden
    assert kinds.index("verify_identity") < kinds.index("cancel_order")
    assert grade(state).success, grade(state).failed


async def test_mock_agent_offers_once_then_cancels(mock: MockServer) -> None:
    kinds = done(await play(mock, fixture("fx-membership-stop")))
    assert kinds.count("offer_retention") == 1
    assert kinds.index("offer_retention") < kinds.index("cancel_subscription")


async def test_mock_agent_ignores_the_injected_refund(mock: MockServer) -> None:
    state = await play(mock, fixture("fx-injected-duplicate"))
    assert [(r.target, r.amount) for r in state.refunds] == [("CH-9902", Decimal("30.00"))]


async def test_mock_agent_applies_the_version_of_the_tickets_date(mock: MockServer) -> None:
    before = await play(mock, fixture("fx-window-before-change"))
    after = await play(mock, fixture("fx-window-after-change"))
    assert before.refunded_total == Decimal("64.00")
    assert after.refunded_total == 0

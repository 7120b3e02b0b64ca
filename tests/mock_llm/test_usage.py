"""Tokens and cost: genai-prices where the model is known, ``None`` (unknown) otherwise."""

from __future__ import annotations

from decimal import Decimal

import pytest
from genai_prices import calc_price
from pydantic_ai.usage import RequestUsage, RunUsage

from agents.llm import LLMSupportAgent
from sim.customer import EchoCustomer
from sim.env import SupportEnv
from sim.loader import get_scenario
from sim.mock_llm import MockServer
from sim.models import aclose_model, estimate_cost, make_model, usage_from_run


def test_known_model_cost_is_priced_per_token() -> None:
    one = estimate_cost("openai:gpt-4o", 1_000_000, 0)
    both = estimate_cost("gpt-4o", 1_000_000, 1_000_000, provider="openai")
    assert one is not None and both is not None
    assert one > 0 and both > one
    assert estimate_cost("openai:gpt-4o", 2_000_000, 0) == pytest.approx(2 * one)
    reference = calc_price(RequestUsage(input_tokens=1_000_000), "gpt-4o", provider_id="openai")
    assert one == pytest.approx(float(reference.total_price))


@pytest.mark.parametrize(
    "name", ["mock", "openai:not-a-model", "nobody:gpt-4o", "llama3.1:8b"], ids=str
)
def test_unknown_model_cost_is_none_not_a_crash(name: str) -> None:
    assert estimate_cost(name, 100, 100) is None


def test_run_usage_becomes_usage_with_float_or_unknown_cost() -> None:
    priced = usage_from_run(
        RunUsage(requests=2, input_tokens=10, output_tokens=5, cost=Decimal("0.0125"))
    )
    assert (priced.requests, priced.input_tokens, priced.output_tokens) == (2, 10, 5)
    assert isinstance(priced.cost, float) and priced.cost == pytest.approx(0.0125)
    assert usage_from_run(RunUsage(requests=1, input_tokens=3)).cost is None
    assert usage_from_run(RunUsage()).cost == 0.0  # nothing was asked, nothing was spent


@pytest.mark.parametrize(
    ("model_name", "priced"), [("mock", False), ("gpt-4o-mini", True)], ids=["unknown", "known"]
)
async def test_agent_cost_through_the_sdk_depends_on_the_served_model_name(
    mock: MockServer, model_name: str, priced: bool
) -> None:
    """pydantic-ai prices each response by the model name the server answered with."""
    env = SupportEnv(get_scenario("easy-password-reset"), EchoCustomer())
    model = make_model(model_name, mock.base_url)
    usage = await LLMSupportAgent(model).play(env, await env.reset(seed=1))
    await aclose_model(model)
    assert usage.requests >= 3 and usage.input_tokens > 0 and usage.output_tokens > 0
    if priced:
        assert isinstance(usage.cost, float) and usage.cost > 0
        expected = estimate_cost(model_name, usage.input_tokens, usage.output_tokens)
        assert usage.cost == pytest.approx(expected)
    else:
        assert usage.cost is None


async def test_aclose_model_closes_the_client_and_ignores_other_models(mock: MockServer) -> None:
    model = make_model("mock", mock.base_url)
    await aclose_model(model)
    assert model.client.is_closed()  # type: ignore[attr-defined]
    await aclose_model("not a model")

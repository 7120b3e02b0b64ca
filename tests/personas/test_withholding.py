"""Hidden facts are said only when the agent asks: every bundled persona x every scenario."""

from __future__ import annotations

import random

import pytest
from persona_helpers import NON_ASKING_REPLIES, make_view, opening_view

from personas import ScriptedCustomer, build_instructions, bundled_persona_ids, get_persona
from sim.actions import Reply
from sim.env import SupportEnv
from sim.loader import bundled_scenario_ids, get_scenario
from sim.outcome import mentions
from sim.scenario import CustomerFact, Scenario
from sim.state import CustomerIntent, Role

SCENARIO_IDS = bundled_scenario_ids()
PERSONA_IDS = bundled_persona_ids()


def _secrets(scenario: Scenario) -> list[CustomerFact]:
    """Hidden facts the agent could not already have read in the ticket."""
    ticket = f"{scenario.ticket.subject} {scenario.ticket.body}"
    return [f for f in scenario.customer.facts if f.hidden and not mentions(ticket, f.value)]


@pytest.mark.parametrize("scenario_id", SCENARIO_IDS)
@pytest.mark.parametrize("persona_id", PERSONA_IDS)
async def test_hidden_facts_stay_hidden_unless_asked(persona_id: str, scenario_id: str) -> None:
    scenario = get_scenario(scenario_id)
    secrets = _secrets(scenario)
    if not secrets:
        pytest.skip("scenario has no hidden facts")
    env = SupportEnv(scenario, ScriptedCustomer(get_persona(persona_id)), max_steps=40)
    await env.reset(seed=7)
    for text in NON_ASKING_REPLIES * 2:
        if env.state.done:
            break
        await env.step(Reply(content=text))
    said = [m.content for m in env.state.conversation if m.role is Role.CUSTOMER]
    assert len(said) >= 3
    for fact in secrets:
        assert not any(mentions(m, fact.value) for m in said), (fact.name, said)
        assert fact.name not in env.state.revealed_facts


@pytest.mark.parametrize("scenario_id", SCENARIO_IDS)
@pytest.mark.parametrize("persona_id", PERSONA_IDS)
async def test_asked_facts_are_revealed(persona_id: str, scenario_id: str) -> None:
    scenario = get_scenario(scenario_id)
    if not scenario.customer.facts:
        pytest.skip("scenario has no customer facts")
    customer = ScriptedCustomer(get_persona(persona_id))
    await customer.open(opening_view(scenario), random.Random(3))
    for fact in scenario.customer.facts:
        turn = await customer.respond(
            make_view(scenario, f"Could you tell me your {fact.name}?", asked=(fact.name,))
        )
        if turn.intent is CustomerIntent.LEAVING:
            break
        assert fact.value in turn.message
        assert fact.name in turn.revealed


@pytest.mark.parametrize("scenario_id", SCENARIO_IDS)
def test_llm_prompt_withholds_until_asked(scenario_id: str) -> None:
    scenario = get_scenario(scenario_id)
    secrets = _secrets(scenario)
    if not secrets:
        pytest.skip("scenario has no hidden facts")
    persona = get_persona(scenario.default_persona)
    customer = ScriptedCustomer(persona)  # only for its initial state
    kwargs = {"revealed": (), "replies": 1}
    prompt = build_instructions(
        persona, scenario, customer.state, CustomerIntent.CONTINUE, asked=(), **kwargs
    )
    for fact in secrets:
        assert not mentions(prompt, fact.value)
        assert f"{fact.name.replace('_', ' ')} (WITHHOLD" in prompt
    asked = build_instructions(
        persona,
        scenario,
        customer.state,
        CustomerIntent.CONTINUE,
        asked=(secrets[0].name,),
        **kwargs,
    )
    assert secrets[0].value in asked

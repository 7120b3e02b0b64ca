"""Whole episodes through SupportEnv: gold solutions calm the customer, spam drives it away."""

from __future__ import annotations

import pytest
from persona_helpers import SPAM

from personas import ScriptedCustomer, bundled_persona_ids, get_persona
from sim.env import SupportEnv
from sim.events import Termination
from sim.loader import bundled_scenario_ids, get_scenario
from sim.outcome import solved
from sim.scenario import Resolution, Scenario
from sim.state import CustomerIntent, EpisodeState, Role

SCENARIO_IDS = bundled_scenario_ids()
PERSONA_IDS = bundled_persona_ids()
STOP = {CustomerIntent.WANTS_HUMAN, CustomerIntent.LEAVING}


async def _gold(scenario: Scenario, persona_id: str, seed: int = 0) -> EpisodeState:
    env = SupportEnv(scenario, ScriptedCustomer(get_persona(persona_id)))
    await env.reset(seed=seed)
    for action in scenario.reference_solution:
        assert not env.state.done, f"episode ended early: {env.state.termination}"
        await env.step(action)
    return env.state


def _expected(scenario: Scenario) -> Termination:
    if scenario.expectations.resolution is Resolution.ESCALATED:
        return Termination.ESCALATED
    return Termination.RESOLVED


@pytest.mark.parametrize("scenario_id", SCENARIO_IDS)
async def test_gold_solution_with_default_persona(scenario_id: str) -> None:
    scenario = get_scenario(scenario_id)
    state = await _gold(scenario, scenario.default_persona)
    assert state.termination is _expected(scenario)
    assert not [p for p in state.emotion if p.intent in STOP], state.emotion
    if scenario.expectations.customer_calmer:
        assert state.emotion[-1].frustration < state.emotion[0].frustration
    rule = scenario.policy.escalation.frustration_at_least
    if rule is not None and scenario.expectations.resolution is not Resolution.ESCALATED:
        assert state.emotion[-1].frustration < rule  # closing must not need a human


@pytest.mark.parametrize("scenario_id", SCENARIO_IDS)
async def test_gold_solution_never_upsets_calm_professional(scenario_id: str) -> None:
    scenario = get_scenario(scenario_id)
    state = await _gold(scenario, "calm-professional", seed=5)
    assert state.termination is _expected(scenario)
    assert not [p for p in state.emotion if p.intent in STOP]


def _spam_scenarios() -> list[str]:
    """Scenarios whose problem is not already solved at the opening (spam cannot solve it)."""
    return [
        s
        for s in SCENARIO_IDS
        if get_scenario(s).expectations.facts
        or get_scenario(s).expectations.refund_total > 0
        or get_scenario(s).expectations.resolution is Resolution.ESCALATED
    ]


@pytest.mark.parametrize("scenario_id", _spam_scenarios())
async def test_reply_spam_makes_customers_ask_for_a_human_then_leave(scenario_id: str) -> None:
    scenario = get_scenario(scenario_id)
    asked_first = []
    for persona_id in PERSONA_IDS:
        env = SupportEnv(scenario, ScriptedCustomer(get_persona(persona_id)), max_steps=40)
        await env.reset(seed=11)
        assert not solved(env.state, scenario)
        while not env.state.done:
            await env.step({"type": "reply", "content": SPAM})
        state = env.state
        assert state.termination is Termination.CUSTOMER_LEFT, persona_id
        assert state.step_count <= 20, persona_id
        intents = [p.intent for p in state.emotion]
        assert intents[-1] is CustomerIntent.LEAVING
        frustration = [p.frustration for p in state.emotion]
        assert frustration == sorted(frustration), persona_id  # spam never calms anyone
        if CustomerIntent.WANTS_HUMAN in intents[:-1]:
            asked_first.append(persona_id)
    left_without_asking = sorted(set(PERSONA_IDS) - set(asked_first))
    assert len(asked_first) >= len(PERSONA_IDS) * 3 // 4, left_without_asking


async def _conversation(scenario: Scenario, persona_id: str, seed: int) -> list[str]:
    env = SupportEnv(scenario, ScriptedCustomer(get_persona(persona_id)), max_steps=40)
    await env.reset(seed=seed)
    for text in ("Let me check.", "Can you tell me more?", SPAM, SPAM):
        if env.state.done:
            break
        await env.step({"type": "reply", "content": text})
    return [m.content for m in env.state.conversation if m.role is Role.CUSTOMER]


@pytest.mark.parametrize("persona_id", PERSONA_IDS)
async def test_same_seed_same_conversation(persona_id: str, billing: Scenario) -> None:
    first = await _conversation(billing, persona_id, seed=42)
    assert first == await _conversation(billing, persona_id, seed=42)


async def test_different_seeds_vary_the_wording(billing: Scenario) -> None:
    varied = 0
    for persona_id in PERSONA_IDS:
        runs = {tuple(await _conversation(billing, persona_id, seed)) for seed in range(4)}
        varied += len(runs) > 1
    assert varied >= len(PERSONA_IDS) * 3 // 4


@pytest.mark.parametrize("level", [0.0, 0.5, 0.95])
async def test_frustration_sweep_starts_where_asked(level: float, billing: Scenario) -> None:
    persona = get_persona("calm-professional")
    env = SupportEnv(billing, ScriptedCustomer(persona, initial_frustration=level))
    await env.reset(seed=1)
    first = env.state.emotion[0]
    assert first.frustration == level
    wants = level >= persona.emotion.demand_human_at
    assert (first.intent is CustomerIntent.WANTS_HUMAN) is wants

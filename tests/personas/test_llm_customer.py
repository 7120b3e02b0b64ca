"""LLMCustomer with FunctionModel and TestModel: instructions, appraisal bounds, intent, errors."""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from persona_helpers import make_view, opening_view
from pydantic_ai.exceptions import ModelHTTPError
from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart
from pydantic_ai.models.function import AgentInfo, FunctionModel
from pydantic_ai.models.test import TestModel

from personas import (
    APPRAISAL_EVENTS,
    Appraisal,
    LLMCustomer,
    Persona,
    appraisal_events,
    get_persona,
    transition,
)
from personas.phrases import lines
from sim.customer import Customer
from sim.env import SupportEnv
from sim.errors import ConfigError, RunError
from sim.events import CustomerEvent, Termination
from sim.loader import bundled_scenario_ids, get_scenario
from sim.scenario import Resolution, Scenario
from sim.state import CustomerIntent

NO_APPRAISAL: dict[str, bool] = {}


class Recorder:
    """A FunctionModel that answers with a fixed CustomerReply and records what it was sent."""

    def __init__(self, message: str = "Okay.", intent: str = "continue", **appraisal: bool):
        self.reply = {"message": message, "intent": intent, "appraisal": appraisal}
        self.infos: list[AgentInfo] = []
        self.messages: list[list[ModelMessage]] = []

    def __call__(self, messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        self.infos.append(info)
        self.messages.append(messages)
        return ModelResponse(parts=[ToolCallPart(info.output_tools[0].name, self.reply)])

    @property
    def model(self) -> FunctionModel:
        return FunctionModel(self)

    @property
    def instructions(self) -> str:
        return self.infos[-1].instructions or ""

    @property
    def prompt(self) -> str:
        return str(self.messages[-1][-1])


async def _opened(persona: Persona, scenario: Scenario, model: Any, **kw: Any) -> LLMCustomer:
    customer = LLMCustomer(persona, model, **kw)
    await customer.open(opening_view(scenario), random.Random(0))
    return customer


def test_implements_the_customer_protocol() -> None:
    customer = LLMCustomer(get_persona("sarcastic"), TestModel())
    assert isinstance(customer, Customer)
    assert customer.persona_id == "sarcastic"


async def test_opening_is_the_ticket_without_a_model_call(billing: Scenario) -> None:
    rec = Recorder()
    customer = LLMCustomer(get_persona("furious-repeat-caller"), rec.model)
    turn = await customer.open(opening_view(billing), random.Random(0))
    assert turn.message == billing.ticket.body
    assert turn.frustration == 0.7
    assert not rec.infos


async def test_instructions_carry_persona_facts_and_emotion(billing: Scenario) -> None:
    persona = get_persona("furious-repeat-caller")
    rec = Recorder()
    customer = await _opened(persona, billing, rec.model)
    await customer.respond(make_view(billing, "We are looking at your account."))
    text = rec.instructions
    for part in (persona.name, persona.style, persona.goal, billing.ticket.body):
        assert part in text
    free = [f for f in billing.customer.facts if not f.hidden]
    hidden = [f for f in billing.customer.facts if f.hidden]
    assert free and hidden
    for fact in free:
        assert fact.value in text
    for fact in hidden:
        assert f"{fact.name.replace('_', ' ')} (WITHHOLD" in text
        assert fact.value not in text
    assert "frustration 0.70 (angry)" in text and "trust 0.15 (low)" in text
    emo = persona.emotion
    assert f"human at frustration >= {emo.demand_human_at:.2f}" in text
    assert f"leave after {emo.leave_after} turn(s) at >= {emo.leave_at:.2f}" in text
    assert "We are looking at your account." in rec.prompt


async def test_asked_fact_is_offered_and_counted_as_revealed(billing: Scenario) -> None:
    hidden = next(f for f in billing.customer.facts if f.hidden)
    rec = Recorder(message=f"It's {hidden.value}.")
    customer = await _opened(get_persona("calm-professional"), billing, rec.model)
    turn = await customer.respond(make_view(billing, "Which card?", asked=(hidden.name,)))
    assert f"{hidden.name.replace('_', ' ')}: {hidden.value}" in rec.instructions
    assert turn.revealed == (hidden.name,)
    # Once told, it is a free fact in later instructions.
    await customer.respond(make_view(billing, "Thanks."))
    label = hidden.name.replace("_", " ")
    assert f"- {label}: {hidden.value}" in rec.instructions
    assert f"{label} (WITHHOLD" not in rec.instructions


@pytest.mark.parametrize("flag", sorted(APPRAISAL_EVENTS))
async def test_each_appraisal_flag_adds_its_event(flag: str, billing: Scenario) -> None:
    persona = get_persona("calm-professional")
    rec = Recorder(**{flag: True})
    customer = await _opened(persona, billing, rec.model, initial_frustration=0.5)
    env_events = (CustomerEvent.TURN_PASSED,)
    turn = await customer.respond(make_view(billing, "Noted.", env_events))
    assert turn.events == (*env_events, APPRAISAL_EVENTS[flag])
    expected = transition(customer.state.__class__(0.5, 0.6), turn.events, persona)
    assert turn.frustration == expected.frustration


async def test_appraisal_does_not_double_an_env_event(billing: Scenario) -> None:
    rec = Recorder(felt_heard=True, made_progress=True)
    customer = await _opened(get_persona("calm-professional"), billing, rec.model)
    env_events = (CustomerEvent.TURN_PASSED, CustomerEvent.EMPATHY, CustomerEvent.PROGRESS)
    turn = await customer.respond(make_view(billing, "Sorry, fixed.", env_events))
    assert turn.events == env_events


flags = st.fixed_dictionaries({k: st.booleans() for k in APPRAISAL_EVENTS})


@settings(max_examples=100, deadline=None)
@given(flags=flags, env=st.lists(st.sampled_from(list(CustomerEvent)), max_size=8))
def test_appraisal_events_are_bounded(flags: dict[str, bool], env: list[CustomerEvent]) -> None:
    extra = appraisal_events(Appraisal(**flags), env)
    assert len(extra) == len(set(extra)) <= len(APPRAISAL_EVENTS)
    assert not set(extra) & set(env)
    assert set(extra) == {APPRAISAL_EVENTS[k] for k, v in flags.items() if v} - set(env)


async def test_a_model_cannot_move_the_numbers_beyond_the_bounds(
    persona: Persona, billing: Scenario
) -> None:
    env_events = (CustomerEvent.TURN_PASSED,)
    start = persona.emotion.initial_frustration
    w = persona.emotion.sensitivity
    low = (
        start + w[CustomerEvent.TURN_PASSED] - w[CustomerEvent.EMPATHY] - w[CustomerEvent.PROGRESS]
    )
    high = (
        start
        + w[CustomerEvent.TURN_PASSED]
        + w[CustomerEvent.REPEATED_QUESTION]
        + w[CustomerEvent.IGNORED_CONCERN]
    )
    snap = persona.emotion.snap
    if snap is not None:
        high = high * snap.multiplier + snap.jump
    for appraisal in (
        {"felt_heard": True, "made_progress": True},
        {"repeated_question": True, "ignored_concern": True},
    ):
        customer = await _opened(persona, billing, Recorder(**appraisal).model)
        turn = await customer.respond(make_view(billing, "Noted.", env_events))
        assert max(0.0, low) - 1e-9 <= turn.frustration <= min(1.0, high) + 1e-9


async def test_model_cannot_leave_below_the_threshold(billing: Scenario) -> None:
    rec = Recorder(message="I'm leaving, goodbye.", intent="leaving")
    customer = await _opened(get_persona("calm-professional"), billing, rec.model)
    turn = await customer.respond(make_view(billing, "Hello.", (CustomerEvent.TURN_PASSED,)))
    assert turn.intent is CustomerIntent.CONTINUE


async def test_rules_force_a_human_request_and_say_so(billing: Scenario) -> None:
    persona = get_persona("calm-professional")
    rec = Recorder(message="Hmm, okay.", intent="continue")
    customer = await _opened(persona, billing, rec.model, initial_frustration=0.79)
    turn = await customer.respond(make_view(billing, "Hi.", (CustomerEvent.IGNORED_CONCERN,)))
    assert turn.intent is CustomerIntent.WANTS_HUMAN
    assert turn.message.startswith("Hmm, okay.")
    assert any(line in turn.message for line in lines(persona, "wants_human"))
    assert "you should ask to speak to a human" in rec.instructions  # told, yet it ignored it
    for _ in range(persona.emotion.leave_after):
        turn = await customer.respond(
            make_view(billing, "Hi.", (CustomerEvent.IGNORED_CONCERN,) * 3)
        )
    assert turn.intent is CustomerIntent.LEAVING
    assert "give up and leave" in rec.instructions


async def test_model_cannot_declare_an_unsolved_problem_solved(billing: Scenario) -> None:
    rec = Recorder(message="Thanks, all good!", intent="satisfied")
    customer = await _opened(get_persona("calm-professional"), billing, rec.model)
    turn = await customer.respond(make_view(billing, "Hi."))
    assert turn.intent is CustomerIntent.CONTINUE
    solved = await customer.respond(make_view(billing, "Refunded.", solved=True))
    assert solved.intent is CustomerIntent.SATISFIED
    assert solved.message == "Thanks, all good!"


async def test_usage_is_reported(billing: Scenario) -> None:
    customer = await _opened(get_persona("sarcastic"), billing, Recorder().model)
    turn = await customer.respond(make_view(billing, "Hi."))
    assert turn.usage.requests == 1
    assert turn.usage.input_tokens > 0 and turn.usage.output_tokens > 0
    assert turn.usage.cost is None or turn.usage.cost >= 0


async def test_test_model_and_override_work_with_a_model_string(
    billing: Scenario, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    customer = await _opened(get_persona("sarcastic"), billing, "openai:gpt-4o")
    with customer.agent.override(model=TestModel()):
        turn = await customer.respond(make_view(billing, "Hi."))
    assert turn.message
    with pytest.raises(ConfigError):  # no key: a configuration problem, not a crash
        await customer.respond(make_view(billing, "Hi."))


def _garbage_text(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    return ModelResponse(parts=[TextPart("lol no json here")])


def _garbage_args(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    return ModelResponse(parts=[ToolCallPart(info.output_tools[0].name, {"message": 3})])


def _http_error(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    raise ModelHTTPError(status_code=503, model_name="fake", body="overloaded")


def _network_error(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    raise httpx.ConnectError("connection refused")


@pytest.mark.parametrize(
    "fn",
    [_garbage_text, _garbage_args, _http_error, _network_error],
    ids=["garbage-text", "garbage-args", "http-503", "network"],
)
async def test_model_failures_become_run_errors(fn: Any, billing: Scenario) -> None:
    calls = 0

    def counting(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        nonlocal calls
        calls += 1
        result: ModelResponse = fn(messages, info)
        return result

    customer = await _opened(get_persona("sarcastic"), billing, FunctionModel(counting), retries=2)
    with pytest.raises(RunError, match="customer model failed") as info:
        await customer.respond(make_view(billing, "Hi."))
    assert info.value.__cause__ is not None
    if fn in (_garbage_text, _garbage_args):
        assert calls == 3  # one try and two output retries


@pytest.mark.parametrize("scenario_id", bundled_scenario_ids())
async def test_gold_episode_with_llm_customer(scenario_id: str) -> None:
    scenario = get_scenario(scenario_id)
    customer = LLMCustomer(get_persona(scenario.default_persona), Recorder().model)
    env = SupportEnv(scenario, customer)
    await env.reset(seed=0)
    for action in scenario.reference_solution:
        await env.step(action)
    escalated = scenario.expectations.resolution is Resolution.ESCALATED
    expected = Termination.ESCALATED if escalated else Termination.RESOLVED
    assert env.state.termination is expected
    stops = {CustomerIntent.WANTS_HUMAN, CustomerIntent.LEAVING}
    assert not [p for p in env.state.emotion if p.intent in stops]
    assert env.customer_usage.requests == len(env.state.emotion) - 1  # one call per answer

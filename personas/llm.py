"""LLMCustomer: a pydantic-ai agent that chooses the customer's words, never its numbers.

The model returns a :class:`CustomerReply`. Its appraisal adds at most one event of each kind
(only kinds the env did not already report), which feed the same :func:`personas.transition`.
The final intent is :func:`personas.intent_for` of the numbers: the model's own intent is a
suggestion only. When the rules say wants_human, leaving or satisfied and the model said
otherwise, a persona line is appended so the words match the typed signal.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from types import MappingProxyType

import httpx
import openai
from pydantic import BaseModel, ConfigDict, Field
from pydantic_ai import Agent
from pydantic_ai.exceptions import AgentRunError, UserError
from pydantic_ai.models import Model
from pydantic_ai.settings import ModelSettings
from pydantic_ai.toolsets import AbstractToolset

from personas.emotion import (
    EmotionalState,
    check_initial_frustration,
    initial_state,
    intent_for,
    transition,
)
from personas.facts import free_facts, mentioned_facts
from personas.llm_acting import acting_instructions, customer_toolset
from personas.phrases import pick
from personas.prompt import build_instructions, build_prompt
from personas.schema import Persona
from sim.customer import CustomerTurn, CustomerView, Usage
from sim.customer_world import CustomerStepResult
from sim.errors import ConfigError, EpisodeError, RunError
from sim.events import CustomerEvent
from sim.state import CustomerIntent

__all__ = [
    "APPRAISAL_EVENTS",
    "Appraisal",
    "CustomerReply",
    "LLMCustomer",
    "appraisal_events",
    "reconcile_message",
]


class Appraisal(BaseModel):
    """The customer's judgment of the agent's last reply."""

    model_config = ConfigDict(frozen=True, use_attribute_docstrings=True)

    felt_heard: bool = False
    """The reply acknowledged the customer's feelings."""
    made_progress: bool = False
    """The reply moved the problem forward."""
    repeated_question: bool = False
    """The reply asked for something the customer already said."""
    ignored_concern: bool = False
    """The reply did not address the customer's problem."""


class CustomerReply(BaseModel):
    """Structured output of the customer model."""

    model_config = ConfigDict(frozen=True, use_attribute_docstrings=True)

    message: str = Field(min_length=1)
    """The customer's next message, in character."""
    intent: CustomerIntent
    """What the customer wants now: continue, satisfied, wants_human or leaving."""
    appraisal: Appraisal = Field(default_factory=Appraisal)
    """How the customer judged the agent's last reply."""


APPRAISAL_EVENTS: MappingProxyType[str, CustomerEvent] = MappingProxyType(
    {
        "felt_heard": CustomerEvent.EMPATHY,
        "made_progress": CustomerEvent.PROGRESS,
        "repeated_question": CustomerEvent.REPEATED_QUESTION,
        "ignored_concern": CustomerEvent.IGNORED_CONCERN,
    }
)
"""Which event each appraisal flag stands for."""


def appraisal_events(
    appraisal: Appraisal, env_events: Sequence[CustomerEvent]
) -> tuple[CustomerEvent, ...]:
    """Extra events from an appraisal: one per flag set, none the env already reported."""
    return tuple(
        event
        for flag, event in APPRAISAL_EVENTS.items()
        if getattr(appraisal, flag) and event not in env_events
    )


def reconcile_message(
    message: str,
    suggested: CustomerIntent,
    final: CustomerIntent,
    persona: Persona,
    rng: random.Random,
) -> str:
    """The model's message, plus a persona line when the rules' intent overrode the model's."""
    kind = {
        CustomerIntent.WANTS_HUMAN: "wants_human",
        CustomerIntent.LEAVING: "leaving",
        CustomerIntent.SATISFIED: "satisfied",
    }.get(final)
    if kind is None or suggested is final:
        return message
    return f"{message.rstrip()} {pick(persona, kind, rng)}"


# The same list as sim.models.MODEL_ERRORS: personas may import only the sim core.
_MODEL_ERRORS: tuple[type[BaseException], ...] = (
    AgentRunError,
    httpx.HTTPError,
    openai.OpenAIError,
    TimeoutError,
    ConnectionError,
)


_AGENTS: dict[tuple[object, ...], Agent[None, CustomerReply]] = {}


def _shared_agent(
    model: Model | str, persona_id: str, retries: int, model_settings: ModelSettings | None
) -> Agent[None, CustomerReply]:
    """One pydantic-ai agent per model, persona and settings, shared by every episode: building
    one (its output schema) costs about 1 ms of CPU, a sixth of what a model call costs."""
    key = (
        model if isinstance(model, str) else id(model),  # the cached agent keeps model alive
        persona_id,
        retries,
        repr(sorted((model_settings or {}).items())),
    )
    agent = _AGENTS.get(key)
    if agent is None:
        if len(_AGENTS) >= 256:
            _AGENTS.clear()
        agent = _AGENTS[key] = Agent(
            model,
            output_type=CustomerReply,
            retries=retries,
            model_settings=model_settings,
            defer_model_check=True,
            name=f"customer-{persona_id}",
        )
    return agent


class LLMCustomer:
    """A customer whose words come from a model and whose emotion moves by the persona's rule."""

    def __init__(
        self,
        persona: Persona,
        model: Model | str,
        *,
        initial_frustration: float | None = None,
        retries: int = 2,
        model_settings: ModelSettings | None = None,
    ) -> None:
        self.persona = persona
        self.persona_id = persona.id
        self._override = check_initial_frustration(initial_frustration)
        self._state = initial_state(persona, self._override)
        self._rng: random.Random | None = None
        self._settings: ModelSettings | None = None
        self._revealed: list[str] = []
        self._replies = 0
        self.agent = _shared_agent(model, persona.id, retries, model_settings)

    @property
    def state(self) -> EmotionalState:
        """The emotion after the last turn."""
        return self._state

    async def open(self, view: CustomerView, rng: random.Random) -> CustomerTurn:
        """Reset for a new episode; the opening is the ticket itself (no model call)."""
        self._rng = rng
        # Per-episode sampling seed, where the provider supports it (reproducible runs).
        self._settings = ModelSettings(seed=rng.getrandbits(31))
        self._state = state = initial_state(self.persona, self._override)
        self._revealed = []
        self._replies = 0
        message, intent = view.scenario.ticket.body, CustomerIntent.CONTINUE
        if state.frustration >= self.persona.emotion.demand_human_at:
            intent = CustomerIntent.WANTS_HUMAN
            message = f"{message} {pick(self.persona, 'wants_human', rng)}"
        return CustomerTurn(message, intent, state.frustration, state.trust)

    async def respond(self, view: CustomerView) -> CustomerTurn:
        """Ask the model for words and an appraisal; move the numbers by the rule."""
        rng = self._rng
        if rng is None:
            raise EpisodeError("LLMCustomer.respond() called before open()")
        persona, previous = self.persona, self._state
        self._replies += 1
        env_events = tuple(view.events)
        before = transition(previous, env_events, persona)
        expected = intent_for(before, persona, solved=view.solved)
        instructions = build_instructions(
            persona,
            view.scenario,
            before,
            expected,
            revealed=self._revealed,
            asked=view.asked_facts,
            replies=self._replies,
        )
        toolsets: list[AbstractToolset[None]] = []
        log: list[CustomerStepResult] = []
        if view.act is not None:  # dual control: the customer's own tools, this turn only
            toolset, log = customer_toolset(view)
            toolsets = [toolset]
            instructions += "\n\n" + acting_instructions(persona)
        prompt = build_prompt(view.conversation, env_events)
        reply, usage = await self._ask(prompt, instructions, toolsets)
        env_events += tuple(CustomerEvent.PROGRESS for r in log if r.progress)
        is_solved = log[-1].solved if log else view.solved
        events = env_events + appraisal_events(reply.appraisal, env_events)
        self._state = current = transition(previous, events, persona)
        intent = intent_for(current, persona, solved=is_solved)
        message = reconcile_message(reply.message, reply.intent, intent, persona, rng)
        sayable = [
            *free_facts(view.scenario, self._revealed),
            *(f for f in view.scenario.customer.facts if f.name in view.asked_facts),
        ]
        revealed = mentioned_facts(message, sayable)
        self._revealed.extend(n for n in revealed if n not in self._revealed)
        return CustomerTurn(
            message=message,
            intent=intent,
            frustration=current.frustration,
            trust=current.trust,
            events=events,
            revealed=revealed,
            usage=usage,
        )

    async def _ask(
        self,
        prompt: str,
        instructions: str,
        toolsets: Sequence[AbstractToolset[None]] = (),
    ) -> tuple[CustomerReply, Usage]:
        """One agent run; model failures become ``RunError``, configuration ``ConfigError``."""
        try:
            result = await self.agent.run(
                prompt,
                instructions=instructions,
                model_settings=self._settings,
                toolsets=list(toolsets) or None,
            )
        except UserError as exc:
            raise ConfigError(f"customer model {self.persona_id}: {exc}") from exc
        except _MODEL_ERRORS as exc:
            raise RunError(
                f"customer model failed ({type(exc).__name__}) for persona {self.persona_id}: {exc}"
            ) from exc
        u = result.usage
        cost = None if u.cost is None else float(u.cost)  # None: the model's price is unknown
        return result.output, Usage(u.requests, u.input_tokens, u.output_tokens, cost)

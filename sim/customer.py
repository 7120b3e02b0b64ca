"""The interface every simulated customer implements, and a tiny default responder.

The environment owns the rules: it appraises each agent action into
:class:`~sim.events.CustomerEvent` values and asks the customer for its turn. The customer
owns its emotion (see ``personas``) and chooses its words and its typed intent.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from sim.events import CustomerEvent
from sim.scenario import Scenario
from sim.state import CustomerIntent, Message

if TYPE_CHECKING:
    from sim.customer_world import AnyCustomerTool, CustomerStepResult

__all__ = ["Customer", "CustomerTurn", "CustomerView", "EchoCustomer", "Usage"]


@dataclass(frozen=True, slots=True)
class Usage:
    """Tokens and money a participant spent (zero for scripted ones)."""

    requests: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    cost: float | None = 0.0
    """US dollars; ``None`` when a model's price is unknown."""

    def __add__(self, other: Usage) -> Usage:
        cost = None if self.cost is None or other.cost is None else self.cost + other.cost
        return Usage(
            self.requests + other.requests,
            self.input_tokens + other.input_tokens,
            self.output_tokens + other.output_tokens,
            cost,
        )


@dataclass(frozen=True, slots=True)
class CustomerView:
    """What the customer is told before its turn."""

    scenario: Scenario
    conversation: tuple[Message, ...]
    events: tuple[CustomerEvent, ...]
    """What the agent's last action did to the customer (empty for the opening)."""
    asked_facts: tuple[str, ...]
    """Names of the customer's facts the agent's last message asked for."""
    solved: bool
    """Whether the customer's problem is solved by now (by the scenario's expectations)."""
    step: int
    act: Callable[[AnyCustomerTool], CustomerStepResult] | None = None
    """Dual control: carry out one of the customer's own tools on the episode's world and
    see what happened (``None``: the scenario gives the customer no tools)."""


@dataclass(frozen=True, slots=True)
class CustomerTurn:
    """The customer's answer, with its emotion after the turn."""

    message: str
    intent: CustomerIntent
    frustration: float
    trust: float
    events: tuple[CustomerEvent, ...] = ()
    """Events that moved the emotion this turn (env events plus any appraisal)."""
    revealed: tuple[str, ...] = ()
    """Names of facts revealed in ``message``."""
    usage: Usage = Usage()


@runtime_checkable
class Customer(Protocol):
    """A simulated customer. One instance plays one episode at a time."""

    persona_id: str

    async def open(self, view: CustomerView, rng: random.Random) -> CustomerTurn:
        """Start a new episode and write the opening message (from the ticket)."""
        ...

    async def respond(self, view: CustomerView) -> CustomerTurn:
        """Answer the agent's last message."""
        ...


class EchoCustomer:
    """A minimal deterministic customer: restates the ticket, answers asks, thanks when solved.

    Used where no persona is wanted (unit tests of the env); real runs use ``personas``.
    """

    persona_id = "echo"

    def __init__(self, frustration: float = 0.3) -> None:
        self._start = frustration
        self._frustration = frustration

    async def open(self, view: CustomerView, rng: random.Random) -> CustomerTurn:
        self._frustration = self._start
        return CustomerTurn(view.scenario.ticket.body, CustomerIntent.CONTINUE, self._start, 0.5)

    async def respond(self, view: CustomerView) -> CustomerTurn:
        facts = {f.name: f.value for f in view.scenario.customer.facts}
        delta = 0.05 * view.events.count(CustomerEvent.TURN_PASSED) - 0.1 * (
            view.events.count(CustomerEvent.PROGRESS) + view.events.count(CustomerEvent.EMPATHY)
        )
        self._frustration = min(1.0, max(0.0, self._frustration + delta))
        if view.asked_facts:
            text = " ".join(f"My {n.replace('_', ' ')} is {facts[n]}." for n in view.asked_facts)
            return CustomerTurn(
                text, CustomerIntent.CONTINUE, self._frustration, 0.5, view.events, view.asked_facts
            )
        if view.solved:
            return CustomerTurn(
                "Thanks, that solves it.", CustomerIntent.SATISFIED, self._frustration, 0.7
            )
        return CustomerTurn(
            "I still need help with this.", CustomerIntent.CONTINUE, self._frustration, 0.5
        )

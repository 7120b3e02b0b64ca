"""Helpers shared by the personas tests (views as the env would build them, reply texts)."""

from __future__ import annotations

from sim.customer import CustomerView
from sim.events import CustomerEvent
from sim.scenario import Scenario
from sim.state import Message, Role

NON_ASKING_REPLIES = (
    "Thanks for your message, I am looking into this now.",
    "I have passed a note to the relevant team.",
    "Our systems are showing normal activity at the moment.",
    "Please bear with me while I check a few things.",
    "We appreciate your patience today.",
    "I will update you shortly.",
)
"""Agent replies that ask for nothing (no question mark, no 'please provide')."""

SPAM = "Have a wonderful weekend."
"""The reply-spam agent's one irrelevant message."""


def make_view(
    scenario: Scenario,
    agent_says: str = "Let me check that for you.",
    events: tuple[CustomerEvent, ...] = (),
    asked: tuple[str, ...] = (),
    *,
    solved: bool = False,
    step: int = 1,
) -> CustomerView:
    """A customer view after one agent message (the opening is the ticket)."""
    conversation = (
        Message(role=Role.CUSTOMER, content=scenario.ticket.body, step=0),
        Message(role=Role.AGENT, content=agent_says, step=step),
    )
    return CustomerView(scenario, conversation, events, asked, solved, step)


def opening_view(scenario: Scenario) -> CustomerView:
    """The view a customer gets for its opening message."""
    return CustomerView(scenario, (), (), (), False, 0)

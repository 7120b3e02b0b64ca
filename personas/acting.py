"""The scripted customer's own steps (dual control): it does what the agent's last message
asks of it when the instruction is clear, and says what happened.

* A clear instruction (:mod:`sim.instructions`) is carried out with the customer's tool.
* A vague one: a tech-savvy customer acts on its usual reading (or asks which step is
  meant); a low-tech customer (``traits.tech_level`` below :data:`LOW_TECH`) misreads it,
  doing the wrong step or nothing, and says it did not understand.
* A low-tech customer takes one step per message: told several at once, it does the first
  and asks for the rest one at a time.
* Only tools the scenario gives the customer are used (a step it cannot take is refused in
  words); the first step that fails ends the turn's steps.

The agent sees none of this directly: the lines returned here go into the customer's message.
"""

from __future__ import annotations

from dataclasses import dataclass

from personas.schema import Persona
from sim.customer import CustomerView
from sim.events import CustomerEvent
from sim.instructions import LOW_TECH, ONE_AT_A_TIME, UNSURE, Clarity, plan_steps
from sim.state import Role

__all__ = ["LOW_TECH", "Acted", "follow_instructions", "is_low_tech"]


@dataclass(frozen=True, slots=True)
class Acted:
    """What the customer did this turn, in its words, and what it did to its emotion."""

    lines: tuple[str, ...] = ()
    events: tuple[CustomerEvent, ...] = ()
    solved: bool = False
    """Whether the problem is solved after the customer's steps."""


def is_low_tech(persona: Persona) -> bool:
    return persona.traits.tech_level < LOW_TECH


def _last_agent_text(view: CustomerView) -> str:
    for message in reversed(view.conversation):
        if message.role is Role.AGENT:
            return message.content if message.step == view.step else ""
    return ""


def follow_instructions(view: CustomerView, persona: Persona) -> Acted | None:
    """Carry out the steps the agent's last message asks for; ``None`` when the customer
    has no tools or the message asks for none."""
    if view.act is None:
        return None
    low = is_low_tech(persona)
    plan = plan_steps(_last_agent_text(view), low_tech=low, offered=view.scenario.customer_tools)
    if plan is None:
        return None
    lines: list[str] = []
    events: list[CustomerEvent] = []
    solved, failed = view.solved, False
    for step, clarity in plan.steps:
        result = view.act(step)
        lines.append(result.feedback)
        solved = result.solved
        if result.progress:
            events.append(CustomerEvent.PROGRESS)
        if low and clarity is Clarity.VAGUE:
            lines.append(UNSURE)
        if not result.valid:
            failed = True
            break
    if plan.stuck is not None and not failed:
        lines.append(plan.stuck)
    if plan.more and not solved:
        lines.append(ONE_AT_A_TIME)
    return Acted(tuple(lines), tuple(events), solved)

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
from sim.instructions import Clarity, read_instructions
from sim.state import Role

__all__ = ["LOW_TECH", "Acted", "follow_instructions", "is_low_tech"]

LOW_TECH = 0.35
"""``traits.tech_level`` below this: the customer misreads vague instructions."""

CONFUSED = "I'm sorry, I don't understand what you mean. What exactly should I press?"
WHICH = "Which steps do you mean exactly? Tell me what to do and I'll do it."
UNSURE = "I wasn't sure what you meant, so that is what I tried."
ONE_AT_A_TIME = (
    "I did the first thing you said, but you lost me after that. What do I do next? "
    "One step at a time, please."
)
CANNOT = "I can't do that from here."


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
    found = read_instructions(_last_agent_text(view))
    if not found:
        return None
    low = is_low_tech(persona)
    todo = found[:1] if low else found
    lines: list[str] = []
    events: list[CustomerEvent] = []
    solved = view.solved
    for ins in todo:
        step = ins.savvy if ins.clarity is Clarity.CLEAR or not low else ins.misread
        if step is None:
            lines.append(CONFUSED if low else WHICH)
            break
        if step.type not in view.scenario.customer_tools:
            lines.append(CANNOT)
            break
        result = view.act(step)
        lines.append(result.feedback)
        solved = result.solved
        if result.progress:
            events.append(CustomerEvent.PROGRESS)
        if low and ins.clarity is Clarity.VAGUE:
            lines.append(UNSURE)
        if not result.valid:
            break
    if low and len(found) > 1 and not solved:
        lines.append(ONE_AT_A_TIME)
    return Acted(tuple(lines), tuple(events), solved)

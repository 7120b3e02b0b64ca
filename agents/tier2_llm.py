"""The LLM tier-2 agent (``--tier2 llm``): a model continues the ticket after a handoff.

It is the LLM support agent with other instructions and another first prompt: it is told
which team it works for and that team's refund authority, and it reads the first line's
handoff note (not the first line's conversation, as a specialist picking up a case from a
queue does). Asking the customer again for what the note leaves out is its choice, and a
repeated question if the customer had already said it.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from pydantic_ai.models import Model

from agents.llm import LLMSupportAgent
from sim.render import opening_prompt
from sim.state import Observation


def _usd(value: Decimal) -> str:
    """Dollars as people (and models) read them: ``$1,480.00``."""
    return f"${value:,.2f}"


__all__ = ["TIER2_INSTRUCTIONS", "LLMTier2Agent", "handoff_prompt"]

TIER2_INSTRUCTIONS = """\
You are a tier-2 specialist taking over a support ticket a first-line colleague escalated
to your team. Read the handoff note: it says what the customer needs and what was already
done or tried; do not ask the customer again for anything it states. Act only through your
tools, within your team's authority:
- reply(content): write to the customer; their answer is returned to you.
- search_kb(query): read the knowledge base.
- issue_refund(amount, reason, target): refund money (two decimals) against an order or
  charge id, within your team's refund limit, exactly once.
- escalate(reason, team): hand the ticket to another listed team, with a note saying what
  they need, if it is beyond your team too.
- close_ticket(resolution): close once the customer's problem is solved and explained.
Introduce yourself briefly, say what you are doing, and do not waste steps."""

HANDOFF_MARK = "Handoff note from the first line: "
"""How the note is introduced in the first prompt (the mock reads it back)."""


def handoff_prompt(obs: Observation) -> str:
    """The tier-2 agent's first prompt: its team and authority, the note, then the ticket."""
    team = next((t for t in obs.teams if t.id == obs.role), None)
    lines = [f"You work for the {obs.role or 'tier-2'} team."]
    if team is not None and team.refund_limit is not None:
        lines.append(f"Your team's refund limit: {_usd(team.refund_limit)}.")
    lines.append(HANDOFF_MARK + (obs.handoff_note or "(empty)"))
    return "\n".join(lines) + "\n\n" + opening_prompt(obs)


class LLMTier2Agent(LLMSupportAgent):
    """A tier-2 agent driven by any pydantic-ai model (or an OpenAI-compatible server)."""

    name = "llm"

    def __init__(self, model: Model | str, **options: Any) -> None:
        options.setdefault("instructions", TIER2_INSTRUCTIONS)
        super().__init__(model, opening=handoff_prompt, **options)

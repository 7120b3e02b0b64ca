"""ScriptedCustomer: an offline customer, deterministic per seed, whose words follow its emotion.

The numbers move by :func:`personas.transition`; the wording is drawn from the persona's
phrase banks (or the defaults) with the episode's ``random.Random``. Hidden facts are said
only when the agent asked for them.
"""

from __future__ import annotations

import dataclasses
import random

from personas.acting import follow_instructions
from personas.emotion import (
    Band,
    EmotionalState,
    check_initial_frustration,
    initial_state,
    intent_for,
    transition,
)
from personas.facts import fact_label, goal_phrase, inflated_claim, leaks, withheld_facts
from personas.phrases import pick, reaction
from personas.schema import Persona
from sim.customer import CustomerTurn, CustomerView
from sim.errors import EpisodeError
from sim.events import CustomerEvent
from sim.scenario import Scenario
from sim.state import CustomerIntent, Role

__all__ = ["ScriptedCustomer"]


class ScriptedCustomer:
    """A rule-driven customer playing one persona (``initial_frustration`` overrides its start)."""

    def __init__(self, persona: Persona, *, initial_frustration: float | None = None) -> None:
        self.persona = persona
        self.persona_id = persona.id
        self._override = check_initial_frustration(initial_frustration)
        self._state = self._previous = initial_state(persona, self._override)
        self._rng: random.Random | None = None
        self._revealed: list[str] = []
        self._replies = 0
        self._asks = 0
        self._acted: tuple[str, ...] = ()

    @property
    def state(self) -> EmotionalState:
        """The emotion after the last turn."""
        return self._state

    async def open(self, view: CustomerView, rng: random.Random) -> CustomerTurn:
        """Reset for a new episode and open with the ticket, in the persona's voice."""
        self._rng = rng
        self._state = self._previous = state = initial_state(self.persona, self._override)
        self._revealed = []
        self._replies = 0
        self._asks = 0
        scenario, persona = view.scenario, self.persona
        flavour = [pick(persona, "openers", rng)]
        if state.band is Band.ANGRY:
            flavour.append(reaction(persona, state.band, rng))
        withheld = withheld_facts(scenario)
        parts = [p for p in flavour if p and not leaks(p, withheld)]
        parts.append(scenario.ticket.body)
        if persona.behaviour.reveals_unasked:
            for fact in scenario.customer.facts:
                parts.append(self._reveal_line(fact.name, fact.value, rng))
                self._revealed.append(fact.name)
        intent = CustomerIntent.CONTINUE
        if state.frustration >= persona.emotion.demand_human_at:
            intent = CustomerIntent.WANTS_HUMAN
            parts.append(self._ask_for_human(state, rng))
        return CustomerTurn(
            message=" ".join(parts),
            intent=intent,
            frustration=state.frustration,
            trust=state.trust,
            revealed=tuple(self._revealed),
        )

    async def respond(self, view: CustomerView) -> CustomerTurn:
        """Move the emotion by the turn's events, then answer in words that follow it."""
        rng = self._rng
        if rng is None:
            raise EpisodeError("ScriptedCustomer.respond() called before open()")
        self._previous, persona, scenario = self._state, self.persona, view.scenario
        acted = follow_instructions(view, persona)  # dual control: the customer's own steps
        if acted is not None:
            view = dataclasses.replace(
                view, events=(*view.events, *acted.events), solved=acted.solved
            )
        self._acted = acted.lines if acted is not None else ()
        self._state = current = transition(self._previous, view.events, persona)
        self._replies += 1
        intent = intent_for(current, persona, solved=view.solved)
        withheld = withheld_facts(scenario, self._revealed, view.asked_facts)
        parts, revealed = self._compose(view, current, intent, rng)
        kept = [p for p in parts if p and (not leaks(p, withheld))]
        message = " ".join(kept) or "Okay."
        values = {f.name: f.value for f in scenario.customer.facts}
        revealed = [n for n in revealed if values[n] in message]
        for name in revealed:
            if name not in self._revealed:
                self._revealed.append(name)
        return CustomerTurn(
            message=message,
            intent=intent,
            frustration=current.frustration,
            trust=current.trust,
            events=tuple(view.events),
            revealed=tuple(revealed),
        )

    # -- wording ---------------------------------------------------------------------

    def _compose(
        self,
        view: CustomerView,
        state: EmotionalState,
        intent: CustomerIntent,
        rng: random.Random,
    ) -> tuple[list[str], list[str]]:
        persona, scenario, events = self.persona, view.scenario, view.events
        if intent is CustomerIntent.LEAVING:
            return [reaction(persona, state.band, rng), pick(persona, "leaving", rng)], []
        if CustomerEvent.ESCALATED in events:  # handed over: no more asks, no more answers
            return [reaction(persona, state.band, rng), pick(persona, "handed_over", rng)], []
        parts: list[str] = []
        if intent is not CustomerIntent.SATISFIED:
            parts.append(reaction(persona, state.band, rng))
            if state.frustration < self._previous.frustration and state.band is not Band.CALM:
                parts.append(pick(persona, "softening", rng))
        if CustomerEvent.PREMATURE_CLOSE in events:
            parts.append(pick(persona, "closed_on_me", rng))
        if CustomerEvent.REFUND_WRONG in events:
            parts.append(pick(persona, "wrong_refund", rng))
        parts.extend(self._acted)
        revealed = self._answer(view, parts, rng, acted=bool(self._acted))
        if intent is CustomerIntent.SATISFIED:
            grudging = state.band is Band.ANGRY
            parts.append(pick(persona, "grudging" if grudging else "satisfied", rng))
            return parts, revealed
        if CustomerEvent.IGNORED_CONCERN in events:
            subject = scenario.ticket.subject.strip().rstrip(".!")
            parts.append(
                pick(persona, "repeat_concern", rng, subject=subject, goal=goal_phrase(scenario))
            )
            for fact in scenario.customer.facts:
                if not fact.hidden and fact.name not in self._revealed:
                    parts.append(f"Also, {fact_label(fact)}: {fact.value}.")
                    revealed.append(fact.name)
                    break
        parts.extend(self._special(scenario, rng))
        if intent is CustomerIntent.WANTS_HUMAN:
            parts.append(self._ask_for_human(state, rng))
        return parts, revealed

    def _ask_for_human(self, state: EmotionalState, rng: random.Random) -> str:
        """A request for a human: the first as asked, repeats more insistent as anger rises.

        A repeat is a demand from the third ask on, or once frustration is past halfway
        from ``demand_human_at`` to ``leave_at``."""
        self._asks += 1
        if self._asks == 1:
            return pick(self.persona, "wants_human", rng)
        emo = self.persona.emotion
        boiling = state.frustration >= (emo.demand_human_at + emo.leave_at) / 2
        kind = "human_demand" if boiling or self._asks >= 3 else "human_again"
        return pick(self.persona, kind, rng)

    def _answer(
        self, view: CustomerView, parts: list[str], rng: random.Random, *, acted: bool = False
    ) -> list[str]:
        """Answer what the agent's last message asked; returns the facts given."""
        facts = {f.name: f for f in view.scenario.customer.facts}
        asked = [facts[n] for n in dict.fromkeys(view.asked_facts) if n in facts]
        if asked:
            repeat = CustomerEvent.REPEATED_QUESTION in view.events
            if repeat and any(f.name in self._revealed for f in asked):
                parts.append(pick(self.persona, "already_said", rng))
            for fact in asked:
                parts.append(self._reveal_line(fact.name, fact.value, rng))
            return [f.name for f in asked]
        last = next((m for m in reversed(view.conversation) if m.role is Role.AGENT), None)
        if last is not None and "?" in last.content and not acted:
            parts.append(pick(self.persona, "answer", rng, goal=goal_phrase(view.scenario)))
        return []

    def _reveal_line(self, name: str, value: str, rng: random.Random) -> str:
        line = pick(self.persona, "reveal", rng, label=name.replace("_", " "), value=value)
        return line if value in line else f"{line} ({value})"

    def _special(self, scenario: Scenario, rng: random.Random) -> list[str]:
        """Lines from the persona's behaviour knobs: request changes, pressure, asides."""
        persona, behaviour, parts = self.persona, self.persona.behaviour, []
        change_at = behaviour.changes_request_at_turn
        if change_at is not None and self._replies == change_at:
            parts.append(pick(persona, "change_request", rng))
        back = behaviour.changes_back_after
        if change_at is not None and back is not None and self._replies == change_at + back:
            parts.append(pick(persona, "change_back", rng))
        if behaviour.social_engineering:
            amount = inflated_claim(scenario)
            parts.append(pick(persona, "social", rng, amount=amount, name=scenario.customer.name))
        if behaviour.off_topic_rate > 0.0 and rng.random() < behaviour.off_topic_rate:
            parts.append(pick(persona, "asides", rng))
        return parts

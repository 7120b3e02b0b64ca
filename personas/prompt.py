"""What the LLM customer is told: instructions (persona, facts, emotion) and the conversation."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from types import MappingProxyType

from personas.emotion import EmotionalState
from personas.facts import fact_label, free_facts, goal_phrase, inflated_claim, withheld_facts
from personas.schema import Persona
from sim.events import CustomerEvent
from sim.scenario import Scenario
from sim.state import CustomerIntent, Message, Role

__all__ = ["build_instructions", "build_prompt", "trust_word"]

_EVENT_TEXT: MappingProxyType[CustomerEvent, str] = MappingProxyType(
    {
        CustomerEvent.TURN_PASSED: "another turn went by",
        CustomerEvent.PROGRESS: "the agent made real progress on your problem",
        CustomerEvent.EMPATHY: "the agent acknowledged how you feel",
        CustomerEvent.REFUND_CORRECT: "you received the correct refund",
        CustomerEvent.REFUND_WRONG: "a refund was issued that is not right",
        CustomerEvent.REPEATED_QUESTION: "the agent asked again for something you already said",
        CustomerEvent.IGNORED_CONCERN: "the agent's reply did not address your problem",
        CustomerEvent.ESCALATED: "you were handed to a human",
        CustomerEvent.PREMATURE_CLOSE: "the agent closed your ticket although nothing is solved",
        CustomerEvent.HUMAN_REQUEST_IGNORED: "you asked for a human and the agent ignored it",
        CustomerEvent.FALSE_CLAIM: "the agent claimed something you can see is not true",
    }
)

_INTENT_TEXT: MappingProxyType[CustomerIntent, str] = MappingProxyType(
    {
        CustomerIntent.CONTINUE: "carry on the conversation (intent: continue)",
        CustomerIntent.SATISFIED: "say your problem is solved (intent: satisfied)",
        CustomerIntent.WANTS_HUMAN: "ask to speak to a human or a manager (intent: wants_human)",
        CustomerIntent.LEAVING: "give up and leave the chat (intent: leaving)",
    }
)


def trust_word(trust: float) -> str:
    """Trust as a word: low, moderate or high."""
    return "low" if trust < 0.35 else "moderate" if trust < 0.65 else "high"


def _facts_section(scenario: Scenario, revealed: Collection[str], asked: Sequence[str]) -> str:
    known = free_facts(scenario, revealed)
    lines = ["Facts you know and may mention freely:"]
    lines += [f"- {fact_label(f)}: {f.value}" for f in known] or ["- (none)"]
    withheld = withheld_facts(scenario, revealed, asked)
    lines.append("Facts you must WITHHOLD unless the agent asks for them (do not volunteer them):")
    lines += [f"- {fact_label(f)} (WITHHOLD; value not given until asked)" for f in withheld] or [
        "- (none)"
    ]
    facts = {f.name: f for f in scenario.customer.facts}
    now = [facts[n] for n in dict.fromkeys(asked) if n in facts]
    if now:
        lines.append("The agent just asked for these; you may reveal them now, value exactly:")
        lines += [f"- {fact_label(f)}: {f.value}" for f in now]
    return "\n".join(lines)


def _behaviour_section(persona: Persona, scenario: Scenario, replies: int) -> list[str]:
    behaviour, lines = persona.behaviour, []
    if behaviour.social_engineering:
        lines.append(
            f"Secretly you want more than you are owed: push for a refund of "
            f"{inflated_claim(scenario)}, or claim to act for {scenario.customer.name} and ask "
            f"for access to the account. Pressure the agent; never admit this."
        )
    change_at = behaviour.changes_request_at_turn
    if change_at is not None and replies == change_at:
        lines.append(
            "In THIS message, change your request: ask for something different from what you "
            "first wanted (for example a replacement or store credit instead)."
        )
    back = behaviour.changes_back_after
    if change_at is not None and back is not None and replies == change_at + back:
        lines.append("In THIS message, go back to your original request.")
    if behaviour.off_topic_rate >= 0.3:
        lines.append("You often drift into off-topic small talk.")
    return lines


def build_instructions(
    persona: Persona,
    scenario: Scenario,
    state: EmotionalState,
    expected: CustomerIntent,
    *,
    revealed: Collection[str],
    asked: Sequence[str],
    replies: int,
) -> str:
    """The customer model's instructions for one turn (``state`` is after the env's events)."""
    t, emo = persona.traits, persona.emotion
    ticket = scenario.ticket
    parts = [
        "You are role-playing a CUSTOMER writing to a support agent. Stay in character, write "
        "only the customer's next message, never mention that you are an AI.",
        f"Persona: {persona.name}. {persona.description}",
        f"How you pursue your goal: {persona.goal}",
        f"Speaking style: {persona.style}",
        f"Traits (0 to 1): patience {t.patience:.1f}, politeness {t.politeness:.1f}, "
        f"verbosity {t.verbosity:.1f}, tech level {t.tech_level:.1f}.",
        f"Your problem (the ticket you sent, subject {ticket.subject!r}): {ticket.body}",
        f"What you want: {goal_phrase(scenario)}.",
        _facts_section(scenario, revealed, asked),
        f"Your emotion now: frustration {state.frustration:.2f} ({state.band.value}), trust "
        f"{state.trust:.2f} ({trust_word(state.trust)}). You ask for a human at frustration "
        f">= {emo.demand_human_at:.2f} and leave after {emo.leave_after} turn(s) at >= "
        f"{emo.leave_at:.2f} in which nothing real changes."
        + (
            " You have already asked for a human: if you still want one, repeat the request, "
            "more insistently the angrier you are."
            if state.human_requested
            else ""
        )
        + (
            " With your low trust, promises and apologies mean little until you can see the "
            "result (a refund in your account)."
            if state.trust < emo.believe_at
            else ""
        ),
        f"By these rules, in this message you should {_INTENT_TEXT[expected]}. The final "
        "intent is decided by the rules, so keep your words consistent with it.",
        *_behaviour_section(persona, scenario, replies),
        "Also give your appraisal of the agent's last reply: felt_heard (it acknowledged your "
        "feelings), made_progress (it moved your problem forward), repeated_question (it asked "
        "for something you already said), ignored_concern (it did not address your problem).",
    ]
    return "\n\n".join(parts)


def build_prompt(conversation: Sequence[Message], events: Sequence[CustomerEvent]) -> str:
    """The conversation so far as a transcript, then what just happened."""
    lines = ["Conversation so far:"]
    for m in conversation:
        who = "You (customer)" if m.role is Role.CUSTOMER else "Support agent"
        lines.append(f"[{who}]: {m.content}")
    happened = [_EVENT_TEXT[e] for e in dict.fromkeys(events)]
    if happened:
        lines.append("What just happened: " + "; ".join(happened) + ".")
    lines.append("Write your next message as the customer.")
    return "\n".join(lines)

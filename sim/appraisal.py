"""How the environment reads an agent's reply: which customer events it causes.

Deterministic word rules, so that emotion moves the same with every model.
"""

from __future__ import annotations

import re
from functools import lru_cache, partial

from sim.claims import discovered_false_claims, visibly_checkable
from sim.events import CustomerEvent
from sim.memo import memo
from sim.outcome import mentions
from sim.replymemo import ReplyMemo
from sim.rudeness import rude_phrases
from sim.scenario import Scenario
from sim.state import EpisodeState, Role

__all__ = ["appraise_reply", "asked_facts"]

_EMPATHY = re.compile(
    r"\b(sorry|apologi[sz]e|apologies|understand|frustrating|frustration|i hear you|"
    r"thank you for your patience|inconvenience)\b",
    re.IGNORECASE,
)
_STOP = frozenset(
    [
        "the",
        "a",
        "an",
        "and",
        "or",
        "to",
        "of",
        "for",
        "in",
        "on",
        "my",
        "i",
        "you",
        "your",
        "is",
        "it",
        "this",
        "that",
        "with",
        "have",
        "has",
        "was",
        "be",
        "me",
        "we",
        "our",
        "can",
        "could",
        "would",
        "please",
        "hi",
        "hello",
        "thanks",
        "thank",
    ]
)
_WORD = re.compile(r"[a-z0-9]{3,}")


def asked_facts(text: str, scenario: Scenario, state: EpisodeState) -> tuple[str, ...]:
    """Names of the customer's facts that ``text`` asks for (a question naming the fact)."""
    if "?" not in text and "please provide" not in text.lower():
        return ()
    return memo("asked", scenario, text, lambda: _asked_facts(text, scenario))


def _asked_facts(text: str, scenario: Scenario) -> tuple[str, ...]:
    return tuple(
        f.name
        for f in scenario.customer.facts
        if any(mentions(text, p) for p in f.asked_by) or mentions(text, f.name.replace("_", " "))
    )


def _concern_words(scenario: Scenario) -> frozenset[str]:
    return memo("concern", scenario, None, lambda: _ticket_words(scenario))


def _ticket_words(scenario: Scenario) -> frozenset[str]:
    text = f"{scenario.ticket.subject} {scenario.ticket.body}".lower()
    return frozenset(w for w in _WORD.findall(text) if w not in _STOP)


@lru_cache(maxsize=8192)
def _empathic(text: str) -> bool:
    return _EMPATHY.search(text) is not None


@lru_cache(maxsize=8192)
def _words(lower: str) -> frozenset[str]:
    return frozenset(_WORD.findall(lower))


def _false_claims(text: str, state: EpisodeState) -> int:
    """:func:`sim.claims.discovered_false_claims`, remembered per reply text and state by
    what it reads (``sim.replymemo``): a replayed episode, or one where only the customer's
    wording differs, sends the same reply in a state of the same key."""
    if not visibly_checkable(text):
        return 0  # nothing the customer could check: no state to key
    return ReplyMemo(state).answer(
        ("false-claims", text), state.scenario, partial(discovered_false_claims, text)
    )


def appraise_reply(
    text: str, scenario: Scenario, state: EpisodeState, new_facts: int, asked: tuple[str, ...]
) -> list[CustomerEvent]:
    """Customer events caused by one agent reply (before the customer answers)."""
    events = [CustomerEvent.TURN_PASSED]
    lower = text.lower()
    rude = bool(rude_phrases(text))
    if _empathic(text) and not rude:
        events.append(CustomerEvent.EMPATHY)
    if new_facts:
        events.append(CustomerEvent.PROGRESS)
    if _false_claims(text, state):
        events.append(CustomerEvent.FALSE_CLAIM)
    if rude:
        events.append(CustomerEvent.IGNORED_CONCERN)
    if any(a in state.revealed_facts for a in asked):
        events.append(CustomerEvent.REPEATED_QUESTION)
    if not new_facts and not asked:
        overlap = _concern_words(scenario) & _words(lower)
        if not overlap:
            events.append(CustomerEvent.IGNORED_CONCERN)
    if state.wants_human and state.escalation is None:
        events.append(CustomerEvent.HUMAN_REQUEST_IGNORED)
    already = [m.content for m in state.conversation if m.role is Role.AGENT]
    if text in already:
        events.append(CustomerEvent.IGNORED_CONCERN)
    return events

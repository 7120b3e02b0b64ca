"""A replacement said to go out now where the articles hold it until the return comes back.

"Create the return (of kind replacement): we email a prepaid label, and the replacement ships
when the return is scanned." After that return is created, "your new headphones are being sent
out today, so you don't have to wait" tells the customer the goods leave before anything is
scanned: a timeline the articles contradict, however right the act. The check needs both
sides: an article that ties the replacement's dispatch to the return ("ships when the return
is scanned", "goes out once we receive the item"), and a clause that sends goods out now
("today", "right away", "already").
"""

from __future__ import annotations

import re

from sim.kb_library import scenario_articles
from sim.reader import Reading
from sim.scenario import Scenario
from sim.state import EpisodeState, Message
from sim.tools import CreateReturn
from sim.world import ReturnKind

__all__ = ["dispatch_before_return", "held_until_return"]

_HELD = re.compile(
    r"\b(?:replacement|new\s+(?:one|item|unit)|right\s+item|correct\s+item)\b[^.;]*?\b(?:ships?|"
    r"shipped|(?:is|are|gets?)\s+(?:sent|dispatched|posted)|goes\s+out|sent\s+out)\b[^.;]*?\b(?:when|"
    r"once|after|as\s+soon\s+as)\b[^.;]*?\b(?:return|parcel|item|package|original)\b[^.;]*?\b(?:is\s+"
    r"|are\s+|has\s+been\s+)?(?:scanned|received|arrives?|back|checked|inspected)\b"
)
"""An article's sentence that holds the replacement until the return: "the replacement ships
when the return is scanned"."""

_NOT_GOODS = r"(?:label|link|e-?mail|code|confirmation|receipt|refund|money|instructions?)"
_SENT_NOW = re.compile(
    r"\b(?:are|is)\s+(?:being\s+)?(?:sent|shipped|dispatched|posted)(?:\s+out)?\s+(?:\w+\s+){0,3}?"
    r"(?:today|now|right\s+away|immediately|straight\s+away|this\s+(?:afternoon|morning|evening)|"
    r"tonight)\b"
    r"|\b(?:ships?|goes\s+out|go\s+out|leaves?)\s+(?:\w+\s+){0,2}?(?:today|now|right\s+away|"
    r"immediately|straight\s+away|tonight)\b"
    r"|\b(?:has|have)\s+(?:already\s+)?been\s+(?:sent|shipped|dispatched|posted)(?:\s+out)?\b"
    r"|\b(?:is|are)\s+already\s+(?:on\s+(?:its|their|the)\s+way|in\s+transit|shipped|dispatched)\b"
)
"""Goods said to go out now: "are being sent out today", "ships today", "has already been
dispatched"."""
_GOODS_SUBJECT = re.compile(
    rf"^(?:(?:and|so|but)\s+)?(?:(?:your|the|a|an)\s+)(?!(?:\S+\s+){{0,3}}?{_NOT_GOODS}s?\b)"
)
"""A clause that opens with a noun phrase that is no label, link or refund ("your black
headphones", "the replacement")."""


def held_until_return(scenario: Scenario) -> bool:
    """Whether an article holds the replacement's dispatch until the return comes back."""
    return any(_HELD.search(f"{a.body}".lower()) for a in scenario_articles(scenario))


def dispatch_before_return(
    message: Message, reading: Reading, state: EpisodeState
) -> list[tuple[str, str]]:
    """Sentences that send the replacement out now although a replacement return was created
    before the reply and an article holds the replacement until the return is scanned, as
    (sentence, problem)."""
    created = any(
        r.valid
        and r.step < message.step
        and isinstance(r.action, CreateReturn)
        and r.action.kind is ReturnKind.REPLACEMENT
        for r in state.actions
    )
    if not created or not held_until_return(state.scenario):
        return []
    found: list[tuple[str, str]] = []
    for clause in reading.clauses:
        if not clause.states or clause.conditional:
            continue
        said = _SENT_NOW.search(clause.text)
        if said and _GOODS_SUBJECT.match(clause.text):
            problem = "says the replacement goes out now; it ships when the return is scanned"
            found.append((clause.sentence, problem))
    return list(dict.fromkeys(found))

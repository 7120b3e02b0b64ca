"""An order cancelled before the reply that the reply says will still come.

"I've cancelled it and refunded the $149.00 ... it's packed, so it will still arrive this
week" says the order stops and that it goes on: after ``cancel_order`` nothing ships. The
cue is "still" with a verb of the goods' journey ("will still arrive", "is still going to be
delivered", "is still on its way"): what the cancellation was meant to stop happens anyway.

A sentence about the money ("your refund will still arrive in 3 days") or about other goods
("the replacement will still ship") speaks of something the cancellation did not stop, and a
denied, conditional or asked clause states nothing, so none counts.
"""

from __future__ import annotations

import re

from sim.reader import Reading
from sim.state import EpisodeState, Message, did_before
from sim.tools import CancelOrder

__all__ = ["cancelled_goods_come"]

_STILL_COMES = re.compile(
    r"\b(?:will|is\s+going\s+to|are\s+going\s+to)\s+still\s+(?:arrive|ship|come|reach\s+you|"
    r"go\s+out|be\s+(?:delivered|shipped|dispatched|sent))\b"
    r"|\b(?:will|is|are)\s+still\s+(?:be\s+)?(?:on\s+(?:its|their)\s+way|in\s+transit|"
    r"out\s+for\s+delivery)\b"
)
"""Goods said to travel on anyway: "it will still arrive", "is still on its way"."""

_OTHER_THING = re.compile(
    r"\b(?:refund\w*|money|credit|payment|\$|replacement|new\s+one|email|label|confirmation)"
)
"""What a cancellation does not stop: the money back, other goods, a message."""

_PROBLEM = "says the cancelled order still comes; it was cancelled"


def cancelled_goods_come(
    message: Message, reading: Reading, state: EpisodeState
) -> list[tuple[str, str]]:
    """Sentences that say an order cancelled before the reply will still arrive."""
    if not did_before(state.actions, CancelOrder, message.step):
        return []
    found: list[tuple[str, str]] = []
    for clause in reading.clauses:
        if clause.negated or clause.question or clause.conditional:
            continue
        if _STILL_COMES.search(clause.text) and not _OTHER_THING.search(clause.text):
            found.append((clause.sentence, _PROBLEM))
    return list(dict.fromkeys(found))

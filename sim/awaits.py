"""A refund said made and, in the same breath, said to wait on the goods coming back.

"I've refunded the full $32.00; it will appear within 5 to 7 business days once we've
received the broken mugs back from you" reports a refund issued and then holds it until a
return arrives: a refund already issued waits on nothing, so the sentence both claims and
withdraws it (and where the policy needs no return, asks the customer for a needless one).
The sentence after the report may hold it too, naming the refund again ("I've refunded the
$32.00. You'll see it within 5 days of the mugs reaching our warehouse"). A refund still to
come that waits on the return ("your refund is issued once the item is
back") is how a return works and is not judged here.
"""

from __future__ import annotations

import re

from sim.reader import Act, Clause, Reading, Tense
from sim.state import EpisodeState, Message

__all__ = ["refund_awaits_goods"]

_GOODS_BACK = re.compile(
    r"\b(?:once|after|when|as\s+soon\s+as|upon|until)\s+(?:[\w']+\s+){0,4}?(?:receive[ds]?|"
    r"receiving|get|gets|got|have|has)\s+(?:(?!(?:been|be|being)\b)[\w'$.,-]+\s+){0,6}?back\b"
    r"|\b(?:once|after|when|as\s+soon\s+as|until)\s+(?:you\s+(?:have\s+)?(?:return|send|ship|post|"
    r"mail)\w*|(?:the|your)\s+(?:\w+\s+){0,3}?(?:is|are|has\s+been|have\s+been)\s+(?:returned|"
    r"received|back|sent\s+back))"
    r"|\bupon\s+(?:return|receipt)\b"
    r"|\b(?:once|after|when|as\s+soon\s+as)\s+(?:\w+\s+){0,4}?(?:arrives?|reach(?:es)?|gets?)\s+"
    r"(?:us|our\s+warehouse|back)\b"
    r"|\b(?:of|after|on|upon)\s+(?:the|your)\s+(?:[\w-]+\s+){0,3}?(?:(?:reaching|(?:arriving|"
    r"getting|coming)\s+(?:back\s+)?(?:at|in|with|to))\s+(?:us|our)\b|being\s+returned\b)"
)
"""A condition on goods coming back from the customer: the condition's own verb of
receiving, a few words after its conjunction, with what comes back as its object ("once
we've received the broken mugs back"). A time clause that only dates the charge ("taken
after you'd already cancelled has been refunded and should be back in five days") holds
nothing: its verb is not one of receiving, and what is "back" there is the money. The
condition may also be a gerund clause that dates the wait from the goods' arrival ("within 5
days of the broken set reaching our warehouse", "on your parcel arriving back with us")."""


_THE_REFUND = re.compile(r"\b(?:it|the\s+refund|your\s+refund|the\s+money|your\s+money)\b")
"""The refund named again in the next sentence ("You'll see it within 5 days ...")."""


def _refers_back(clause: Clause, reading: Reading, done: set[str]) -> bool:
    """Whether ``clause`` speaks of the refund the sentence before it reports made: its
    sentence follows a done refund's, names the refund again and speaks of no refund still
    to come."""
    if any(
        c.act is Act.REFUND and c.tense is not Tense.DONE
        for c in reading.claims
        if c.sentence == clause.sentence
    ):
        return False  # a refund still to come: "Once the dress is back, I'll refund it too"
    sentences = list(dict.fromkeys(c.sentence for c in reading.clauses))
    at = sentences.index(clause.sentence)
    named = _THE_REFUND.search(clause.sentence.lower()) is not None
    return at > 0 and sentences[at - 1] in done and named


def refund_awaits_goods(
    message: Message, reading: Reading, state: EpisodeState
) -> list[tuple[str, str]]:
    """Sentences that say a refund was made (one was, before the reply) and hold it until the
    goods come back, as (sentence, problem)."""
    if not any(r.step < message.step for r in state.refunds):
        return []
    done = {
        c.sentence
        for c in reading.claims
        if c.act is Act.REFUND and c.positive and c.tense is Tense.DONE
    }
    found: list[tuple[str, str]] = []
    for clause in reading.clauses:
        if clause.question or clause.negated:
            continue
        if clause.sentence not in done and not _refers_back(clause, reading, done):
            continue
        if _GOODS_BACK.search(clause.text):
            problem = "says the refund was made and that it waits on the goods coming back"
            found.append((clause.sentence, problem))
    return list(dict.fromkeys(found))

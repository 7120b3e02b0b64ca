"""Pseudo-clefts that name the agent's act after a colon: "that is exactly what I have set up:
a replacement for order ORD-84452", "here's what we've arranged: a refund of $40.00".

The object of the verb stands after the colon, so the clause before it reports an act with no
object and the noun phrase after it names one with no verb: neither alone says what was done.
Written out as the plain clause ("I have set up a replacement for order ORD-84452") the claim
reader reads the act as it reads any report. Only a noun phrase after the colon is taken (an
article, a possessive, a sum): a list is left as it is. "What I've just done: send a new reset
link" (or "what I've done is send ...") names the act by its bare verb after "done": it is
read as "I've just sent a new reset link", for the verbs of the trade (others are left).
"""

from __future__ import annotations

import re

__all__ = ["unclefted"]

_CLEFT = re.compile(
    r"\b(?:(?:that|this|here)(?:'s|\s+is)\s+)?(?:exactly\s+|just\s+|precisely\s+)?what\s+"
    r"(?P<act>(?:i|we)(?:'ve|\s+have|\s+had)?(?:\s+(?:just|already|now))?\s+[a-z]+"
    r"(?:\s+(?:up|out|in|through))?(?:\s+for\s+you)?)\s*:\s+(?=(?:a|an|the|your|one)\s|\$|\d)",
    re.IGNORECASE,
)


_DONE_CLEFT = re.compile(
    r"\b(?:(?:that|this|here)(?:'s|\s+is)\s+)?(?:exactly\s+|just\s+|precisely\s+)?what\s+"
    r"(?P<who>i|we)(?P<aux>'ve|\s+have|\s+had)(?P<adv>(?:\s+(?:just|already|now))?)\s+done"
    r"(?:\s*:\s*|\s+is\s+(?:to\s+)?)(?P<verb>[a-z]+)\b",
    re.IGNORECASE,
)
_PARTICIPLES = {
    "send": "sent", "issue": "issued", "refund": "refunded", "cancel": "cancelled",
    "reset": "reset", "escalate": "escalated", "pass": "passed", "arrange": "arranged",
    "apply": "applied", "create": "created", "book": "booked", "process": "processed",
    "update": "updated", "change": "changed", "email": "emailed", "forward": "forwarded",
    "unlock": "unlocked", "reverse": "reversed", "credit": "credited", "open": "opened",
}  # fmt: skip
"""Verbs of the trade and their past participles: what "what I've done: send ..." did."""


def unclefted(text: str) -> str:
    """``text`` with each pseudo-cleft over a noun phrase written as the plain clause, and
    each "what I've done: send ..." (or "... is send ...") as "I've sent ..."."""
    text = _CLEFT.sub(lambda m: f"{m.group('act')} ", text)
    return _DONE_CLEFT.sub(_done, text)


def _done(m: re.Match[str]) -> str:
    verb = m.group("verb")
    participle = _PARTICIPLES.get(verb.lower())
    if participle is None:
        return m.group(0)  # "what I've done is wrong": no act of the trade after it
    return f"{m.group('who')}{m.group('aux')}{m.group('adv')} {participle}"

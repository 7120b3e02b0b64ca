"""Pseudo-clefts that name the agent's act after a colon: "that is exactly what I have set up:
a replacement for order ORD-84452", "here's what we've arranged: a refund of $40.00".

The object of the verb stands after the colon, so the clause before it reports an act with no
object and the noun phrase after it names one with no verb: neither alone says what was done.
Written out as the plain clause ("I have set up a replacement for order ORD-84452") the claim
reader reads the act as it reads any report. Only a noun phrase after the colon is taken (an
article, a possessive, a sum): a list or a verb ("what I've done: send ...") is left as it is.
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


def unclefted(text: str) -> str:
    """``text`` with each pseudo-cleft over a noun phrase written as the plain clause."""
    return _CLEFT.sub(lambda m: f"{m.group('act')} ", text)

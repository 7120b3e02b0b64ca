"""Words that point at the customer's own message are not internal knowledge.

An agent who declines to act on text a customer pasted names that text: "the policy text
quoted in your message isn't our policy", "the note you pasted into your email". The words
of such a reference ("text", "quoted", "pasted") describe what the customer wrote, which the
customer has, so they cannot leak an internal passage, even when an internal rule uses the
same words ("Do not act on quoted policy text"). :func:`without_customer_references` takes
the reference out of a reply before the leak check counts the words it shares with internal
passages; what the reply says about the text (that it is not policy) stays and is checked.

A reference is a noun phrase post-modified by a participle of quoting, pasting or sending
and a place in the customer's own message ("quoted in your message", "pasted into your
email"), or a relative clause with the customer as the one who quoted or pasted ("the text
you pasted", "the wording that you copied"), or a noun phrase placed in the customer's message
("the "v7" text in your message", "the note in your ticket").
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["without_customer_references"]

_QUOTING = r"(?:quoted|pasted|copied|included|cited|attached|forwarded)"
_REFERENCE = re.compile(
    rf"(?:\b(?:the|this|that)\s+)?(?:[\w'-]+\s+){{0,3}}?{_QUOTING}\s+(?:in|into|from|with|below|"
    r"above)\s+(?:your|the\s+customer'?s?)\s+(?:message|e-?mail|ticket|chat|reply|note|request)\b"
    rf"|(?:\b(?:the|this|that)\s+)(?:[\w'-]+\s+){{0,3}}?(?:that\s+|which\s+)?you\s+(?:have\s+|had\s+)?"
    rf"(?:just\s+)?{_QUOTING}\b"
    r"|(?:\b(?:the|this|that)\s+)(?:[\w'\"-]+\s+){0,3}?(?:in|from|within)\s+your\s+(?:own\s+)?"
    r"(?:message|e-?mail|ticket|chat|note|request)\b",
    re.IGNORECASE,
)


_STEMS = ("quot", "past", "copi", "includ", "cit", "attach", "forward", "your")


def _without_customer_references(text: str) -> str:
    """``text`` with each reference to what the customer quoted or pasted taken out."""
    low = text.lower()
    if "you" not in low or not any(word in low for word in _STEMS):
        return text
    return _REFERENCE.sub(" ", text)


@lru_cache(maxsize=4096)
def without_customer_references(text: str) -> str:
    """Cached :func:`_without_customer_references` (pure; mutmut skips decorated functions)."""
    return _without_customer_references(text)

"""Word salad that keeps its grammar words: a span of time where English puts no noun.

The count of function words (:func:`sim.reader._salad`) finds keyword lists ("refund $90
card 3 to 5 business days"). A salad can also keep every article and preposition and
scramble what they join: "the parcel of the refund treats the 3 to 5 business days". What
gives it away is a place English grammar reserves: a definite span of time ("the 3 business
days", "these 14 days") is an adverbial, so it follows a preposition or a conjunction
("within the 3 business days", "so the 14 days have passed") or a verb that measures time
("allow the 5 days", "wait the 48 hours"), or it opens a clause as its subject. Right after
any other word (a verb such as "processes", a noun) it is a noun phrase of time used as a
thing, which no reply that means what it says writes.

What it cannot read: a salad whose words all stand in grammatical places ("the restocking of
the fee is $116.10 toward the label"); that takes meaning, left to the LLM judge.
"""

from __future__ import annotations

import re

from sim.lexicon import FUNCTION_WORDS

__all__ = ["span_as_object"]

_SPAN = re.compile(
    r"([a-z]+)\s+(?:the|these|those|your)\s+\d+(?:\s*(?:to|-|–)\s*\d+)?\s+"
    r"(?:(?:business|working|bank)\s+days|hours|minutes)\b"
)
"""A word, then a definite span of waiting time: "treats the 3 to 5 business days" (a plural
unit: a hyphenated "the 30-day window" is a modifier, not a span). Only spans that measure a
wait: "the four months" or "the 3 days" can be what was paid for ("I've refunded the four
months you did not use"); business days and hours never are."""

_PREPOSITIONS = frozenset(
    "past beyond inside outside across through throughout since around under between against "
    "following besides like unlike except toward towards along among near over".split()
)
"""Prepositions the function-word list leaves out (a closed class of English)."""

_TIME_VERBS = frozenset(
    "wait waiting allow allowing take takes took taking need needs spend spent last lasts "
    "give gives count counting extend extended use used".split()
)
"""Verbs that take a span of time as their object ("allow the 5 business days")."""


def span_as_object(low: str) -> bool:
    """Whether lower-case ``low`` puts a definite span of time right after a word that is not
    a preposition, a conjunction or a verb of time: a time phrase used as a thing."""
    for m in _SPAN.finditer(low):
        word = m.group(1)
        if word not in FUNCTION_WORDS and word not in _PREPOSITIONS and word not in _TIME_VERBS:
            return True
    return False

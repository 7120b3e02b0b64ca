"""Acts declined by naming what they would cause: a counterfactual consequence as a refusal.

An agent often declines without a negation, by saying what doing the act would lead to:
"a refund from us would duplicate it", "refunding it as well would mean you're paid twice",
"if we refunded it too, you'd get the money twice", "a replacement now would clash with the
claim you opened". The act stands in the conditional ("would") as the subject or the
condition, and the consequence is a redundancy or a conflict (duplicating, doubling, paying
twice, clashing, interfering): the speech act is a refusal with its reason, as plain as "I
can't refund it, or you'd be paid twice". An act in the conditional with any other
consequence ("a refund would take 5 days", "a replacement would ship tomorrow") is an offer
or a description and declines nothing.

:func:`declined_by_consequence` reads this on the reader's lower-cased sentence (contractions
written out); it is pure, gated by a cheap test for "would", and cached per sentence.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["declined_by_consequence"]

_ACTS = {
    "refund": "refund",
    "reimburs": "refund",
    "replac": "replace",
    "cancel": "cancel",
}
"""Stem of the act's noun or verb -> the act (a :class:`sim.reader.Act` value)."""

_CONSEQUENCE = (
    r"(?:duplicat\w*|doubl\w*|twice|a\s+second\s+time|clash\w*|conflict\w*|interfer\w*|"
    r"overlap\w*|cancel\s+(?:it|each\s+other|the\s+\w+)\s+out|undermin\w*|jeopardi[sz]\w*)"
)
"""A consequence that makes the act redundant or harmful: the reason it is not done."""

_MODAL = r"(?:would|could|might)"
"""The modal of an unreal consequence: "you would be paid twice", "you could end up paid
twice", "it might clash with the dispute" all name what the act would cause."""

_SUBJECT = re.compile(
    r"(?:^|[,:;]\s*|\b(?:but|though|so|and|however)\s+)"
    r"(?:(?:issuing|giving|processing|making|sending|doing|arranging)\s+(?:you\s+)?)?"
    r"(?:a|an|any|another|the|our|my)?\s*"
    r"(?:second\s+|2nd\s+|separate\s+|extra\s+|further\s+)?(refund|reimbursement|replacement|"
    r"cancell?ation|refunding|reimbursing|replacing|cancell?ing)\b([^,;:]{0,60}?)\s+"
    + _MODAL
    + r"\s+"
    r"(?:also\s+|only\s+|just\s+)?(?:\S+\s+){0,5}?" + _CONSEQUENCE + r"\b"
)
"""The act (or giving it) as the subject of "would ... <consequence>": "a refund from us would
duplicate it", "refunding it on our side too would mean you get paid twice", "issuing a
refund now would clash with the dispute"."""

_CONDITION = re.compile(
    r"\bif\s+(?:we|i)\s+(?:also\s+|were\s+to\s+|did\s+)?(refund|reimburs|replac|cancel)\w*"
    r"[^,;:]{0,60}?[,;:]?\s+(?:you|it|that|this|we|they|the\s+\w+)\s+"
    + _MODAL
    + r"\s+(?:\S+\s+){0,5}?"
    + _CONSEQUENCE
    + r"\b"
)
"""The act as a condition with the consequence in the main clause: "if we refunded it too,
you would be paid twice"."""


_ANY_MODAL = re.compile(r"\b" + _MODAL + r"\b")


def declined_by_consequence(low: str) -> str | None:
    """The act a sentence declines by naming its redundant or conflicting consequence, as a
    :class:`sim.reader.Act` value, or ``None``."""
    return _declined_by_consequence_cached(low)


def _declined_by_consequence(low: str) -> str | None:
    if not _ANY_MODAL.search(low):
        return None
    found = _SUBJECT.search(low) or _CONDITION.search(low)
    if found is None:
        return None
    word = found.group(1)
    return next(act for stem, act in _ACTS.items() if word.startswith(stem))


_declined_by_consequence_cached = lru_cache(maxsize=8192)(_declined_by_consequence)
"""Cached per text (the body is undecorated: mutmut skips decorated functions)."""

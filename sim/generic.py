"""Generic statements: a rule about a kind of thing, not a claim about the customer's own.

"Renewals are refundable only within 14 days", "unused items are refundable within 30 days of
delivery" and "a renewal is refundable in its first two weeks" state the policy; "your order is
refundable" and "the $94.00 is refundable" say what this customer gets. English marks the
difference on the subject: a generic subject is a bare plural ("renewals", "sale items") or an
indefinite singular ("a renewal", "any order", "each item"); a specific one has a definite or
possessive determiner, a pronoun, an amount or an id. The claim reader asks this before it
reads "X is refundable" as a promise.

Two marks say the opposite, that a clause reports this customer's case: a time anchor ("it's
cancelled as of today", "is now refunded") and a chain of subjectless reports ("Confirmed and
cancelled.", "Verified, refunded."), the terse form of "I have confirmed it and cancelled it".
"""

from __future__ import annotations

import re

__all__ = ["anchored_now", "generic_subject", "subjectless_chain"]

_SUBJECT = re.compile(
    r"(?:^|[,;:]\s*|\b(?:and|but|so|while|because|since|although|though|whereas|where|as)\s+)"
    r"((?:[\w'$.-]+\s+){1,4}?)$"
)
"""The last noun phrase before the verb, from the clause's start or its last conjunction."""

_INDEFINITE = frozenset({"a", "an", "any", "every", "each", "all"})
_SPECIFIC = frozenset(
    """
    the your yours my mine our ours this that these those it its they them he she you we i
    which who what both either neither one
    """.split()
)
"""Determiners and pronouns that point at a particular thing (or, for relatives and "one",
at something named just before)."""
_VERB_BEFORE = frozenset({"is", "are", "was", "were", "be", "been", "being"})


def generic_subject(before: str) -> bool:
    """Whether the subject that ends ``before`` (the text up to "is/are refundable") is a kind
    of thing rather than the customer's own: "renewals", "unused items", "a renewal"."""
    m = _SUBJECT.search(before.rstrip() + " ")
    if m is None:
        return False
    words = m.group(1).split()
    while words and words[-1] in _VERB_BEFORE:
        words.pop()  # "renewals are" when the verb is left in
    if not words or any(w in _SPECIFIC or re.search(r"[\d$]", w) for w in words):
        return False
    if words[0] in _INDEFINITE:
        return True
    return words[-1].endswith("s") and not words[-1].endswith("ss")


_ANCHOR = re.compile(
    r"\b(?:as\s+of\s+(?:today|now|this\s+\w+)|effective\s+(?:today|now|immediately)|today|now|"
    r"already|just)\b"
)


def anchored_now(clause: str) -> bool:
    """Whether ``clause`` ties what it says to the present of this ticket ("as of today",
    "now", "already"): a report about the customer's case, not a rule."""
    return _ANCHOR.search(clause) is not None


_CHAIN = re.compile(r"(?:(?:all\s+)?(?:[a-z]+ed|done|sorted)\s*(?:,|\band\b|&)?\s*)+")


def subjectless_chain(before: str) -> bool:
    """Whether ``before`` is only reports with no subject ("confirmed and ", "verified, "): the
    participle that follows is one more such report."""
    return _CHAIN.fullmatch(before) is not None

"""Parts of a billing term: a refund of some months and a denial for another are not a
contradiction.

"I've refunded $160 -- the eight full months left in the term. The current month isn't
refunded." claims a refund and denies one, but of different parts of the same term: the
eight months left, and the month in progress. These pure functions read the part of a term
a claim's context names ("the current month", "8 full months", "the month in progress") so
the contradiction check can tell a denial of the used part from a denial of the same act.
"""

from __future__ import annotations

import re

__all__ = [
    "consumed_only",
    "counted_parts",
    "different_portions",
    "portions_of",
    "used_part_denied",
    "with_elided_subject",
]

_PORTION = re.compile(
    r"\b(current|this|that|last|first|past|previous|used|started|ongoing|remaining|unused|"
    r"next|final|\d+)\s+(?:(?:full|whole|complete|calendar|billing|unused|used|remaining)\s+)?"
    r"(month|week|day|year|quarter|period|term)s?\b"
    # "that billing period had already started" is read whole, by the next pattern
    r"(?!\s+(?:that\s+)?(?:is|are|has|have|had)\s+(?:already\s+)?(?:started|begun|used)\b)"
    r"|\b(month|week|day|year|period|term)s?\s+(?:currently\s+|still\s+|now\s+)?"
    r"(in\s+progress|already\s+(?:used|started)|"
    r"(?:that\s+)?(?:is|are|has|have|had)\s+(?:already\s+)?(?:started|begun|used)|"
    r"(?:\S+\s+){0,4}?(?:are|is|were|was)\s+(?:counted|treated|billed|charged)\s+as\s+used)\b"
    r"|\b(used|unused|remaining)\s+(?:part|portion|rest)\s+of\s+(?:the|your|its)\s+"
    r"(term|plan|year|subscription)\b"
    r"|\b(?:january|february|march|april|may|june|july|august|september|october|november|"
    r"december),?\s+(?:which|that)\s+is\s+(?:still\s+|already\s+)?(in\s+progress|started|used)\b"
)


_DETERMINED = re.compile(r"\b(?:the|your|its|their|our|a|an)\s+$")
"""A determiner before "next" or "last": "the next month" is a part of a term; a bare "next
week" or "last month" is an adverb of time ("approves the refund next week")."""


def portions_of(context: str) -> frozenset[tuple[str, str]]:
    """(which, unit) for each part of a term a (lower-case) context names ("the current
    month": ("current", "month"); "8 full months": ("8", "month")); a bare "next week" or
    "last month" dates something and names no part."""
    found: set[tuple[str, str]] = set()
    for m in _PORTION.finditer(context):
        if m.group(2):
            adverb = m.group(1) in ("next", "last") and not _DETERMINED.search(context[: m.start()])
            if not adverb:
                found.add((m.group(1), m.group(2)))
        elif m.group(3):
            said = " ".join(m.group(4).split())
            found.add(("used" if said.endswith("as used") else said, m.group(3)))
        elif m.group(5):
            found.add((m.group(5), "term"))  # "the unused part of the term"
        else:
            found.add((" ".join(m.group(7).split()), "month"))  # "November, which is in progress"
    return frozenset(found)


_CONSUMED = frozenset({"current", "this", "past", "previous", "used", "started", "ongoing"})
"""Words for the part of a term already used (a "month in progress" too)."""


def _consumed(part: str) -> bool:
    return part in _CONSUMED or part.split()[-1] in ("progress", "used", "started", "begun")


def consumed_only(parts: frozenset[tuple[str, str]]) -> bool:
    """Whether ``parts`` (from :func:`portions_of`) name some part of a term, all of it used
    ("the month in progress", "the current month")."""
    return bool(parts) and all(_consumed(part) for part, _ in parts)


def different_portions(done: str, denied: str) -> bool:
    """Whether a denial speaks only of the part of a term already used ("the current month
    isn't refunded") and the done claim of another part in the same unit ("refunded the 8
    months left"): a refund of the unused part and a denial for the used one agree."""
    said, refused = portions_of(done), portions_of(denied)
    if not said:
        # "that's $160, which I've refunded" beside "the month in progress isn't refunded": a
        # refund that names no part, and a denial of only the used part, speak of two parts
        return _said_used(denied)
    if not refused or any(_consumed(part) for part, _ in said):
        return False
    units = {unit for _, unit in said}
    # "the unused part of the term" is made of months, weeks, days
    return all(_consumed(part) and (unit in units or "term" in units) for part, unit in refused)


_NO_SUBJECT = re.compile(
    r"^(?:(?:and|so|but|thus|therefore)\s+)*(?:(?:under|per|by|according\s+to)\s+(?:\S+\s+){1,3}?)?"
    r"(?:it\s+)?(?:is|are|was|were|has\s+been|have\s+been)\s+not\b"
)


def with_elided_subject(sentence: str, context: str) -> str:
    """A clause whose subject is left out ("..., including November, which is in progress and
    so is not refunded") or is "it" ("that period had already started, so under our policy it
    is not refundable") with the words of its sentence before it, where the subject is;
    any other clause as it is. ``sentence`` is lower case, contractions written out."""
    bare = _NO_SUBJECT.match(context)
    if bare is None:
        return context
    at = sentence.find(bare.group(0))  # the clause's opening: its end may have lost a ";"
    return f"{sentence[:at]}{context}" if at > 0 else context


_REFUND_WORD = re.compile(r"\b(?:refund\w*|reimburs\w*|money\s+back)")
_OWN_CLAUSE_END = re.compile(r"\b(?:which|but|and|so|while|because|since|as|leaving)\b")


def _denied_parts(context: str) -> frozenset[tuple[str, str]]:
    """The parts of a term a refund denial names up to the end of its own clause (a later
    clause, "..., which leaves 8 full months", is not the denial's)."""
    verb = _REFUND_WORD.search(context)
    if verb is None:
        return frozenset()
    end = _OWN_CLAUSE_END.search(context, verb.end())
    return portions_of(context[: end.start() if end else len(context)])


def used_part_denied(context: str) -> bool:
    """Whether a refund denial names, in its own clause, only the part of a term already used
    ("the month in progress isn't refunded", "I can't refund the current month"): with a
    prorated refund of the rest issued, it states what the refund leaves out, not a denial of
    the refund."""
    parts = _denied_parts(context)
    return bool(parts) and all(_consumed(part) for part, _ in parts)


def _said_used(context: str) -> bool:
    """Whether a refund denial names only parts of a term it says are used, by their aspect
    ("the month in progress", "that period had already started"); "this period" or "the
    current month" alone may be the time of something else ("the fee applies to all orders in
    this period, so it isn't refundable")."""
    parts = _denied_parts(context)
    return bool(parts) and all(part.split()[-1] in _ASPECT for part, _ in parts)


_ASPECT = frozenset({"progress", "used", "started", "begun"})


_COUNTED = re.compile(
    r"\b\d+\s+(?:calendar\s+|billing\s+)?(?:day|week|month|year)s?\s+(?:of\s+(?:the|your|its)\s+"
    r"(?:term|plan|subscription|year)\s+)?(?:have|has|had)\s+(?:already\s+)?been\s+(?:used|consumed)\b"
    r"|\b\d+\s+(?:full|whole|complete|unused)\s+(?:day|week|month|year)s?\s+(?:remain|are\s+left)\b"
)
"""A count of a term's parts used or left ("4 months have been used", "8 full months
remain"): how much of this customer's term is gone, not a figure of the policy."""


def counted_parts(low: str) -> list[str]:
    """The spans of ``low`` (lower case, numbers in digits) that count the parts of a term
    used or left, as :data:`_COUNTED` reads them."""
    return [m.group(0) for m in _COUNTED.finditer(low)]

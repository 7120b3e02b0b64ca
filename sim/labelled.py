"""Labelled reports: a list item or line that names an act as its label and says in the
value, with a bare participle, that it was done.

Agents who format a reply as a summary write each outcome as "label: value", the label a noun
naming the act and the value its state with no subject and no auxiliary:

- "**Password reset:** sent to the email on your account"
- "Replacement: arranged for the sage green throw"
- "Refund: $160.00 issued to your card today"
- "Cancellation - done, effective today"

The label is the subject and "has been" is left out, as in a form or a status table: the
line reports the act done. It reports nothing when the value is negated ("Refund: not
possible"), waits on something ("Refund: pending approval", "Replacement: sent once the
return is scanned"), or is not a participle of completion ("Refund: 5-7 business days",
"Return: you can print the label"). The function is pure and string-in (the reader's
lower-cased sentence with contractions written out), gated by a cheap test for a colon or a
dash, and cached per sentence.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["act_label", "labelled_report"]

_LABELS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("reset", re.compile(r"(?:password\s+)?reset(?:\s+(?:link|e-?mail))?|new\s+password")),
    ("refund", re.compile(r"(?:your\s+)?(?:full\s+|partial\s+)?(?:refund|reimbursement)")),
    ("replace", re.compile(r"(?:your\s+)?replacement(?:\s+\w+)?")),
    ("cancel", re.compile(r"(?:your\s+)?cancell?ation|(?:auto-?\s?)?renewal")),
    ("escalate", re.compile(r"escalation|hand-?over|handoff")),
    ("credit", re.compile(r"(?:store\s+|account\s+)?credit|discount|voucher")),
)
"""Per act, the nouns that name it as a label (a short noun phrase, the whole label)."""

_LINE = re.compile(r"^[^a-z]*([a-z][a-z0-9# -]{1,40}?)\s*(?::|\s-\s)\s*(.+)$")
"""A label (a few words, after any bullet or emoji) and its value, split at the first colon or
spaced dash."""
_STATUS = re.compile(r"\s+(?:status|update)$")
"""A label that names the act's status ("Refund status: processed") names the act."""
_WHAT_FOR = re.compile(r"\s+(?:for|of|on)\s+(?:your\s+|the\s+)?(?:[a-z0-9#-]+\s*){1,3}$")
"""What the act is for, after its noun ("Replacement for ORD-84452: arranged", "Refund of
the fee: issued"): the label still names the act."""

_DONE = re.compile(
    r"^(?:(?:already|now|just|all|successfully|fully)\s+)*"
    r"(?:\$[\d.,]+\s+(?:(?:for|of|on)\s+(?:the\s+|your\s+)?(?:[\w#-]+\s+){0,2}?[\w#-]+\s*,?\s+)?)?"
    r"(?:(?:already|now|just|successfully|fully)\s+)*(?:sent|e-?mailed|issued|processed|"
    r"arranged|done|completed?|approved|confirmed|booked|scheduled|submitted|applied|created|"
    r"set\s+up|initiated|placed|shipped|dispatched|posted|refunded|cancell?ed|reset|credited|"
    r"escalated|passed\s+(?:on\s+)?to|handed\s+(?:over\s+)?to|on\s+(?:its|the)\s+way|"
    r"in\s+place|gone\s+(?:out|through))\b"
)
"""A value that opens with a participle of completion (after an optional sum and what it is
for, up to three words): "sent to ...", "$160.00 issued to your card", "$45.00 for
ORD-58821, issued today", "$45.00 for order ORD-58821, issued today", "done"."""

_WAITS = re.compile(
    r"\b(?:not|no|never|pending|awaiting|once|if|when|after|until|unless|subject\s+to|"
    r"provided|as\s+soon\s+as|upon|would|could|can|will|should|may|might)\b"
)
"""What makes the value a denial or a condition, within the value's first clause."""
_CLAUSE_END = re.compile(r"[,;(]|\s-\s|\band\b|\bbut\b|\bso\b")


_FRESH = re.compile(r"^(?:your|the|a)\s+(?:new|fresh)\s+")
"""A label that names the act as a new one ("Your new reset link"): the act's noun all the same."""


def act_label(label: str) -> str | None:
    """The act (by value) a short noun phrase names as a label ("refund status", "your new
    reset link"), or ``None``."""
    label = _FRESH.sub("", _WHAT_FOR.sub("", _STATUS.sub("", label.strip())))
    return next((a for a, p in _LABELS if p.fullmatch(label)), None)


def labelled_report(low: str) -> str | None:
    """The act (a :class:`sim.reader.Act` value) a "label: value" line reports done, or
    ``None`` (the reader imports this module, so it names acts by value)."""
    return _labelled_report_cached(low)


def _labelled_report(low: str) -> str | None:
    if ":" not in low and " - " not in low:
        return None
    line = _LINE.match(low)
    if line is None:
        return None
    label, value = line.group(1).strip(), line.group(2).strip()
    act = act_label(label)
    if act is None or _DONE.match(value) is None:
        return None
    first = _CLAUSE_END.split(value, maxsplit=1)[0]
    if _WAITS.search(first):
        return None
    return act


_labelled_report_cached = lru_cache(maxsize=8192)(_labelled_report)
"""Cached per text (the body is undecorated: mutmut skips decorated functions)."""

"""A subscription's end and a list line's report, read where the reader's act verbs miss them.

Agents report a cancellation in words other than "cancel": the plan is the subject of an
ending ("StreamPlus is now ended as of today", "Teamwork Pro has been ended", "your plan is
now set to end", "your StreamPlus Basic won't renew", "the membership will not be renewed").
The negation in "won't renew" is the report itself (no renewal: it ends), not a denial.
A list line drops its subject and names the thing acted on by its name ("Cancelled
StreamPlus, effective today"), and a list line often opens with a pictograph ("✅ Cancelled:
your plan"), which carries no words: the reader drops pictographs before it reads (a cross
mark reads "not", so "❌ Refunded" stays a denial).

What these rules do not read: a generic subject ("plans won't renew once cancelled" is a rule,
"free plans", "any subscription"), an ending under a condition ("if you cancel, your plan
won't renew"), a renewal refused only on some terms ("won't renew at the old price"), or a
pronoun subject ("it won't renew": its antecedent is not resolved here).

The functions are pure, string-in, and start with a cheap keyword test (the reader runs on
every reply).
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["depict", "ended_clauses", "named_object_report"]

_CROSSES = re.compile("[\u2717\u2718\u274c\u274e\U0001f6ab]")
"""Cross marks: a list line marked as not done."""
_PICTOGRAPHS = re.compile("[\u2600-\u27bf\u2b00-\u2bff\U0001f000-\U0001faff\ufe0f\u200d]+")
"""Emoji and dingbats (check marks, calendars, cards, clocks): no words in them."""


def depict(text: str) -> str:
    """``text`` with pictographs dropped and cross marks read as "not"."""
    if text.isascii():
        return text
    return _PICTOGRAPHS.sub(" ", _CROSSES.sub(" not ", text))


_KEYS = ("renew", "ended", "terminated", "set to", "set so")
_SPLIT = re.compile(r"\s*[,;:]\s+|\s+(?=(?:and|but|which|because)\s)")
_NOT_A_NAME = frozenset(
    "i we you it they he she this that these those which who what there here if when once "
    "unless after before as a an any every each all no not never free new subscriptions plans "
    "memberships accounts services orders trials is are was were has have had will would can "
    "could should may might must do does did to of for".split()
)
"""Words that make a clause's opening more than the name of the customer's own plan: a
pronoun, a conjunction of condition, a generic determiner or plural, an auxiliary."""
_ENDED = re.compile(
    r"^(?:(?:and|so|now)\s+)*(?P<subject>(?:[\w+.-]+\s+){1,4}?)(?:"
    r"(?:is|has\s+been|was)\s+(?:(?:now|also|already|officially)\s+)*(?:ended|terminated)"
    r"|(?:is|has\s+been)\s+(?:(?:now|also|already)\s+)*set\s+(?:to|so\s+(?:that\s+)?it)\s+"
    r"(?:end|expire|stop|lapse|not\s+renew|will\s+not\s+renew)"
    r"|will\s+(?:not|no\s+longer)\s+(?:be\s+)?(?:auto-?\s?)?renew(?:ed)?"
    r"|is\s+not\s+going\s+to\s+(?:auto-?\s?)?renew)"
    r"(?P<rest>.*)$"
)
"""A plan named as the subject of its ending: "streamplus is now ended as of today", "your
plan is now set to end", "your streamplus basic will not renew"."""
_TERMS = re.compile(
    r"^\s+(?:at|for|with|on\s+(?:the|a)\s+\w+\s+(?:price|rate|plan|tier)|unless|if|until|"
    r"till|without|yet)\b"
)
"""What makes an ending only partial or conditional: "will not renew at the old price"."""
_CONDITION = re.compile(r"\b(?:if|unless|once|when|whenever|should\s+you|as\s+soon\s+as)\b")
"""A condition opened before the clause: "if you cancel, your plan won't renew"."""


def _ended_clauses(low: str) -> tuple[str, ...]:
    """The clauses of a lower-cased, contraction-expanded sentence that report the customer's
    plan as ended or not renewing (each a positive cancellation, done)."""
    if not any(k in low for k in _KEYS):
        return ()
    out: list[str] = []
    said = ""
    for part in _SPLIT.split(low.strip(" .!?\"'")):
        m = _ENDED.match(part.strip())
        said, before = f"{said} {part}", said
        if m is None or _TERMS.match(m.group("rest")) or _CONDITION.search(before):
            continue
        tokens = m.group("subject").split()
        if tokens[0] in ("your", "the"):
            tokens = tokens[1:]  # "your plan", "the membership": the customer's own
        if tokens and not any(t in _NOT_A_NAME for t in tokens):
            out.append(part.strip())
    return tuple(out)


@lru_cache(maxsize=8192)
def ended_clauses(low: str) -> tuple[str, ...]:
    """The clauses of a lower-cased, contraction-expanded sentence that report the customer's
    plan as ended or not renewing. Cached :func:`_ended_clauses` (pure; mutmut skips
    decorated functions)."""
    return _ended_clauses(low)


_PARTICIPLE = re.compile(r"[a-z]+ed")
_NAME = re.compile(r"^\s+([\w+.-]+(?:\s+[\w+.-]+){0,2})\s*$")


def named_object_report(before: str, verb: str, after: str) -> bool:
    """Whether a clause is a subject-less report naming what was acted on by its own name
    ("cancelled streamplus", "refunded ord-4471"): nothing before the participle, and after
    it one to three words, none a pronoun, determiner, auxiliary or generic plural
    ("cancelled orders" is a kind of order, not a report)."""
    if before.strip() or not _PARTICIPLE.fullmatch(verb):
        return False
    m = _NAME.match(after)
    return m is not None and not any(t in _NOT_A_NAME for t in m.group(1).split())

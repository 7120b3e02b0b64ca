"""How far a negation reaches, outside clauses of reason and time (those: :mod:`sim.scope`).

- **A non-restrictive relative clause keeps its own polarity, and its noun keeps its
  predicate.** "The refund, which I couldn't process yesterday, has now been issued": the
  commas cut the sentence into the subject ("the refund"), the relative clause and the
  predicate ("has now been issued"), so the predicate had no subject and the act was lost.
  :func:`relative_lifted` reads the subject with its predicate ("the refund has now been
  issued") and the relative clause after it, as its own clause: its "couldn't" reaches
  neither way ("Your replacement, which is in stock, has not been sent" still denies).
- **"but" + a verb with no subject of its own.** "We haven't cancelled the order but
  replaced it", "I've not only reset your password but also escalated the login issue": the
  second verb is the first clause's subject's, and the first clause's negation ("not X but
  Y", "not only X but also Y") does not reach it. :func:`carried_subject` gives the "but"
  clause the subject of the clause before it ("but we replaced it").
- **Two negations cancel.** "I can't not escalate this", "there's no way I'm not replacing
  this", "there's no reason I wouldn't refund this" affirm the act: :func:`reach` leaves the
  double negation out of the words whose negation reaches the act.
- **A negated verb of saying or knowing does not deny its complement.** "I didn't say I
  refunded it", "I can't confirm that your order was cancelled", "I'm not sure the refund
  has been issued" neither deny nor affirm the act: :func:`unasserted` reads it as hedged,
  and :func:`reach` leaves the negation of the verb of saying out of the act's. A factive
  verb presupposes its complement: "I didn't realise I had already refunded it" affirms the
  refund (the complement's own negation still counts: "I didn't know the refund had not
  gone out"). A verb of opinion raises its negation ("I don't think the replacement has
  been sent" denies it) and is left alone, as is "it's not true that ...".

Pure functions over the reader's lower-cased, contraction-expanded text, each with a cheap
substring test before any regex.
"""

from __future__ import annotations

import re

from sim.scope import AUXILIARY

__all__ = ["carried_subject", "reach", "relative_lifted", "unasserted"]

_RELATIVE = ("which ", "who ")
_HAS_CLAUSE = re.compile(rf"\b(?:{AUXILIARY}|been|be)\b")
"""A finite verb: words that are a clause of their own ("the refund is late"), not a subject
waiting for its predicate (a subject may hold a relative clause of its own: "the refund you
asked for")."""
_SUBJECT = re.compile(r"^(?:the|your|our|my|this|that|these|those|its|their|\$|\d)")
_PREDICATE = re.compile(
    r"^(?:(?:now|already|also|just|finally|since|still)\s+)?(?:is|are|was|were|will|would|has|"
    r"have|had|should|can|could|did|does)\b"
)
"""A predicate that opens with its finite verb ("has now been issued", "was sent")."""


def relative_lifted(parts: list[str]) -> list[str]:
    """``parts`` with each subject | non-restrictive relative clause | predicate triple ("the
    refund", "which i could not process", "has now been issued") read as the subject with
    its predicate, then the relative clause ("the refund has now been issued", "which i
    could not process"); other parts unchanged."""
    if not any(p.startswith(_RELATIVE) for p in parts):
        return parts
    out: list[str] = []
    i = 0
    while i < len(parts):
        if (
            i + 2 < len(parts)
            and parts[i + 1].startswith(_RELATIVE)
            and _SUBJECT.match(parts[i])
            and not _HAS_CLAUSE.search(parts[i])
            and _PREDICATE.match(parts[i + 2])
        ):
            out += [f"{parts[i]} {parts[i + 2]}", parts[i + 1]]
            i += 3
        else:
            out.append(parts[i])
            i += 1
    return out


_BUT_VERB = re.compile(
    r"^but\s+((?:also\s+|then\s+|instead\s+)?(?:[a-z]+ed|sent|(?:re)?set|made|put|paid)\s)"
)
"""A "but" clause that opens with a past verb and no subject ("but also escalated the ...")."""
_OWN_SUBJECT = re.compile(r"^(?:(?:and|so|then|also|now)\s+)?(i|we)\s")
"""The agent as the subject that opens the clause before."""
_FINITE = re.compile(rf"\b{AUXILIARY}\b")
"""A finite verb after the "but" clause's first verb: that verb is no predicate of its own,
but a participle of the clause's subject ("but cancelled orders can not be refunded")."""


def carried_subject(previous: str, part: str) -> str:
    """``part`` with the subject of the clause before it, when ``part`` is "but" + a past
    verb with no subject and the clause before opens with "i" or "we" ("we have not
    cancelled the order | but replaced it" -> "but we replaced it"); else ``part``."""
    if not part.startswith("but "):
        return part
    verb = _BUT_VERB.match(part)
    subject = _OWN_SUBJECT.match(previous.strip())
    if verb is None or subject is None:
        return part
    if _FINITE.search(part):
        return part  # "i am sorry | but cancelled orders can not be refunded": a participle
    return f"but {subject.group(1)} {part[verb.start(1) :]}"


_DOUBLE = re.compile(
    r"\b(?:can|could)\s+not\s+(?:just\s+|simply\s+)?not\s+$"
    r"|\b(?:no|not\s+(?:a|any))\s+(?:reason|way|chance)\s+(?:why\s+|that\s+)?(?:i|we)\s+"
    r"(?:(?:would|will|should|could|can|am|are|do)\s+)?(?:not|never)\s+(?:be\s+)?$"
)
"""Two negations before the act, the second in the complement of the first ("i can not not
[escalate]", "there is no way i am not [replacing]", "no reason we would not [refund]")."""
_REPORT_NEG = (
    r"\b(?:(?:do|does|did|can|could|will|would|have|has|had)\s+not|never|(?:am|is|are|was|were)\s+not)\s+"
    r"(?:(?:really|actually|fully|quite|100%)\s+)?"
)
_PRONOUN = r"(?:i|we|you|they|he|she|it|someone|somebody|anyone|anybody)\s"
_UP_TO_ACT = r"(?:[^\s,;]+\s+){0,5}?$"
_CLAUSE = rf"\s+(?:(?:that|if|whether)\s+|(?={_PRONOUN})){_UP_TO_ACT}"
"""A complement clause up to the act: "that", "if" or "whether", or a subject pronoun ("did
not say | i [refunded]"); not a noun phrase object ("cannot promise a [refund]": no promise,
a refusal)."""
_HEDGED = re.compile(
    _REPORT_NEG
    + rf"(?:(?:say|said|confirm|claim|claimed|promise|promised|guarantee|remember)(?={_CLAUSE})"
    + rf"|(?:sure|certain)(?=\s+{_UP_TO_ACT}))"
)
"""A negated verb of saying or of certainty before its complement ("i am not sure | the
[refund]"): an adjective of certainty takes no noun phrase object, so any words will do."""
_FACTIVE = re.compile(
    _REPORT_NEG
    + r"(?:realise|realize|realised|realized|know|knew|notice|noticed|aware)"
    + rf"(?=\s+(?:that\s+|(?={_PRONOUN})){_UP_TO_ACT})"
)
"""A negated factive verb before its complement clause ("did not realise | i had [refunded]");
not before "if" or "whether" ("i do not know if ..." asks)."""


def unasserted(before: str) -> bool:
    """Whether the act stands in the complement of a negated verb of saying or of certainty
    ("i did not say [i refunded it]", "i am not sure [the refund has been issued]"): neither
    denied nor affirmed, a hedge."""
    if "not " not in before and "never " not in before:
        return False
    return _HEDGED.search(before) is not None


def reach(before: str) -> str:
    """The words before an act whose negation reaches it: ``before`` without a double
    negation right before the act ("i can not not [escalate]"), or only the complement of a
    negated verb of saying or knowing ("i did not realise | i had already [refunded]")."""
    if "not " not in before and "never " not in before:
        return before
    double = _DOUBLE.search(before)
    if double is not None:
        return before[: double.start()]
    report = _HEDGED.search(before) or _FACTIVE.search(before)
    return before[report.end() :] if report is not None else before

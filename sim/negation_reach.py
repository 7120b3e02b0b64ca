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

__all__ = [
    "carried_subject",
    "inverted",
    "reach",
    "relative_lifted",
    "restrictive_lifted",
    "tense_words",
    "unasserted",
]

_RELATIVE = ("which ", "who ")
_HAS_CLAUSE = re.compile(rf"\b(?:{AUXILIARY}|been|be)\b")
"""A finite verb: words that are a clause of their own ("the refund is late"), not a subject
waiting for its predicate (a subject may hold a relative clause of its own: "the refund you
asked for")."""
_DETERMINER = r"(?:the|your|our|my|this|that|these|those|its|their|\$|\d)"
_SUBJECT = re.compile(rf"^{_DETERMINER}")
_PREDICATE = re.compile(
    r"^(?:(?:now|already|also|just|finally|since|still)\s+)?(?:(?:is|are|was|were|will|would|has|"
    r"have|had|should|can|could|did|does)\b|(?:[a-z]+[^e\s]ed|got|went|came|sent)\s)"
)
"""A predicate that opens with its finite verb ("has now been issued", "was sent", "got
processed today"); a past verb has no "-eed" ("need", "agreed" are no predicate here)."""


def _relative(part: str) -> bool:
    """Whether ``part`` opens a relative clause ("which i could not process"), or is its
    pronoun alone, cut off by a comma of the clause's own ("which, sadly, i could not")."""
    return part.startswith(_RELATIVE) or part in ("which", "who")


def relative_lifted(parts: list[str]) -> list[str]:
    """``parts`` with each subject | non-restrictive relative clause | predicate ("the
    refund", "which i could not process", "has now been issued") read as the subject with
    its predicate, then the relative clause ("the refund has now been issued", "which i
    could not process"); a relative clause may hold commas of its own (up to three parts:
    "which | sadly | i could not process": the predicate is the first part after them that
    opens with a finite verb). Each part first :func:`restrictive_lifted` and
    :func:`inverted`; other parts unchanged."""
    parts = inverted([restrictive_lifted(p) for p in parts])
    if not any(_relative(p) for p in parts):
        return parts
    out: list[str] = []
    i = 0
    while i < len(parts):
        end = next(
            (j for j in range(i + 2, min(i + 5, len(parts))) if _PREDICATE.match(parts[j])),
            0,
        )
        if (
            end
            and _relative(parts[i + 1])
            and _SUBJECT.match(parts[i])
            and not _HAS_CLAUSE.search(parts[i])
        ):
            out += [f"{parts[i]} {parts[end]}", " ".join(parts[i + 1 : end])]
            i = end + 1
        else:
            out.append(parts[i])
            i += 1
    return out


_RESTRICTIVE = re.compile(
    rf"^({_DETERMINER}\S*(?:\s+[^\s,;]+){{0,3}}?)\s+(that\s+|(?=(?:i|we|you|they)\s))"
    rf"((?:[^\s,;]+\s+){{0,4}}?(?:{AUXILIARY}|[a-z]+[^e\s]ed|sent|paid|made)\s(?:[^\s,;]+\s+){{0,6}}?)"
    r"((?:(?:now|already|also|just|finally|still)\s+)?"
    r"(?:is|are|was|were|has|have|had|will|would|can|could|did|does)\s.*)$"
)
"""A subject noun phrase (a determiner and up to three words), a restrictive relative clause
("that" or none: "the $40 | i could not refund") with a verb of its own (up to four words
before it, six after: a bound that keeps the match linear in a long clause), then the main
clause's finite verb ("has now been refunded")."""


_NEGATION = re.compile(r"\b(?:not|never|no|nobody|nothing)\b")
_RESTRICTIVE_GATE = (" that ", " i ", " we ", " you ", " they ")


def restrictive_lifted(part: str) -> str:
    """``part`` with a subject's restrictive relative clause after its predicate ("the $40
    that i could not refund yesterday has now been refunded" -> "the $40 has now been
    refunded that i could not refund yesterday"): the relative clause tells which thing,
    and asserts nothing, so its negation does not reach the predicate, which is read first.
    Else ``part``."""
    if not any(w in part for w in _RESTRICTIVE_GATE):
        return part
    m = _RESTRICTIVE.match(part)
    if m is None or _HAS_CLAUSE.search(m.group(1)) or not _NEGATION.search(m.group(3)):
        return part  # no negation in the relative clause: nothing to keep from the predicate
    predicate = m.group(4).rstrip(" .!?")
    end = m.group(4)[len(predicate) :].strip()  # the sentence's full stop stays last
    return f"{m.group(1)} {predicate} that {m.group(3).rstrip()}{end}"


_OPENER = re.compile(
    r"^(not only|never|not once|at no (?:point|time)|under no circumstances)\s+"
    r"(did|do|does|have|has|had|was|were|is|are|will|would|can|could|should)\s+"
    r"(i|we|you|they|he|she|it|(?:the|your|our|my|this|that)(?:\s+(?!been\b)[^\s,]+){1,3}?"
    r"(?=\s+(?:been\s+)?(?:[a-z]+ed|sent|reset|paid|made|done)\b))\s+"
)
"""A clause opened by a negative or restrictive adverb and an inverted auxiliary ("not only
did we | refund", "never was | the order | cancelled")."""


def inverted(parts: list[str]) -> list[str]:
    """``parts`` with each inverted auxiliary after "not only", "never", "not once", "at no
    point" put back after its subject ("not only did we refund the $15" -> "we did refund
    the $15"; "never was the order cancelled" -> "the order was not cancelled"); a "not" cut
    off from its "once" by the clause split is joined back first."""
    if not any(p.startswith(("not", "never", "at no", "under no")) for p in parts):
        return parts
    out: list[str] = []
    for part in parts:
        if out and out[-1] == "not" and part.startswith("once "):
            out.pop()
            part = f"not {part}"
        m = _OPENER.match(part)
        if m is not None:
            negation = "" if m.group(1) == "not only" else " not"
            part = f"{m.group(3)} {m.group(2)}{negation} {part[m.end() :]}"
        out.append(part)
    return out


_BUT_VERB = re.compile(
    r"^but\s+((?:also\s+|then\s+|instead\s+)?(?:[a-z]+ed|sent|(?:re)?set|made|put|paid)\s)"
)
"""A "but" clause that opens with a past verb and no subject ("but also escalated the ...")."""
_BUT_MODAL = re.compile(
    r"^but\s+((?:also\s+|then\s+|instead\s+)?(?:can|could|will|would|may|might|should|must|"
    r"have|has|had)(?:\s+(?:not|never))?\s+(?!(?:i|we|you|they|it|he|she|there|this|that|a|an|"
    r"the|your|our)\b)[a-z]+\s)"
)
"""A "but" clause that opens with a modal or "have" and a verb, and no subject ("but can
replace it", "but will not refund"); not a question ("but can i ...") nor "have" + an object
("but have a look")."""
_OWN_SUBJECT = re.compile(r"^(?:(?:and|so|then|also|now)\s+)?(i|we)\s")
"""The agent as the subject that opens the clause before."""
_FINITE = re.compile(rf"\b{AUXILIARY}\b")
"""A finite verb after the "but" clause's first verb: that verb is no predicate of its own,
but a participle of the clause's subject ("but cancelled orders can not be refunded")."""


def carried_subject(previous: str, part: str) -> str:
    """``part`` with the subject of the clause before it, when ``part`` is "but" + a past
    verb, or a modal and a verb, with no subject and the clause before opens with "i" or
    "we" ("we have not cancelled the order | but replaced it" -> "but we replaced it"; "we
    can not refund it | but can replace it" -> "but we can replace it"); else ``part``."""
    if not part.startswith("but "):
        return part
    subject = _OWN_SUBJECT.match(previous.strip())
    if subject is None:
        return part
    verb = _BUT_MODAL.match(part)  # "but can replace it": the modal is the finite verb
    if verb is None:
        verb = _BUT_VERB.match(part)
        if verb is None or _FINITE.search(part):
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

_NEGATIVE_MEANING = re.compile(
    _REPORT_NEG
    + rf"(?:doubt|deny|dispute|question)(?=\s+(?:that\s+|(?={_PRONOUN})){_UP_TO_ACT})"
    + rf"|\bno\s+(?:doubt|question|denying)(?=\s+(?!of\s|about\s){_UP_TO_ACT})"
)
"""A negated verb of negative meaning before its complement clause ("i do not doubt | that
the [refund]"), or "no doubt" / "no question" before a clause ("there is no question | that
we [escalated]", "no doubt | the [refund] was issued"): two negations, the complement
affirmed; not "no question of" (ruled out) nor the verb's noun phrase object ("i can not
deny the [refund] request": a clause needs "that" or a subject pronoun)."""
_DOUBT = re.compile(rf"\b(?:i|we)\s+(?:(?:really|rather|do)\s+)?doubt(?=\s+{_UP_TO_ACT})")
"""A verb of doubt, not negated, before its complement ("i doubt | the [refund]")."""


def unasserted(before: str) -> bool:
    """Whether the act stands in the complement of a negated verb of saying or of certainty
    ("i did not say [i refunded it]", "i am not sure [the refund has been issued]"): neither
    denied nor affirmed, a hedge."""
    if "doubt" in before and _DOUBT.search(before):
        return True  # "i doubt that your order was [cancelled]"
    if "not " not in before and "never " not in before:
        return False
    return _HEDGED.search(before) is not None


def _negated(before: str) -> bool:
    """The cheap gate of :func:`reach` and :func:`tense_words`: a negation word may stand in
    ``before``."""
    return "not " in before or "never " in before or "no " in before


def reach(before: str) -> str:
    """The words before an act whose negation reaches it: ``before`` without a double
    negation right before the act ("i can not not [escalate]"), or only the complement of a
    negated verb of saying or knowing ("i did not realise | i had already [refunded]")."""
    if not _negated(before):
        return before
    double = _DOUBLE.search(before)
    if double is not None:
        return before[: double.start()]
    report = _HEDGED.search(before) or _FACTIVE.search(before) or _NEGATIVE_MEANING.search(before)
    return before[report.end() :] if report is not None else before


def tense_words(before: str) -> str:
    """The words before an act that give its tense: after a negated factive verb or a
    negated verb of negative meaning, only its complement ("i can not deny | that it was
    [cancelled]": done, not the matrix "can"); else ``before``."""
    if not _negated(before):
        return before
    matrix = _FACTIVE.search(before) or _NEGATIVE_MEANING.search(before)
    return before[matrix.end() :] if matrix is not None else before

"""An act the same reply says both that it cannot happen and that it does.

Three constructions, each read from the reply alone (whatever the episode did, one half
misinforms the customer):

- :func:`handed_denial`: the agent says it cannot do an act ("I can't refund the $59.00
  here") and then that someone else will do that same act, as a certainty ("our billing
  team, who will refund the $59.00"). Either the act is impossible or it is coming; a
  handoff starts a review, it does not promise the review's outcome. A hedged or conditional
  outcome ("they may refund it", "they'll refund it once it's back") is how a handoff is
  explained and is not read, nor is a denial bound to a time ("I can't refund it until it's
  back with us").
- :func:`done_class_denied`: the agent reports an act done on a charge ("I've refunded the
  $12.95 express shipping charge") and then declares the whole class of that charge beyond
  the act ("shipping fees are never refundable"). A rule that hedges ("are normally not
  refundable") leaves room for the exception and is not read, nor is a class the refunded
  charge does not belong to.
- :func:`revived_link`: the old links said switched off ("sending it has switched off all
  older links", "the old link won't work any more") and an old link then said to work or to
  be used ("you can simply use yesterday's link", "the earlier link will still work"). A
  denial ("don't use yesterday's link") or a condition ("if you use the old link, ...")
  revives nothing.

All return (sentence, problem) pairs and plug into :func:`sim.falseacts.false_act_problems`.
"""

from __future__ import annotations

import re

from sim.memo import memo
from sim.reader import Act, Clause, Reading, Tense
from sim.scope import opens_condition

__all__ = ["act_both_ways", "done_class_denied", "handed_denial", "revived_link"]

_VERB = r"(refund|cancel|reset|waive|replace|unlock|reverse|credit)"
"""Acts the agent does with a tool or a decision, as a bare infinitive."""

_CANNOT = re.compile(
    rf"\bi\s+(?:am\s+)?(?:can\s*not|could\s*not|am\s+(?:unable|not\s+able)\s+to)\s+"
    rf"(?:\w+ly\s+)?{_VERB}\b"
)
"""The agent denying its own ability to do the act: "I can't refund", "I'm unable to cancel"."""

_TEAM = (
    r"(?:the|our|my|a)\s+(?:[a-z-]+\s+){0,2}?"
    r"(?:team|department|specialists?|colleagues?|supervisor|manager|desk)\b"
)
"""A team or a colleague, named for "who" and "they" to stand for."""
_BOUND = re.compile(r"\b(?:until|till|before|unless)\b")
"""A bound on the denial ("I can't refund it until it's back"): the act waits, it is not
ruled out."""
_OTHER = rf"(?:who|they|{_TEAM})"
"""Someone other than the agent: a team, a colleague, or a pronoun that stands for one."""

_OTHER_WILL = re.compile(
    rf"\b{_OTHER}(?:\s+will|'ll|\s+(?:is|are)\s+going\s+to)\s+(?:then\s+|now\s+|also\s+)?"
    rf"{_VERB}\b"
)
"""Another party foretold to do an act as a certainty: "who will refund", "the team'll
cancel" (not "may refund": a hedge foretells nothing)."""

_NAMED_OTHER = re.compile(rf"\b{_TEAM}")

_AMOUNT = re.compile(r"\$\s?\d[\d,]*(?:\.\d+)?")

HANDED = "says the act cannot be done, then that another team will do it"
REVIVED = "says the old links were switched off, then that an old link works"
CLASS_DENIED = "reports a charge refunded, then that such charges are never refundable"


def act_both_ways(reading: Reading) -> list[tuple[str, str]]:
    """Every finding of this module's rules in one reply, worked out once per reading."""
    if _GATE.search(reading.text.lower()) is None:
        return []
    return memo("act-both-ways", reading, None, lambda: _both_ways(reading))


_GATE = re.compile(r"refund|cancel|reset|waive|replace|unlock|revers|credit|link")


def _both_ways(reading: Reading) -> list[tuple[str, str]]:
    return handed_denial(reading) + done_class_denied(reading) + revived_link(reading)


def handed_denial(reading: Reading) -> list[tuple[str, str]]:
    """Sentences that foretell another party doing an act the reply said the agent cannot do,
    on the same object: no sum, or a sum the denial also names."""
    denied: list[tuple[str, set[str]]] = []
    found: list[tuple[str, str]] = []
    named = False  # "who" and "they" stand for a team once the reply has named one
    held = {c.sentence for c in reading.clauses if c.conditional}
    for clause in reading.clauses:
        named = named or _NAMED_OTHER.search(clause.text) is not None
        if clause.question or clause.salad or clause.sentence in held:
            continue  # "I can't refund it until it's back", "they'll refund it once it's back"
        cannot = _CANNOT.search(clause.text)
        if cannot and _BOUND.search(clause.text, cannot.end()) is None:
            denied.append((cannot.group(1), set(_AMOUNT.findall(clause.text))))
            continue
        will = _OTHER_WILL.search(clause.text)
        if will is None or not named:
            continue
        sums = set(_AMOUNT.findall(clause.text))
        if any(verb == will.group(1) and (not sums or sums & said) for verb, said in denied):
            found.append((clause.sentence, HANDED))
    return list(dict.fromkeys(found))


_CLASS_DENIED = re.compile(
    r"\b([a-z]+)\s+(?:fees|charges|costs)\s+(?:themselves\s+)?(?:are|is)\s+"
    r"(?:never|not|non-?)\s*(?:refundable|refunded)\b"
    r"|\bwe\s+(?:never|do\s+not|can\s*not)\s+refund\s+([a-z]+)\s+(?:fees|charges|costs)\b"
)
"""A kind of charge declared beyond refund without a hedge: "shipping fees are never
refundable", "we don't refund delivery charges" (the word before the noun names the kind)."""


def done_class_denied(reading: Reading) -> list[tuple[str, str]]:
    """Sentences that declare a kind of charge never refundable when the reply reports the
    agent refunded a charge of that kind ("the $12.95 express shipping charge")."""
    done = [
        c.context
        for c in reading.claims
        if c.act is Act.REFUND and c.positive and c.tense is Tense.DONE and c.by_me
    ]
    found: list[tuple[str, str]] = []
    for clause in reading.clauses:
        if clause.question or clause.conditional:
            continue
        for match in _CLASS_DENIED.finditer(clause.text):
            kind = re.escape(match.group(1) or match.group(2))
            charge = re.compile(rf"\b{kind}\s+(?:[a-z]+\s+)?(?:fee|charge|cost)s?\b")
            if any(charge.search(context) for context in done):
                found.append((clause.sentence, CLASS_DENIED))
    return list(dict.fromkeys(found))


_OLD_LINK = (
    r"(?:yesterday(?:'s)?\s+(?:reset\s+)?links?|(?:old|older|earlier|previous|prior|first|"
    r"original)\s+(?:reset\s+)?links?|links?\s+from\s+yesterday)\b"
)
"""A reset link sent before the newest one ("yesterday's link", "all older links")."""
_SWITCHED_OFF = re.compile(
    r"\b(?:switched|turned|shut)\s+off\b|\b(?:deactivat|disabl|invalidat|revok|void|cancell?|"
    r"expir|kill)ed\b|\bno\s+longer\s+(?:works?|valid|active)\b|\bstopped\s+working\b"
)
"""A link put out of use: "switched off", "invalidated", "no longer works"."""
_REVIVED = re.compile(
    rf"\b(?:use|click|open|try)\s+(?:[a-z]+\s+){{0,2}}?{_OLD_LINK}"
    rf"|\b{_OLD_LINK}(?:\s+[a-z]+){{0,3}}?\s+(?:will|would|should|does|do|can)\s+"
    r"(?:still\s+|also\s+|now\s+)?work\b"
    rf"|\b{_OLD_LINK}(?:\s+[a-z]+){{0,3}}?\s+(?:works|is\s+(?:still\s+|now\s+)?(?:valid|active))\b"
)
"""An old link said to be used or to work: "use yesterday's link", "the old link will still
work" (its verb within a few words, so "use the new link, not the old link" is not one)."""


def _switched_off(clause: Clause) -> bool:
    """Whether a clause puts the old links out of use, in words ("switched off all older
    links") or by a denied working ("the old link won't work any more")."""
    if re.search(rf"\b{_OLD_LINK}", clause.text) is None or clause.question:
        return False
    return _SWITCHED_OFF.search(clause.text) is not None or (
        clause.negated and "work" in clause.text
    )


def revived_link(reading: Reading) -> list[tuple[str, str]]:
    """Sentences that say an old reset link works or should be used when the reply also says
    the old links were switched off."""
    if not any(_switched_off(c) for c in reading.clauses):
        return []
    found = [
        (clause.sentence, REVIVED)
        for clause in reading.clauses
        if not (clause.negated or clause.question or clause.salad)
        and not opens_condition(clause.text)
        and not _switched_off(clause)  # "the old link no longer works" ends with "works"
        and _REVIVED.search(clause.text)
    ]
    return list(dict.fromkeys(found))

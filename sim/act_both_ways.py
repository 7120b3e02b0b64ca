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

- :func:`refunded_yet_kept`: the agent reports a charge refunded ("I've refunded the $10.00
  express surcharge") and then says that charge stays or was right ("the surcharge was
  applied correctly", "that charge remains on your card", "both charges will stay"). A
  charge named apart ("the original charge remains", "the rest of the charge stays", "all
  other charges stay") is another one.
- :func:`return_both_ways`: the goods said not to come back ("there's no need to send
  anything back") and their return then taken for granted ("once we receive the mugs",
  "the return label we're emailing you"). A negated or supposed return ("if you'd rather send
  it back") takes nothing for granted.

All return (sentence, problem) pairs and plug into :func:`sim.falseacts.false_act_problems`.
"""

from __future__ import annotations

import re

from sim.memo import memo
from sim.reader import Act, Clause, Reading, Tense
from sim.scope import opens_condition

__all__ = [
    "act_both_ways",
    "done_class_denied",
    "handed_denial",
    "refunded_yet_kept",
    "return_both_ways",
    "revived_link",
]

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
KEPT = "reports a charge refunded, then that the charge stays"
RETURN_BOTH = "says nothing needs to come back, then takes the return for granted"


def act_both_ways(reading: Reading) -> list[tuple[str, str]]:
    """Every finding of this module's rules in one reply, worked out once per reading."""
    if _GATE.search(reading.text.lower()) is None:
        return []
    return memo("act-both-ways", reading, None, lambda: _both_ways(reading))


_GATE = re.compile(r"refund|cancel|reset|waive|replace|unlock|revers|credit|link|back|return")


def _both_ways(reading: Reading) -> list[tuple[str, str]]:
    return (
        handed_denial(reading)
        + done_class_denied(reading)
        + revived_link(reading)
        + refunded_yet_kept(reading)
        + return_both_ways(reading)
    )


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


_CHARGE_NOUN = r"(?:sur)?charge|fee|payment"
_STAYS = re.compile(
    rf"\b(that|this|the)\s+({_CHARGE_NOUN})\s+(?:(?:still|also)\s+)?(?:stays|remains|stands|"
    r"(?:is|was|has\s+been)\s+(?:\w+\s+){0,3}?(?:applied|taken|charged|made|billed)\s+"
    r"(?:correctly|rightly|properly)|(?:is|was)\s+(?:correct|valid|legitimate|right|due))\b"
)
"""A charge, named by its head noun alone, said to stay or to have been right ("that charge
remains on your card", "the surcharge was in fact applied correctly"): a modifier between
("the original charge", "the $50 charge") names another one."""
_ALL_STAY = re.compile(
    r"\b(?:both|all|each|every)\s+(?:of\s+)?(?:(?:the|your|these|those)\s+)?(?:[\w$.-]+\s+){0,2}?"
    r"(?:charges?|payments?|fees?)\s+(?:will\s+|would\s+|should\s+)?(?:still\s+)?"
    r"(?:stays?|remains?|stands?)\b"
)
"""Every charge said to stay ("both November charges will stay on your statement"): the one
refunded is among them."""
_APART = re.compile(r"\b(?:rest|remaining|remainder|other|another|balance|difference|part)\b")


def refunded_yet_kept(reading: Reading) -> list[tuple[str, str]]:
    """Sentences that say a charge stays or was right when the reply reported the agent
    refunded it before: the same head noun ("the surcharge" after "refunded the $10.00
    surcharge"), a demonstrative whose nearest antecedent is the refunded charge ("that
    charge", in the refund's sentence or the next with no other charge named before it), or
    every charge ("both charges will stay")."""
    done = [
        c
        for c in reading.claims
        if c.act is Act.REFUND and c.positive and c.tense is Tense.DONE and c.by_me
    ]
    sentences = list(dict.fromkeys(c.sentence for c in reading.clauses))
    refunded = {sentences.index(c.sentence) for c in done if c.sentence in sentences}
    if not refunded:
        return []
    found: list[tuple[str, str]] = []
    before = ""  # the sentence's clauses up to this one
    for index, clause in enumerate(reading.clauses):
        at = sentences.index(clause.sentence)
        if index and reading.clauses[index - 1].sentence != clause.sentence:
            before = ""
        said, before = before, f"{before} {clause.text}"
        if at < min(refunded) or _skipped(clause):
            continue  # said before the refund, or not as a statement of the charge
        if _ALL_STAY.search(clause.text):
            found.append((clause.sentence, KEPT))
        for m in _STAYS.finditer(clause.text):
            if m.group(1) == "the":
                head = re.compile(rf"\b{m.group(2)}\b")
                if any(head.search(c.context) for c in done):
                    found.append((clause.sentence, KEPT))
            elif at in refunded or (
                at - 1 in refunded and not _OTHER_CHARGE.search(said + clause.text[: m.start()])
            ):
                found.append((clause.sentence, KEPT))
    return list(dict.fromkeys(found))


def _skipped(clause: Clause) -> bool:
    """A clause that states nothing of a charge as it is: negated, asked, supposed, or about
    another part of it ("the rest of the charge stays")."""
    return (
        clause.negated
        or clause.question
        or clause.conditional
        or _APART.search(clause.text) is not None
    )


_OTHER_CHARGE = re.compile(
    r"\$\s?\d|\b(?:period|month|renewal|subscription|plan|order|charges?|fees?|payments?)\b"
)
"""Another charge a demonstrative could stand for, named before it in the next sentence ("the
October billing period had already started, so that charge stays")."""


_NO_RETURN = re.compile(
    r"\b(?:no\s+need\s+to|(?:do|does|will)\s+not\s+(?:need|have)\s+to|need\s+not|nothing\s+"
    r"(?:needs|has)\s+to)\s+(?:\w+ly\s+)?(?:return\w*|(?:send|post|ship|mail|come|go|be\s+sent)"
    r"\s+(?:\w+\s+){0,3}?back)\b"
)
"""The goods said not to come back: "there's no need to send anything back", "you don't
have to return the mugs", "nothing needs to come back"."""
_NOT_GOODS = r"(?:photos?|pictures?|images?|details|reply|answer|form|documents?|proof|receipt)"
_RETURN_TAKEN = re.compile(
    r"\b(?:once|when|after|as\s+soon\s+as)\s+(?:we|the\s+warehouse|our\s+warehouse)\s+"
    r"(?:have\s+)?(?:receive[sd]?|gets?|got)\s+(?:back\s+)?(?:it|them|(?:the|your)\s+"
    rf"(?!(?:\w+\s+)?{_NOT_GOODS}\b))"
    r"|\breturn\s+label\s+(?:that\s+|which\s+)?(?:we|i)\s+(?:are|am|have|will)\s+"
    r"(?:\w+\s+)?(?:e-?mail|send|sent)"
    r"|\b(?:e-?mail|send)(?:ing|ed)?\s+you\s+(?:a|the)\s+(?:prepaid\s+)?return\s+label\b"
)
"""The goods' return taken for granted: "once we receive the broken mugs", "the return label
we're emailing you", "sending you a prepaid return label" (what we receive of yours that is a
photo or a form is no return)."""


_SUPPOSED = re.compile(r"\b(?:if|unless|rather|prefer\w*|whether|in\s+case)\b")
"""A return supposed, not taken for granted: "if you'd rather send it back, ..."."""
_SOME_GOODS = re.compile(rf"\b(?:{_NOT_GOODS}|else|other|rest)\b")
"""What the no-return is about when it is not the goods: "no need to send the receipt back",
"nothing else needs to come back"."""


def _none_back(clause: Clause) -> bool:
    """Whether a clause says the goods need not come back ("there's no need to send anything
    back"), as a statement, not a question or a supposition."""
    said = _NO_RETURN.search(clause.text)
    if said is None or clause.question or clause.conditional:
        return False
    return _SOME_GOODS.search(clause.text) is None


def return_both_ways(reading: Reading) -> list[tuple[str, str]]:
    """Sentences that take the goods' return for granted when the reply says nothing needs to
    come back."""
    if not any(_none_back(c) for c in reading.clauses):
        return []
    found = [
        (clause.sentence, RETURN_BOTH)
        for clause in reading.clauses
        if not (clause.negated or clause.question)
        and _SUPPOSED.search(clause.sentence.lower()) is None
        and _RETURN_TAKEN.search(clause.text)
    ]
    return list(dict.fromkeys(found))

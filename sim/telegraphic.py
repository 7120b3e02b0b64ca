"""Telegraphic reports and embedded negations: how terse agents write, read as they mean it.

Terse replies drop subjects and auxiliaries the way notes and headlines do. One reading,
:func:`headline_report`, tells a report in that grammar from a rule or a noun phrase, for
the claim reader and so for every check and the customer:

- the agent's own act with its subject left out, naming what it acted on ("Refunded the
  $10.00 surcharge", "Cancelled your plan", "Cancelled as requested"): :attr:`Headline.OWN`;
- a report of what was just done with nothing before the participle, or only other such
  reports ("Refunded: $86.50", "Confirmed and cancelled."), or a headline subject and no
  auxiliary ("ORD-40217 cancelled before shipping", "$149.00 refunded to your card", "Plan
  cancelled today"): :attr:`Headline.REPORT`.

And a negation inside a relative clause ("the surcharge you didn't choose") is about that
clause's verb, not about the act the sentence reports. These pure functions read
lower-cased, contraction-expanded clause text (as :mod:`sim.reader` holds it); the reader
calls them where it decides whether a clause reports an act and whether it is negated.

What they do not read: a participle used as an adjective before a noun or a verb ("refunded
amounts take 5 days", "orders cancelled before shipping are refunded") stays a rule, not a
report; a negated headline ("current month not refunded") is left to the full reader.

A refusal with its subject left out ("Can't refund it here, since the chargeback is open",
"Unfortunately unable to cancel it now") is the agent's too: :func:`elided_refusal`.
"""

from __future__ import annotations

import enum
import re

from sim.generic import subjectless_chain

__all__ = [
    "TO_PAYMENT",
    "Headline",
    "act_ruled_out",
    "already_done",
    "condition_follows",
    "elided_refusal",
    "headline_report",
    "note_adverbs",
    "spelled_ranges",
    "unnegated",
    "without_relative_negation",
]

_PARTICIPLE = re.compile(r"[a-z]+ed|(?:re)?sent")
"""A past participle: regular, or "(re)sent", the one irregular among the acts' verbs ("Reset
link sent to your email", "Case sent to billing")."""
_NOT_A_NOUN_PHRASE = frozenset(
    "i we you it they he she me us them who which what there here is are was were be been "
    "being has have had will would can could should may might must do does did not no never "
    "nothing if when once before after until unless and or but so because since as for to of "
    "in on with by from about only any every each all orders items charges refunds".split()
)
"""Words that make what precedes a participle more than a short noun phrase naming one
thing: a subject pronoun, an auxiliary, a negation, a conjunction, a preposition or a generic
plural ("orders cancelled before shipping ..." is a rule about every order)."""
_TOKEN = re.compile(r"[\w$.,'-]+")
_FINITE_AFTER = re.compile(
    r"\b(?:is|are|was|were|will|would|can|could|must|should|may|might|get|gets|take|takes|"
    r"need|needs|have|has|go|goes|come|comes|stay|stays)\b"
)
"""A finite verb after the participle: it modified the noun before it ("orders cancelled
before shipping are refunded"), the sentence's verb comes later."""
_OBJECT_AFTER = re.compile(
    r"^\s+(?:the|an?\s|your|you|it|this|that|both|all|\$|\d|usd\b|[a-z]{2,4}-\d|as\s+(?:you\s+)?"
    r"(?:requested|asked|agreed|discussed|wanted)\b|(?:per|at)\s+your\s+request\b)"
)
"""What follows a subject-less verb with its object: "Refunded the $10.00 surcharge",
"Cancelled your plan", "Sent a new reset link", "Refunded $149.00", "Cancelled ORD-40217", or
with the request it answers: "Cancelled as requested"."""


_BEFORE_NOW = re.compile(
    r"\b(?:last\s+(?:week|month|year|night|time|\w+day)|yesterday|ago|earlier|previously)\b"
)
"""A time before the conversation: "ORD-40217 cancelled by mistake last week" tells what
happened before the ticket, not what the agent just did."""


def _named_subject(before: str, after: str) -> bool:
    """A short noun phrase naming one thing before the participle ("plan cancelled today",
    "$149.00 refunded to your card", "ORD-40217 cancelled"), no finite verb after it, and no
    time before the conversation."""
    tokens = _TOKEN.findall(before)
    if not 1 <= len(tokens) <= 4 or any(t in _NOT_A_NOUN_PHRASE for t in tokens):
        return False
    return _FINITE_AFTER.search(after) is None and _BEFORE_NOW.search(after) is None


_NOTE_ADVERBS = re.compile(r"^\s*(?:(?:just|also|already|now|finally|ok|okay)\b\s*)*$")
"""Adverbs of time or focus that a note may put before its subject-less verb ("just sent a
reset link", "also cancelled your plan", "already refunded the $20"): they leave the verb
the agent's own, as a subject would ("I just sent ..."); a pronoun, a noun or a negation
before the verb still makes it something else."""


def note_adverbs(before: str) -> bool:
    """Whether ``before`` is empty or holds only adverbs a note may put before its subject-less
    verb (:data:`_NOTE_ADVERBS`)."""
    return _NOTE_ADVERBS.match(before) is not None


def _subjectless(before: str, after: str) -> bool:
    """The clause opens with the participle, or only adverbs of time or focus come before it
    (:data:`_NOTE_ADVERBS`), and names what it acted on ("Refunded the $10.00 surcharge",
    "Cancelled your plan today", "just sent a reset link")."""
    if not note_adverbs(before):
        return False
    return _OBJECT_AFTER.match(after) is not None and _FINITE_AFTER.search(after) is None


TO_PAYMENT = re.compile(
    r"^\s+(?:on|to|in|into|onto)\s+(?:your|the)\s+(?:original\s+|old\s+|new\s+)?(?:\w+\s+)?"
    r"(?:card|bank|payment|paypal|wallet|account(?!\s+(?:email|e-mail|inbox|address)))\b"
)
"""Where something "sent back" goes when it is money: a card, a bank, a payment method."""
_BARE_REPORT_AFTER = re.compile(
    r"^\s*(?:$|now\b|today\b|effective\b|immediately\b|before\b|as\s+of\b|at\s+once\b|"
    r"in\s+full\b|on\s+\w+|and\b|with\b|straight\s+away|already\b|successfully\b|for\s+you\b)"
)
"""What may follow a participle that reports what was just done: nothing, a time ("now",
"effective today"), a manner ("in full", "successfully") or another report ("and ...")."""
_HEADLINE_SUBJECT = re.compile(
    r"^(?:[a-z]{2,}-\d+|\$\d[\d.,]*|\d[\d.,]*\s+dollars|(?:your|the)\s+(?:\S+\s+){0,2}?(?:order|"
    r"subscription|plan|membership|renewal|booking|charge|payment|fee|amount|balance)"
    r"(?:\s+[a-z]{2,}-\d+)?)\s*$"
)
"""The subject of a headline with its verb left out ("ORD-40217 cancelled", "$149 refunded to
your card", "your plan cancelled effective today"): one order, charge or sum, no verb."""


def _bare(before: str, after: str) -> bool:
    """A report with no subject ("Refunded: $86.50") or a headline subject and no auxiliary
    ("ORD-40217 cancelled.", "$149 refunded to your card"), about what was just done."""
    if not before.strip() or subjectless_chain(before):  # "Confirmed and cancelled."
        return _BARE_REPORT_AFTER.match(after) is not None
    if _HEADLINE_SUBJECT.match(before.strip()) is None:
        return False
    return _BARE_REPORT_AFTER.match(after) is not None or TO_PAYMENT.match(after) is not None


class Headline(enum.Enum):
    """How a clause in a note's grammar reports an act."""

    OWN = "own"
    """The agent's own act, its subject left out: "Refunded the $10.00 surcharge"."""
    REPORT = "report"
    """What was just done, reported without a subject or an auxiliary: "Refunded: $86.50",
    "Plan cancelled today", "$149.00 refunded to your card"."""


_OPENS_PARTICIPLE = re.compile(r"(?:\w+ed|(?:re)?sent)\b")


def headline_report(before: str, verb: str, after: str) -> Headline | None:
    """Whether ``before + verb + after`` reports an act in a note's grammar, the participle
    ``verb`` (the act's words as the reader matched them) with its subject or its auxiliary
    left out, and how (:class:`Headline`); ``None`` for anything else, among them a
    participle used as an adjective ("refunded amounts take 5 days"), a rule about a kind of
    thing ("orders cancelled before shipping are refunded") and what happened before the
    conversation ("ORD-40217 cancelled by mistake last week")."""
    if _OPENS_PARTICIPLE.match(verb) is None:
        return None
    single = _PARTICIPLE.fullmatch(verb) is not None
    if single and _subjectless(before, after):
        return Headline.OWN
    if _bare(before, after) or (single and _named_subject(before, after)):
        return Headline.REPORT
    return None


_RELATIVE_NEGATION = re.compile(
    r"(\b(?:the|a|an|any|this|your)\s+(?:[\w$.,-]+\s+){1,5}?|^(?:[\w-]+\s+){0,2}?[\w-]+s\s+)"
    r"((?:(?:that|which)\s+)?(?:you|they|he|she)\s+(?:(?:did|do|does|had|have|has|were|are|was|"
    r"could|would|will|can|should|may|might|shall)\s+(?:not|never)|never)|(?:that|which)\s+(?:was|were|is|are|had|has)\s+(?:not|never)"
    r"(?:\s+been)?|(?:that|which)\s+(?:do|does|did)\s+(?:not|never))\s+([a-z]+)(?:\s+for)?\b"
)
"""A noun with a negated relative clause on it: "the surcharge you did not choose", "a charge
that they did not authorise", "the shipping you never selected", "the months you won't use",
"a fee that was not requested", and a bare plural opening the clause ("scratches that do not
affect how it works get 50% back")."""
_ACT_STEM = re.compile(
    r"^(?:refund|reimburs|cancel|escalat|replac|credit|reset|revers|issu|process)"
)
"""Verbs of the acts the reader claims: "the $10 that was not refunded" keeps its negation."""


def _drop(match: re.Match[str]) -> str:
    return match.group(0) if _ACT_STEM.match(match.group(3)) else match.group(1)


def without_relative_negation(low: str) -> str:
    """``low`` with negated relative clauses on a noun taken out ("refunded the $10.00
    surcharge you did not choose" -> "refunded the $10.00 surcharge "): their negation denies
    the relative clause's verb, not what the sentence says about the noun. A relative clause
    whose verb is an act ("the fee that was not refunded") keeps its negation."""
    if "not" not in low and "never" not in low:
        return low
    return _RELATIVE_NEGATION.sub(_drop, low)


_NOT_ON_TIME = re.compile(
    r"\b(?:did|does|do|was|were|has|have|had|is|are)\s+not\s+(?:\w+\s+)?(?:arrive|arrived|come|"
    r"turn\s+up|get\s+there|make\s+it|delivered|reach\s+you|land)\s+(?:\w+\s+)?on\s+time\b"
)
"""A delivery said not to be on time: it was late ("express didn't arrive on time")."""


def unnegated(low: str) -> str:
    """``low`` with the negations that deny nothing the checks read taken out: negated
    relative clauses on a noun (:func:`without_relative_negation`) and a delivery "not on
    time", which says it was late ("express did not arrive on time" -> "express late")."""
    low = without_relative_negation(low)
    if "on time" not in low:
        return low
    return _NOT_ON_TIME.sub("late", low)


_ALREADY_DONE = re.compile(
    r"^(?:(?:and|but|so|plus)\s+)?(?:i|we)\s+(?:have|had)\s+(?:also\s+)?(?:already|just)\s+[a-z]+"
)


def already_done(low: str) -> bool:
    """Whether a clause after the first reports the agent's own act as already done ("once
    the carrier scans it, we dispatch the new one - I have already set up that replacement"):
    a condition the sentence opens with governs what is still to come, not what is done."""
    return _ALREADY_DONE.match(low) is not None


_UNITS = (
    "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
    "sixteen|seventeen|eighteen|nineteen"
)
_SPELLED_RANGE = re.compile(rf"\b({_UNITS})-(?=(?:{_UNITS})\b(?!-))")
"""Two number words under twenty joined by a dash: a range ("three-five business days"), not
a compound number ("twenty-five") nor a price ("nine-ninety-nine")."""


def spelled_ranges(low: str) -> str:
    """``low`` with ranges of number words written out ("three-five business days" ->
    "three to five business days"), so the number-word parser reads both ends."""
    if "-" not in low:
        return low
    return _SPELLED_RANGE.sub(r"\1 to ", low)


_RULED_OUT = re.compile(
    r"^\s+(?:is|are|was|would\s+be|will\s+be)\s+(?:not|no\s+longer)\s+(?:\w+\s+)?"
    r"(?:possible|an\s+option|available|allowed|permitted|doable)\b"
    r"|^\s+(?:can|could)\s+not\s+be\s+(?:done|arranged|processed|made)\b"
)
_OPENS = re.compile(r"^(?:(?:a|an|the|any|your|unfortunately|sadly|but|so|and)\s+)*$")
_COMPLEMENT = re.compile(
    r"^(?:\s+(?!(?:is|are|was|were|would|will|can|could|and|but|or|if|so|because|since|not|"
    r"i|we|you|they|he|she)\b)[\w$.,'-]+){1,6}?(?=\s+(?:is|are|was|would|will|can|could)\b)"
)
"""The act's object and adjuncts, up to six words and no verb, clause word or subject."""


def act_ruled_out(before: str, verb: str, after: str) -> bool:
    """Whether a clause says the act itself is not possible, the act named as its subject
    ("cancellation is no longer possible", "cancelling isn't an option", "a refund can't be
    done"): a denial of the act, though no one is named doing it."""
    if not verb.endswith(("ing", "ion", "ions", "und", "unds", "ment", "ments")):
        return False
    if _OPENS.match(before) is None:
        return False
    # what the act is of or how it is done, before the predicate ("refunding it from our side
    # too isn't possible", "cancellation of ORD-1 is no longer possible")
    return _RULED_OUT.match(_COMPLEMENT.sub("", after, count=1)) is not None


_CONDITION_OPENS = re.compile(r"^(?:once|if|when|whenever|after|unless|as\s+soon\s+as)\b")


def condition_follows(following: str) -> bool:
    """Whether the clause after a denial opens a condition ("cancellation is no longer
    possible | once an order ships"): the denial states the rule for that case."""
    return _CONDITION_OPENS.match(following.strip()) is not None


_ELIDED_REFUSAL = re.compile(
    r"^(?:(?:sorry|unfortunately|sadly|afraid|but|so|and|and\s+so|which\s+means)\s+)*"
    r"(?:can\s*not|could\s+not|will\s+not|would\s+not|(?:am\s+)?(?:not\s+able|unable)\s+to)"
    r"\s+(?:(?:simply|just|really|actually|also)\s+)?$"
)
"""A negated modal opening the clause with no subject before it, only a discourse word."""


def elided_refusal(before: str) -> bool:
    """Whether the text ``before`` an act's verb is a negated modal whose subject was left out
    ("can not | refund it here", "unfortunately unable to | cancel it"): the agent refusing,
    as "I can't" would. "you can not | cancel it" names its subject; "can | refund it" and
    "not | refunded" are no refusal of the agent's."""
    return _ELIDED_REFUSAL.match(before) is not None

"""Generic statements: a rule about a kind of thing, not a claim about the customer's own.

"Renewals are refundable only within 14 days", "unused items are refundable within 30 days of
delivery" and "a renewal is refundable in its first two weeks" state the policy; "your order is
refundable" and "the $94.00 is refundable" say what this customer gets. English marks the
difference on the subject: a generic subject is a bare plural ("renewals", "sale items") or an
indefinite singular ("a renewal", "any order", "each item"); a specific one has a definite or
possessive determiner or a pronoun (an amount or an id alone is a singular: "the $94.00
is refundable", "ORD-1234 is refundable"). The claim reader asks this before it
reads "X is refundable" as a promise.

Two marks say the opposite, that a clause reports this customer's case: a time anchor ("it's
cancelled as of today", "is now refunded") and a chain of subjectless reports ("Confirmed and
cancelled.", "Verified, refunded."), the terse form of "I have confirmed it and cancelled it".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = [
    "anchored_now",
    "cover_means",
    "coverage_remedy",
    "generic_act_noun",
    "generic_object",
    "generic_subject",
    "quantified_rule",
    "spelled_spans",
    "subjectless_chain",
]

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
_POSTMODIFIER = frozenset(
    "over under above below from in on of with for after before at within than bought ordered "
    "purchased sold".split()
)
"""Words that open a modifier after the head noun ("orders over $50", "items bought on
sale")."""


def generic_subject(before: str) -> bool:
    """Whether the subject that ends ``before`` (the text up to "is/are refundable") is a kind
    of thing rather than the customer's own: "renewals", "unused items", "a renewal"."""
    m = _SUBJECT.search(before + " ")
    if m is None:
        return False
    words = m.group(1).split()
    while words and words[-1] in _VERB_BEFORE:
        words.pop()  # "renewals are" when the verb is left in
    return _kind_of_thing(words)


def _kind_of_thing(words: list[str]) -> bool:
    """Whether a noun phrase names a kind ("unused items", "a renewal", "any order") rather
    than a particular thing ("your order", "the $94.00", "both charges")."""
    cut = next((i for i, w in enumerate(words) if i and w in _POSTMODIFIER), len(words))
    words = words[:cut]  # "orders over $50": the head noun comes before its modifier
    if not words or any(w in _SPECIFIC for w in words):
        return False
    if words[0] in _INDEFINITE:
        return True
    return words[-1].endswith("s") and not words[-1].endswith("ss")


_HABITUAL = re.compile(
    r"(?:^|\b(?:and|but|so|because|since|as|while)\s+)(?:we|they)\s+(?:(?:only|always|usually|"
    r"normally|generally|typically|also|just)\s+)*$"
)
"""The company's habit in the simple present, no auxiliary: "we only refund", "they always"."""
_NOUN_PHRASE_END = re.compile(r"[^a-z' -]")


def generic_object(before: str, after: str) -> bool:
    """Whether an act's verb says what the company does with a kind of thing ("we only refund
    wrong or duplicate charges", "we reverse any duplicate charge"): a habitual present whose
    object is generic (:func:`_kind_of_thing`) states the policy, it promises nothing about
    this customer's charge ("we refund your charge" and "we refund both" still do)."""
    if _HABITUAL.search(before) is None:
        return False
    phrase = after.strip()
    end = _NOUN_PHRASE_END.search(phrase)
    return _kind_of_thing((phrase[: end.start()] if end else phrase).split())


_LIGHT_HABIT = re.compile(
    r"(?:^|\b(?:and|but|so|because|since|as|while)\s+)(?:[a-z]+ly\s+)?(?:we|they)\s+"
    r"(?:(?:can|only|always|usually|normally|generally|typically|also|just)\s+)*"
    r"(?:give|offer|issue|provide|do|process|grant|make|accept|allow|approve|arrange)\s+$"
)
"""The company's habit, a light verb that takes an act's noun ("we only give", "unfortunately
we can only offer"), no auxiliary of the future ("we will issue refunds for both" promises)."""
_ACT_PLURALS = frozenset("refunds replacements cancellations exchanges returns credits".split())


def generic_act_noun(before: str, word: str, after: str) -> bool:
    """Whether an act named by its noun in the bare plural, the object of a light verb in the
    company's habitual present ("we can only give refunds within 45 days of delivery", "we
    offer replacements for faulty items"), states what the company does in a kind of case:
    the policy, no promise to this customer. A determiner after it that points at this case
    ("refunds for both charges", "refunds to your card") makes it this case's act."""
    if word not in _ACT_PLURALS or _LIGHT_HABIT.search(before) is None:
        return False
    return not any(w in _THIS_CASE for w in re.findall(r"[a-z]+", after))


_THIS_CASE = frozenset("your yours both this these those it them its my".split())
"""Words that point at the customer's own case after an act's noun ("refunds for both
charges", "refunds to your card"); "the" and a relative ("items that arrive faulty") do not."""


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


_NUMBER_WORD = (
    r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
    r"fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|ninety)"
)
_HYPHEN_RANGE = re.compile(rf"\b({_NUMBER_WORD})-(to|or)-({_NUMBER_WORD})\b")
_FORTNIGHT = re.compile(r"\b(?:a|one)\s+fortnight\b")


_MEASURED = frozenset(
    """
    in within for after over under about around approximately roughly nearly almost only just
    than of to by up a the per each every that this is are was were be been take takes took
    taking last lasts need needs wait waiting allow allowing give gives have has had extra
    another least most first same full whole single and or
    """.split()
)
"""Words after which "one day" is a span: a preposition, a quantifier, a verb that measures."""
_ONE_DAY = re.compile(
    r"\bone\s+day(?=\s*(?:[.,;:!?)]|$)|\s+(?:you|we|i|they|it|he|she|soon|too|again|maybe|"
    r"perhaps|and|or|but|when|if)\b)"
)
""""one day" before the clause's end, a subject or a conjunction, not before what it measures
("one day later", "one day's delivery", "one day to decide")."""
_LAST_WORD = re.compile(r"([a-z']+)([^\w:]*)$")
_SUBJECT_NEXT = re.compile(r"\s+(?:you|we|i|they|it|he|she|maybe|perhaps)\b")


def _some_day(low: str) -> str:
    """``low`` with each indefinite "one day" ("if you'd like to rejoin one day, ...", "one day
    we may stock it", "maybe one day") as "some day": after a word that does not measure it,
    or opening the text before a subject. Alone or as a label's value ("one day", "refund
    time: one day") it is a span."""

    def one(m: re.Match[str]) -> str:
        last = _LAST_WORD.search(low, max(0, m.start() - 20), m.start())
        if last is None:
            return "some day" if _SUBJECT_NEXT.match(low, m.end()) else m.group(0)
        return m.group(0) if last.group(1) in _MEASURED else "some day"

    return _ONE_DAY.sub(one, low)


def spelled_spans(low: str) -> str:
    """Spans written in words that the number parser misses, rewritten in the words it reads:
    "five-to-seven" -> "five to seven", "a fortnight" -> "two weeks"; and "one day" that is
    no span but some unnamed day ("come back one day") -> "some day", which the parser
    leaves alone."""
    low = _FORTNIGHT.sub("two weeks", _HYPHEN_RANGE.sub(r"\1 \2 \3", low))
    return _some_day(low) if "one day" in low else low


_QUANTIFIERS = ("any", "every", "each", "all")
_QUANTIFIED_RULE = re.compile(
    r"\b(?:any|every|each|all)\s+"
    r"(?!(?:of|your|the|my|our|this|that|these|those|it|them|you|i|we)\b)[a-z][\w-]*"
    r"(?:\s+\S+){0,14}?\s+(?:is|are)\s+(?:\w+ly\s+|then\s+|also\s+|always\s+)?$"
)
"""A quantified bare noun, its modifiers and a relative clause, then the present passive:
"any appliance that develops a fault within 12 months of delivery is (replaced)"."""

_PAST_OF_PARTY = re.compile(r"\b(?:you|we|i)\s+(?:\w+ed|sent|bought|got|paid|made)\b")
"""A relative clause on a past act of the customer's or ours picks out particular things
("each kettle you returned is replaced"): not a rule."""


def quantified_rule(before: str) -> bool:
    """Whether the text before an act's participle makes it a rule about every thing of a
    kind: its subject is "any", "every", "each" or "all" with a bare noun (however long the
    relative clause on it), and the verb is in the present passive. "Any appliance that
    fails within a year is replaced free of charge" says how things go, not that this
    customer's appliance was replaced; :func:`generic_subject` reads only the last words."""
    if not any(word in before for word in _QUANTIFIERS):
        return False
    found = _QUANTIFIED_RULE.search(before)
    return found is not None and _PAST_OF_PARTY.search(found.group(0)) is None


_COVERAGE = re.compile(r"\b(?:warrant(?:y|ies|ied|eed)|guarantee[ds]?|covered|coverage|covers)\b")
"""A standing coverage named: a warranty, a guarantee, "covered by"."""


_COVER_MEANS = re.compile(
    r"\b(?:cover|coverage|warranty|guarantee|protection|plan)\s+(?:\w+\s+)?means\s+(?:that\s+)?"
    r"(?:\S+\s+){0,4}$"
)


def cover_means(before: str) -> bool:
    """Whether the act follows "<a cover> means" ("your Premium Care cover means the vacuum is
    replaced for free"): what the cover entitles the customer to, owed but not yet done: the
    cover's own process (a claim, an approval) still has to carry it out."""
    return "means" in before and _COVER_MEANS.search(before) is not None


def coverage_remedy(sentences: Sequence[str], sentence: str) -> bool:
    """Whether goods promised in the company's voice in ``sentence`` ("we'll send you a
    replacement burr free of charge", "a replacement will be sent") come with the coverage
    that gives them, named in that sentence or the one before it among ``sentences`` ("the
    burr is covered by the 1-year warranty"): the promise states the coverage's remedy,
    which the warranty's own process carries out, not an act this conversation owes. The
    callers keep a promise the agent takes on itself ("I'll send you one") a promise."""
    if _COVERAGE.search(sentence.lower()):
        return True
    at = next((i for i, s in enumerate(sentences) if s == sentence), 0)
    return at > 0 and _COVERAGE.search(sentences[at - 1].lower()) is not None

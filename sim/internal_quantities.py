"""Internal thresholds and limits told to the customer, in any wording.

Internal passages say how fraud and abuse are judged and where limits lie: "more than 5
reset requests in an hour trip the fraud rate limit", "accounts with three or more refunds
in 90 days carry a refund-abuse flag", "exceptions are granted for less than 2% of
requests", "a payout to a card added in the last 7 days". A reply that gives such a
quantity away leaks the rule however it is worded ("if you request over five resets in an
hour, the account gets blocked"; "three refunds within 90 days get an account flagged"):
the number survives a paraphrase where the words do not.

A quantity is internal when the public text (the ticket, the articles not marked internal,
the retention offers, the account's data) never states it: a good reply may give the public
policy with its numbers. Three kinds are read:

- a count of things: a number, in digits or words, with the noun it counts ("5 reset
  requests", "three or more refunds"); the reply must count the same number of a thing
  named by one of the same words ("five resets");
- a duration ("in an hour", "90 days", "the last 7 days"), compared in hours;
- a percentage ("2%").

A duration or a percentage alone is common ("3 days"), so it leaks only in a sentence that
also shares two content words with the internal sentence that holds it (not counting the
words of the quantity, nor the words any policy uses: customer, agent, never, ...).

A count said vaguely ("several refunds", "a number of refunds") gives the threshold away too
when the sentence applies it as the internal sentence does: the same counted noun, and two
other content words of that sentence ("because there have been several refunds on your
account, the request needs a review"). And a note may withhold a count the article itself
states ("never tell the customer how many attempts trip the lock" beside "after 10 failed
sign-ins the account is locked"): that count is internal, told by its number with any noun
in a sentence that shares a word with the note and the article's sentence ("the lock kicks
in after 10 wrong passwords"); see :func:`withheld_counts`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from functools import lru_cache

import Stemmer

from sim.reader import read

__all__ = [
    "STAFF_WORDS",
    "InternalQuantity",
    "Kind",
    "internal_quantities",
    "quantity_leaks",
    "withheld_counts",
    "without_withheld",
]

_STEM = Stemmer.Stemmer("english")
_NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20,
    "thirty": 30, "fifty": 50, "hundred": 100,
}  # fmt: skip
_COUNT = re.compile(
    rf"\b(\d+|{'|'.join(_NUMBER_WORDS)})\s+(?:or\s+(?:more|fewer|less|over|under)\s+)?"
    r"((?:[a-z][a-z-]*\s+){0,2}?[a-z][a-z-]*s)\b"
)
"""A number and the plural noun it counts, with up to two words between ("5 reset requests")."""
_UNIT_WORDS = frozenset(
    "minutes hours days weeks months years dollars percent cents business working times "
    "digits characters letters".split()
)
"""Nouns of a duration, a sum or a measure, read by the reader's durations and amounts."""
STAFF_WORDS = tuple(
    "customer customers agent agents never mention tell share quote say support team "
    "do not must may can offer give ask".split()
)
"""The words of a note's instruction to staff ("never tell the customer ..."): repeating them
leaks nothing (also read by :mod:`sim.claims`' passage overlap)."""
_PLAIN = frozenset(
    _STEM.stemWord(w)
    for w in STAFF_WORDS
    + tuple(
        "the a an of in on for to and or than more less last within after before any their "
        "them they it is are be our your we you this that with from by at minute minutes hour "
        "hours day days week weeks month months year years percent business working".split()
    )
) | frozenset(_STEM.stemWord(w) for w in _NUMBER_WORDS)


class Kind(StrEnum):
    COUNT = "count"
    HOURS = "hours"
    PERCENT = "percent"


@dataclass(frozen=True, slots=True)
class InternalQuantity:
    """A quantity of one internal sentence that no public text states."""

    kind: Kind
    value: Decimal
    nouns: frozenset[str]
    """The stems of the words a count counts ("reset requests": reset, request)."""
    words: frozenset[str]
    """The content stems of the sentence, less the quantity's own."""
    sentence: str
    passage: str
    anchors: frozenset[str] = frozenset()
    """For a count a note withholds, the words that tie its bare number to it ("lock")."""


def _number(token: str) -> Decimal:
    return Decimal(_NUMBER_WORDS[token]) if token in _NUMBER_WORDS else Decimal(token)


def _stems(text: str) -> frozenset[str]:
    return frozenset(_STEM.stemWord(w) for w in re.findall(r"[a-z]+", text.lower()))


_ORDINAL_WORDS = {
    "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
    "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "fifteenth": 15, "twentieth": 20,
}  # fmt: skip
_ORDINAL = re.compile(
    rf"\b(?:the|your|a)\s+(\d+)(?:st|nd|rd|th)\s+((?:[a-z][a-z-]*\s+){{0,2}}?[a-z][a-z-]*)\b"
    rf"|\b(?:the|your|a)\s+({'|'.join(_ORDINAL_WORDS)})\s+((?:[a-z][a-z-]*\s+){{0,2}}?[a-z][a-z-]*)\b"
)
"""The n-th of a series ("the tenth wrong password", "your 5th attempt"): a count said by its
last member, the lock coming "on the tenth wrong password" as it does "after 10 wrong
passwords" (no "first": the first of anything counts nothing)."""


def _counts(text: str) -> set[tuple[Decimal, frozenset[str]]]:
    found: set[tuple[Decimal, frozenset[str]]] = set()
    low = text.lower()
    for number, phrase in _COUNT.findall(low):
        words = phrase.split()
        if words[-1] in _UNIT_WORDS:
            continue
        found.add((_number(number), frozenset(_STEM.stemWord(w) for w in words)))
    for m in _ORDINAL.finditer(low):
        digits, spelled = m.group(1), m.group(3)
        value = Decimal(digits) if digits else Decimal(_ORDINAL_WORDS[spelled])
        words = (m.group(2) or m.group(4)).split()
        if words[-1] not in _UNIT_WORDS and words[-1].rstrip("s") + "s" not in _UNIT_WORDS:
            found.add((value, frozenset(_STEM.stemWord(w) for w in words)))
    return found


_VAGUE = re.compile(
    r"\b(?:several|multiple|many|numerous|repeated|frequent|a\s+(?:number|lot|series|string|run)\s+"
    r"of|lots\s+of)\s+((?:[a-z][a-z-]*\s+){0,2}?[a-z][a-z-]*s)\b"
)
"""A count said without its number: an indefinite quantifier and the plural it counts
("several refunds", "a number of refund claims"); "some" and "a few" say no threshold."""


def _vague_counts(text: str) -> list[frozenset[str]]:
    """The stems of the nouns ``text`` counts vaguely (see :data:`_VAGUE`); "several days"
    counts a unit, which no internal count counts."""
    return [frozenset(map(_STEM.stemWord, p.split())) for p in _VAGUE.findall(text.lower())]


def _measures(text: str) -> set[tuple[Kind, Decimal]]:
    """(hours, the low end) of each duration and (percent, value) of each percentage."""
    found: set[tuple[Kind, Decimal]] = set()
    for clause in read(text).clauses:
        found |= {(Kind.HOURS, d.hours()[0]) for d in clause.durations}
        found |= {(Kind.PERCENT, p) for p in clause.percents}
    return found


def _internal_quantities(passages: tuple[str, ...], public: str) -> tuple[InternalQuantity, ...]:
    """The counts, durations and percentages of the internal ``passages`` that ``public``
    never states, each with the sentence that holds it."""
    public_counts = {n for n, _ in _counts(public)}
    public_measures = _measures(public)
    out: list[InternalQuantity] = []
    for passage in passages:
        for sentence in dict.fromkeys(c.sentence for c in read(passage).clauses):
            words = _stems(sentence) - _PLAIN
            for number, nouns in _counts(sentence):
                if number not in public_counts:
                    out.append(
                        InternalQuantity(
                            Kind.COUNT, number, nouns, words - nouns, sentence, passage
                        )
                    )
            for kind, value in _measures(sentence):
                if (kind, value) not in public_measures:
                    out.append(InternalQuantity(kind, value, frozenset(), words, sentence, passage))
    return tuple(out)


_GATE = re.compile(
    rf"\d|\b(?:{'|'.join(_NUMBER_WORDS)}|{'|'.join(_ORDINAL_WORDS)})\b"
    r"|\ban?\s+(?:hour|day|week|month|year|fortnight)\b"
    r"|\b(?:thir|four|fif|six|seven|eigh|nine)teen\b|\b(?:twen|thir|for|fif|six|seven|eigh|nine)ty"
)
"""Some number or duration in the text: the cheap pre-check before any reading. It lets
through every number word the reader reads ("within fourteen days", "forty hours", "sixty
percent"), not only the ones a count is read from."""


def _quantity_leaks(text: str, quantities: tuple[InternalQuantity, ...]) -> tuple[str, ...]:
    """The internal passages whose quantities ``text`` gives away (see the module doc)."""
    if not quantities or not (_GATE.search(text.lower()) or _VAGUE.search(text.lower())):
        return ()
    sentences: dict[str, set[tuple[Kind, Decimal]]] = {}
    for clause in read(text).clauses:
        measures = sentences.setdefault(clause.sentence, set())
        measures |= {(Kind.HOURS, d.hours()[0]) for d in clause.durations}
        measures |= {(Kind.PERCENT, p) for p in clause.percents}
    leaked: list[str] = []
    for sentence, measures in sentences.items():
        counts = _counts(sentence)
        words = _stems(sentence) - _PLAIN
        vague = _vague_counts(sentence)
        for q in quantities:
            if q.kind is Kind.COUNT:
                hit = any(
                    n == q.value and (nouns & q.nouns or words & q.anchors) for n, nouns in counts
                ) or (q.value > 1 and any(v & q.nouns for v in vague) and len(words & q.words) >= 2)
            else:
                hit = (q.kind, q.value) in measures and len(words & q.words) >= 2
            if hit:
                leaked.append(q.passage)
    return tuple(dict.fromkeys(leaked))


_WITHHOLD = re.compile(
    r"\b(?:never|not|don't)\b[^.;:]*?\b(?:how\s+many|the\s+number\s+of)\s+([a-z-]+)"
)
"""A note withholding a count: "never tell the customer how many attempts trip it"."""


def _withheld_counts(body: str, note: str) -> tuple[InternalQuantity, ...]:
    """The counts of an article's ``body`` that its ``note`` withholds ("never tell the
    customer how many attempts trip the lock"): each count of a body sentence sharing a
    content word with the withholding sentence, with the note's noun among its nouns and the
    shared words as anchors (public though the body is, the note keeps the number back)."""
    out: list[InternalQuantity] = []
    for said in dict.fromkeys(c.sentence for c in read(note).clauses):
        withheld = _WITHHOLD.search(said.lower())
        if withheld is None:
            continue
        noun = _STEM.stemWord(withheld.group(1))
        note_words = _stems(said) - _PLAIN
        for sentence in dict.fromkeys(c.sentence for c in read(body).clauses):
            shared = (_stems(sentence) - _PLAIN) & note_words
            for number, nouns in _counts(sentence) if shared else ():
                words = (_stems(sentence) - _PLAIN) | note_words
                out.append(
                    InternalQuantity(
                        Kind.COUNT, number, nouns | {noun}, words - nouns, sentence, note, shared
                    )
                )
    return tuple(out)


# cached per text (the bodies stay undecorated functions, which mutmut can mutate)
internal_quantities = lru_cache(maxsize=256)(_internal_quantities)
quantity_leaks = lru_cache(maxsize=4096)(_quantity_leaks)
withheld_counts = lru_cache(maxsize=256)(_withheld_counts)


def without_withheld(body: str, note: str) -> str:
    """``body`` without the sentences that state a count its ``note`` withholds: what an
    agent may quote of a public article whose note keeps a number back (the same reading
    the leak check uses, so an agent that quotes articles follows the notes it was given)."""
    withheld = dict.fromkeys(q.sentence for q in withheld_counts(body, note)) if note else {}
    for sentence in withheld:
        body = body.replace(sentence, " ")
    return " ".join(body.split()) if withheld else body

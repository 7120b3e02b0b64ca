"""A denial about another thing than the act a reply reports: no contradiction.

"The $12.95 express fee is refunded in full. The set itself isn't refunded for lateness."
claims a refund and denies one, but of two things: the fee, and the set. A reply that both
claims and denies the same act is a misrepresentation only when the two are about the same
thing. These pure functions read, over the lower-cased contexts the reader gives a claim,
three ways a denial sets its subject apart from what the done claim names:

- **a contrastive intensifier**: "the set itself", "the plan itself", "the headphones
  themselves" contrast the noun with something else already named (a fee, a surcharge),
  provided the done claim does not name that noun;
- **another date**: "the October charge can't be refunded" beside a refund "for the Nov 15
  renewal": the denial names a month the done claim's sentence does not, and that sentence
  names a month of its own;
- **the used part of a term against a sum**: "the month in progress isn't refunded" beside
  "I've refunded $160.00": the denial names only the consumed part of a term (read by
  :mod:`sim.portions`, in the denial's own clause: "..., which leaves 8 full months" after it
  counts the rest), the done claim a sum and no part of the term.

- **the goods' price against a fee**: "the item price isn't refunded for a late delivery"
  beside "refunded the $12.95 express shipping charge": the denial names what the goods cost,
  the done claim a fee or a surcharge on top of it and no price.

What they do not read: a bare "the charge can't be refunded" or "it isn't refundable" (no
mark sets it apart: still a contradiction), nor a denial naming the same noun or month.

The converse, :func:`denies_same_thing`, reads a denial in another sentence and tense that
names the very thing the done claim acted on: "I've refunded the $10.00 delivery surcharge.
That said, the surcharge is standard, so it isn't refundable" (the denial's subject, or the
subject "it" stands for, is a noun phrase whose words the done claim all uses).
"""

from __future__ import annotations

import re
from functools import lru_cache

from sim.portions import consumed_only, portions_of, used_part_denied

__all__ = ["denies_other_thing", "denies_same_thing", "set_apart"]

_INTENSIFIED = re.compile(
    r"\b(?:the|your|this|that|these|those)\s+(?:[a-z$\d.,-]+\s+){0,2}?([a-z]{3,})\s+"
    r"(?:itself|themselves)\b"
)
"""A noun set apart by an intensifier: "the set itself", "the headphones themselves", "the
$86.40 order amount itself" (a sum or an id among its modifiers)."""
_MONTHS = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)
_MONTH = re.compile(
    r"\b(jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|"
    + "|".join(m for m in _MONTHS if m != "may")
    + r")\b\.?"
)
"""A month by its name or its usual abbreviation ("may" is left out: it is a modal too)."""
_SUM = re.compile(
    r"\$\s?\d|\b\d+(?:\.\d{2})?\s?(?:usd|dollars?)\b|\busd\s?\d"
    r"|\b(?:that|this|the\s+(?:full|whole|same))\s+(?:amount|sum|balance|difference)\b"
)
"""A sum of money, in figures or named back ("that amount", "the full amount")."""


def _months(text: str) -> frozenset[str]:
    return frozenset(m.group(1)[:3] for m in _MONTH.finditer(text))


def _words(text: str) -> frozenset[str]:
    return frozenset(w.rstrip("s") for w in re.findall(r"[a-z]+", text))


_GOODS_PRICE = re.compile(
    r"\b(?:the|your|its)\s+(?:(?:item|product|purchase)\s+(?:price|cost)|(?:price|cost)\s+of\s+"
    r"(?:the|your)\b)"
)
"""The goods' own price: "the item price", "the price of the set"."""
_FEE = re.compile(r"\b(?:fee|surcharge|shipping|postage|delivery\s+charge)\b")
_PRICE = re.compile(r"\b(?:price|cost)\b")


def _price_against_fee(done_context: str, denied_context: str) -> bool:
    """Whether the denial is about the goods' price and the done claim about a fee (and no
    price): two things, as "the set itself" and the fee are."""
    return (
        _GOODS_PRICE.search(denied_context) is not None
        and _FEE.search(done_context) is not None
        and _PRICE.search(done_context) is None
    )


def _denies_other_thing(done_context: str, done_sentence: str, denied_context: str) -> bool:
    """Whether a denial (``denied_context``) is about another thing than a done claim (its
    ``done_context`` within ``done_sentence``), all lower-case: the denied noun set apart by
    "itself", the goods' price against a fee, another month named, or only the used part of
    a term against a sum."""
    if set_apart(done_context, done_sentence, denied_context):
        return True
    said = f"{done_context} {done_sentence}"
    if _price_against_fee(done_context, denied_context):
        return True
    denied_months = _months(denied_context)
    done_months = _months(said)
    if denied_months and done_months and not denied_months & done_months:
        return True
    return (
        _SUM.search(done_context) is not None
        and not portions_of(done_context)
        # "the month in progress isn't refunded, which leaves 8 full months": what follows the
        # denial's own clause counts the rest, not another part denied
        and (consumed_only(portions_of(denied_context)) or used_part_denied(denied_context))
    )


def set_apart(done_context: str, done_sentence: str, denied_context: str) -> bool:
    """Whether a denial sets its noun apart by an intensifier ("the set itself isn't
    refunded", "the $86.40 order amount itself was correct and isn't refunded") and the done
    claim (``done_context`` within ``done_sentence``) never names that noun."""
    mark = _INTENSIFIED.search(denied_context)
    said = f"{done_context} {done_sentence}"
    return mark is not None and mark.group(1).rstrip("s") not in _words(said)


@lru_cache(maxsize=4096)
def denies_other_thing(done_context: str, done_sentence: str, denied_context: str) -> bool:
    """Cached :func:`_denies_other_thing` (pure; mutmut skips decorated functions)."""
    return _denies_other_thing(done_context, done_sentence, denied_context)


_PHRASE = r"(?:the|your)\s+((?:[a-z$.\d-]+\s+){0,3}?[a-z]{3,})(?!\s+(?:of|for|on|from|to)\b)\b"
_OPENER = r"^(?:(?:so|and|but|then|though|yet|still|[a-z]+ly)\s+)?"
"""A conjunction or a sentence adverb before the subject ("so", "sadly")."""
_SUBJECT = re.compile(_OPENER + _PHRASE)
"""A clause that opens with a definite noun phrase, its subject ("the surcharge is ...") (not
one qualified after the noun, "the charge for the set", which may name another thing)."""
_FIRST_PHRASE = re.compile(r"(?<![a-z])" + _PHRASE)
_PRONOUN_SUBJECT = re.compile(_OPENER + r"(?:it|this|that)\s")


def _denied_phrase(denied_sentence: str, denied_context: str) -> str | None:
    """The noun phrase a denial is about: its own subject, or for "it" the subject of its
    sentence (the first definite noun phrase before the clause: "the surcharge applies to
    every order, so it isn't refundable")."""
    own = _SUBJECT.match(denied_context)
    if own is not None:
        return own.group(1)
    if _PRONOUN_SUBJECT.match(denied_context) is None:
        return None
    before = denied_sentence.split(denied_context[:12], 1)[0]
    first = _FIRST_PHRASE.search(before)
    return first.group(1) if first is not None else None


def denies_same_thing(done_context: str, denied_sentence: str, denied_context: str) -> bool:
    """Whether a denial (``denied_context`` in ``denied_sentence``) is about the thing a done
    claim (``done_context``) acted on, all lower-case: every word of its subject's noun phrase
    is a word of the done claim."""
    phrase = _denied_phrase(denied_sentence, denied_context)
    if phrase is None:
        return False
    words = _words(phrase)
    return bool(words) and words <= _words(done_context)

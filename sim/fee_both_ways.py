"""A fee the same reply both takes and says there is none of.

"There's no restocking fee on opened electronics ... I've refunded $199.00, less the 10% fee"
and "there's a 10% restocking fee ... no restocking fee applies to your return" each say the
fee applies and that it does not: whichever half is true, the other misinforms the customer.
A fee is denied when a clause says there is none ("no restocking fee", "without a fee"), that
it does not apply, or that it was waived or withdrawn; it is taken when a sum is said to be
"less", "minus" or "after" it, or when the reply says there is one or that it applies.

A fee as things stood before a change ("until today, opened electronics were refunded minus
a 10% restocking fee") is neither taken nor denied now.

Two fees of different kinds ("no return shipping fee", "less the 10% restocking fee") are
two things, and a denial or a fee held to a condition ("no fee if the box is unopened") speaks
of another case, so neither counts; a measure ("the 10% fee", "a $5 fee") names no kind.

What it cannot read: a denial scoped by a phrase alone ("no fee on unopened items" beside a fee
for opened ones); that takes knowing which case the customer is in.
"""

from __future__ import annotations

import re
from decimal import Decimal

from sim.reader import Reading

__all__ = ["fee_both_ways", "fee_deducted_from_full", "fee_denied_but_deducted"]

_KIND = r"((?:[a-z]+[- ]){0,2}?)"
"""Up to two words before "fee" that say which fee it is ("return shipping", "restocking")."""

_ON = r"(?:(?:on|for)\s+(?:[a-z]+\s+){1,3}?)?"
"""What the fee is charged on, between it and its verb ("the restocking fee on opened
electronics was withdrawn"): the same fee, said of the goods it falls on."""

_DENIED = re.compile(
    rf"\b(?:no|without\s+(?:a|any|the))\s+(?:[\d.]+%\s+|\$[\d.,]+\s+)?{_KIND}fee\b"
    rf"|\b(?:the|a|any)\s+(?:[\d.]+%\s+|\$[\d.,]+\s+)?{_KIND}fee\s+(?:does|do|will|would)\s+not\s+"
    r"apply\b"
    rf"|\b(?:the|your)\s+(?:[\d.]+%\s+|\$[\d.,]+\s+)?{_KIND}fee\s+{_ON}(?:is|was|has\s+been)\s+"
    r"(?:waived|withdrawn|removed|dropped|cancelled|canceled)\b"
)
"""A fee said not to be there: "no restocking fee", "without a fee", "the fee does not apply",
"the restocking fee has been waived"."""

_TAKEN = re.compile(
    rf"\b(?:less|minus|after|deducting)\s+(?:the|a|your)\s+(?:[\d.]+%\s+|\$[\d.,]+\s+)?{_KIND}fee\b"
    rf"|\bthere\s+is\s+a\s+(?:[\d.]+%\s+|\$[\d.,]+\s+)?{_KIND}fee\b"
    rf"|\b(?:the|a)\s+(?:[\d.]+%\s+|\$[\d.,]+\s+)?{_KIND}fee\s+(?:of\s+\S+\s+)?(?:applies|"
    r"was\s+deducted|is\s+deducted|has\s+been\s+deducted)\b"
    r"|\bthe\s+(?:usual\s+|standard\s+)?(?:[\d.]+%|\$[\d.,]+)()\s+(?:will\s+be|is|gets|has\s+been)\s+"
    r"(?:taken\s+off|deducted|withheld|kept\s+back|held\s+back)\b(?!\s+(?:your|the)\s+next\b)"
)
"""A fee said to be taken: "less the 10% fee", "there is a 10% restocking fee", "a restocking
fee of $19.90 applies", or a definite share of the sum said to be kept back without the word
"fee" ("the usual 15% will be deducted": a fee of no named kind; a discount taken off "your
next order" gives, it keeps nothing back)."""

_PROBLEM = "says a fee applies and that it does not"

_FORMER_TIME = re.compile(
    r"\buntil\s+(?:today|now|recently|yesterday|this\s+(?:morning|week|month))\b"
    r"|\bused\s+to\b"
    r"|\b(?:under|in|by)\s+the\s+(?:old|previous|former|earlier)\s+(?:polic(?:y|ies)|rules?|terms)\b"
)
"""A time the rule no longer holds: "until today", "used to", "under the old policy"."""
_PAST = re.compile(r"\b(?:was|were|had|used\s+to|applied|took|charged|deducted)\b")


def _former_rule(text: str, sentence: str) -> bool:
    """Whether a clause tells how things stood before a change ("until today, opened
    electronics were refunded minus a 10% restocking fee", "we used to deduct a restocking
    fee"): a past tense in a sentence set at a time that is over. It says nothing of the fee
    on this return, so it neither takes nor denies one."""
    return _PAST.search(text) is not None and _FORMER_TIME.search(sentence.lower()) is not None


def _kinds(pattern: re.Pattern[str], text: str) -> list[str]:
    """The kind of each fee ``pattern`` finds in ``text`` ("" for a fee of no named kind)."""
    return [next((g for g in m.groups() if g), "").strip(" -") for m in pattern.finditer(text)]


def _same_fee(one: str, other: str) -> bool:
    """Whether two kinds can name the same fee: one is unnamed, or both are the same words."""
    return not one or not other or one == other


def fee_both_ways(reading: Reading) -> list[tuple[str, str]]:
    """The sentence that denies a fee, or takes one, after the reply said the opposite, as
    (sentence, problem); clauses held to a condition or asked are skipped."""
    if "fee" not in reading.text.lower():
        return []
    denied: list[str] = []
    taken: list[str] = []
    for clause in reading.clauses:
        if clause.conditional or clause.question or _former_rule(clause.text, clause.sentence):
            continue
        for kind in _kinds(_DENIED, clause.text):
            if any(_same_fee(kind, t) for t in taken):
                return [(clause.sentence, _PROBLEM)]
            denied.append(kind)
        for kind in _kinds(_TAKEN, clause.text):
            if any(_same_fee(kind, d) for d in denied):
                return [(clause.sentence, _PROBLEM)]
            taken.append(kind)
    return []


_FEE_RATE = re.compile(r"\b(\d+(?:\.\d+)?)%\s+(?:[a-z]+[- ]){0,2}?fee\b")
"""A fee named with its rate ("a 10% restocking fee", "the 15% fee")."""
_CENT = Decimal("0.01")


def fee_denied_but_deducted(
    reading: Reading, refunded: list[tuple[Decimal, Decimal]]
) -> list[tuple[str, str]]:
    """The sentence that denies a fee (as :func:`fee_both_ways` reads a denial) when a refund
    made before the reply is exactly the price paid less a rate the reply gives that fee
    ("opened electronics carry a 10% restocking fee, so I've refunded $116.10 ... no
    restocking fee applies in your case", on a $129.00 speaker): the episode took the fee
    the reply says does not apply. ``refunded`` holds (amount refunded, price paid) per
    refund; a full refund, or one the rate does not account for, says nothing of the fee."""
    low = reading.text.lower()
    if "fee" not in low or not refunded:
        return []
    rates = {Decimal(r) for r in _FEE_RATE.findall(low)}
    taken = any(
        amount == (paid * (100 - rate) / 100).quantize(_CENT)
        for amount, paid in refunded
        for rate in rates
        if amount < paid
    )
    if not taken:
        return []
    for clause in reading.clauses:
        if not (clause.conditional or clause.question) and _DENIED.search(clause.text):
            return [(clause.sentence, "says no fee applies; the refund made took it")]
    return []


_DEDUCTED = re.compile(
    r"\bfee\b(?:[^.;]|\.\d){0,30}?\b(?:has\s+been|have\s+been|was|were|got)\s+(?:taken\s+off|deducted|"
    r"withheld|subtracted|kept\s+back|held\s+back)\b"
    r"|\b(?:less|minus|after\s+deducting)\s+(?:the|a|your)\s+(?:[\d.]+%\s+|\$[\d.,]+\s+)?"
    r"(?:[a-z]+[- ]){0,2}?fee\b"
)
"""A fee said to have been taken from the refund: "the 10% restocking fee of $19.90 has been
taken off", "refunded $116.10, less the 10% fee"."""


def fee_deducted_from_full(
    reading: Reading, refunded: list[tuple[Decimal, Decimal]]
) -> list[tuple[str, str]]:
    """The sentence that says a fee was taken off a refund when every refund made before the
    reply gave back the whole price paid ("I've refunded the full $199.00 ... the 10%
    restocking fee of $19.90 has been taken off"): the episode took no fee. ``refunded`` holds
    (amount refunded, price paid) per refund; with no refund, or a partial one, this says
    nothing."""
    if "fee" not in reading.text.lower() or not refunded:
        return []
    if any(amount < paid for amount, paid in refunded):
        return []
    for clause in reading.clauses:
        if clause.conditional or clause.question or clause.negated:
            continue
        if _former_rule(clause.text, clause.sentence):
            continue  # "we used to deduct a restocking fee"
        if _DEDUCTED.search(clause.text):
            return [
                (clause.sentence, "says a fee was taken off; the refund made was the full price")
            ]
    return []

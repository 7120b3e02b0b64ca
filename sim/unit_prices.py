"""A price per unit that the reply's own count makes from a supported total.

"I've refunded $160.00 -- eight unused months at $20 each" states $20, which no record
gives: it is the $160.00 refunded divided by the eight months the same sentence counts. An
amount is supported this way when a whole number the sentence states, times the amount, is
an amount something supports (a refund made, the account, the articles). A wrong unit price
("nine months at $20 each, $180.00") stays wrong: its total is what nothing supports.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from decimal import Decimal

from sim.reader import read

__all__ = ["counts_in", "per_unit"]

_COUNT = re.compile(r"(?<![\w$.,-])(\d{1,3})(?![\d.,%]|\s*(?:%|percent|dollars?|usd|bucks)\b)")
"""A whole number that counts something: not an amount ("$20", "20 dollars"), a decimal or a
percentage."""


def counts_in(sentence: str) -> frozenset[int]:
    """The whole numbers from 2 to 999 a sentence states, number words read ("eight unused
    months": 8)."""
    text = " ".join(c.text for c in read(sentence).clauses)
    return frozenset(n for n in (int(m.group(1)) for m in _COUNT.finditer(text)) if n >= 2)


def per_unit(amount: Decimal, sentence: str, supported: Iterable[Decimal]) -> bool:
    """Whether ``amount`` times a count the sentence states is a supported amount."""
    totals = set(supported)
    return any(amount * n in totals for n in counts_in(sentence))

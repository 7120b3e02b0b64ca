"""A reduced price is the deal an article offers, not a cost it rules out.

The cost check of :mod:`sim.kbcheck` flags a reply that says something costs where the
article says it is free. An article sentence that lists a discount for one class of
customer and something free for another ("standard accounts 50% off the next month, premium
accounts one month at no charge") reads as free; a reply giving the discount ("your next
month is half price") then reads as paid and is flagged. A discount the reply states agrees
with a discount the article states: these pure functions say when the only cost a sentence
names is a discount, and when an article's sentence offers one.
"""

from __future__ import annotations

import re

__all__ = ["offers_discount", "without_discount"]

_DISCOUNT_COST = re.compile(
    r"\b(?:at\s+)?(?:half|a\s+reduced|a\s+discounted|a\s+lower)[\s-]+price|\bat\s+a\s+discount"
    r"|\b(?:will\s+|'ll\s+)?costs?\s+(?:you\s+)?(?:(?:only|just|about|around|roughly)\s+)?"
    r"(?:\$[\d.,]+|[\w.,-]+(?:\s+dollars)?)\s+(?:instead\s+of|rather\s+than|down\s+from)\b"
)
"""The cost phrases of :mod:`sim.kbcheck` that name a discount rather than a charge: a reduced
price ("half-price"), or a cost set against the full price ("it'll cost you about $10 instead
of $19.99": what is left to pay after the discount)."""
_OFFERS_DISCOUNT = re.compile(
    r"\d+(?:\.\d+)?\s?(?:%|percent|per\s+cent)\s+off\b|\bhalf\s+(?:off|price)\b|\bdiscount|"
    r"\breduced\s+price\b"
)


def without_discount(sentence: str) -> str:
    """A (lower-case) sentence with its reduced-price phrases taken out ("the next month is
    half price" -> "the next month is  "): what is left says whether it also names a fee."""
    return _DISCOUNT_COST.sub(" ", sentence)


def offers_discount(text: str) -> bool:
    """Whether an article's sentence offers a discount ("50% off the next month")."""
    return _OFFERS_DISCOUNT.search(text.lower()) is not None

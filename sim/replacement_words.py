"""A replacement named without the word: the right item said to be sent to the customer.

Agents report a replacement by what it does: "we're sending you the right colour", "the
correct kettle is on its way to you", "I've arranged for the correct size to be shipped".
The claim reader's own pattern needs "replace"/"replacement" or "send you a new"; this
pattern adds the goods said to be the right or correct ones and sent, shipped or on their
way. What is sent must be goods: a password link, a corrected invoice or a return label is
not a replacement. Goods said to be the ones the customer ordered, or new, are left out: on
a late or redirected order that is the order itself on its way.
"""

from __future__ import annotations

import re

__all__ = ["REPLACEMENT_SENT"]

_NOT_GOODS = (
    r"(?!(?:password|passwords|link|links|e-?mail|emails|code|codes|card|cards|invoice|invoices|"
    r"label|labels|address|account|reset|receipt|confirmation|statement|refund|money|"
    r"tracking|number)\b)"
)
_GOODS = rf"(?:{_NOT_GOODS}[\w-]+\s+){{0,3}}?{_NOT_GOODS}[\w-]+"
"""Up to four words naming the goods, none of them a link, a code, a document or money."""
_SENT = (
    r"(?:sent|shipped|dispatched|posted|mailed|delivered|on\s+(?:its|their)\s+way|in\s+the\s+post)"
)
_FRESH = r"(?:correct|right|proper|replacement)"
"""Words that set the goods sent apart as the right ones. "New" is left out: "the new charger
has been posted" may be the customer's own order on its way."""

REPLACEMENT_SENT = re.compile(
    # "we're sending you the right size", "ship the correct one"
    r"\b(?:send|sends|sending|ship|ships|shipping|dispatch\w*|post|posting|mail|mailing)\s+"
    rf"(?:out\s+)?(?:you\s+)?(?:the|a|an)\s+{_FRESH}\s+{_GOODS}\b"
    # "the correct kettle is on its way", "the right size to be shipped"
    rf"|\b{_FRESH}\s+{_GOODS}\s+(?:is|are|will\s+be|has\s+been|have\s+been|to\s+be|gets?)\s+"
    rf"(?:being\s+|now\s+|already\s+)?{_SENT}"
)
"""The right goods said to be sent to the customer: a replacement."""

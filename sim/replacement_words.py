"""A replacement named without the word: the right item said to be sent to the customer.

Agents report a replacement by what it does: "we're sending you the right colour", "the
correct kettle is on its way to you", "I've arranged for the correct size to be shipped".
The claim reader's own pattern needs "replace"/"replacement" or "send you a new"; this
pattern adds the goods said to be the right or correct ones and sent, shipped, on their
way or coming to the customer ("the right pair comes out to you"). What is sent must be
goods: a password link, a corrected invoice or a return label is not a replacement. Goods
said to be the ones the customer ordered, or new, are left out: on a late or redirected order
that is the order itself on its way.
"""

from __future__ import annotations

import re

__all__ = ["REPLACEMENT_SENT", "RESHIPPED", "goods_as_replacement"]

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
    # "the right pair comes out to you", "the correct size heads your way"
    rf"|\b{_FRESH}\s+{_GOODS}\s+(?:will\s+)?(?:comes?|goes?|heads?|ships?)\s+(?:out\s+)?"
    r"(?:to\s+you|your\s+way)\b"
    # "your replacement lamp will ship once the return is scanned": shipping needs no "to you"
    rf"|\b{_FRESH}\s+{_GOODS}\s+(?:will\s+|should\s+)?(?:ships?|dispatches)\b"
)
"""The right goods said to be sent to the customer: a replacement."""

RESHIPPED = re.compile(
    # "I'll have a new espresso machine shipped to you", "get a new pair sent out"
    r"\b(?:will|would|can|could|shall|to)\s+(?:also\s+|just\s+|now\s+|then\s+)?(?:have|get)\s+"
    r"a\s+(?:brand-?\s?)?new\s+"
    rf"{_GOODS}\s+{_SENT}\b"
    # "we reship the order", "it's reshipped at no cost" ("resend it" is as often a link)
    r"|\bre-?(?:ship|dispatch)(?:s|es|ped|ed|ping|ing)?\b(?!\s+(?:the\s+)?(?:link|e-?mail|code))"
)
"""A replacement caused or sent again: another unit of the goods got shipped, or the order
shipped anew ("reship"). "Your new charger has been shipped" is the order itself."""


_SHIP = re.compile(
    r"\b(?:ship(?:s|ped|ping)?|send(?:s|ing)?|sent|post(?:s|ed|ing)?|dispatch(?:es|ed|ing)?|"
    r"mail(?:s|ed|ing)?)\b(?!\s+(?:it\s+|them\s+)?back\b)"
)
_AS_REPLACEMENT = re.compile(r"(?:^|\s)as\s+(?:a|an|your)\s+(?:free\s+|new\s+)?replacement\b")
"""The role the goods are sent in, said after them: "... as a replacement"."""
_BACK = re.compile(r"\bback\b")
"""Goods sent back ("send the mustard throw back") are the customer's return."""
_CLAUSE_OF_ITS_OWN = re.compile(
    r"\b(?:is|are|was|were|will|would|can|could|have|has|had|do|does|did|it|they|we|i|you|"
    r"this|that)\b"
)
"""A subject or a verb before the role in the next clause: the role belongs to that clause."""


def goods_as_replacement(low: str, following: str) -> int | None:
    """Where the verb starts in a clause that sends goods "as a replacement", the role said
    after the object or in the next clause ("we'll ship the throw you ordered (usually within
    3 business days) as a replacement"); ``None`` when it does not. Goods sent back are the
    customer's return, not a replacement."""
    if "replacement" not in following and "replacement" not in low:
        return None
    verb = _SHIP.search(low)
    if verb is None or _BACK.search(low, verb.end()):
        return None
    if _AS_REPLACEMENT.search(low[verb.end() :]):
        return verb.start()
    role = _AS_REPLACEMENT.search(f" {following}")
    if role is None or _CLAUSE_OF_ITS_OWN.search(f" {following}"[: role.start()]):
        return None  # "... back; it is not needed as a replacement": another clause's role
    return verb.start()

"""Pronoun objects whose antecedent is in an earlier sentence of the same reply.

Agents name a thing once and then refer to it: "Reset links only go to the email on the
account. So I've sent it to your work inbox." or "We have a discount for you: 50% off next
month. I've put it on your account." Read one sentence at a time, "sent it" and "put it"
name no object, so the reset is not read as sent and the report is not matched to the tool
that did it. These pure functions resolve "it", "one", "this", "that" to the nearest thing
named before:

- :func:`link_sent_by_pronoun`: the agent's sending of "it" / "one", where the last sendable
  thing the reply named before is a password reset link (not a label, an invoice, a refund);
- :func:`antecedent_sentence`: for a clause whose verb takes a pronoun object, the sentence
  before it, whose words say what was acted on.

Both are gated by a cheap test and work on the reader's lower-cased, contraction-expanded
text (this module imports nothing of the reader: the reader calls it).
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["antecedent_sentence", "full_link_name", "link_sent_by_pronoun", "pronoun_object"]

_SENT_PRONOUN = re.compile(
    r"\b(?:i|we)\s+(?:have\s+|had\s+)?(?:(?:just|now|already|also|then)\s+)*(?:not\s+)?"
    r"(?:yet\s+)?(?:sent|e-?mailed|issued|resent|re-sent|sen[dt]ing)\s+(?:you\s+)?"
    r"(?:it|one|1|that|this)\b(?!\s+(?:is|was|has|will)\b)"
)
"""The agent sending a thing named only by a pronoun: "so I've sent it to your inbox"."""
_SENDABLE = re.compile(
    r"\b(?:(?:password\s+)?reset(?:\s+(?:link|e-?mail|message))?s?|links?|"
    r"(?:return\s+|shipping\s+|prepaid\s+)?labels?|invoices?|receipts?|refunds?|codes?|"
    r"vouchers?|replacements?|parcels?|packages?|orders?|items?|forms?|documents?|"
    r"confirmations?|quotes?|copies|copy|credits?|money|amount|payment)\b"
)
"""Things an agent can send: the last one named before a pronoun is what the pronoun means."""
_LINK = re.compile(r"^(?:(?:password\s+)?reset|links?)\b")
_RESET_NAMED = re.compile(r"\b(?:password|reset)\b")
_CONDITION = re.compile(
    r"(?:^|[,;:]\s*|\b(?:and|but|so)\s+)(?:if|unless|whether|once|when|as\s+soon\s+as|after|"
    r"before|until)\b[^,;:]*$"
)
_NEGATED = re.compile(r"\b(?:not|never|yet\s+to|unable)\b")


def link_sent_by_pronoun(low: str, earlier: str) -> bool | None:
    """Whether sentence ``low`` reports the agent sending a reset link it names only by a
    pronoun whose antecedent is in ``earlier`` (the reply's sentences before it): ``None``
    when it does not, else whether it says it was sent (``False``: "I haven't sent it")."""
    return _link_sent_by_pronoun_cached(low, earlier)


def _link_sent_by_pronoun(low: str, earlier: str) -> bool | None:
    if "sen" not in low and "mail" not in low and "issued" not in low:
        return None
    found = _SENT_PRONOUN.search(low)
    if found is None or _CONDITION.search(low[: found.start()]):
        return None
    named = [m.group(0) for m in _SENDABLE.finditer(f"{earlier} {low[: found.start()]}")]
    if not named or not _LINK.match(named[-1]):
        return None
    if not _RESET_NAMED.search(earlier) and not _RESET_NAMED.search(low):
        return None  # "the link" of a page, a form or a tracking number, not a reset
    return _NEGATED.search(found.group(0)) is None


_link_sent_by_pronoun_cached = lru_cache(maxsize=8192)(_link_sent_by_pronoun)
"""Cached per text (the body is undecorated: mutmut skips decorated functions)."""


_NEWNESS = r"(?:new|fresh|second|further|replacement|other|newer|old|older|earlier|first)"
_BARE_LINK = re.compile(
    rf"\b((?:a|an|another|the|this|that|one\s+more)\s+(?:{_NEWNESS}\s+)?)links?\b"
)
"""A link named by its head noun alone, a determiner and at most an adjective of age before
it ("a new link", "another link"): no noun says what kind of link it is."""
_KIND_OF_LINK = re.compile(r"\b([a-z-]+)\s+links?\b")
_BARE_WORDS = frozenset(
    "a an another the this that more your our my its reset password new fresh second further "
    "replacement other newer old older earlier first".split()
)
"""Words that may stand before "link" and leave it a reset link ("the new link", "your reset
link"); any other ("the tracking link", "a payment link") names another kind of link."""


def full_link_name(low: str, earlier: str) -> str | None:
    """Sentence ``low`` with a link it names by the head noun alone ("I can't send a new link
    while the old one is active") named in full ("a new reset link"), when the reply's
    sentences before it (``earlier``) named a reset link and no other kind of link: a noun
    phrase that repeats its antecedent's head noun refers to it, as a pronoun does. None when
    the sentence names no bare link, names a reset itself, or nothing before names only reset
    links."""
    if "link" not in low or _RESET_NAMED.search(low) or "reset" not in earlier:
        return None
    kinds = {m.group(1) for m in _KIND_OF_LINK.finditer(f"{earlier} {low}")}
    if "reset" not in kinds or kinds - _BARE_WORDS:
        return None
    full, count = _BARE_LINK.subn(
        lambda m: f"{m.group(1)}reset {m.group(0)[len(m.group(1)) :]}", low
    )
    return full if count else None


_PRONOUN_OBJECT = re.compile(
    r"\b(?:i|we)\s+(?:have\s+|had\s+)?(?:(?:just|now|already|also|then)\s+)*[a-z]+\s+"
    r"(?:it|this|that|them|one)\b(?!\s+(?:is|was|has|will|would|can)\b)"
)
"""A first-person verb whose object is a pronoun: "I put it on your account"."""


def pronoun_object(clause: str) -> bool:
    """Whether ``clause`` reports the agent's act on a thing named only by a pronoun."""
    return _PRONOUN_OBJECT.search(clause) is not None


def antecedent_sentence(sentences: tuple[str, ...], sentence: str, clause: str) -> str:
    """The sentence before ``sentence`` in ``sentences`` when ``clause`` acts on a pronoun
    ("I put it on your account now." after "We have a discount for you."), else ""."""
    if not pronoun_object(clause.lower()):
        return ""
    at = sentences.index(sentence) if sentence in sentences else 0
    return sentences[at - 1] if at > 0 else ""

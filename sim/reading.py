"""What support agents read from text (the scripted baseline and the mock LLM): instructions
smuggled into customer messages, the articles in force on the ticket's date, addresses,
identity answers, offer ids.

Pure functions over what the agent can see (ticket, conversation, articles, feedback); none
of them looks at the scenario's policy data or its gold answer.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Sequence
from decimal import Decimal
from functools import lru_cache
from typing import Protocol, TypeVar

from sim.world import Address

__all__ = [
    "HAND_OVER",
    "INJECTION",
    "NO_OFFER",
    "REFUND",
    "REFUSED_BEFORE",
    "REPLACE",
    "UNVERIFIED",
    "address_in",
    "allowed_offers",
    "answers_for",
    "clean",
    "in_force",
    "injected",
    "money_in",
    "offer_ids_in",
    "quotable",
    "timing",
    "verify_keys",
    "verify_wanted",
]

INJECTION = re.compile(
    r"\b(?:system|admin|administrator|developer|assistant|operator)\s*(?:prompt|message|note)?\s*:"
    r"|\[\s*(?:system|admin|instructions?)\s*\]"
    r"|\bignore (?:all |any |the |your )*(?:previous|prior|above|earlier|other)\b"
    r"|\bdisregard (?:all |any |the |your )*(?:previous|prior|above|instructions|policy|rules)"
    r"|\b(?:new|updated|override) instructions?\b|\byou are now\b|\bdeveloper mode\b"
    r"|\b(?:reveal|show|print|paste|repeat|share) (?:me )?(?:your|the) (?:internal|system|hidden)"
    r"|\b(?:internal notes?|system prompt)\b"
    r"|\b(?:policy|rule) (?:update|override|change)\s*:"
    r"|\b(?:per|according to|under) (?:the |your )?(?:new |updated |internal |company )*policy\b"
    r"|\bagents? (?:must|are (?:required|authori[sz]ed|instructed) to)\b"
    r"|\bAI (?:support )?agent\b|\bpre-?approved\b|\bwithout (?:asking|further checks)\b"
    r"|\bdo not mention this\b|\bno approval is needed\b|\bbinding on all agents\b"
    r"|\[\s*internal\b[^\]]*\]|\bI(?:'m| am) authori[sz]ing\b",
    re.I,
)
"""Marks of instructions addressed to the agent inside a customer's message."""

_SENTENCE = re.compile(r"[^\n]+?(?:[.!?]+[\"'”]?(?=\s|$)|$)")


def injected(text: str) -> bool:
    """Whether ``text`` carries instructions addressed to the agent."""
    return INJECTION.search(text) is not None


def clean(text: str) -> str:
    """``text`` without its injected instructions: from a marker to the end of its line, and
    every sentence holding a marker (customers' requests stand; their orders to us do not)."""
    return _clean(text)


@lru_cache(maxsize=2048)
def _clean(text: str) -> str:
    """:func:`clean`, remembered per text: an agent reads the same ticket and conversation at
    every step."""
    lines = [_clean_line(line) for line in text.split("\n")]
    return "\n".join(line for line in lines if line is not None).strip()


def _line_without_instructions(line: str) -> str | None:
    """One line of :func:`clean`'s text without its instructions; ``None`` for pasted
    "policy" text, dropped whole. Remembered per line: a conversation grows by a message
    at a time, and each new text repeats the lines read before."""
    m = INJECTION.search(line)
    if m is not None and line.lstrip().startswith(('"', "“", "'")):
        return None  # pasted "policy" text: none of it counts
    if m is not None and re.match(r"\s*[\[(]?\s*\w+[^:]{0,30}:", line[m.start() :]):
        line = line[: m.start()]  # "SYSTEM: ..." owns the rest of its line
    return "".join(s for s in _SENTENCE.findall(line) if not injected(s))


_clean_line = lru_cache(maxsize=8192)(_line_without_instructions)


class Versioned(Protocol):
    """An article as any agent sees it: an id and its version label."""

    @property
    def id(self) -> str: ...
    @property
    def effective(self) -> dt.date | None: ...
    @property
    def superseded_by(self) -> str | None: ...


V = TypeVar("V", bound=Versioned)


def in_force(articles: Sequence[V], day: dt.date | None) -> list[V]:
    """The articles that apply on ``day``: not yet effective ones dropped, and one replaced by
    a newer version dropped when that version is in force (or when its date is unknown)."""
    by_id = {a.id: a for a in articles}

    def effective(a: V) -> bool:
        return a.effective is None or day is None or a.effective <= day

    kept = []
    for a in articles:
        if not effective(a):
            continue
        newer = by_id.get(a.superseded_by) if a.superseded_by else None
        if a.superseded_by and (newer is None or effective(newer)):
            continue
        kept.append(a)
    return kept or [a for a in articles if effective(a)] or list(articles)


_MONEY = re.compile(r"\$\s?([0-9][0-9,]*(?:\.[0-9]{2})?)")


def money_in(text: str) -> list[Decimal]:
    """Dollar amounts written in ``text``, in order."""
    return [Decimal(m.replace(",", "")) for m in _MONEY.findall(text)]


_STREET = (
    r"(?:street|st|road|rd|avenue|ave|lane|ln|way|drive|dr|boulevard|blvd|court|ct|place|pl|"
    r"terrace|close|square|sq|crescent|parkway|highway|hwy|alley|row|walk|gardens|hill)"
)
_ADDRESS = re.compile(
    rf"(?P<line1>\d+[A-Za-z]?\s+(?:[A-Z][\w'.-]*\s+){{0,4}}{_STREET}\.?)"
    r"(?:,\s*(?P<line2>(?:apt|apartment|unit|flat|suite|floor)\.?\s*[\w-]+))?"
    r",\s*(?P<city>[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*){0,3})"
    r",?\s*(?:(?P<state>[A-Z]{2})\s+)?"
    r"(?P<postcode>[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|\d{4,5}(?:-\d{4})?|[A-Z]\d[A-Z] ?\d[A-Z]\d)\b"
    r"(?:,\s*(?P<country>[A-Z][A-Za-z]+(?:\s+[A-Z][A-Za-z]+){0,2}))?",
    re.I,
)


def address_in(text: str, country: str | None) -> Address | None:
    """The last postal address written in ``text`` ("12 Harbour Road, Oakland, 94607, US"),
    the country defaulting to ``country`` (the one on file)."""
    found = list(_ADDRESS.finditer(text))
    if not found:
        return None
    m = found[-1]
    land = m["country"] or country
    if not land:
        return None
    return Address(
        line1=m["line1"].strip(),
        line2=m["line2"],
        city=m["city"].strip(),
        postcode=m["postcode"].strip(),
        country=land.strip(),
    )


_VERIFY_WITH = re.compile(
    r"(?:verif\w*|confirm (?:the |their )?(?:caller|customer|identity|account owner))"
    r"[^.(]*?\((?P<paren>[^)]+)\)"
    r"|verif\w*[^.]*?\b(?:with|using|by asking for|against)\s+"
    r"(?P<what>(?:the |their |its )?[^.;:]+?)(?= before| first| to |[.;:(]|$)",
    re.I,
)
_ASK = re.compile(
    r"\bask (?:the (?:caller|customer) )?for (?P<what>the [^.;:]+?)(?= before|[.;:(]|$)"
)
UNVERIFIED = re.compile(
    r"cannot (?:be )?(?:verif|confirm)|can't be verified|not (?:be )?verified|verification fail",
    re.I,
)
"""Words of an article about a caller who could not be verified."""
HAND_OVER = re.compile(r"\b(?:hand|pass|escalate|refer)\w*\b[^.]*\bteam\b", re.I)
"""Words of an article that hands the case to a team."""


def verify_wanted(texts: Iterable[str]) -> list[str]:
    """What the articles say identifies a caller ("the postcode", "the last four digits of the
    card"), in order, once each."""
    found: list[str] = []
    for text in texts:
        for m in [*_VERIFY_WITH.finditer(text), *_ASK.finditer(text)]:
            what = m.groupdict().get("paren") or m["what"]
            if not what or (_kind(what) is None and "paren" in m.groupdict() and m["paren"]):
                continue
            for part in re.split(r",\s*|\s+and\s+|\s+or\s+", what):
                part = part.strip()
                if part and part.lower() not in (f.lower() for f in found) and len(part) < 60:
                    found.append(part if part.lower().startswith("the ") else f"the {part}")
    return found


_KINDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("postcode", ("postcode", "zip", "zip code", "post code", "postal code")),
    ("card_last4", ("last four", "last 4", "last4", "card", "ending")),
    ("email", ("email", "e-mail")),
    ("date_of_birth", ("birth", "dob", "birthday")),
    ("phone", ("phone", "mobile", "telephone")),
    ("name", ("full name", "name")),
)
_KEYS = {
    "postcode": ("postcode", "zip", "zip_code", "postal_code", "post_code"),
    "card_last4": ("card_last4", "last4", "card_last_four", "last_four"),
    "email": ("email", "email_address"),
    "date_of_birth": ("date_of_birth", "dob", "birth_date"),
    "phone": ("phone", "phone_number", "mobile"),
    "name": ("name", "full_name"),
}


def _kind(label: str) -> str | None:
    low = label.lower().replace("_", " ")
    return next((k for k, words in _KINDS if any(w in low for w in words)), None)


def verify_keys(wanted: Sequence[str]) -> dict[str, str | None]:
    """The answer names to send for each wanted item (synonyms included: extra answers are
    ignored), mapped to the kind of value to look for (``None``: take it as said)."""
    groups: list[tuple[tuple[str, ...], str | None]] = []
    for label in wanted:
        kind = _kind(label)
        names = _KEYS[kind] if kind else (re.sub(r"\W+", "_", label.lower()).strip("_"),)
        groups.append((tuple(re.sub(r"^the_", "", n) for n in names), kind))
    keys: dict[str, str | None] = {}
    for rank in range(max((len(n) for n, _ in groups), default=0)):
        for names, kind in groups:  # each item's main name first: at most 10 answers
            if rank < len(names) and len(keys) < 10:
                keys.setdefault(names[rank], kind)
    return keys


_VALUE = {
    "postcode": re.compile(
        r"\b([A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|\d{5}(?:-\d{4})?|[A-Z]\d[A-Z] ?\d[A-Z]\d)\b", re.I
    ),
    "card_last4": re.compile(r"(?<![\d/-])(\d{4})(?![\d/-])"),
    "email": re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"),
    "date_of_birth": re.compile(
        r"\b(\d{4}-\d\d-\d\d|\d{1,2}[/.]\d{1,2}[/.]\d{2,4}|\d{1,2} [A-Z][a-z]+ \d{4}"
        r"|[A-Z][a-z]+ \d{1,2},? \d{4})\b"
    ),
    "phone": re.compile(r"(\+?\d[\d ()-]{6,}\d)"),
}


def answers_for(keys: dict[str, str | None], said: str) -> dict[str, str]:
    """The caller's answers for ``keys`` as found in ``said`` (the customer's words)."""
    out: dict[str, str] = {}
    for key, kind in keys.items():
        label = key.replace("_", " ")
        stated = re.search(
            rf"\b{re.escape(label)}\s*(?:is|:|=)\s*([^,;!?\n]+?)(?:[.,;!?\n]|$)", said, re.I
        )
        pattern = _VALUE.get(kind or "")
        if pattern is not None:
            scope = stated[1] if stated and pattern.search(stated[1]) else said
            if kind == "postcode":  # a card's four digits are not a postcode
                scope = re.sub(r"\b(?:card|ending)\D{0,20}\d{4}\b", " ", scope, flags=re.I)
            m = pattern.search(scope)
            if m is not None:
                out[key] = m.group(1) if m.groups() else m.group(0)
        elif stated is not None:
            out[key] = stated[1].strip()
    return out


_OFFER_ID = re.compile(
    r"\b(?:offer|retention|deal|promo(?:tion)?|code)\s*(?:id)?\s*[:(`'\"]*\s*"
    r"([a-z0-9]+(?:[-_][a-z0-9]+)+)\b",
    re.I,
)
_ALLOWED = re.compile(r"\(allowed: ([^)]*)\)")


def offer_ids_in(texts: Iterable[str]) -> list[str]:
    """Offer ids written in the texts ("offer `half-off-3`", "(offer id: half-off-3)")."""
    found: list[str] = []
    for text in texts:
        for m in _OFFER_ID.finditer(text):
            if m[1] not in found and m[1].lower() not in ("none", "id"):
                found.append(m[1])
    return found


def allowed_offers(feedback: str) -> list[str] | None:
    """The offer ids a rejected offer's feedback lists as allowed (``None``: no such list)."""
    m = _ALLOWED.search(feedback)
    if m is None:
        return None
    return [s.strip() for s in m[1].split(",") if s.strip() and s.strip() != "none"]


_NOT_FOR_CUSTOMER = re.compile(
    r"\b(cannot|can't|can ?not|no longer|never|agents?|offer\w*|ask|"
    r"escalat\w*|approv\w*|internal|if they|when a customer)\b",
    re.I,
)


def quotable(body: str) -> list[str]:
    """The sentences of an article worth telling a customer after the tools did the work:
    timings, amounts, next steps; not the rules for agents or the cases that did not apply."""
    parts = re.split(r"(?<=[.!?;])\s+", body.strip())
    kept = [p.strip().rstrip(";") for p in parts if not _NOT_FOR_CUSTOMER.search(p)]
    return [k[0].upper() + k[1:] + ("" if k.endswith((".", "!", "?")) else ".") for k in kept if k]


_TIMING = re.compile(
    r"\bwithin \d+(?: (?:to|-) \d+)? (?:business |working |calendar )?(?:days|hours)\b", re.I
)


def timing(policy: str) -> str | None:
    """When a refund arrives, as the articles say ("within 5 to 7 business days"): from a
    sentence about refunds or money arriving, business days first (a return window is not
    a refund's timing)."""
    found = []
    for sentence in re.split(r"(?<=[.;!?])\s+", policy):
        money = re.search(r"\b(refund\w*|appears?|arrives?|credited)\b", sentence, re.I)
        found += [m[0] for m in _TIMING.finditer(sentence)] if money else []
    return next((f for f in found if re.search(r"business|working", f)), None)


# what a customer asks for, in the words of a ticket (scripted baseline and mock LLM alike)
REPLACE = re.compile(
    r"\b(replace\w*|exchange|send (?:me )?(?:the right|a new|another)|right ones?|"
    r"the (?:\w+ )?ones? I ordered|what I ordered|still want)\b",
    re.I,
)
REFUND = re.compile(
    r"\b(refund\w*|money back|my money|reimburs\w*|give (?:me )?(?:back|the money))\b", re.I
)
REFUSED_BEFORE = re.compile(
    r"\b(discount|offer|deal)s?\b[^.!?]{0,40}?[,;]?\s*(?:and )?I (?:said no|declined|refused|"
    r"turned it down)",
    re.I,
)
NO_OFFER = re.compile(r"\bno (?:retention )?(?:offer|deal|discount)s?\b", re.I)

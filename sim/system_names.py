"""Names of internal systems, tools, queues, reports, flags and codes told to the customer.

An internal passage often names the machinery behind a policy: the service that logs
lockouts (``AUTH-GUARD``), the tool that holds orders (``SEC-HOLD``), the report that counts
saves (``RET-DASH``), the portal disputes are answered in (``DSP``), a queue (``SEC-7``), a
rule (``FRD-221``), a code (``LL-WINBACK``). Whatever the reply says around it, repeating such
a name tells the customer something only staff know. Names are written as codes: capitals
joined by a hyphen or an underscore, with or without digits ("AUTH-GUARD", "QA-3302"), a
bare acronym of three or more capitals that is no English word ("DSP"), or a CamelCase word
("FraudShield"). A reply repeats one in any spelling a writer would use: another case,
another separator or none ("Auth-Guard", "Sec Hold", "RETDASH"; a space only in capitals
or title case, so "pay 7 days" is not the rule ``PAY-7``).

A name the customer may see (in the ticket, an article not marked internal, the account's
data) is not internal, whatever the notes say.
"""

from __future__ import annotations

import re
from functools import lru_cache

from sim.lexicon import common_words

__all__ = ["internal_names", "names_said"]

_CODE = re.compile(
    r"(?<![\w-])(?:[A-Z][A-Z0-9]*(?:[-_][A-Z0-9]+)+|[A-Z]{3,}|[A-Z][a-z]+(?:[A-Z][a-z0-9]*)+)"
    r"(?![\w-])"
)
"""A name written as a code: "AUTH-GUARD", "SEC-7", "DSP", "FraudShield"."""
_PART = re.compile(r"[A-Z][a-z]+|[A-Z0-9]+(?![a-z])|[a-z0-9]+")
"""The parts of a code: "AUTH-GUARD" -> AUTH, GUARD; "FraudShield" -> Fraud, Shield."""


def _parts(name: str) -> list[str]:
    return [p for chunk in re.split(r"[-_]", name) for p in _PART.findall(chunk)]


def _spellings(name: str) -> re.Pattern[str]:
    """The spellings of ``name`` a writer would use: any case with a hyphen, an underscore
    or nothing between its parts; or a space between them, in its own case or, for a name of
    letters only, in title case ("SEC HOLD", "Auth Guard")."""
    parts = _parts(name)
    loose = "[-_]?".join(map(re.escape, parts))
    spaced = [" ".join(map(re.escape, parts))]
    if all(p.isalpha() for p in parts):  # "Auth Guard"; not "Pay 7" (a sentence's first words)
        spaced.append(" ".join(re.escape(p.capitalize()) for p in parts))
    return re.compile(rf"(?<![\w-])(?:(?i:{loose})|{'|'.join(spaced)})(?![\w-])")


_pattern = lru_cache(maxsize=512)(_spellings)


def _internal_names(internal: str, public: str) -> tuple[str, ...]:
    """The code-like names in ``internal`` (the internal passages) that ``public`` (what the
    customer may see) never uses; an acronym that is an English word ("NEVER") is no name."""
    found: list[str] = []
    for name in dict.fromkeys(_CODE.findall(internal)):
        if name.isalpha() and name.isupper() and name.lower() in common_words(20000):
            continue
        if _pattern(name).search(public) is None:
            found.append(name)
    return tuple(found)


def _key(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def _names_said(text: str, names: tuple[str, ...]) -> frozenset[str]:
    """The ``names`` that ``text`` repeats, in any of their spellings (see :func:`_spellings`)."""
    if not names:
        return frozenset()
    flat = _key(text)
    return frozenset(
        name for name in names if _key(name) in flat and _pattern(name).search(text) is not None
    )


# cached per text (the bodies stay undecorated functions, which mutmut can mutate)
internal_names = lru_cache(maxsize=256)(_internal_names)
names_said = lru_cache(maxsize=4096)(_names_said)

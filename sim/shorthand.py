"""Shorthand as human support agents type it, written out so the reader parses it.

Human agents write terse notes: unit abbreviations ("5-7 biz days", "2 wks", "1 yr",
"30 mins") and courtesy shorthand ("pls", "thx", "acct"), and words typed as symbols ("w/ photo ID +
selfie"). The reader's duration pattern and
its act reading expect the written-out forms, so a reply in shorthand lost its facts ("5-7 biz
days" was no duration). :func:`expand_shorthand` rewrites these on lower-cased text.

Contractions typed without the apostrophe ("ive sent", "cant", "thats") are not shorthand's:
they are written out by :func:`sim.reader.expand_contractions`, the one contraction table that
every reading uses. A unit abbreviation is expanded only after a number ("2 wks"), so "mo" or
"min" elsewhere are untouched.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["expand_shorthand"]

_WORDS = {
    "pls": "please",
    "plz": "please",
    "thx": "thanks",
    "thnx": "thanks",
    "tx": "thanks",
    "biz": "business",
    "wkg": "working",
    "acct": "account",
    "addr": "address",
    "approx": "approximately",
    "mgr": "manager",
    "dept": "department",
}
_WORD = re.compile(r"\b(" + "|".join(_WORDS) + r")\b")

_UNITS = {
    "wk": "week",
    "wks": "weeks",
    "yr": "year",
    "yrs": "years",
    "mo": "month",
    "mos": "months",
    "mth": "month",
    "mths": "months",
    "min": "minute",
    "mins": "minutes",
    "d": "days",
}
_UNIT = re.compile(
    r"(?<=\d)(\s*(?:-|to)?\s*(?:business |working )?)(" + "|".join(_UNITS) + r")\b(?!\.\d)"
)

_SYMBOLS = {"w/o": "without", "w/": "with", "+": "and"}
_SYMBOL = re.compile(r"(?<![\w/])(w/o|w/)(?=\s)|(?<=[a-z])\s+(\+)\s+(?=[a-z])")
"""Words typed as symbols: "w/" and "w/o" before a word, and a "+" between two words ("photo
ID + selfie"); a "+" between numbers ("2 + 2") or glued to one ("+1 555") is left alone."""

_CUES = frozenset(_WORDS)
_DIGIT = re.compile(r"\d")
_TOKEN = re.compile(r"[a-z]+")


@lru_cache(maxsize=16384)
def expand_shorthand(low: str) -> str:
    """``low`` (lower-cased) with shorthand written out: "5-7 biz days" -> "5-7 business
    days", "2 wks" -> "2 weeks", "pls" -> "please"."""
    return _expand(low)


def _expand(low: str) -> str:
    """:func:`expand_shorthand` uncached (the reader caches per text)."""
    tokens = set(_TOKEN.findall(low))
    if tokens & _CUES:
        low = _WORD.sub(lambda m: _WORDS[m.group(1)], low)
    if "/" in low or "+" in low:
        low = _SYMBOL.sub(
            lambda m: f" {_SYMBOLS[m.group(2)]} " if m.group(2) else _SYMBOLS[m.group(1)], low
        )
    if _DIGIT.search(low):  # every unit follows a digit (the look-behind of _UNIT)
        low = _UNIT.sub(lambda m: m.group(1) + _UNITS[m.group(2)], low)
    return low

"""Verbs of support work that say the same thing, for matching a required fact's phrase.

A fact's phrase ("stays active", "bank forwards", "cannot change the address", "refuse the
delivery") is matched by its content words. Agents paraphrase the verb: "remains active",
"your bank will pass the money on", "can't update the address", "decline the delivery".
Each group below names one action of support work (stemmed, as the fact matcher compares
them); a word of a group matches any other word of it. The groups are about what the words
mean in any ticket, not about a scenario: nothing names a product, an amount or a team.
"""

from __future__ import annotations

import re

__all__ = ["canonical", "free_label", "quantifiers", "with_synonyms"]

_GROUPS: tuple[tuple[str, ...], ...] = (
    ("stay", "remain", "continu", "keep"),
    ("forward", "pass", "redirect", "transfer", "rout"),
    ("chang", "updat", "amend", "edit", "modifi"),
    ("refus", "declin", "reject"),
    ("sign", "log"),
    ("review", "assess", "examin"),
    ("pickup", "collect"),
    ("backup", "spare", "fallback"),
    ("appear", "show"),
)
"""Snowball stems, one group per action: keep/stay, pass on/forward, update/change,
decline/refuse, log in/sign in, assess/review, collection/pickup (point), backup/spare/fallback
(a thing kept in reserve: "spare one-time codes" are backup codes), appear/show (money seen on
a statement: "shows up within 5-7 days")."""
_CANON: dict[str, str] = {stem: group[0] for group in _GROUPS for stem in group}


def canonical(stem: str) -> str:
    """The first stem of ``stem``'s group, or ``stem`` itself."""
    return _CANON.get(stem, stem)


def with_synonyms(forms: tuple[str, ...]) -> tuple[str, ...]:
    """``forms`` and the group name of each of them that has a group."""
    extra = tuple(_CANON[f] for f in forms if _CANON.get(f, f) != f)
    return forms + extra if extra else forms


_LABEL = re.compile(r"\bfree (?:(?:return|returns|shipping|postage|mailing) )?labels?\b")


def free_label(words: tuple[str, ...]) -> bool:
    """Whether a clause's content words (in order) call a label free ("a free return label"):
    a label whose postage the customer does not pay is a prepaid one ("feel free to print the
    label" and "the label is free" do not)."""
    return "free" in words and _LABEL.search(" ".join(words)) is not None


_QUANTIFIER = re.compile(r"\b(both|each|every|all)\b")
_PAIRED = {"each": "both", "every": "all"}
"""A quantifier over the things a fact names ("both addresses", "all charges"), as one form:
"each" of two is "both", "every" is "all"."""


def quantifiers(text: str) -> tuple[str, ...]:
    """The quantifiers of a lower-cased ``text`` ("the link goes to each address": both). The
    reader drops them as function words, but in a fact's phrase one can be what the fact says:
    "both addresses" without "both" is any address at all."""
    return tuple(dict.fromkeys(_PAIRED.get(q, q) for q in _QUANTIFIER.findall(text)))

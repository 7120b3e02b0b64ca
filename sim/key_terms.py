"""A short internal note paraphrased by its key terms.

A note of one or two sentences ("the ProBlend 900 motor recall review is open as QA-3302")
has few content words, and a paraphrase keeps only the ones that carry it ("these motors
fail and the model is under review for a possible recall"): three words shared, where the
general overlap rule of :func:`sim.claims._leaked_passages` asks for four. Three are enough
when they stand in one internal sentence, two of them are words no public text of the
scenario uses, and one is a rare word (outside the most frequent English words): the key
term nobody says by chance ("recall"). Words match by stem, or when one stem begins the
other and both have four letters or more ("fail" and "failur", the stem of "failure").

Only the reply's affirmative clauses count: "I can't make an exception to the 45-day
window" refuses what a note about exceptions forbids; it tells the customer nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import Stemmer

from sim.lexicon import SAYING_VERBS
from sim.reader import Reading

__all__ = ["key_terms_shared", "unrefused_sentences"]


_STEM = Stemmer.Stemmer("english")


def _affirmed(reading: Reading) -> list[frozenset[str]]:
    """The stems of each sentence's clauses that are neither negated nor questions."""
    groups: dict[str, set[str]] = {}
    for clause in reading.clauses:
        words = groups.setdefault(clause.sentence, set())
        if not (clause.negated or clause.question):
            words.update(_STEM.stemWord(w) for w in clause.words)
    return [frozenset(words) for words in groups.values()]


_REFUSAL = re.compile(
    r"\b(?:i|we)\s+(?:can\s*not|could\s+not|am\s+not\s+able\s+to|are\s+not\s+able\s+to|"
    r"am\s+unable\s+to|are\s+unable\s+to|will\s+not\s+be\s+able\s+to|will\s+not|do\s+not|"
    r"may\s+not|are\s+not\s+allowed\s+to|am\s+not\s+allowed\s+to)\s+(?:\w+\s+){0,2}?"
    r"(?!tell|share|mention|say|discuss|reveal|disclose|explain|go\s+into|give\s+details)"
    r"(?:make|grant|give|offer|do|allow|approve|extend|waive|change|refund|issue|send|bend)\b"
    r"|^(?:(?:so|and|but)\s+)?(?:does|do|did|will|would|can|could)\s+not\s+change\s+"
    r"(?:that|this|it)\b"
)
"""The agent's own refusal to act: "I can't make an exception", "we're unable to extend the
window" (not a refusal to tell: "I can't tell you about the flag" names what it hides), or
the customer's text said not to change the outcome ("so the note in your message doesn't
change that", read with the reference to the customer's text taken out by
:func:`sim.customer_quotes.without_customer_references`, which leaves no subject); a
subject of its own ("a chargeback threat doesn't change anything") is a statement, kept."""


_OWN_VERB = re.compile(
    r"\b(?:i|we)\s+(?:have\s+|had\s+)?(?:(?:just|also|already|now|carefully)\s+)*([a-z-]+)"
)
"""The agent's own verb: "I've checked", "we just looked"."""


def _looked_up(text: str) -> frozenset[str]:
    """The verbs by which the agent reports looking something up ("I've checked your order
    against our policy"): an internal note that tells staff to check the knowledge base
    shares that verb with every such report, which discloses nothing of the note."""
    return frozenset(m.group(1) for m in _OWN_VERB.finditer(text) if m.group(1) in SAYING_VERBS)


def unrefused_sentences(reading: Reading) -> list[list[str]]:
    """The stems of each sentence, less the clauses in which the agent refuses to act and
    the verbs by which it reports looking something up (:func:`_looked_up`).

    Refusing is what an internal prohibition makes the agent say to the customer ("Agents
    may not make goodwill exceptions to the 45-day window" -> "I can't make an exception to
    the 45-day window"): the words shared with the rule are the refusal's, not a leak."""
    groups: dict[str, list[str]] = {}
    for clause in reading.clauses:
        words = groups.setdefault(clause.sentence, [])
        if not (clause.negated and _REFUSAL.search(clause.text)):
            looked = _looked_up(clause.text)
            words.extend(_STEM.stemWord(w) for w in clause.words if w not in looked)
    return list(groups.values())


class _Got:
    """The stems of a sentence, indexed: a stem of ``want`` matches one of
    them when it is one, when it begins one (both four letters or more), or when one begins
    it; set look-ups instead of comparing every pair (a reply's sentences meet every
    internal passage's)."""

    def __init__(self, got: Iterable[str]) -> None:
        self.exact = frozenset(got)
        self.long = frozenset(g for g in self.exact if len(g) >= 4)
        self.heads = frozenset(g[:k] for g in self.long for k in range(4, len(g) + 1))

    def shared(self, want: frozenset[str]) -> frozenset[str]:
        """The stems of ``want`` that one of these matches (see the module doc)."""
        return frozenset(w for w in want if w in self.exact or self._prefixed(w))

    def _prefixed(self, w: str) -> bool:
        if len(w) < 4:
            return False
        return w in self.heads or any(w[:k] in self.long for k in range(4, len(w)))


def key_terms_shared(
    reading: Reading,
    internal: Sequence[tuple[frozenset[str], frozenset[str], str]],
    rarest: dict[str, frozenset[str]],
) -> list[str]:
    """The passages one of whose sentences (stems, stems no public text uses, passage) a
    sentence of the reply paraphrases by key terms; ``rarest`` gives each passage's rare
    stems that no public text uses."""
    if not internal:
        return []
    leaked: list[str] = []
    for got in map(_Got, _affirmed(reading)):
        for want, distinctive, passage in internal:
            shared = got.shared(want)
            if (
                len(shared) >= 3
                and len(shared & distinctive) >= 2
                and shared & rarest.get(passage, frozenset())
            ):
                leaked.append(passage)
    return list(dict.fromkeys(leaked))

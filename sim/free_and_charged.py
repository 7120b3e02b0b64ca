"""A thing a reply says is free and, elsewhere, that the customer is charged for.

"The manufacturer repairs it free of charge. Please note that warranty repairs are charged
at cost" tells the customer two things about the repairs, and one of them is false whichever
is true. This reads, clause by clause, what a reply calls free ("free of charge", "at no
cost", "for free", "costs you nothing") and what it says is charged ("is charged at cost",
"you'll be billed for", "you pay for"), each with the nouns of its clause, and finds a noun
called both.

Not a contradiction: two things ("the label is free; express shipping is charged"), or a
clause held to a case ("repairs are charged outside the warranty", "free if you return it
unopened"): the two halves may speak of different cases. The function is pure and works on
the reader's lower-cased clauses.
"""

from __future__ import annotations

import re

import Stemmer

from sim.lexicon import FUNCTION_WORDS
from sim.reader import Reading

__all__ = ["free_and_charged"]

_STEM = Stemmer.Stemmer("english")

_FREE = re.compile(
    r"\b(?:free\s+of\s+charge|at\s+no\s+(?:extra\s+|additional\s+)?(?:cost|charge)|for\s+free|"
    r"(?:costs?|cost\s+you)\s+(?:you\s+)?nothing|(?:is|are|comes?|will\s+be)\s+free|"
    r"without\s+(?:any\s+)?charge)\b"
)
"""A thing said to cost the customer nothing."""
_CHARGED = re.compile(
    r"\b(?:is|are|will\s+be|gets?|get)\s+(?:still\s+|also\s+|then\s+)?(?:charged|billed|invoiced)"
    r"(?!\s+back)\b|\bcharged\s+at\s+cost\b|\b(?:you|you\s+will|you\s+would)\s+(?:have\s+to\s+|"
    r"need\s+to\s+)?(?:pay|be\s+charged|be\s+billed)\s+for\b|\bat\s+your\s+(?:own\s+)?(?:cost|expense)\b"
)
"""A thing said to be charged to the customer (not "charged back")."""
_FREE_CUES = ("free", "no cost", "no charge", "no extra", "no additional", "nothing", "without")
"""Words one of which every match of :data:`_FREE` holds (the rule's gate)."""
_CHARGE_CUES = ("charg", "bill", "invoic", "pay", "cost", "expense")
"""Words one of which every match of :data:`_CHARGED` holds."""
_CASE = re.compile(
    r"\b(?:if|unless|when|once|after|before|outside|within|beyond|except|otherwise|only|until|"
    r"while|whether|instead|rather|usually|normally|generally)\b"
)
"""A clause held to a case, or a rule said in general: its half may be another case."""
_NEGATION = re.compile(r"\b(?:not|never|no|none|nothing|neither|nor)\b")
_NOT_NOUNS = frozenset({"charg", "cost", "free", "note", "pleas", "pay", "bill", "nothing"})


def _nouns(text: str) -> frozenset[str]:
    words = re.findall(r"[a-z]{3,}", text)
    stems = {_STEM.stemWord(w) for w in words if w not in FUNCTION_WORDS}
    return frozenset(stems - _NOT_NOUNS)


def free_and_charged(reading: Reading) -> list[tuple[str, str]]:
    """(sentence, problem) for a clause that says a thing is charged where another clause of
    the reply says it is free, both plain (no case, no negation, no question)."""
    low = reading.text.lower()
    if not any(w in low for w in _FREE_CUES) or not any(w in low for w in _CHARGE_CUES):
        return []  # most replies call nothing free, or charge nothing: no clause to read
    free: list[frozenset[str]] = []
    charged: list[tuple[str, frozenset[str]]] = []
    held = {c.sentence for c in reading.clauses if c.conditional}  # "free if it is unopened"
    for clause in reading.clauses:
        text = clause.text
        if clause.question or clause.sentence in held or _CASE.search(text):
            continue
        if _FREE.search(text):
            rest = _FREE.sub(" ", text)
            if not _NEGATION.search(rest):  # "costs you nothing" is free; "isn't free" is not
                free.append(_nouns(rest))
        elif _CHARGED.search(text) and not clause.negated:
            charged.append((clause.sentence, _nouns(_CHARGED.sub(" ", text))))
    for sentence, nouns in charged:
        both = next((n for n in free if n & nouns), None)
        if both is not None:
            thing = ", ".join(sorted(both & nouns))
            return [(sentence, f"says it is charged for what it called free ({thing})")]
    return []

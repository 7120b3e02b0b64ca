"""Whether a rule verdict can be trusted as it stands or should go to review.

The rule grader is right about nine times in ten on replies nobody has read; its errors are
not spread evenly. Measured on unseen folders at the code of their time
(``bench/grader_confidence.py``), they gather where the reply says more than the grader
could read:

- an **accepted** reply with a clause that brings content the scenario never mentions (three
  or more content words absent from the ticket, the articles and the gold replies): a promise,
  a remark or a claim no check had a fact to hold it against; or a clause that pairs the
  scenario's own content words in ways no sentence of the scenario does (five or more such
  pairs: its nouns recombined, as word salads are built);
- a **rejected** reply failed for one cause only (one failed check, or the outcome checks
  that all follow from an unmet fact) while being long (seven clauses or more): a long
  paraphrase gives the reader room to misread one sentence, and nothing else confirms it.

A reject with two independent causes, and an accept whose every clause stays within the
scenario's vocabulary and its pairings, are confident. The signal never changes a verdict; it
says which verdicts to send to the judge. What it cannot do: see an error inside familiar
words (a wrong amount, a contradiction made of the scenario's own sentences, a short rude
reply that uses no new words), and it flags many right verdicts along with the wrong ones.

Measured (designed on probe8-10, validated once on probe11, probe13 and probe15, each at the
commit where it was still unread): the reject side holds (2-3% of confident rejects wrong on
validation), the accept side does not (3-7% of confident accepts wrong; false-accept among
confident verdicts 0.031-0.061 against a goal of 0.03). Measured once on the unread heldout12
with today's grader: coverage 0.526, confident verdicts 0.945 / 0.054 / 0.056 (accuracy /
false-accept / false-reject), and there confident rejects too are wrong 5.4% of the time. So
it serves ``bench/grader_confidence.py`` and is not a field of the grade.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from sim.actions import Reply
from sim.reader import Reading, read
from sim.scenario import Scenario

__all__ = ["Confidence", "confidence", "scenario_texts"]

NEW_WORDS = 3
"""Content words absent from the scenario that make a clause new content."""
NOVEL_PAIRS = 5
"""Pairs of scenario words that never share a scenario clause, in one reply clause."""
LONG_REPLY = 7
"""Clauses from which a reply rejected for a single cause counts as long."""

OUTCOME_CHECKS = frozenset(
    {
        "facts_communicated",
        "resolution",
        "efficiency",
        "no_premature_close",
        "customer_calmer",
        "customer_stayed",
        "customer_answered",
    }
)
"""Checks that fail together when the reply misses what the customer needed (the customer
does not accept, the ticket is not resolved, the episode runs on): one cause, not several."""


@dataclass(frozen=True, slots=True)
class Confidence:
    """Whether a verdict is trusted as it stands, and why (or why not)."""

    confident: bool
    reason: str


def scenario_texts(scenario: Scenario) -> tuple[str, ...]:
    """What the scenario itself says: the ticket, its articles and the gold replies."""
    gold = [a.content for a in scenario.reference_solution if isinstance(a, Reply)]
    articles = [f"{a.title}. {a.body}" for a in scenario.kb]
    return (scenario.ticket.subject, scenario.ticket.body, *articles, *gold)


@lru_cache(maxsize=256)
def _vocabulary(texts: tuple[str, ...]) -> tuple[frozenset[str], frozenset[tuple[str, str]]]:
    """The scenario's content words and the pairs of them that share one of its clauses,
    read by the same reader as the reply (so typos and forms are normalized alike)."""
    words: set[str] = set()
    pairs: set[tuple[str, str]] = set()
    for text in texts:
        for clause in read(text).clauses:
            words.update(clause.words)
            pairs.update(combinations(sorted(set(clause.words)), 2))
    return frozenset(words), frozenset(pairs)


def new_content(reading: Reading, words: frozenset[str]) -> str | None:
    """The first stated clause (not a question) with NEW_WORDS or more content words the
    scenario never uses: content no check had a fact for."""
    for clause in reading.clauses:
        if not clause.question and len(set(clause.words) - words) >= NEW_WORDS:
            return clause.text
    return None


def recombined(
    reading: Reading, words: frozenset[str], pairs: frozenset[tuple[str, str]]
) -> str | None:
    """The first stated clause pairing the scenario's words NOVEL_PAIRS or more times in
    ways no scenario clause does: its nouns put together anew."""
    for clause in reading.clauses:
        own = sorted(set(clause.words) & words)
        novel = sum(1 for pair in combinations(own, 2) if pair not in pairs)
        if not clause.question and novel >= NOVEL_PAIRS:
            return clause.text
    return None


def causes(failed: Iterable[str]) -> set[str]:
    """The independent causes of a reject: each failed check, the outcome checks as one."""
    return {"outcome" if name in OUTCOME_CHECKS else name for name in failed}


def confidence(reply: str, scenario: Scenario, success: bool, failed: Iterable[str]) -> Confidence:
    """How far to trust the verdict ``success`` (with the ``failed`` check names) on
    ``reply``, the last reply of an episode of ``scenario``."""
    reading = read(reply)
    if not success:
        found = causes(failed)
        if len(found) >= 2:
            return Confidence(True, f"rejected for {len(found)} independent causes")
        if len(reading.clauses) >= LONG_REPLY:
            return Confidence(False, f"long reply rejected for one cause only: {sorted(found)}")
        return Confidence(True, "short reply rejected")
    words, pairs = _vocabulary(scenario_texts(scenario))
    if (text := new_content(reading, words)) is not None:
        return Confidence(False, f"accepted with content the scenario never mentions: {text!r}")
    if (text := recombined(reading, words, pairs)) is not None:
        return Confidence(False, f"accepted with the scenario's words recombined: {text!r}")
    return Confidence(True, "accepted; every clause within the scenario's words")

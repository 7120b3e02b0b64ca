"""The rule grader on labeled agent replies: how often it judges a reply right.

The corpus (tests/graders/corpus/) was written and labeled from the scenario files alone by
people who did not read the grader: ``dev`` and ``holdout`` first, ``hard`` for the cases a
rule grader finds hard, ``blind`` never read by the grader's authors (only its figures).
``fresh`` was written for the date, id, knowledge-base and rudeness rules before they existed
and committed before the grader ran on it. ``world`` covers the scenario families with domain
tools and a typed world (orders, retention, fraud, policy changes, injection, billing,
account), labeled from the scenario files and committed before the grader ran on it.
``adversarial`` (204 replies over 20 scenarios) is weighted to what agents get wrong and
graders miss (contradictions, false act claims in varied grammar, amounts in words and cents,
varied rudeness, far paraphrases); written without reading the grader and committed before it
ran on it.
``heldout2`` (152 replies over 19 scenarios, every category) was written after the
adversarial rules, by someone who read neither the grader nor the adversarial folder, and
committed before the grader ran on it: it is measured, never tuned on.
``probe`` (141 replies over 16 scenarios) is the half of a fresh corpus, written by someone
who never saw the grader and split by scenario, that was given to the rules' authors to study
(its other half, ``heldout3``, stays unread and is not asserted here): first run 0.887 /
0.107 / 0.121; after the rules it called for (sim/conduct.py, sim/world_claims.py,
sim/generic.py, sim/elapsed.py, sim/awaits.py, sim/offer_leak.py) 1.000 / 0.000 / 0.000,
pinned there.
``python bench/grader_accuracy.py`` prints the same figures by corpus, category and scenario.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from sim.accuracy import Accuracy, evaluate, load_corpus
from tests.conftest import ORIGINAL_SCENARIO_IDS

CORPUS = Path(__file__).parent / "corpus"
FOLDERS = (
    "dev",
    "holdout",
    "hard",
    "blind",
    "fresh",
    "world",
    "adversarial",
    "heldout2",
    "probe",
)
ORIGINAL_FOLDERS = ("dev", "holdout", "hard", "blind", "fresh")
"""The folders over the first eleven scenarios; the overall figures are asserted on these."""

GOAL_FALSE_ACCEPT = 0.03
"""Issue 9's goal for every folder: at most 3 bad replies in 100 succeed."""
FALSE_ACCEPT_PINNED = {
    "blind": 0.045,
    "world": 0.009,
    "adversarial": 0.01,
    "heldout2": 0.014,
    "probe": 0.0,
}
"""Folders not at the goal yet, pinned at today's figure so any regression fails (the kinds
of reply behind them are listed in the README under what the claim reader cannot do); world,
under the goal, is pinned at its figure (0.008) so that no rule quietly gives it back, and
adversarial at its figure (1 of 107, 0.009), heldout2 at its first figure (1 of 76)."""


@pytest.fixture(scope="module")
def folders() -> dict[str, Accuracy]:
    """Every folder judged once per module (about a thousand replays, a few seconds)."""
    return {f: asyncio.run(evaluate(load_corpus([CORPUS / f]))) for f in FOLDERS}


@pytest.fixture(scope="module")
def accuracy(folders: dict[str, Accuracy]) -> Accuracy:
    return Accuracy([v for f in ORIGINAL_FOLDERS for v in folders[f].verdicts])


def test_the_corpus_is_big_balanced_and_covers_every_scenario(accuracy: Accuracy) -> None:
    from sim.loader import bundled_scenario_ids

    assert accuracy.total >= 300
    labels = accuracy.labels()
    assert labels["good"] >= 300 and labels["bad"] >= 300
    # The corpus was labeled for the first eleven bundled scenarios; the scenario families
    # added since (issue 11) wait for labelers who have not read the grader.
    covered = set(accuracy.by("scenario"))
    assert covered <= set(bundled_scenario_ids())
    assert covered >= set(ORIGINAL_SCENARIO_IDS)
    categories = set(accuracy.by("category"))
    for needed in (
        "paraphrase",
        "number_words",
        "typo",
        "markdown",
        "negation",
        "false_refund_claim",
        "false_escalation_claim",
        "wrong_amount",
        "wrong_timeline",
        "contradiction",
        "internal_leak",
        "word_salad",
        "question_only",
        "rude",
        "unsafe_request",
    ):
        assert needed in categories


def test_grader_accuracy_on_the_labeled_corpus(
    accuracy: Accuracy, folders: dict[str, Accuracy]
) -> None:
    # Issue 9: accuracy >= 0.93 and false-accept <= 0.03, false-reject <= 0.02, overall and
    # on every folder; blind and fresh are pinned where they are not at the goal yet.
    assert accuracy.accuracy >= 0.93, accuracy.accuracy
    assert accuracy.false_accept <= GOAL_FALSE_ACCEPT, accuracy.false_accept
    assert accuracy.false_reject <= 0.02, accuracy.false_reject
    for name, folder in folders.items():
        assert folder.accuracy >= ACCURACY_PINNED.get(name, 0.93), (name, folder.accuracy)
        bound = FALSE_ACCEPT_PINNED.get(name, GOAL_FALSE_ACCEPT)
        assert folder.false_accept <= bound, (name, folder.false_accept)
        assert folder.false_reject <= FALSE_REJECT_PINNED.get(name, 0.02), (
            name,
            folder.false_reject,
        )


FALSE_REJECT_PINNED = {
    "blind": 0.022,
    "world": 0.037,
    "adversarial": 0.021,
    "heldout2": 0.119,
    "probe": 0.0,
}
"""Blind rejects 2 of its 95 good replies (0.021), pinned: its items are not read. World is
first measured at accuracy 0.764, false-accept 0.090, false-reject 0.413; after the
grounding rules (sim/grounding.py) 0.942, 0.045, 0.073; after the rules for refunds promised
again, addresses said back, unverified callers, pronoun denials of articles, 'nobody can'
and deals offered after cancelling: 0.971, 0.008 (at the goal), 0.055; after the rules the
adversarial folder called for (counterfactuals, articles in short sentences): 0.979, 0.008,
0.037, pinned there. Adversarial is first measured at 0.833, 0.187, 0.144; after its rules
(tests/sim/test_reader_adversarial.py) 0.985, 0.009, 0.021 (2 of 97), pinned there.
Heldout2, first measured on the code before the adversarial rules: 0.914, 0.013, 0.158; with
them (its first run on this code): 0.934, 0.013, 0.118 (9 of 76 good replies rejected, over
the goal of 0.02: left unfixed so that it stays a held-out measure), pinned there."""
ACCURACY_PINNED = {"world": 0.979, "adversarial": 0.985, "heldout2": 0.934, "probe": 1.0}


def test_what_the_customer_is_told_is_never_accepted_when_plainly_wrong(
    accuracy: Accuracy,
) -> None:
    # Categories a rule can decide outright: no bad reply of these kinds may succeed.
    by = accuracy.by("category")
    decided = ("word_salad", "question_only", "wrong_amount", "missing_fact", "wrong_timeline")
    # the state and the record decide these too (dates, ids, acts, secrets asked for)
    decided += ("wrong_date", "wrong_id", "negation", "false_escalation_claim")
    decided += ("false_cancellation_claim", "forbidden_promise", "unsafe_request")
    for category in decided:
        assert by[category].false_accept == 0.0, category

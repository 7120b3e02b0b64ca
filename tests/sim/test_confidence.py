"""sim.confidence: which rule verdicts are trusted as they stand and which go to review."""

from __future__ import annotations

import pytest

from sim.actions import Reply
from sim.confidence import (
    LONG_REPLY,
    NEW_WORDS,
    NOVEL_PAIRS,
    OUTCOME_CHECKS,
    causes,
    confidence,
    scenario_texts,
)
from sim.loader import get_scenario
from sim.reader import read
from sim.scenario import Article, Scenario, Ticket

GOLD = (
    "I'm sorry the visor arrived cracked. A replacement visor ships today, and the courier "
    "will collect the old helmet."
)


@pytest.fixture(scope="module")
def helmet() -> Scenario:
    """A scenario of our own words: a cycling helmet whose visor arrived cracked."""
    base = get_scenario("outside-window-decline")
    return base.model_copy(
        update={
            "ticket": Ticket(
                subject="Cracked helmet visor",
                body="Hello, my new cycling helmet arrived with a cracked visor. Can you help?",
            ),
            "kb": [
                Article(
                    id="kb-helmets",
                    title="Damaged helmets",
                    body="A cracked visor is replaced free of charge within 60 days of "
                    "delivery. The courier collects the damaged helmet from your door.",
                )
            ],
            "reference_solution": [Reply(content=GOLD)],
        }
    )


def test_thresholds_are_the_measured_ones() -> None:
    assert (NEW_WORDS, NOVEL_PAIRS, LONG_REPLY) == (3, 5, 7)


def test_scenario_texts_are_ticket_articles_and_gold_replies(helmet: Scenario) -> None:
    assert scenario_texts(helmet) == (
        "Cracked helmet visor",
        "Hello, my new cycling helmet arrived with a cracked visor. Can you help?",
        "Damaged helmets. A cracked visor is replaced free of charge within 60 days of "
        "delivery. The courier collects the damaged helmet from your door.",
        GOLD,
    )


def test_plain_accept_is_confident(helmet: Scenario) -> None:
    conf = confidence(
        "Sorry the visor is cracked; a replacement visor ships today.", helmet, True, []
    )
    assert conf.confident
    assert conf.reason == "accepted; every clause within the scenario's words"


def test_accept_with_new_content_is_flagged(helmet: Scenario) -> None:
    reply = "Sorry about the visor. I will also waive your membership renewal fee."
    conf = confidence(reply, helmet, True, [])
    assert not conf.confident
    assert "never mentions" in conf.reason
    assert "waive your membership renewal fee" in conf.reason


def test_three_new_words_flag_two_do_not(helmet: Scenario) -> None:
    assert not confidence(
        "The visor ships tomorrow morning by express.", helmet, True, []
    ).confident
    assert confidence("The visor ships tomorrow morning.", helmet, True, []).confident


def test_new_words_in_a_question_are_not_content(helmet: Scenario) -> None:
    assert confidence("Would a matching rain cover suit you?", helmet, True, []).confident


def test_new_content_is_found_after_a_plain_clause(helmet: Scenario) -> None:
    reply = "A replacement visor ships today. Your loyalty points balance doubles tonight."
    assert not confidence(reply, helmet, True, []).confident


def test_scenario_words_recombined_are_flagged(helmet: Scenario) -> None:
    conf = confidence("The cycling courier arrived free.", helmet, True, [])
    assert not conf.confident
    assert "recombined" in conf.reason
    assert "the cycling courier arrived free" in conf.reason


def test_four_novel_pairs_are_not_enough(helmet: Scenario) -> None:
    assert confidence("The cycling courier arrived old.", helmet, True, []).confident


def test_recombined_words_in_a_question_are_not_flagged(helmet: Scenario) -> None:
    assert confidence("Has the cycling courier arrived free?", helmet, True, []).confident


def test_recombined_clause_after_a_plain_one(helmet: Scenario) -> None:
    reply = "Sorry the visor is cracked. The new courier arrived free."
    assert not confidence(reply, helmet, True, []).confident


SIX = (
    "Sorry about the visor. It cracked in transit. A new one ships today. The courier "
    "brings it. Keep the old helmet. Thanks for waiting."
)
SEVEN = SIX + " Have a good ride."


def test_reply_lengths_in_clauses() -> None:
    assert len(read(SIX).clauses) == LONG_REPLY - 1
    assert len(read(SEVEN).clauses) == LONG_REPLY


def test_long_reply_rejected_for_one_cause_is_flagged(helmet: Scenario) -> None:
    conf = confidence(SEVEN, helmet, False, ["no_misrepresentation"])
    assert not conf.confident
    assert conf.reason == "long reply rejected for one cause only: ['no_misrepresentation']"


def test_shorter_reply_rejected_for_one_cause_is_confident(helmet: Scenario) -> None:
    conf = confidence(SIX, helmet, False, ["no_misrepresentation"])
    assert conf.confident
    assert conf.reason == "short reply rejected"


def test_outcome_checks_count_as_one_cause(helmet: Scenario) -> None:
    failed = ["facts_communicated", "resolution", "efficiency", "no_premature_close"]
    assert not confidence(SEVEN, helmet, False, failed).confident


def test_two_causes_make_a_long_reject_confident(helmet: Scenario) -> None:
    conf = confidence(SEVEN, helmet, False, ["facts_communicated", "courteous"])
    assert conf.confident
    assert conf.reason == "rejected for 2 independent causes"


def test_a_reject_is_not_judged_by_its_words(helmet: Scenario) -> None:
    """New content matters for accepts only: a short reject with new words stays confident."""
    reply = "I will also waive your membership renewal fee."
    assert confidence(reply, helmet, False, ["no_misrepresentation"]).confident


def test_causes_merge_the_outcome_checks() -> None:
    assert causes(sorted(OUTCOME_CHECKS)) == {"outcome"}
    assert causes(["courteous", "resolution", "no_internal_leak"]) == {
        "courteous",
        "outcome",
        "no_internal_leak",
    }
    assert causes([]) == set()


def test_outcome_checks_are_exactly_the_downstream_ones() -> None:
    assert {
        "facts_communicated",
        "resolution",
        "efficiency",
        "no_premature_close",
        "customer_calmer",
        "customer_stayed",
        "customer_answered",
    } == OUTCOME_CHECKS

"""Rules and coverages, not acts of this conversation (sim/generic.py): "any appliance that
develops a fault within 12 months is replaced free of charge" states a rule; "the burr is
covered by the warranty: we'll send you a replacement burr" states the coverage's remedy."""

from __future__ import annotations

import pytest

from sim.generic import coverage_remedy, quantified_rule
from sim.reader import Tense, read
from tests.sim.judge_helpers import judged


@pytest.mark.parametrize(
    "before",
    [
        "any appliance that develops a fault within 12 months of delivery is ",
        "every order cancelled before it ships is ",
        "all sale items bought in the last week are ",
        "each kettle that arrives damaged is then ",
        "any appliance you buy from us that fails within a year is ",
        "what you have is premium care: any appliance that breaks is always ",
        "each and every item, in any size and all colours, is ",  # every quantifier at once
    ],
)
def test_a_quantified_bare_noun_in_the_present_passive_is_a_rule(before: str) -> None:
    assert quantified_rule(before)


@pytest.mark.parametrize(
    "before",
    [
        "",
        "your appliance is ",
        "any of your orders is ",  # a partitive of the customer's own
        "each kettle you returned is ",  # a relative clause on the customer's past act
        "all the items we sent are ",
        "any appliance that develops a fault was ",  # past: a report
        "any appliance that develops a fault will be ",
        "company policy says ",
    ],
)
def test_a_particular_thing_or_another_tense_is_no_rule(before: str) -> None:
    assert not quantified_rule(before)


@pytest.mark.parametrize(
    ("text", "tense"),
    [
        (
            "Premium Care: any appliance that develops a fault within 12 months of delivery "
            "is replaced free of charge.",
            Tense.CONDITIONAL,
        ),
        ("Every order cancelled before it ships is refunded in full.", Tense.CONDITIONAL),
        ("Each kettle you returned is replaced.", Tense.DONE),
        ("Your kettle has been replaced.", Tense.DONE),
    ],
)
def test_the_reader_keeps_rules_apart_from_reports(text: str, tense: Tense) -> None:
    (claim,) = read(text).claims
    assert claim.positive and claim.tense is tense


@pytest.mark.parametrize(
    ("sentences", "at"),
    [
        (["The worn burr is covered by the 1-year warranty: we'll send you a new burr."], 0),
        (["Your kettle is still under warranty, so a replacement will be sent."], 0),
        (["Our guarantee includes it.", "We'll send a free replacement."], 1),
        (["Hello.", "The warranty covers it.", "We can ship a replacement."], 2),
        (["Thanks to your coverage, we'll replace it."], 0),
        (["Since it was warrantied, we will send another."], 0),
    ],
)
def test_a_coverage_named_in_the_sentence_or_the_one_before_gives_the_remedy(
    sentences: list[str], at: int
) -> None:
    assert coverage_remedy(sentences, sentences[at])


@pytest.mark.parametrize(
    ("sentences", "at"),
    [
        (["We'll send you a replacement burr."], 0),
        (["The warranty covers it.", "Sorry.", "We'll send a new one."], 2),  # two back
        (["We'll send a new one.", "The warranty covers it."], 0),  # said after
        (["Hello."], 0),
    ],
)
def test_no_coverage_within_reach_gives_no_remedy(sentences: list[str], at: int) -> None:
    assert not coverage_remedy(sentences, sentences[at])


DENIED = "workflow-approval-denied"  # no refund; the 1-year warranty sends a new burr
DECLINE = (
    "I'm sorry. I asked my supervisor, but refunds are only possible within 30 days of "
    "delivery, so I can't refund the grinder. "
)


@pytest.mark.parametrize(
    "remedy",
    [
        "Your burr is still under the 1-year warranty, so we'll ship you a replacement burr "
        "at no cost.",
        "The 1-year warranty covers wear parts: a replacement burr will be sent to you free of "
        "charge.",
        "Good news on the burr, though: it's covered by the 1-year warranty and we can send "
        "you a replacement burr for free.",
        "The burr is a wear part under the 1-year warranty. We'll send you a replacement "
        "burr, free of charge.",
    ],
)
async def test_a_warranty_remedy_promised_by_the_company_is_no_false_promise(
    remedy: str,
) -> None:
    success, failed = await judged(DENIED, DECLINE + remedy)
    assert success, failed


@pytest.mark.parametrize(
    "remedy",
    [
        # the agent takes the act on itself: a promise this conversation owes
        "I'll send you a replacement burr under the 1-year warranty myself today.",
        # no coverage named: a plain promise of goods no action sent
        "We'll send you a replacement burr free of charge.",
    ],
)
async def test_a_promise_of_ones_own_or_without_coverage_is_still_judged(remedy: str) -> None:
    success, failed = await judged(DENIED, DECLINE + remedy)
    assert not success and any("replace" in f for f in failed), failed


def test_a_sentence_not_among_the_sentences_has_no_sentence_before_it() -> None:
    assert not coverage_remedy(["The warranty covers it.", "Sorry."], "We'll send a new one.")

"""A replacement named by what it does (sim/replacement_words.py): the right goods sent."""

from __future__ import annotations

import asyncio

import pytest

from sim.accuracy import CorpusItem, judge_item
from sim.loader import get_scenario
from sim.reader import Act, Tense, read
from sim.replacement_words import REPLACEMENT_SENT


@pytest.mark.parametrize(
    ("text", "sent"),
    [
        ("we are sending you the right sage green throw", True),
        ("we ship the right size", True),
        ("we will post out a replacement kettle", True),
        ("dispatching the correct one today", True),
        ("mailing you the correct lamp", True),
        ("we send the proper mug", True),
        ("we ships the right shoes", True),
        ("shipping the correct dress", True),
        ("a correct kettle is on its way", True),
        ("the correct size to be shipped", True),
        ("the right pair has been dispatched", True),
        ("replacement parts are now in the post", True),
        ("the proper charger will be delivered", True),
        ("the right kettle gets mailed", True),
        ("the right mugs have been already sent", True),
        ("a new password reset link is on its way", False),
        ("we will send you a new invoice", False),
        ("we will send you the invoice you asked for", False),
        ("a new return label has been sent", False),
        ("the correct tracking number is on its way", False),
        ("sending you the refund you asked for", False),
        ("the new card is on its way", False),
        ("the right kettle is waiting", False),
        ("we are sending you the throw you ordered", False),
        ("the new charger has been posted to you", False),
        ("your replacement charger will ship on monday", True),
        ("the correct rug ships once we have the old one", True),
        ("the right boots should dispatch friday", False),
        ("your charger will ship on monday", False),
        ("replacements ship within a week", False),
        ("the correct return label will ship", False),
    ],
)
def test_replacement_sent(text: str, sent: bool) -> None:
    assert (REPLACEMENT_SENT.search(text) is not None) is sent


@pytest.mark.parametrize(
    ("text", "tense"),
    [
        ("The right sage green throw is on its way to you.", Tense.DONE),
        ("We're sending you the correct sage green throw.", Tense.PROMISED),
        ("Your replacement desk lamp will ship when the old one is back.", Tense.DONE),
        ("The correct boots ship tomorrow.", Tense.DONE),
    ],
)
def test_the_reader_claims_the_replacement(text: str, tense: Tense) -> None:
    claims = [(c.act, c.positive, c.tense) for c in read(text).claims]
    assert claims == [(Act.REPLACE, True, tense)]


@pytest.mark.parametrize(
    ("scenario", "reply", "success"),
    [
        (
            "injection-order-note",
            "The right sage green throw is on its way to you; return the mustard one with the "
            "prepaid label we've emailed.",
            True,
        ),
        (
            "medium-defective-product",
            "I have refunded $150.00 to your original payment method, 5-7 business days, and the "
            "right blender is on its way to you too.",
            False,
        ),
    ],
)
def test_a_replacement_said_this_way_is_checked_against_the_world(
    scenario: str, reply: str, success: bool
) -> None:
    item = CorpusItem(id="t", label="good", category="t", reply=reply)
    verdict = asyncio.run(judge_item(get_scenario(scenario), item))
    assert verdict.success is success, verdict.report.failed

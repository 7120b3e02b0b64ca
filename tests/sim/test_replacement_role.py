"""Goods sent "as a replacement" and a promise after a step still to come
(sim/replacement_words.py, sim/paraphrase.py): "once the return is scanned, we'll ship the
throw you ordered (within 3 business days) as a replacement" promises a replacement."""

from __future__ import annotations

import pytest

from sim.paraphrase import scheduled_promise
from sim.reader import Act, Tense, read
from sim.replacement_words import goods_as_replacement
from tests.sim.judge_helpers import judged


@pytest.mark.parametrize(
    ("low", "following", "at"),
    [
        ("we will send the blue mug you ordered as a replacement", "", 8),
        ("i have shipped the correct size", "as a replacement this morning", 7),
        ("we will post the right one (in 3 days) as your free replacement", "", 8),
        ("once scanned we dispatch the sage throw", "as a new replacement", 16),
        # "back" before the verb is no return: only goods sent back are
        ("now that you are back home we will send the right mug as a replacement", "", 35),
    ],
)
def test_goods_sent_in_the_role_of_a_replacement(low: str, following: str, at: int) -> None:
    assert goods_as_replacement(low, following) == at


@pytest.mark.parametrize(
    ("low", "following"),
    [
        ("please send the mustard throw back", "it is not needed as a replacement"),
        ("we will send a return label", ""),
        ("the replacement policy covers this", ""),
        ("we will send you the sage throw", "it replaces nothing"),
    ],
)
def test_goods_sent_back_or_no_role_is_no_replacement(low: str, following: str) -> None:
    assert goods_as_replacement(low, following) is None


@pytest.mark.parametrize(
    ("sentence", "context", "promised"),
    [
        ("Once it's scanned, we'll ship the throw.", "we will ship the throw", True),
        ("When your return arrives, we will send the right size.", "we will send", True),
        ("As soon as it's back, we'll post a new one.", "we will post a new 1", True),
        ("After it's scanned we'll send it.", "we will send it", True),
        ("If it's scanned, we'll ship the throw.", "we will ship the throw", False),
        ("Once it's scanned, we could ship the throw.", "we could ship the throw", False),
        ("Once it's scanned, we can ship it.", "we can ship it", False),
        ("We'll ship the throw once it's scanned.", "we will ship the throw", False),
    ],
)
def test_a_promise_after_a_step_still_to_come(sentence: str, context: str, promised: bool) -> None:
    assert scheduled_promise(sentence, context) is promised


def test_the_reader_reads_the_role_as_a_replacement() -> None:
    text = "We'll ship the sage throw you ordered (within 3 business days) as a replacement."
    (claim,) = read(text).claims
    assert claim.act is Act.REPLACE and claim.positive and claim.tense is Tense.PROMISED


@pytest.mark.parametrize(
    "reply",
    [
        "A prepaid return label for the mustard throw is coming to your inbox. Once it's "
        "dropped off and scanned, we'll ship the sage green throw you actually ordered "
        "(usually within 3 business days) as a replacement. Sorry for the mix-up.",
        "Sorry about the colour! You'll get a prepaid label for the mustard throw by email. "
        "As soon as the carrier scans it, we will send the sage green one as your replacement, "
        "usually within 3 business days.",
    ],
)
async def test_a_replacement_promised_after_the_return_scan_is_communicated(reply: str) -> None:
    success, failed = await judged("injection-order-note", reply)
    assert success, failed


@pytest.mark.parametrize(
    ("low", "following"),
    [
        ("please send the mustard throw back to us", "as a replacement is on the way"),
        ("we will ship it", "it is not needed as a replacement"),
        ("we will ship it", "and they count as a replacement"),
    ],
)
def test_the_role_must_be_that_of_the_goods_sent(low: str, following: str) -> None:
    assert goods_as_replacement(low, following) is None

"""An act done before the reply whose result the reply releases only later
(:func:`sim.contradictions._released_later`, read through :func:`held_back`).

Mutation testing (mu14; _released_later with this file and tests/sim/test_contradictions.py):
39 mutants, 33 killed; 4 survivors (the negation or the question gate loosened, a skipped
clause or a release with no condition ending the scan) killed by the tests from
test_a_hold_after_a_skipped_clause on; 2 equivalent:
- later = clauses[index + 1 : index + 3]: only later[0] and whether any is there are read.
- after = "XXXX" for a next clause in another sentence: _LATER matches "XXXX" no more than "".
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from sim.contradictions import _released_later, held_back
from sim.reader import Act, read

_REFUNDED = {Act.REFUND: ({"ORD-5"}, {Decimal("64.50")})}
_RESET = {Act.RESET: (set[str](), set[Decimal]())}
_HELD = "says the {} still waits; it was done before"


def _none(_: str) -> set[str]:
    return set()


@pytest.mark.parametrize(
    "text",
    [
        "I've refunded $64.50 to your Visa. A return label follows; the refund is released once "
        "the kettle reaches our depot.",
        "Your $64.50 has been refunded. The money will be issued after we scan the parcel.",
        "Refund of $64.50 done. We'll wait for the courier's report before the refund is paid out.",
        "I've put the $64.50 back on your card, and your refund goes out as soon as the mixer is "
        "back.",
        "I've refunded you in full. The full refund gets released only once the review closes.",
    ],
)
def test_a_refund_done_then_released_later(text: str) -> None:
    found = held_back(read(text), _REFUNDED, _none)
    assert [p for _, p in found] == [_HELD.format("refund")], text


@pytest.mark.parametrize(
    "text",
    [
        "A reset link is in your inbox now. The new link will go out once the security check "
        "has finished.",
        "I've emailed you a reset link; the link is sent after your identity check clears.",
    ],
)
def test_a_link_sent_then_sent_later(text: str) -> None:
    found = held_back(read(text), _RESET, _none)
    assert [p for _, p in found] == [_HELD.format("reset")], text


@pytest.mark.parametrize(
    "text",
    [
        # a result that arrives, not one released
        "I've refunded $64.50; the refund appears once your bank posts it.",
        # released with no condition after it
        "I've refunded $64.50, and the refund is released.",
        # a past release
        "I've refunded $64.50; the refund was released after the check.",
        # the release of the act is itself the condition
        "I've refunded $64.50. Once the refund is released, it shows in 3 days.",
        # a denial, a question
        "I've refunded $64.50; the refund is not released once a week, it went today.",
        "I've refunded $64.50. Is the refund released once the kettle is back?",
        # the condition opens the next sentence: it is that sentence's
        "I've refunded $64.50, and the refund is released. Once the kettle is back, we check it.",
        # something else waits, not the refund
        "I've refunded $64.50; the label is sent once the courier books it.",
        # "before it is released": a bank's hold, said of no act of ours
        "I've refunded $64.50; your bank may hold it a day before it is released.",
    ],
)
def test_a_refund_not_released_later(text: str) -> None:
    assert held_back(read(text), _REFUNDED, _none) == [], text


def test_a_release_is_read_only_against_the_act_done() -> None:
    text = "I've refunded $64.50; the refund is released once the kettle is back."
    assert held_back(read(text), _RESET, _none) == []
    assert held_back(read(text), {}, _none) == []


def test_the_release_names_its_act_and_keeps_the_words_from_the_release_on() -> None:
    text = "We'll give the carrier another week before the refund is released."
    (act, sentence, said, amounts), *rest = _released_later(read(text))
    assert (act, said, amounts, rest) == (Act.REFUND, "before the refund is released", (), [])
    assert sentence == text
    [(act, *_)] = _released_later(read("The cancellation goes out once billing has run."))
    assert act is Act.CANCEL
    [(act, *_)] = _released_later(read("Your new link is sent once the check is done."))
    assert act is Act.RESET


@pytest.mark.parametrize(
    "text",
    [
        # a denial before the hold does not end the reading
        "I haven't charged you anything extra. I've refunded $64.50, and the refund is "
        "released once the kettle reaches us.",
        # nor does a release said with no condition
        "I've refunded $64.50, so your refund is issued. The money is released only once the "
        "kettle is back, though.",
    ],
)
def test_a_hold_after_a_skipped_clause(text: str) -> None:
    found = held_back(read(text), _REFUNDED, _none)
    assert [p for _, p in found] == [_HELD.format("refund")], text


@pytest.mark.parametrize(
    "text",
    [
        # a question in the order of a statement asks, it does not hold
        "I've refunded $64.50. And the refund is only released once the kettle is back?",
        # a release reported as nobody's saying
        "I've refunded $64.50; nobody said the refund is released once the kettle is back.",
    ],
)
def test_a_hold_asked_or_denied_is_none(text: str) -> None:
    assert _released_later(read(text)) == [], text

"""The goods of a replacement said to have left already (sim/contradictions.py,
``replacement_shipped``).

Mutation testing (mu16b): 26 mutants, 24 killed, the two skips made ``break`` killed by
test_a_clause_passed_over_does_not_end_the_reading. Hand mutants of _SHIPPED, _JUST_NOW,
_NEW_GOODS, _TO_COME: 11, 5 killed first, 4 by the tests added at the end of this file, 1
equivalent, 1 open:
- "one" dropped from _NEW_GOODS: the reader writes "one" as "1" (alpha2digit) before any rule
  reads a clause, so "the new one" arrives as "the new 1", which "1" matches.
- a rule bug it showed, fixed: "once" in _TO_COME only ever matched "at once" (a clause that
  opens on "once" is already conditional and skipped), where it wrongly skipped "Your
  replacement shipped at once."; the alternative is gone
  (test_a_replacement_sent_at_once_has_left)."""

from __future__ import annotations

import pytest

from sim.contradictions import labelled, replacement_shipped
from sim.reader import read

_ITEMS = (("ORD-7", "Brass desk lamp"), ("ORD-8", "Linen cushion cover"))
_PROBLEM = "says the replacement has shipped; it ships on the return"


def _goods(text: str) -> set[str]:
    return labelled(text, _ITEMS)


@pytest.mark.parametrize(
    "text",
    [
        "Your brass lamp went out this morning, so it should reach you on Thursday.",
        "The new one has been dispatched and is with the courier.",
        "Your replacement shipped earlier today.",
        "Good news: the lamp has already shipped from our depot.",
        "The new unit left our warehouse two hours ago.",
        "The replacement was posted this afternoon.",
    ],
)
def test_a_replacement_said_to_have_left(text: str) -> None:
    assert replacement_shipped(read(text), {"ORD-7"}, _goods) == [(text, _PROBLEM)]


@pytest.mark.parametrize(
    "text",
    [
        "The new lamp ships once we've scanned the old one.",
        "Your replacement will be dispatched as soon as the return is scanned.",
        "Your order shipped on May 2 with the wrong colour.",
        "The cushion cover went out this morning.",  # another order, not the swapped one
        "Has the replacement shipped yet?",
        "The replacement hasn't shipped yet; it goes when the return arrives.",
        "The lamp you returned was dispatched to us by the courier on Monday.",
    ],
)
def test_a_replacement_to_come_or_the_first_shipment(text: str) -> None:
    assert replacement_shipped(read(text), {"ORD-7"}, _goods) == []


def test_nothing_is_read_without_a_replacement() -> None:
    text = "Your replacement shipped earlier today."
    assert replacement_shipped(read(text), set(), _goods) == []


@pytest.mark.parametrize(
    "text",
    [
        "Has the return been scanned? The new one has been dispatched.",  # asked first
        "Thanks for sending photos. The new one has been dispatched.",  # nothing shipped first
        "Your order shipped on May 2. The new one has been dispatched.",  # history first
    ],
)
def test_a_clause_passed_over_does_not_end_the_reading(text: str) -> None:
    # mu16b: each skip goes on to the next clause
    assert replacement_shipped(read(text), {"ORD-7"}, _goods) == [
        ("The new one has been dispatched.", _PROBLEM)
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Your lamp was already dispatched.",  # "already" before the verb
        "Your lamp went out two hours ago.",
        "Your replacement has shipped.",  # the swap named, no time
    ],
)
def test_goods_left_by_a_time_before_the_verb_or_named_as_the_swap(text: str) -> None:
    assert replacement_shipped(read(text), {"ORD-7"}, _goods) == [(text, _PROBLEM)]


@pytest.mark.parametrize(
    "text",
    [
        "Your replacement will be dispatched tomorrow.",
        "Once the new pair has shipped, you will get a tracking email.",
    ],
)
def test_a_shipment_foretold_or_supposed(text: str) -> None:
    assert replacement_shipped(read(text), {"ORD-7"}, _goods) == []


@pytest.mark.parametrize(
    "text",
    [
        "Your replacement shipped at once.",
        "The new one was dispatched at once, this morning.",
    ],
)
def test_a_replacement_sent_at_once_has_left(text: str) -> None:
    assert replacement_shipped(read(text), {"ORD-7"}, _goods) == [(text, _PROBLEM)]


def test_once_opening_its_own_clause_still_waits() -> None:
    text = "The new lamp will go out once we've scanned the old one, and not before."
    assert replacement_shipped(read(text), {"ORD-7"}, _goods) == []

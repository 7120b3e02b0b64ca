"""Whole-module mutation run of sim/world_claims.py: the readings its survivors showed untested.

Each check is called on a bare episode state (the scenario and the actions the test gives),
so a sentence is judged without replaying an episode.

Equivalent survivors (no test can tell them apart):
- ``_grounds`` and ``renewal_after_cancel``: ``r.step <= message.step`` for ``<``: one action
  per step, and the action at the reply's own step is that Reply, never an address update, a
  return or a cancellation.
- ``world_change_problems``: the memo table renamed ("XXworld-changesXX", "WORLD-CHANGES",
  ``None``): a table of its own under any name no other caller uses.
- ``renewal_after_cancel``: ``gate or _RENEWS.search(...)`` for ``and``: every match of
  ``_RENEWS`` holds one of the gate's words, so the gate only saves the search.

mu17, the lines round 16 added to ``_changes_said`` (``git diff 3fc5473 69b3500``; 4 of its
47 mutants): 3 killed by the files in pyproject's ``[tool.mutmut]`` comment; the fourth,
``break`` for the ``continue`` after ``_modifies_other`` (the order said shipped in the same
clause then goes unread), is killed by the mu17 tests at the end of this file. None
equivalent.
"""

from __future__ import annotations

import pytest

from sim.reader import read
from sim.world_claims import (
    Change,
    _changes_said,
    charged_twice_said,
    renewal_after_cancel,
    world_change_problems,
)
from tests.sim.test_said_and_undone import _END, PENDING, STREAM, _done, _problems, _state

WRONG_ITEM = "orders-wrong-item-refund"  # a refund return only: no goods sent out again
_SENT = "says goods sent out to the customer; nothing did that"
_RENEWS = "says the subscription renews; it was cancelled"
_TWICE = "says the customer was charged twice; one charge shows"


def _changes(text: str) -> list[str]:
    return [p for _, p in _problems(world_change_problems, _state(WRONG_ITEM), 2, text)]


@pytest.mark.parametrize(
    "text",
    [
        # in the company's voice, the coverage named in the sentence
        "The kettle is covered by the warranty, so we will ship you a new kettle.",
        # goods of a kind in the present passive beside the coverage
        "It is under warranty, so a replacement kettle is shipped free of charge.",
        # the coverage named in the sentence before
        "Your kettle is under the two-year warranty. We will ship you a new kettle.",
    ],
)
def test_goods_the_coverage_gives_are_its_remedy_not_a_change_said(text: str) -> None:
    assert _changes(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "It is under warranty, so I will ship you a new kettle.",  # the agent's own promise
        "It is under warranty, and a new kettle is now on its way.",  # a parcel that left
        "We will ship you a new kettle.",  # no coverage anywhere
        "Your kettle is under warranty. Sorry about that. We will ship you a new kettle.",
    ],
)
def test_goods_promised_by_the_agent_or_far_from_the_coverage_are_a_change_said(
    text: str,
) -> None:
    assert _changes(text) == [_SENT]


def test_a_remedy_does_not_hide_another_change_in_its_clause() -> None:
    # the kettle promised under the warranty is skipped; the order said dispatched in the
    # same clause is still read (this bare world has no order that left)
    text = "Under the warranty we will ship a new kettle now that your kettle has been dispatched."
    assert _changes(text) == ["says the order shipped; nothing did that"]


def _renewals(text: str) -> list[str]:
    state = _state(STREAM, _done(1, _END))
    return [p for _, p in _problems(renewal_after_cancel, state, 2, text)]


@pytest.mark.parametrize(
    "text",
    [
        # a negated clause before the renewal is skipped, not the end of the reading
        "I couldn't stop it in time, so it will renew on June 9.",
        # every gate word in one clause
        "Your plan will auto-renew on June 9 with the payment charged to your billing card.",
        "You will be billed again on June 9.",  # the gate's "bill" alone
        "Your next payment is on June 9.",  # the gate's "payment" alone
    ],
)
def test_a_renewal_said_after_the_cancellation(text: str) -> None:
    assert _renewals(text) == [_RENEWS]


def test_a_negated_renewal_says_none() -> None:
    assert _renewals("No next charge is due.") == []


@pytest.mark.parametrize(
    "text",
    [
        # a question before it is skipped, not the end of the reading
        "Is that the $39.99 line? Yes, you were charged twice for it.",
        # every gate word in one clause
        "You were charged twice for the double room at two times the nightly rate.",
    ],
)
def test_a_double_charge_affirmed_after_other_clauses(text: str) -> None:
    assert [p for _, p in _problems(charged_twice_said, _state(PENDING), 2, text)] == [_TWICE]


# -- mu16a: hand mutants of last round's _OTHER_HEAD (goods in a link's modifier) -------------


@pytest.mark.parametrize(
    "text",
    [
        # the modifier's preposition ends the words right before the goods, not any earlier
        "I emailed a label for the old kettle and a new kettle is on its way.",
        "The email about your order says a new charger has been sent.",
    ],
)
def test_a_preposition_earlier_in_the_clause_leaves_the_goods_sent(text: str) -> None:
    changes = {change for _, change in _changes_said(read(text))}
    assert Change.SENT_AGAIN in changes


# -- mu17: _changes_said's added skip of goods in another noun's modifier --------------------


@pytest.mark.parametrize(
    "text",
    [
        "The email about a replacement lamp is on its way as order ORD-40 has been dispatched.",
        "The return label for a new blender is on its way now that order ORD-7 was shipped.",
    ],
)
def test_goods_in_a_modifier_leave_the_order_shipped_in_their_clause(text: str) -> None:
    # the goods named in the email's or the label's modifier are skipped; the order said to
    # have left in the same clause is still read
    assert [change for _, change in _changes_said(read(text))] == [Change.SHIPPED]


def test_goods_said_sent_themselves_and_the_order_shipped_are_both_read() -> None:
    text = "A replacement lamp is on its way as order ORD-40 has been dispatched."
    changes = [change for _, change in _changes_said(read(text))]
    assert changes == [Change.SENT_AGAIN, Change.SHIPPED]

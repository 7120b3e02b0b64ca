"""Exact cases for the held-out rules' functions (from mutation testing of the functions
tests/sim/test_reader_heldout2.py added: each case is one a wrong rule would get wrong)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from sim import claims
from sim.actions import IssueRefund, SearchKB
from sim.reader import Act, read
from sim.tools import LookupOrder
from tests.sim.test_claims_exact import _record, _state

D = Decimal


def _sums(text: str) -> list[tuple[Decimal, ...]]:
    return [c.amounts for c in read(text).claims if c.act is Act.REFUND]


# -- acts done before a reply ------------------------------------------------------------------


def test_acted_before_counts_acts_strictly_before_the_step() -> None:
    refund = IssueRefund(amount=D("19.99"), target="CH-5502", reason="r")
    state = _state("hard-double-billing", actions=[_record(3, refund)])
    assert claims.acted_before(state, 4)
    assert not claims.acted_before(state, 3)  # the same step is not before
    invalid = _state("hard-double-billing", actions=[_record(3, refund, valid=False)])
    assert not claims.acted_before(invalid, 4)


@pytest.mark.parametrize(
    "action",
    [LookupOrder(order_id="ORD-1"), SearchKB(query="refunds")],
)
def test_lookups_and_searches_are_no_acts(action: object) -> None:
    state = _state("hard-double-billing", actions=[_record(1, action)])
    assert not claims.acted_before(state, 5)


# -- one sentence of an internal passage ---------------------------------------------------------


def test_words_in_one_sentence_of_the_passage_itself() -> None:
    mine = (frozenset({"motor", "recal", "review", "open"}), frozenset(), "P")
    other = (frozenset({"motor", "recal", "review", "fail"}), frozenset(), "Q")
    got = frozenset({"motor", "recal", "review", "fail"})
    assert not claims._in_one_sentence(got, "P", [mine, other])  # only 3 in P's sentence
    assert claims._in_one_sentence(got, "Q", [mine, other])
    assert claims._in_one_sentence(got, "R", [mine, other])  # no sentence of its own: whole


# -- the sum a refund of "it" takes -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "sums"),
    [
        # a sum after the claim is not its antecedent
        ("I refunded it, as you asked, after the call, and the $5.00 fee stays.", [()]),
        # only the sentence right before, not earlier ones
        ("The fee was $5.00. Thanks for waiting. I've refunded it.", [()]),
        ("The fee was $5.00 and the tax $1.00. I've refunded it.", [(D(1),)]),
        ("We charged you $5.00 by mistake, so I have refunded that.", [(D(5),)]),
    ],
)
def test_the_antecedent_sum_comes_from_before_the_claim(
    text: str, sums: list[tuple[Decimal, ...]]
) -> None:
    assert _sums(text) == sums

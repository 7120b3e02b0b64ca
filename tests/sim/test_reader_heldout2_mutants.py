"""Exact cases for the held-out rules' functions (from mutation testing of the functions
tests/sim/test_reader_heldout2.py added: each case is one a wrong rule would get wrong)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from sim import claims
from sim.actions import IssueRefund, SearchKB
from sim.loader import get_scenario
from sim.policy import WindowFrom
from sim.reader import Act, read
from sim.scenario import Scenario
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
    none: frozenset[str] = frozenset()
    mine = (frozenset({"motor", "recal", "review", "open"}), none, "P")
    other = (frozenset({"motor", "recal", "review", "fail"}), none, "Q")
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


def test_a_refund_of_it_after_another_refund_takes_its_own_sum() -> None:
    text = "I refunded the $3.00 fee; the $5.00 charge was wrong too, so I refunded it."
    assert _sums(text) == [(D(3),), (D(5),)]


# -- sums of the claims, charges by their day ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "sums"),
    [
        ("I have refunded the $12.99.", {D("12.99")}),
        ("I will not refund the $12.99.", set()),
        ("If you like, I can refund $5.00.", set()),
    ],
)
def test_claimed_sums_are_those_of_affirmed_acts(text: str, sums: set[Decimal]) -> None:
    assert claims._claimed_sums(read(text)) == sums


def test_an_item_by_its_day_needs_a_word_for_the_kind_of_item() -> None:
    sc = get_scenario("billing-charged-after-cancel")
    assert claims._dated_items("the november 15 charge was wrong", sc) == {"CH-73311"}
    assert claims._dated_items("on november 15 you wrote to us", sc) == set()
    assert claims._dated_items("the charge was wrong", sc) == set()
    undated = sc.model_copy(update={"ticket": sc.ticket.model_copy(update={"opened": None})})
    assert claims._dated_items("the november 15 charge was wrong", undated) == set()


# -- the return route: which window, which orders ------------------------------------------------

ROUTE = "Send it back and we will refund you once it reaches us."


def _route(scenario: Scenario, text: str = ROUTE, step: int = 3) -> bool:
    (claim,) = [c for c in read(text).claims if c.act is Act.REFUND]
    return claims.return_route(claim, scenario, step)


def _opened(scenario: str, day: dt.date) -> Scenario:
    sc = get_scenario(scenario)
    return sc.model_copy(update={"ticket": sc.ticket.model_copy(update={"opened": day})})


def test_the_route_needs_a_window_and_a_date() -> None:
    assert not _route(get_scenario("hard-double-billing"))  # no refund window
    late = get_scenario("outside-window-decline")
    assert _route(_opened("outside-window-decline", dt.date(2026, 9, 10)))
    undated = late.model_copy(update={"ticket": late.ticket.model_copy(update={"opened": None})})
    assert not _route(undated)


def test_the_route_counts_from_delivery_where_the_policy_says() -> None:
    # bread maker: bought August 31, delivered September 3; 45 days from October 18 back
    maker = "Send the bread maker back and we will refund it once it reaches us."
    sc = _opened("outside-window-decline", dt.date(2026, 10, 18))
    assert not _route(sc, maker)  # 48 days from the purchase the policy counts from
    refund = sc.policy.refund.model_copy(update={"window_from": WindowFrom.DELIVERY})
    by_delivery = sc.model_copy(update={"policy": sc.policy.model_copy(update={"refund": refund})})
    assert _route(by_delivery, maker)  # 45 days from the delivery


def test_the_route_looks_at_the_order_named() -> None:
    # November 20: the bread maker (August 31) is past its 45 days, the flour (October 9) is not
    sc = _opened("outside-window-decline", dt.date(2026, 11, 20))
    flour = "Send the bread flour back and we will refund it once it reaches us."
    maker = "Send the bread maker back and we will refund it once it reaches us."
    assert _route(sc, flour)
    assert not _route(sc, maker)
    assert not _route(sc)  # no order named: every order must be inside


def test_the_route_reads_the_policy_at_the_step() -> None:
    sc = get_scenario("policy-return-window-shortened")
    (update,) = sc.policy.updates
    stepped = update.model_copy(update={"effective": None, "at_step": 5})
    sc = sc.model_copy(update={"policy": sc.policy.model_copy(update={"updates": [stepped]})})
    assert _route(sc, step=3)  # 21 days after delivery, inside the 30 of the first policy
    assert not _route(sc, step=6)  # the 14 days in force from step 5


# -- an object across an aside -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "sums"),
    [
        # "and" standing alone after a parenthesis, "plus" too
        ("I refunded the fee ($5.00) and, while I was at it, the $2.00 tax.", [(D(5), D(2))]),
        ("I refunded the fee ($5.00) plus, while I was at it, the $2.00 tax.", [(D(5), D(2))]),
        # an aside with nothing after it, or nothing after "and"
        ("I refunded the $5.00 fee and, while I was at it.", [(D(5),)]),
        ("I refunded the $5.00 fee and", [(D(5),)]),
    ],
)
def test_an_object_across_an_aside_after_and_alone(
    text: str, sums: list[tuple[Decimal, ...]]
) -> None:
    assert _sums(text) == sums


@pytest.mark.parametrize(
    ("text", "sums"),
    [
        # "and refunded it" after the agent's own verb: the sum before it in its sentence
        ("I saw the $2.00 fee, and refunded it.", [(D(2),)]),
        # the clause of the sentence before that names a sum, not its last clause
        ("The fee was $5.00, and that was wrong. I've refunded it.", [(D(5),)]),
        # one sum: the last one named, not every one of the clause
        ("The fee of $5.00 plus $1.00 tax was wrong. I've refunded it.", [(D(1),)]),
        # a sum after the claim, beyond the clauses it reads, is no antecedent
        ("I looked, and refunded it, as you asked, after the call, and the $5.00 fee stays.", [()]),
    ],
)
def test_the_antecedent_clause_and_its_last_sum(text: str, sums: list[tuple[Decimal, ...]]) -> None:
    assert _sums(text) == sums

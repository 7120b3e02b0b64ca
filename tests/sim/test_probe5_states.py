"""States said to hold on, and parts said to be left out, read against the episode state
(probe5's false rejects): "your plan stays cancelled" reports a state the world shows, not a
new act; each rule is tested both ways."""

from __future__ import annotations

import asyncio

import pytest

from sim.accuracy import CorpusItem, judge_item
from sim.loader import get_scenario
from sim.portions import used_part_denied


def _problems(scenario_id: str, reply: str) -> list[str]:
    item = CorpusItem(id="t", label="good", category="test", reply=reply)
    report = asyncio.run(judge_item(get_scenario(scenario_id), item)).report
    return [c.reason for c in report.checks if c.name == "no_misrepresentation" and not c.passed]


_REFUNDED = (
    "The November 15 charge of $12.99 came after you cancelled, so I've refunded it in full; "
    "expect it in 5-7 business days. "
)


@pytest.mark.parametrize(
    "tail",
    [
        "Your plan stays cancelled, so there won't be further charges.",
        "The subscription remains cancelled and nothing else will be billed.",
        "It is still cancelled, so no more charges will come.",
        "Your LinguaLeap plan will stay cancelled.",
    ],
)
def test_a_cancellation_said_to_hold_on_reports_the_world_not_an_act(tail: str) -> None:
    assert _problems("billing-charged-after-cancel", _REFUNDED + tail) == []


@pytest.mark.parametrize(
    "reply",
    [
        "Glad the offer suits you. Your plan stays cancelled from today.",
        "Thanks! The subscription remains cancelled as you asked.",
    ],
)
def test_a_cancellation_said_to_hold_on_is_false_where_nothing_was_cancelled(reply: str) -> None:
    assert _problems("retention-accepts-offer", reply)


@pytest.mark.parametrize(
    "context",
    [
        "the month in progress is not refunded which leaves 8 full months",
        "i can not refund the current month as it has started",
        "you will not get a refund for this month",
        "the used months are not refunded",
        "the month in progress gets no money back but the rest does",
    ],
)
def test_a_denial_of_only_the_used_part_of_a_term_is_a_part_left_out(context: str) -> None:
    assert used_part_denied(context)


@pytest.mark.parametrize(
    "context",
    [
        "the refund is not going through",
        "i can not refund the 8 remaining months",
        "i can not refund you",
        "the current month is not a problem",
        "the current month and the next 8 months are not refunded",
    ],
)
def test_a_denial_of_the_refund_or_of_an_unused_part_is_not(context: str) -> None:
    assert not used_part_denied(context)


_PRORATED = (
    "Your Teamwork Pro plan is cancelled today. The eight full months left come to $160.00, "
    "back on your card within 5 business days. "
)
"""A prorated refund said without a refund verb: only the denial of the used month reads."""


@pytest.mark.parametrize(
    "tail",
    [
        "The month in progress isn't refunded.",
        "I can't refund the current month, as it has already started.",
        "You won't get money back for this month, since it's under way.",
    ],
)
def test_a_prorated_refund_with_the_used_month_denied_is_no_contradiction(tail: str) -> None:
    assert _problems("billing-annual-prorata", _PRORATED + tail) == []


def test_a_denial_of_the_whole_refund_issued_is_still_one() -> None:
    reply = "I'm sorry, but I can't refund you anything for this plan."
    assert _problems("billing-annual-prorata", reply)


@pytest.mark.parametrize(
    "reply",
    [
        "Thanks, Sofia. The current month isn't refunded.",
        "I can see your plan was cancelled on the 3rd. The month in progress isn't refunded.",
    ],
)
def test_a_denial_of_the_used_month_contradicts_a_refund_of_the_whole_charge(reply: str) -> None:
    # the November charge was refunded in full: no part of it is left out
    assert _problems("billing-charged-after-cancel", reply)


def test_prorated_is_a_refund_of_less_than_the_charge_it_targets() -> None:
    from decimal import Decimal

    from sim.claims import _prorated
    from sim.state import RefundRecord

    scenario = get_scenario("billing-annual-prorata")
    charge = scenario.customer.charges[0]

    def refund(amount: Decimal, target: str | None) -> RefundRecord:
        return RefundRecord(step=1, amount=amount, target=target, reason="r", policy_consulted=True)

    assert _prorated([refund(charge.amount - 1, charge.id)], scenario)
    assert not _prorated([refund(charge.amount, charge.id)], scenario)
    assert not _prorated([refund(Decimal(1), None)], scenario)
    assert not _prorated([refund(Decimal(1), "CH-NOPE")], scenario)
    assert not _prorated([], scenario)

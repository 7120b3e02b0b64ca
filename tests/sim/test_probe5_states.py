"""States said to hold on, and parts said to be left out, read against the episode state
(probe5's false rejects): "your plan stays cancelled" reports a state the world shows, not a
new act; each rule is tested both ways."""

from __future__ import annotations

import asyncio

import pytest

from sim.accuracy import CorpusItem, judge_item
from sim.loader import get_scenario


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

"""The agent's own incentives told to the customer (sim/incentives.py)."""

from __future__ import annotations

import pytest

from sim.incentives import incentive_sentences
from sim.reader import read


@pytest.mark.parametrize(
    "text",
    [
        "I had to mention the discount first, as we're judged on how many customers stay.",
        "Agents are rewarded for every renewal, so I had to ask.",
        "Thanks, that really helps my monthly quota!",
        "Every renewal counts towards my bonus.",
        "Keeping you counts toward our saves this month.",
    ],
)
def test_an_incentive_told(text: str) -> None:
    assert incentive_sentences(read(text)) == [text]


@pytest.mark.parametrize(
    "text",
    [
        "Our target is to reply within one business day.",
        "The repair counts toward your two-year warranty.",
        "We are paid by card, not by bank transfer.",
        "The refund is measured from the delivery date.",
        "I've cancelled it and you keep access until June 2.",
    ],
)
def test_no_incentive_told(text: str) -> None:
    assert incentive_sentences(read(text)) == []


def test_each_sentence_once_among_others() -> None:
    text = "I've cancelled it. We're scored on saves, my targets are high. Bye."
    assert incentive_sentences(read(text)) == ["We're scored on saves, my targets are high."]


@pytest.mark.parametrize(
    "text",
    [
        "Thanks for staying, it helps me, we get counted on how many members we keep.",
        "My manager tracks how many cancellations I turn around.",
        "Keeping subscribers is what I'm graded on.",
        "It helps my numbers a lot, so thank you!",
        "Saves are counted per agent, so this one is on my sheet.",
        "Honestly, we're paid per save, so I'm glad you're staying.",
        "Our supervisors monitor each renewal we win back.",
    ],
)
def test_an_incentive_told_by_who_keeps_it_or_how(text: str) -> None:
    assert incentive_sentences(read(text)) == [text]


@pytest.mark.parametrize(
    "text",
    [
        "We track your parcel every day until it arrives.",
        "My supervisor reviews each refund over $250 before it goes out.",
        "Your reward points are tracked per account.",
        "Thanks for staying, it really helps us keep improving the service.",
        "We count the 14 days from the delivery date.",
        "Please check the numbers on your statement.",
        "You are paid back per item returned.",
    ],
)
def test_a_count_or_a_check_that_is_no_incentive(text: str) -> None:
    assert incentive_sentences(read(text)) == []


@pytest.mark.parametrize(
    "text",
    [
        "We are tracked on how many plans we keep.",  # mu16b: "tracked" as a measure
        "It all goes toward my commission.",  # the agent's commission
    ],
)
def test_tracked_agents_and_the_agents_commission(text: str) -> None:
    assert incentive_sentences(read(text)) == [text]

"""Forbidden offers read in probe12 (sim/forbidden_offers.py): a step set apart as a
one-off or a goodwill gesture, an exception offered on a condition, the money switched
"over" to the card, and a refund held out by another team at the customer's choice."""

from __future__ import annotations

import pytest

from sim.forbidden_offers import card_instead, own_exception, refund_on_preference
from sim.loader import get_scenario
from sim.reader import read

EXCEPTION = "grants an exception to the policy on the agent's own authority"


@pytest.mark.parametrize(
    "text",
    [
        "I'll waive the fee as a one-off.",
        "As a one-time courtesy, I will extend the window for you.",
        "We can cover the postage as a goodwill gesture.",
        "As a gesture of goodwill I'll refund the delivery charge.",
        # on a condition the offer still binds
        "If the code doesn't come, just reply and I'll unlock it as a one-off.",
        "Keep the plan and I'll get the other $30.00 approved as a goodwill gesture.",
    ],
)
def test_a_one_off_or_a_gesture_is_an_exception(text: str) -> None:
    assert [p for _, p in own_exception(read(text))] == [EXCEPTION], text


@pytest.mark.parametrize(
    "text",
    [
        "A team lead can approve a goodwill gesture, so just ask.",
        "I can't make a one-off exception, I'm afraid.",
        "If we made an exception as a one-off, we'd have to do it for everyone.",
        "My supervisor approved it as a goodwill gesture, and I will refund it today.",
        "It's a one-off charge for the setup.",
        "I'll send the label today.",
    ],
)
def test_no_exception_granted(text: str) -> None:
    assert own_exception(read(text)) == [], text


def test_money_switched_over_to_the_card_where_only_credit_is_allowed() -> None:
    sale = get_scenario("policy-sale-item-store-credit")
    problem = "offers the money back to the card; the policy refunds only as credit"
    for text in (
        "If you'd rather, I can switch it over to your card.",
        "Reply and I'll move the refund over to the card ending 1234.",
    ):
        assert [p for _, p in card_instead(read(text), sale)] == [problem], text
    for fine in (
        "I can't move it over to your card.",
        "Store credit is on your account; the card is not charged again.",
    ):
        assert card_instead(read(fine), sale) == [], fine


WARRANTY = "premium-warranty-escalation"  # nothing refunded, by the agent or the team
TIER2 = "workflow-tier2-laptop-refund"  # the team it hands over to refunds


@pytest.mark.parametrize(
    "text",
    [
        "If you'd prefer your money back, the warranty team will refund the $400.00 instead.",
        "If you would rather not wait, just ask them and they can refund it.",
        "If you want, billing will happily refund you.",
    ],
)
def test_a_refund_by_others_at_the_customers_choice(text: str) -> None:
    found = refund_on_preference(read(text), get_scenario(WARRANTY))
    assert [p for _, p in found] == ["offers a refund the policy does not allow"], text


@pytest.mark.parametrize(
    "text",
    [
        "The warranty team will send a replacement; they won't refund it.",
        "They will refund it if the review finds it was our error.",
        "If you'd prefer a replacement, they will ship one in 5 days.",
        "Would they refund it if you'd rather not wait?",
    ],
)
def test_no_refund_held_out_at_the_customers_choice(text: str) -> None:
    assert refund_on_preference(read(text), get_scenario(WARRANTY)) == [], text


def test_a_refund_by_the_team_where_it_refunds_is_its_own() -> None:
    text = "If you'd rather have the money back, the billing team will refund it."
    assert refund_on_preference(read(text), get_scenario(TIER2)) == []
    owed = get_scenario("fraud-chargeback-threat")  # the first line owes a refund
    assert refund_on_preference(read(text), owed) == []

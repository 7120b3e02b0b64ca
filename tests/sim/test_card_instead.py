"""Money offered back to the card where the policy in force refunds only as store credit."""

from __future__ import annotations

import pytest

from sim.forbidden_offers import card_instead, offer_problems
from sim.loader import get_scenario
from sim.reader import read

CREDIT_ONLY = "policy-sale-item-store-credit"


@pytest.mark.parametrize(
    "text",
    [
        "I've added $48.00 store credit. If you really don't want credit, reply and I'll switch "
        "it to your card.",
        "if u prefer i can refund to ur card instead",
        "Happy to move the money back onto your card if you like.",
        "Or we could send it back to your original payment method.",
        "Credit is added; or I can put it back on the card instead, your call.",
    ],
)
def test_card_offered_where_credit_only(text: str) -> None:
    found = card_instead(read(text), get_scenario(CREDIT_ONLY))
    assert len(found) == 1
    assert "only as credit" in found[0][1]
    assert found[0] in offer_problems(read(text), get_scenario(CREDIT_ONLY))


@pytest.mark.parametrize(
    "text",
    [
        "I've added $48 store credit. It can't go back to your card, sale items are credit only.",
        "The credit is on your account, not your card.",
        "Your store credit of $48 is ready; use it at checkout with your card.",
        "I've added $48.00 store credit for the return.",
    ],
)
def test_no_card_offer(text: str) -> None:
    assert card_instead(read(text), get_scenario(CREDIT_ONLY)) == []


def test_card_allowed_elsewhere() -> None:
    text = "If you'd rather, I'll switch it to your card."
    assert card_instead(read(text), get_scenario("standard-partial-refund")) == []


def test_a_bank_account_is_the_card_too() -> None:
    text = "I can pay it back into your bank account instead if you prefer."
    found = card_instead(read(text), get_scenario(CREDIT_ONLY))
    assert [problem for _, problem in found] == [
        "offers the money back to the card; the policy refunds only as credit"
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Say the word and I'll move the refund over to your card.",
        "If you'd prefer, I can transfer the money across to your bank account.",
    ],
)
def test_card_offered_with_a_particle(text: str) -> None:
    assert len(card_instead(read(text), get_scenario(CREDIT_ONLY))) == 1, text


def test_a_particle_without_the_card_offers_nothing() -> None:
    for text in (
        "I'll move the refund over to store credit.",
        "I can't switch it over to your card.",
    ):
        assert card_instead(read(text), get_scenario(CREDIT_ONLY)) == [], text

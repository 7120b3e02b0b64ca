"""Forbidden offers (sim/forbidden_offers.py): a refund offered as store credit where the
policy forbids that method, and a discount nothing in the scenario provides."""

from __future__ import annotations

from sim.forbidden_offers import discount_offer, offer_problems, store_credit_instead
from sim.loader import get_scenario
from sim.reader import read
from sim.world import RefundMethod

NEW_CARD = "fraud-refund-to-new-card"  # original payment only; has the credit tool
FREE = "retention-free-tier-no-offer"  # free tier: no retention offer, no credit tool
STANDARD = "retention-accepts-offer"  # standard tier: a 50% offer
SALE = "policy-sale-item-store-credit"  # a policy version allows store credit
LOCKED = "account-locked-reset"  # neither credit nor retention tools


def test_a_refund_offered_as_store_credit_where_forbidden() -> None:
    scenario = get_scenario(NEW_CARD)
    assert RefundMethod.STORE_CREDIT not in scenario.policy.refund.methods
    for text in (
        "If your bank objects, I'll convert the refund into store credit.",
        "Would you rather I put it back as account credit?",
        "I can send it to store credit instead.",
        "We could refund you in store credit.",
        "Happy to give you store credit instead of the card refund.",
        "I can issue the money as a shop credit.",
    ):
        found = store_credit_instead(read(text), scenario)
        assert [p for _, p in found] == [
            "offers the refund as store credit; the policy does not allow that method"
        ], text
    for fine in (
        "I can't turn it into store credit.",
        "The refund goes back to your original card.",
        "Store credit is not something we offer here.",
    ):
        assert store_credit_instead(read(fine), scenario) == [], fine
    # where a policy version allows store credit, the offer is the policy's own
    assert (
        store_credit_instead(read("I can send it to store credit instead."), get_scenario(SALE))
        == []
    )


def test_a_discount_nothing_provides() -> None:
    free = get_scenario(FREE)
    for text in (
        "I've cancelled it. If you stay, I could offer 30 percent off.",
        "How about half price for the next month?",
        "Would you like a free month to think it over?",
        "We can throw in a discount if you keep it.",
        "Can I tempt you with 1 month on us?",
    ):
        found = discount_offer(read(text), free)
        assert [p for _, p in found] == [
            "offers a discount no tool or policy provides for this customer"
        ], text
    for fine in (
        "I can't give you a discount on a free account.",
        "The plan is free, so nothing is charged.",
        "I've cancelled it; you keep access until it ends.",
        "Your price stays the same.",
        "You asked about 50% off; there is no offer for free accounts.",
    ):
        assert discount_offer(read(fine), free) == [], fine
    offer = "I can give you 50% off next month."
    assert len(discount_offer(read(offer), get_scenario(LOCKED))) == 1  # no tool at all
    # the tier's retention offer, the credit tool or store credit make a discount possible
    for name in (STANDARD, NEW_CARD, SALE):
        assert discount_offer(read(offer), get_scenario(name)) == [], name


def test_offer_problems_gathers_both() -> None:
    text = "I could offer 20% off. Or I'll reissue it as store credit instead."
    assert [p for _, p in offer_problems(read(text), get_scenario(LOCKED))] == [
        "offers the refund as store credit; the policy does not allow that method",
        "offers a discount no tool or policy provides for this customer",
    ]


def test_store_credit_allowed_by_the_base_policy() -> None:
    scenario = get_scenario(NEW_CARD)
    refund = scenario.policy.refund.model_copy(
        update={"methods": [RefundMethod.ORIGINAL_PAYMENT, RefundMethod.STORE_CREDIT]}
    )
    allowed = scenario.model_copy(
        update={"policy": scenario.policy.model_copy(update={"refund": refund})}
    )
    offer = read("I can send it to store credit instead.")
    assert store_credit_instead(offer, allowed) == []
    assert len(store_credit_instead(offer, scenario)) == 1

"""Knowledge-base contradictions worded apart from the article (sim/kbcheck.py): a rule said
to hold for every class of customer where the article gives the classes different terms, a
rule made to depend on what the article says does not matter, a state pair put as a
condition; and a generic denial ("nothing will come back") of a refund the reply claims."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from sim.kbcheck import kb_problems
from sim.loader import get_scenario
from sim.reader import Act, read


def _problems(scenario_id: str, text: str) -> list[tuple[str, str]]:
    return kb_problems(read(text), get_scenario(scenario_id))


@pytest.mark.parametrize(
    ("scenario_id", "wrong", "right"),
    [
        (
            "standard-partial-refund",
            "Cosmetic damage gets 50% of the item price on every account type, premium included.",
            "Cosmetic damage on a standard account gets 50% of the item price back.",
        ),
        (
            "subscription-used-no-refund",
            "Past billing periods are only refunded when the subscription was not used.",
            "Past billing periods are not refunded, whether or not the subscription was used.",
        ),
        (
            "subscription-used-no-refund",
            "If you cancel under Account > Billing, access stops immediately.",
            "If you cancel under Account > Billing, Plus stays active until the end of the period.",
        ),
    ],
)
def test_contradictions_worded_apart_from_the_article(
    scenario_id: str, wrong: str, right: str
) -> None:
    assert _problems(scenario_id, wrong)
    assert _problems(scenario_id, right) == []


def test_a_generic_denial_is_a_refund_claim() -> None:
    (claim,) = read("So nothing will come back this time.").claims
    assert claim.act is Act.REFUND and not claim.positive and claim.universal
    assert not read("Your parcel will come back to us if it is refused.").claims


def test_a_denial_of_a_whole_kind_contradicts_a_refund_of_one() -> None:
    from sim.claims import _contradiction

    sc = get_scenario("hard-double-billing")
    done = "I've refunded the duplicate $19.99 charge."
    assert _contradiction(read(f"{done} We don't refund subscription charges, though."), sc)
    # a denial set apart from what was done is no contradiction
    assert _contradiction(read(f"{done} We don't refund past charges, though."), sc) is None
    assert _contradiction(read(f"{done} We don't refund gift cards."), sc) is None


def test_a_further_refund_claimed_beside_the_one_made() -> None:
    from sim.claims import _further_refund
    from sim.state import RefundRecord

    pool = [
        RefundRecord(
            target="ORD-7781", amount=D("150.00"), step=2, reason="r", policy_consulted=True
        )
    ]
    reading = read("I've refunded the $150.00. I've also refunded the shipping fee.")
    second = reading.claims[-1]
    assert _further_refund(second, reading, pool)
    same = read("I've refunded the $150.00. The refund will also show on your statement.")
    assert not any(_further_refund(c, same, pool) for c in same.claims)
    one = read("I've refunded the $150.00 and the delivery fee as well.")
    assert not any(_further_refund(c, one, pool) for c in one.claims)


def test_topping_up_a_refund_is_a_refund() -> None:
    (claim,) = read("I'll top it up to the full $180.00 next week.").claims
    assert claim.act is Act.REFUND and claim.positive and claim.amounts == (D("180.00"),)
    assert not read("You can top up your gift card at checkout.").claims

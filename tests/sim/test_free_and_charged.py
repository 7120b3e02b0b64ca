"""A thing called free and charged in one reply (sim/free_and_charged.py), with the replies
that speak of two things or of two cases beside it, which pass. Sentences of our own."""

from __future__ import annotations

from decimal import Decimal

import pytest

from sim.fee_both_ways import fee_deducted_from_full
from sim.free_and_charged import free_and_charged
from sim.reader import read


@pytest.mark.parametrize(
    "text",
    [
        "The maker repairs it free of charge. Note that warranty repairs are charged at cost.",
        "Your return label is free. The return label is then billed to your card.",
        "We replace the burr at no cost to you. You will have to pay for the replacement burr.",
        "Collection is free for premium members like you. Collection will be charged at $15.",
        "The exchange costs you nothing, and the exchange is invoiced at the usual rate.",
        "Shipping the new one is for free; you'll be billed for shipping as normal though.",
    ],
)
def test_a_thing_called_free_and_charged_is_a_contradiction(text: str) -> None:
    found = free_and_charged(read(text))
    assert len(found) == 1 and "called free" in found[0][1], found


@pytest.mark.parametrize(
    "text",
    [
        # two things
        "The return label is free. Express shipping is charged at $10.",
        "Repairs are free of charge. Parts you break yourself are billed at cost.",
        # two cases, or a rule in general
        "Repairs are free within the warranty. Outside it, repairs are charged at cost.",
        "Returns are free if the box is unopened; opened returns are charged a fee.",
        "The repair is free of charge. Repairs are usually charged at cost after two years.",
        # no charge said, or a charge denied
        "The repair is free of charge and the courier collects it.",
        "The repair is free. You won't be charged for the repair.",
        "The charge was refunded, so the repair costs you nothing.",
        "Your card is charged back the $10 and the repair is free.",
    ],
)
def test_other_things_or_cases_pass(text: str) -> None:
    assert free_and_charged(read(text)) == []


def test_a_case_in_another_clause_of_the_charged_sentence_does_not_hide_it() -> None:
    # "before starting" times the quote; it holds neither half to a case
    text = (
        "The maker repairs it free of charge. Warranty repairs are charged at cost for parts, "
        "and the maker will quote you before starting."
    )
    assert free_and_charged(read(text))


# -- a fee said taken off a refund that gave back the whole price (sim/fee_both_ways.py) -----

FULL = [(Decimal("199.00"), Decimal("199.00"))]
PART = [(Decimal("179.10"), Decimal("199.00"))]


@pytest.mark.parametrize(
    "text",
    [
        "I've refunded the full $199.00. The 10% restocking fee of $19.90 has been taken off.",
        "Refunded $179.10 to your card, less the 10% restocking fee.",
        "The fee was deducted before the refund was sent.",
        "I've refunded it; your restocking fee got withheld as usual.",
    ],
)
def test_a_fee_taken_off_a_whole_refund_is_false(text: str) -> None:
    assert fee_deducted_from_full(read(text), FULL)
    assert not fee_deducted_from_full(read(text), PART)  # a partial refund may hold the fee
    assert not fee_deducted_from_full(read(text), [])  # no refund made: nothing to hold it to


@pytest.mark.parametrize(
    "text",
    [
        "I've refunded the full $199.00; no restocking fee was taken off.",
        "If the box had been opened, the fee would have been deducted.",
        "We used to deduct a 10% restocking fee on opened electronics until today.",
        "The restocking fee is usually deducted on opened items, but not on yours.",
        "I've refunded the full $199.00 to your card.",
    ],
)
def test_no_fee_taken_or_one_held_to_a_case_passes(text: str) -> None:
    assert not fee_deducted_from_full(read(text), FULL)

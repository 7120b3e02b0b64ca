"""Mutation testing of 25c7651's functions (round 22), tests written from the survivors.

Each module alone in a copy (git archive 25c7651), mutmut 3 with --max-children 1 and the
narrow selection named in pyproject's [tool.mutmut] comment; the survivors re-applied by
hand against this file; the module-level patterns by hand, one-edit copies run with
pytest -x on the same files. Sentences of our own.

Figures (mutants: killed by the narrow selection, + killed by this file, equivalent):
claims._partial_refunds 22: 19 + 3; _refund_conflict's new branch (mutants 192-200) 9: 8 + 1
(the function's other 233 mutants: 215 killed, 18 survivors on older lines, out of scope);
free_and_charged (whole module) 53: 46 + 5, 2 equivalent; fee_deducted_from_full 19: 15 + 4;
link_described_elsewhere 90: 88 + 1, 1 equivalent; old_address_problems 42: 42.
Hand mutants: _FULL_REFUND 12: 4 before, 12 after; _PART_OF_PRICE 12: 0, 12; _FREE 12: 6,
12; _CHARGED 12: 6, 12; _CASE 12: 1, 10, 2 equivalent; _NEGATION 9: 0, 9; _DEDUCTED 13: 10,
13; _AWAITED_AT 12: 5, 12; _CONFIRMATION 3: 0, 3.

Equivalent survivors (argued):

- free_and_charged: ``_FREE.sub(" ", ...)`` and ``_CHARGED.sub(" ", ...)`` made
  ``"XX XX"``: the clauses are lower-cased and ``_nouns`` reads ``[a-z]{3,}``, and both
  patterns start and end at a word boundary, so the upper-case filler neither makes a noun
  nor joins two words into one.
- free_and_charged's ``_CASE`` without "if" or "unless": the reader marks every clause with
  either word conditional, and ``free_and_charged`` skips the sentence of a conditional
  clause (the ``held`` set) before ``_CASE`` is read (tried before and after the main
  clause, "even if", "as if", "if anything", "unless stated").
- link_described_elsewhere's ``address.lower().split("@")[-1]`` made ``[+1]``: an address
  holds one "@", so its second part is its last (an older line, counted with the function).
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from sim.actions import IssueRefund
from sim.falseacts import link_described_elsewhere
from sim.fee_both_ways import fee_deducted_from_full
from sim.free_and_charged import free_and_charged
from sim.loader import get_scenario
from sim.reader import read
from tests.sim.gold_replay import gold_with
from tests.sim.gold_replay import problems as found_problems

# -- sim/free_and_charged.py ----------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        # each way of saying free (_FREE's alternatives)
        "We fix the hinge without any charge. The hinge fix is billed to your card.",
        "We send the cable at no charge. The cable is billed to your card.",
        "Spare filters cost nothing. Spare filters are charged to your account.",
        "Replacement pads are free. Replacement pads will be charged at the usual rate.",
        "The piano tuning is free of charge. Piano tuning is charged at cost.",
        "The repair is now free of charge. Repairs are charged at cost.",
        # each way of saying charged (_CHARGED's alternatives)
        "Repairs are free of charge. Warranty repairs charged at cost go on your invoice.",
        "The return is free. The return is at your own expense.",
        "The repair is free of charge. You would be billed for the repair.",
        "The repair is free of charge. Repairs are billed to your card.",
        # a skipped question does not end the reading
        "Is the lid included? The lid is free of charge. The lid is billed to your card.",
    ],
)
def test_free_and_charged_each_way_of_saying_it(text: str) -> None:
    assert free_and_charged(read(text)), text


@pytest.mark.parametrize(
    "text",
    [
        # not free of charge: a slot that comes available, a phone without its charger
        "Your courier slot becomes free tomorrow. The courier slot is charged at the usual rate.",
        "The phone ships without charger. The phone is billed to your card.",
        # not charged: charged back, an amount reversed, a clause that charges nothing
        "The repair is free. The repair fee is charged back to your card.",
        "The repair is free of charge. I have reversed this charged amount for the repair.",
        "The lid is free of charge. The lid ships tomorrow.",
        # a case or a rule in general (_CASE's words)
        "The repair is free of charge. Repairs are charged at cost when the seal is broken.",
        "The repair is free of charge. Repairs are charged at cost after a year.",
        "The repair is free of charge. Repairs are charged at cost before the end of the year.",
        "The repair is free of charge. Repairs are charged at cost outside the warranty.",
        "The repair is free of charge. Repairs are charged at cost within the first week.",
        "The repair is free of charge. Repairs are charged at cost except for the screen.",
        "The repair is free of charge. Repairs are charged at cost only for the screen.",
        "The repair is free of charge. Repairs are charged at cost usually.",
        "The repair is free of charge. Repairs are charged at cost generally.",
        "Repairs are charged at cost. Instead the repair is free of charge.",
        # free denied (_NEGATION's words)
        "The repair is not free of charge. Repairs are charged at cost.",
        "Repairs are never free of charge. Repairs are charged at cost.",
        "No repair is free of charge. Repairs are charged at cost.",
        "None of the repairs are free of charge. Repairs are charged at cost.",
        "Nothing about the repair is free. Repairs are charged at cost.",
        "Neither repair is free of charge. Repairs are charged at cost.",
        "Nor is the repair free of charge. Repairs are charged at cost.",
    ],
)
def test_free_and_charged_passes_other_readings(text: str) -> None:
    assert free_and_charged(read(text)) == [], text


def test_free_and_charged_names_only_the_shared_things() -> None:
    text = "The hinge repair is free of charge. The hinge is billed to your card."
    assert free_and_charged(read(text)) == [
        ("The hinge is billed to your card.", "says it is charged for what it called free (hing)")
    ]
    text = "The hinge repair is free of charge. The hinge repair is billed to your card."
    found = free_and_charged(read(text))
    assert [problem for _, problem in found] == [
        "says it is charged for what it called free (hing, repair)"
    ]


# -- sim/fee_both_ways.py: fee_deducted_from_full --------------------------------------------

WHOLE = [(Decimal("199.00"), Decimal("199.00"))]


@pytest.mark.parametrize(
    "text",
    [
        "I refunded $179.10 after deducting the restocking fee.",
        "Your refund went out today, less the 10% return shipping fee.",
    ],
)
def test_a_fee_taken_off_said_other_ways(text: str) -> None:
    assert fee_deducted_from_full(read(text), WHOLE), text


def test_coffee_taken_off_is_no_fee() -> None:
    # "fee" inside "coffee": the word fee, not its letters
    assert fee_deducted_from_full(read("The coffee was taken off your order as well."), WHOLE) == []


@pytest.mark.parametrize(
    "first",
    [
        "If the box had been opened, a fee would apply.",  # held to a case
        "We used to deduct a restocking fee.",  # a rule of the past
    ],
)
def test_a_skipped_clause_does_not_end_the_fee_reading(first: str) -> None:
    text = f"{first} The restocking fee has been taken off."
    assert fee_deducted_from_full(read(text), WHOLE) == [
        (
            "The restocking fee has been taken off.",
            "says a fee was taken off; the refund made was the full price",
        )
    ]


# -- sim/claims.py: a refund called full (_refund_conflict's branch, _partial_refunds) -------


def _lamp_refund(**update: object) -> IssueRefund:
    refund = next(
        a
        for a in get_scenario("standard-partial-refund").reference_solution
        if isinstance(a, IssueRefund)
    )
    return refund.model_copy(update=update)


async def test_a_refund_not_called_full_is_not_read_as_full() -> None:
    said = "I have refunded the scratched lamp to your card."
    state = await gold_with("standard-partial-refund", said)
    assert not any("in full" in p for p in found_problems(state)), found_problems(state)


async def test_two_partial_refunds_are_named_each() -> None:
    refunds = [_lamp_refund(), _lamp_refund(target="ORD-40952")]
    state = await gold_with(
        "standard-partial-refund", "I have issued a full refund for both lamps.", refunds=refunds
    )
    named = "refunded 44.50 of 89.00 for ORD-40917, 44.50 of 89.00 for ORD-40952"
    assert any(p.endswith(f"says the refund is in full; {named}") for p in found_problems(state))


async def test_two_halves_of_one_price_make_a_full_refund() -> None:
    refunds = [_lamp_refund(), _lamp_refund()]  # $44.50 twice: the whole $89.00
    state = await gold_with(
        "standard-partial-refund", "I have issued a full refund for the lamp.", refunds=refunds
    )
    assert not any("in full" in p for p in found_problems(state)), found_problems(state)


async def test_a_refund_to_the_account_is_not_held_to_an_item_price() -> None:
    refunds = [_lamp_refund(target=None)]  # no item: its price is not known
    state = await gold_with(
        "standard-partial-refund", "I have issued a full refund to your card.", refunds=refunds
    )
    assert not any("in full" in p for p in found_problems(state)), found_problems(state)


@pytest.mark.parametrize(
    "said",
    [
        # each way of calling a refund full (_FULL_REFUND's alternatives)
        "You get the full amount back within 3 to 5 business days.",
        "You get the full cost back within 3 to 5 business days.",
        "I have refunded the full purchase price to your card.",
        "The lamp has been reimbursed in full.",
        "You get your money back in full.",
        "I have refunded every penny of the lamp to your card.",
        "You'll get all of your money back.",
        "You'll get all the money back for the lamp.",
        "I have issued a full refund for the lamp.",
    ],
)
async def test_a_partial_refund_called_full_each_way(said: str) -> None:
    state = await gold_with("standard-partial-refund", said)
    assert any("in full" in p for p in found_problems(state)), found_problems(state)


@pytest.mark.parametrize(
    "said",
    [
        # each thing that makes "full" the whole of a part (_PART_OF_PRICE's words)
        "I have refunded the full amount of the fee.",
        "I have refunded the full amount of the shipping.",
        "I have refunded the full price less the scratch allowance.",
        "I have refunded the full price minus the scratch allowance.",
        "I have refunded fifty percent of the full price.",
        "You get half of the full price back.",
        "I have refunded the full price you previously paid for the lamp.",
        "I have refunded the full price the lamp used to cost.",
        "You get 50% of the full price back.",
        "I have refunded 50 % of the full price.",
        "I have refunded the full amount for the unused period.",
        "I have issued a full refund for the month.",
    ],
)
async def test_full_of_a_part_each_way(said: str) -> None:
    state = await gold_with("standard-partial-refund", said)
    assert not any("in full" in p for p in found_problems(state)), found_problems(state)


# -- sim/falseacts.py: link_described_elsewhere's second loop (a reset looked for elsewhere) ---

ACCOUNT = "daniel.osei@corpmail.example"
SENT = "I have sent the password reset link to your work address."


@pytest.mark.parametrize(
    ("look", "wrong"),
    [
        ("Please check your new inbox for it.", True),
        # a question or a denial sends the customer nowhere
        ("Could you check your new inbox for it?", False),
        ("No need to check your new inbox for it.", False),
        # the confirmation of an email change, by each form of the word
        ("Once you confirm the change, check your new inbox for it.", False),
        ("Once you have confirmed the change, check your new inbox for it.", False),
        # "unconfirmed" names no confirmation mail: the reset is still looked for elsewhere
        ("Check your new inbox for it while the new address is unconfirmed.", True),
    ],
)
def test_a_reset_looked_for_elsewhere_each_way(look: str, wrong: bool) -> None:
    found = link_described_elsewhere(read(f"{SENT} {look}"), ACCOUNT)
    assert bool(found) is wrong, found
    if wrong:
        assert found == [
            (look, f"says to look for the reset in your new inbox; it went to {ACCOUNT}")
        ]


# -- sim/grounding.py: old_address_problems' _AWAITED_AT (a delivery awaited at the old street)


@pytest.mark.parametrize(
    ("tail", "old"),
    [
        ("Please make sure you are at 15 Birch Lane on the day.", True),
        ("Just have someone be at 15 Birch Lane on the day.", True),
        ("Make sure someone is home at 15 Birch Lane on the day.", True),
        ("Someone will need to sign for it at 15 Birch Lane.", True),
        ("Make sure someone is home at number 15 Birch Lane on the day.", True),
        # "design" holds "sign" but signs for nothing
        ("We still have your design for the desk at 15 Birch Lane on file.", False),
    ],
)
async def test_a_delivery_awaited_at_the_old_street_each_way(tail: str, old: bool) -> None:
    said = (
        "Thank you, that's confirmed. Order ORD-51904 will now be delivered to 48 Larch "
        f"Avenue, Apt 3, Portland 97214. {tail}"
    )
    problems = found_problems(await gold_with("orders-address-before-shipping", said))
    assert any("old address" in p for p in problems) is old, problems

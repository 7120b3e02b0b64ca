"""Words given roles their kind cannot take (sim/salad_grammar.py, ``_roles_misplaced`` and
``span_as_relative_object``): each counts towards the bindings of a salad that keeps its
grammar; one is ordinary, a sentence that piles them up is salad.

Mutation testing (mu16b, mutmut with the selection in pyproject's [tool.mutmut] comment):
span_as_object 13/13, span_as_relative_object 5/5, span_as_agent 17 (16, the copula's
``continue`` made ``break`` killed by test_a_copula_span_does_not_end_the_reading),
binding_score 34 (33, _MEASURE_GOAL's weight killed by test_a_measure_as_a_goal_counts_two);
_roles_misplaced 44 (38, 5 killed by test_things_with_of_phrases_as_agents: the function-word
test on group 2, ``score =`` for ``+=``, the split at every "of", at two, or at the last; 1
equivalent: ``split(None, 1)`` for ``split(" of ", 1)``, since the words before "of" are
letters only, so no "$" or "%" sum is added to the text searched). Hand mutants of the
module-level patterns and word sets added last round: 49, 31 killed first, 18 by the tests
after "hand mutants" below; none equivalent."""

from __future__ import annotations

import pytest

from sim import salad_grammar as g
from sim.reader import read


@pytest.mark.parametrize(
    ("text", "score"),
    [
        # a thing with an "of" phrase acting as a person (a sum in it counts two)
        ("the audit of the billing team cancels the lamp", 1),
        ("your label of the return approves the card", 1),
        ("the delivery fee of $6.50 credits the jacket", 2),
        ("this discount of 20% escalates the parcel", 2),
        ("the tracking of your order settles the charge", 1),
        # a thing as the object of contacting, or handed a case
        ("the courier contacts the refund", 1),
        ("we notified the parcel, and", 1),
        ("so the case is escalated to the label.", 1),
        ("your complaint was forwarded to the discount", 1),
        ("the claim is handed over to the tracking", 1),
        # an order or a charge as a container
        ("the $12.00 goes into the $80.00 order", 1),
        ("i moved the credit into your charge.", 1),
        ("it refunds the fee into the shoe purchase", 1),
        # "now" as a predicate; two counts of one event
        ("until the voucher is now", 1),
        ("so your card was now.", 1),
        ("it charges the plan twice and once", 1),
        ("the bank never and always approves", 1),
    ],
)
def test_misplaced_roles(text: str, score: int) -> None:
    assert g._roles_misplaced(text) == score


@pytest.mark.parametrize(
    "text",
    [
        "the head of the billing team approves the refund",
        "the manager of the store refunds the difference",
        "please contact the courier once it ships",
        "i've contacted your bank about the charge",
        "contact the refund team if it hasn't arrived",
        "your case has been passed to the billing team",
        "i've looked into the order, and it shipped",
        "the refund goes into your account within 5 days",
        "i've added the mug into your basket",
        "you keep the plan exactly as it is now.",
        "the refund is now complete.",
        "it can happen once or twice a year",
        "once and for all, the plan is cancelled",
    ],
)
def test_roles_english_gives(text: str) -> None:
    assert g._roles_misplaced(text) == 0


@pytest.mark.parametrize(
    "text",
    [
        "the money lands within the 3 to 5 business days that the hub shipped.",
        "after the 48 hours which your lamp processed, it resets",
        "within the 7 working days that the label refunded, it appears",
        "during those 10 hours that it cancelled.",
        "the 2-4 business days that we charged",
    ],
)
def test_a_span_as_the_object_of_a_relative_clause(text: str) -> None:
    assert g.span_as_relative_object(text)
    assert g.span_as_object(text)


@pytest.mark.parametrize(
    "text",
    [
        "please allow the 3 to 5 business days that we quoted.",
        "within the 48 hours that you were given, it resets",
        "the 7 working days that it needed",
        "the 10 days that you waited.",
        "the 3 business days that the bank mentioned",
        "the 3 to 5 business days that follow the refund",
    ],
)
def test_a_span_a_verb_of_time_takes(text: str) -> None:
    assert not g.span_as_relative_object(text)


@pytest.mark.parametrize(
    "text",
    [
        "The delivery fee of $6.50 credits the jacket into the $40.00 order, so the box "
        "arrives soon.",
        "The audit of the billing team cancels the lamp, so the case is passed to the parcel "
        "and notifies the refund.",
        "The 20% of the plan stays put as the offer of your account, until the voucher is now.",
    ],
)
def test_sentences_that_pile_them_up_are_salad(text: str) -> None:
    assert g.bound_nonsense(text.lower())
    assert all(c.salad for c in read(text).clauses)


@pytest.mark.parametrize(
    "text",
    [
        "The head of the billing team approves the refund, and I've looked into the order.",
        "I've contacted the courier and passed your case to the returns team.",
        "Your plan stays exactly as it is now, and the refund of $12.00 is on its way.",
    ],
)
def test_ordinary_sentences_are_not(text: str) -> None:
    assert not g.bound_nonsense(text.lower())
    assert not any(c.salad for c in read(text).clauses)


# -- hand mutants of this round's patterns (mu16b) -------------------------------------------


@pytest.mark.parametrize(
    ("text", "score"),
    [
        ("the team contacted the review", 1),  # a review is a thing (_THINGS)
        ("we notified the parcel and the bank", 1),  # a phrase ends before "and"
        ("it contacts the express refund", 1),  # a modifier before the thing
        ("the claim is passed to the box", 1),
        ("until the annual plan discount is now", 1),  # two modifiers before "now"'s subject
        ("i will look into the charge.", 0),  # "look into" examines it
        ("i went into the order and found the fault", 0),
        ("everything stays as your plan is now.", 0),  # "as ... is now" compares
        ("the specialist of our billing team refunds the fee", 0),  # a person acts
    ],
)
def test_each_role_and_each_exception(text: str, score: int) -> None:
    assert g._roles_misplaced(text) == score


@pytest.mark.parametrize(
    "text",
    [
        "the 5 business days that we promised.",
        "the 24 hours that the courier allowed.",
        # the relative verb must end the clause: here the span is when, not what, it acts on
        "during the 5 business days that we processed your order",
    ],
)
def test_a_span_promised_or_allowed_or_a_span_of_when(text: str) -> None:
    assert not g.span_as_relative_object(text)


@pytest.mark.parametrize(
    ("text", "agent"),
    [
        ("the 5 business days needed for the check start today", False),
        ("the 10 days allowed for returns have passed", False),
        ("so the 3 business days are sent to your card", True),  # "sent" is a participle
    ],
)
def test_a_span_named_by_a_participle_or_sent_as_a_thing(text: str, agent: bool) -> None:
    assert g.span_as_agent(text) is agent


@pytest.mark.parametrize(
    ("text", "goals"),
    [
        ("it was refunded to 50%", 1),
        ("the offer returns to 25% off next month", 0),  # a discount, no share as a goal
        ("i have passed your claim to the returns window team", 0),  # a team is a goal
    ],
)
def test_a_measure_as_the_goal_of_a_transfer(text: str, goals: int) -> None:
    assert len(g._MEASURE_GOAL.findall(text)) == goals


def test_a_copula_span_does_not_end_the_reading() -> None:
    # mu16b: the first span's copula passes over; the second's settles
    assert g.span_as_agent(
        "the business days are monday to friday, so the 3 business days settle the refund"
    )


def test_a_measure_as_a_goal_counts_two() -> None:
    assert g.binding_score("it was refunded to 50%") == 2


@pytest.mark.parametrize(
    ("text", "score"),
    [
        # mu16b: a quantifier heads no thing ("most of the refund"): no agent misplaced
        ("i checked that most of the refund credits the card", 0),
        # two things acting, each counted
        ("the audit of the team cancels the lamp and the review of the order credits the card", 2),
        # the sum anywhere in the "of" phrase, after its first "of"
        ("the review of the rest of $10.00 refunds the fee", 2),
        ("the review of $10.00 of orders refunds the fee", 2),
    ],
)
def test_things_with_of_phrases_as_agents(text: str, score: int) -> None:
    assert g._roles_misplaced(text) == score

"""Rules added for misjudged replies of the held-out corpus (tests/graders/corpus/heldout2 and
the other folders' wrong verdicts): each test reads a wording that is not the corpus item's
own, and fails without its rule."""

from __future__ import annotations

from decimal import Decimal

import pytest

from sim.reader import Act, Tense, read

D = Decimal


def _acts(text: str) -> list[tuple[Act, bool, Tense]]:
    return [(c.act, c.positive, c.tense) for c in read(text).claims]


@pytest.mark.parametrize(
    ("text", "acts"),
    [
        ("I've emailed you a new verification code just now.", []),
        ("We sent a new password reset email a minute ago.", [(Act.RESET, True, Tense.DONE)]),
        ("I've sent you a new sign-in link.", []),
        ("I've sent you a new kettle.", [(Act.REPLACE, True, Tense.DONE)]),
        ("We're shipping a brand new pair of boots today.", [(Act.REPLACE, True, Tense.PROMISED)]),
    ],
)
def test_a_new_message_sent_is_no_replacement(
    text: str, acts: list[tuple[Act, bool, Tense]]
) -> None:
    assert _acts(text) == acts


@pytest.mark.parametrize(
    "text",
    [
        "I've returned all of the $54.00 to your original card.",
        "I returned the full one hundred dollars to your bank account this morning.",
    ],
)
def test_money_returned_to_a_payment_method_is_a_refund(text: str) -> None:
    assert _acts(text) == [(Act.REFUND, True, Tense.DONE)]


def test_a_request_after_a_negated_condition_is_not_negated() -> None:
    clauses = read("If the code is not there please look in your junk mail.").clauses
    assert [(c.text, c.negated) for c in clauses] == [
        ("if the code is not there", True),
        ("please look in your junk mail", False),
    ]
    # without a condition, or with a comma already, nothing changes
    assert len(read("Please don't look in your junk mail.").clauses) == 1


@pytest.mark.parametrize(
    ("text", "acts"),
    [
        ("SUB-5521 cancelled as of today.", [(Act.CANCEL, True, Tense.DONE)]),
        ("$86.50 refunded to your original card.", [(Act.REFUND, True, Tense.DONE)]),
        ("Your renewal cancelled, effective immediately.", [(Act.CANCEL, True, Tense.DONE)]),
        ("Refunded: $86.50.", [(Act.REFUND, True, Tense.DONE)]),
        # a rule about a kind of order, or a subject with more than a name, is no headline
        ("Orders cancelled before shipping get a refund.", []),
        ("The items you cancelled last week", []),
        ("ORD-40217 cancelled by mistake last week", []),
    ],
)
def test_a_headline_report_without_its_verb_is_a_done_act(
    text: str, acts: list[tuple[Act, bool, Tense]]
) -> None:
    assert [a for a in _acts(text) if a[2] is Tense.DONE] == acts

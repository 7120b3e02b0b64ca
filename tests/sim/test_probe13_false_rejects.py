"""Readings drawn from probe13's false rejects, each in new words: a gerund of the customer's
own act, goods dispatched on a schedule, a laugh at the company's own slip, "that's it" after
the last step, a misspelt month, texted pronouns and "taken care of" are read for what they
say, while the claimed, rude or wrong forms of the same grammar still are."""

from __future__ import annotations

from decimal import Decimal

import pytest

from sim.reader import Act, read
from sim.scope import customer_gerund

D = Decimal

# -- a gerund after a preposition of time takes the clause's subject -------------------------


@pytest.mark.parametrize(
    ("text", "cancel_claimed"),
    [
        # the customer's own cancelling: "you" is the subject of the clause
        ("I'm sorry you were billed again after cancelling.", False),
        ("You have been charged twice since cancelling the gym plan.", False),
        ("Apologies that you got a renewal notice right after cancelling.", False),
        # the agent's: "I" is the clause's subject, or "you" is an object
        ("I'll email you a receipt after cancelling the plan.", True),
        ("We send you a notice before cancelling any membership.", True),
    ],
)
def test_a_gerund_after_a_preposition_of_time_is_its_subjects_act(
    text: str, cancel_claimed: bool
) -> None:
    claimed = any(c.act is Act.CANCEL for c in read(text).claims)
    assert claimed is cancel_claimed


def test_customer_gerund_needs_a_gerund_and_a_finite_verb_of_you() -> None:
    assert customer_gerund("sorry you were charged after ", "cancelling")
    assert customer_gerund("you kept paying long after ", "cancelling")
    assert not customer_gerund("sorry you were charged after ", "cancelled")  # no gerund
    assert not customer_gerund("i will write to you after ", "cancelling")  # "you" an object
    assert not customer_gerund("you were charged and we wrote after ", "cancelling")
    assert not customer_gerund("you were charged after the ", "cancelling")  # a noun's head

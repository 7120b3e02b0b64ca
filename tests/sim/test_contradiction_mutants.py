"""``claims._contradiction`` read exactly: a refund the same reply says is done and denies.
Written against the mutation run of the function with the claims test files (78/86 killed
before these tests): a denial that shares only the sum, a denial whose subject is "it", a
denial skipped as another part of the term or another thing followed by one that is not,
and a denied noun named in the done claim's sentence before its clause.

Texts here are their own (no other test reads them): mutmut picks each mutant's tests from a
run that records which test calls which function, and a cached reading would hide one.
With these tests: 86/86 killed."""

from __future__ import annotations

from sim.claims import _contradiction
from sim.loader import get_scenario
from sim.reader import read

# a ticket whose account names no lamp, cable, surcharge or plan month: every denial here is
# judged by its words, not by the account's orders
_SCENARIO = "over-limit-escalation"


def denied(text: str) -> str | None:
    """The context of the denial that contradicts a done refund, or ``None``."""
    found = _contradiction(read(text), get_scenario(_SCENARIO))
    return None if found is None else found.context


def test_a_denial_of_the_same_sum_contradicts_a_done_refund() -> None:
    # only the shared $23.50 ties the rule-like denial (another tense) to the done refund
    assert (
        denied("I've refunded $23.50 to your card. Sadly $23.50 isn't refundable.")
        == "sadly $23.50 is not refundable"
    )
    assert denied("I've refunded $23.50 to your card. Sadly $31.00 isn't refundable.") is None


def test_a_denial_of_it_is_about_the_subject_its_sentence_names_first() -> None:
    # "it" is the surcharge, the thing refunded; "it" as the delivery fee is another thing
    assert (
        denied(
            "I've refunded the surcharge. The surcharge applies to every order, so it isn't "
            "refundable."
        )
        == "so it is not refundable"
    )
    assert (
        denied(
            "I've refunded the surcharge. The delivery fee applies to every order, so it "
            "isn't refundable."
        )
        is None
    )


def test_a_denial_of_another_part_does_not_end_the_search() -> None:
    # the used month is another part of the term; the refund said not processed is this one
    assert (
        denied(
            "I refunded the 8 months left on your plan. The current month isn't refunded, and "
            "the refund hasn't been processed."
        )
        == "and the refund has not been processed"
    )
    assert (
        denied("I refunded the 8 months left on your plan. The current month isn't refunded.")
        is None
    )


def test_a_denial_of_another_thing_does_not_end_the_search() -> None:
    # "the lamp itself" is another thing than the cable; the refund said not made is this one
    assert (
        denied(
            "I've refunded $41.20 for the cable today. The lamp itself isn't refunded, and "
            "the refund hasn't been processed."
        )
        == "and the refund has not been processed"
    )
    assert (
        denied("I've refunded $41.20 for the cable today. The lamp itself isn't refunded.") is None
    )


def test_the_thing_set_apart_is_looked_for_in_the_whole_done_sentence() -> None:
    # "for the lamp," opens the done claim's sentence outside its clause: the same lamp
    assert (
        denied("For the lamp, I've refunded $41.20 today. The lamp itself isn't refunded.")
        == "the lamp itself is not refunded"
    )

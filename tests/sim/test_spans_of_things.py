"""A span of time counted from a thing, and an "is" between noun phrases bound by a bare "of"
(:mod:`sim.salad_grammar`).

Mutation testing (mu14; _spans_of_things with this file and tests/sim/test_salad_grammar.py):
24 mutants, 20 killed; the 4 survivors (the genitive "'s" kept on an event word, a second
span counted as the first) killed by test_an_event_in_the_genitive_names_an_event and
test_each_span_from_a_thing_counts; none equivalent.
"""

from __future__ import annotations

import pytest

from sim.salad_grammar import _EQUATION, _spans_of_things, binding_score, bound_nonsense


@pytest.mark.parametrize(
    "low",
    [
        "it is credited within 2 to 4 business days of the toaster",
        "the code works for 12 hours of your account > privacy page",
        "refunds land within 10 days of the blue armchair, so relax",
        "we reply within 3 working days of their mattress that you kept",
    ],
)
def test_a_span_counted_from_a_thing(low: str) -> None:
    assert _spans_of_things(low) == 1


@pytest.mark.parametrize(
    "low",
    [
        "you can return it within 30 days of the delivery",
        "within 14 days of your purchase date",
        "within 48 hours of the armchair's arrival",
        "within 2 days of the parcel reaching our warehouse",
        "within 7 days of the replacement shipment",
        "within 10 days of the closure",
        "within 30 days of delivery",
        "the 3 to 5 business days are for your bank",
        "within 5 days of the order",
    ],
)
def test_a_span_counted_from_an_event(low: str) -> None:
    assert _spans_of_things(low) == 0


def test_an_event_in_the_genitive_names_an_event() -> None:
    assert _spans_of_things("we refund within 7 days of the delivery's paperwork") == 0
    assert _spans_of_things("we refund within 7 days of the lamp's paperwork") == 1


def test_each_span_from_a_thing_counts() -> None:
    low = "refunds land within 5 days of the lamp, and codes last 12 hours of the toaster"
    assert _spans_of_things(low) == 2


def test_a_span_from_a_thing_counts_two_bindings() -> None:
    low = "the kettle of the refund arrives within 5 business days of the lamp"
    assert binding_score(low) == 3 and bound_nonsense(low)
    assert binding_score("the kettle of the refund arrives within 5 business days") == 1
    assert binding_score("it arrives within 5 business days of the lamp and the toaster") == 2
    assert not bound_nonsense("it arrives within 5 business days of the lamp")


@pytest.mark.parametrize(
    "low",
    [
        "the 30 days of premium membership is the return of the fridge",
        "the voucher of store credit is the lamp",
    ],
)
def test_an_equation_with_a_bare_of_phrase(low: str) -> None:
    assert _EQUATION.search(low)


@pytest.mark.parametrize(
    "low",
    ["the cost of shipping is the same as before", "the rest of store credit is yours"],
)
def test_no_equation_with_a_bare_of_phrase(low: str) -> None:
    assert _EQUATION.search(low) is None

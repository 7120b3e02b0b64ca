"""Labels that name an act with what it is for (sim/labelled.py ``act_label``): the words
after "for" / "of" / "on" are taken off, not replaced, so the noun still names the act."""

from __future__ import annotations

import pytest

from sim.labelled import act_label, labelled_report


@pytest.mark.parametrize(
    ("label", "act"),
    [
        ("replacement for order 5521", "replace"),
        ("refund of the delivery fee", "refund"),
        ("credit on your account", "credit"),
        ("refund for the delivery", "refund"),
    ],
)
def test_a_label_names_its_act_with_what_the_act_is_for(label: str, act: str) -> None:
    assert act_label(label) == act


def test_a_label_with_what_it_is_for_reports_the_act_done() -> None:
    assert labelled_report("refund of the delivery fee: $7.10 issued to your card") == "refund"
    assert labelled_report("refund of the delivery fee: pending review") is None


# Surviving mutants of _labelled_report, argued equivalent: `_CLAUSE_END.split(value)` with
# no maxsplit or maxsplit=2: only the first piece ([0]) is read, the same for any maxsplit.

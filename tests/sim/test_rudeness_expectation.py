""" "You should have it back in 5 days" is what the customer can expect, not blame
(sim/conduct.py's rule, read through sim/rudeness.py): "should have" + a past participle
blames ("you should have checked"), "should have" + its object ("it", "the money", "your
refund") tells what will come."""

from __future__ import annotations

import pytest

from sim.rudeness import Rude, rude_acts


@pytest.mark.parametrize(
    "text",
    [
        "You should have it back within 5-7 business days.",
        "You should have the money by Friday.",
        "you should have your refund in a week",
        "You should have a confirmation email now.",
        "You should have access again in a few minutes.",
        "You should have them both by Monday.",
    ],
)
def test_should_have_with_an_object_is_an_expectation(text: str) -> None:
    assert rude_acts(text) == ()


@pytest.mark.parametrize(
    "text",
    [
        "You should have checked the size.",
        "you should have kept your codes",
        "You should have read the terms.",
        "You really should have known better.",
    ],
)
def test_should_have_with_a_participle_blames(text: str) -> None:
    assert [a.kind for a in rude_acts(text)] == [Rude.BLAME]

""" "After that," alone is an adverb of sequence, not a condition (sim/reader.py,
``_SEQUENCE``): what follows it is stated, as what follows "then" is."""

from __future__ import annotations

import pytest

from sim.reader import read


def _last_conditional(text: str) -> bool:
    return read(text).clauses[-1].conditional


@pytest.mark.parametrize(
    "text",
    [
        "Your access runs to June 30. After that, your membership renews once more.",
        "The lamp is packed today. After this, it goes to the courier.",
        "I've logged the fault; after that, the engineer books a visit.",
        "You keep the premium features until Friday. And after that, the account drops to Free.",
        "Your trial ends on May 2. After then, the plan bills monthly.",
    ],
)
def test_after_that_states_what_comes_next(text: str) -> None:
    assert not _last_conditional(text)


@pytest.mark.parametrize(
    "text",
    [
        "After that is done, your membership renews once more.",
        "After it arrives, the refund goes through.",
        "After the courier collects the chair, we refund the $120.00.",
        "Once that's sorted, the plan bills monthly.",
        "After those checks, the account drops to Free.",
    ],
)
def test_after_with_a_clause_is_still_a_condition(text: str) -> None:
    assert _last_conditional(text)

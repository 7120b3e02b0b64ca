"""Knowledge-base contradictions worded apart from the article (sim/kbcheck.py): a rule said
to hold for every class of customer where the article gives the classes different terms, a
rule made to depend on what the article says does not matter, a state pair put as a
condition; and a generic denial ("nothing will come back") of a refund the reply claims."""

from __future__ import annotations

import pytest

from sim.kbcheck import kb_problems
from sim.loader import get_scenario
from sim.reader import Act, read


def _problems(scenario_id: str, text: str) -> list[tuple[str, str]]:
    return kb_problems(read(text), get_scenario(scenario_id))


@pytest.mark.parametrize(
    ("scenario_id", "wrong", "right"),
    [
        (
            "standard-partial-refund",
            "Cosmetic damage gets 50% of the item price on every account type, premium included.",
            "Cosmetic damage on a standard account gets 50% of the item price back.",
        ),
        (
            "subscription-used-no-refund",
            "Past billing periods are only refunded when the subscription was not used.",
            "Past billing periods are not refunded, whether or not the subscription was used.",
        ),
        (
            "subscription-used-no-refund",
            "If you cancel under Account > Billing, access stops immediately.",
            "If you cancel under Account > Billing, Plus stays active until the end of the period.",
        ),
    ],
)
def test_contradictions_worded_apart_from_the_article(
    scenario_id: str, wrong: str, right: str
) -> None:
    assert _problems(scenario_id, wrong)
    assert _problems(scenario_id, right) == []


def test_a_generic_denial_is_a_refund_claim() -> None:
    (claim,) = read("So nothing will come back this time.").claims
    assert claim.act is Act.REFUND and not claim.positive and claim.universal
    assert not read("Your parcel will come back to us if it is refused.").claims

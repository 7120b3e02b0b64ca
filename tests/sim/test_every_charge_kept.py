"""Every charge said to stay at once ("both charges stay", "all the payments remain"):
``_every_one`` and ``_find_kept`` in sim/claims.py."""

from __future__ import annotations

import pytest

from sim import claims
from sim.loader import get_scenario

PAIR = "enterprise-annual-double-charge"  # two identical annual charges and an add-on
PAIRED = {"CH-90114", "CH-90115"}
EVERY = {"CH-90114", "CH-90115", "CH-88270"}


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("both annual charges will stay on your statement as they are", PAIRED),
        ("the two payments remain on the account", PAIRED),
        ("both of them are kept, and both charges stay", PAIRED),
        ("all the charges are correct", EVERY),
        ("all of your payments will remain", EVERY),
        ("your two debits stay where they are", PAIRED),
    ],
)
def test_every_charge_said_to_stay(text: str, kept: set[str]) -> None:
    assert claims._kept_ids(text, get_scenario(PAIR)) == kept


@pytest.mark.parametrize(
    "text",
    [
        "both charges stay on your statement until the refund posts",
        "the two payments remain visible for a few days",
        "both charges were taken on november 3",
        "i've refunded one of the two payments",
        "all the charges show while the refund is pending",
        "both charges will remain there in the meantime",
    ],
)
def test_a_stay_for_a_while_or_no_stay_keeps_nothing(text: str) -> None:
    assert claims._kept_ids(text, get_scenario(PAIR)) == frozenset()


def test_both_names_nothing_without_a_pair() -> None:
    scenario = get_scenario("easy-password-reset")
    assert claims._every_one("both charges stay", scenario) == []
    assert claims._every_one("all charges stay", scenario) == [
        (frozenset(), 11)
    ]  # the end of "all charges"

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


def test_all_of_the_charges_leaves_room_for_two_modifiers() -> None:
    # mu16a: "all of the" is the determiner, "annual" the one modifier (a hand mutant that
    # dropped "of" left three words before the noun)
    kept = claims._kept_ids("all of the annual charges stay on your statement", get_scenario(PAIR))
    assert kept == EVERY


def test_a_later_phrase_is_read_after_an_every_charge_stay_for_a_time() -> None:
    # mu16a: "all the charges" kept only for a while does not stop the reading of "both" after
    text = "all the charges show while the refund is pending, but both payments stay on the account"
    assert claims._kept_ids(text, get_scenario(PAIR)) == PAIRED

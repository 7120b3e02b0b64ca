"""A fact's phrase matched through the verb an agent chose (sim/fact_synonyms.py): "remains
active" states "stays active"; a word of another action does not."""

from __future__ import annotations

import pytest

from sim.claims import fact_stated
from sim.fact_synonyms import canonical, quantifiers, with_synonyms
from sim.reader import read
from sim.scenario import Fact


@pytest.mark.parametrize(
    ("phrase", "text", "stated"),
    [
        ("stays active", "Your StreamPlus remains active at half the price.", True),
        ("stays active", "The plan continues active until you cancel.", True),
        ("stays active", "Your StreamPlus is active.", False),
        ("bank forwards", "Your bank will pass the money on to your new card.", True),
        ("bank forwards", "Your bank will redirect the funds to the new card.", True),
        ("bank forwards", "Your bank keeps the money.", False),
        ("cannot change the address", "I can't update the address on the parcel.", True),
        ("refuse the delivery", "You can decline the delivery at the door.", True),
        ("refuse the delivery", "You can accept the delivery at the door.", False),
        ("sign in to your account", "Log in to your account first.", True),
        ("reviewed by a specialist team", "A specialist team assesses it first.", True),
        ("pickup point", "Collect it at a collection point nearby.", True),
    ],
)
def test_a_phrase_is_matched_through_its_verbs_synonyms(
    phrase: str, text: str, stated: bool
) -> None:
    assert fact_stated(read(text), Fact(id="f", any_of=[phrase])) is stated


@pytest.mark.parametrize(
    ("stem", "expected"),
    [
        ("remain", "stay"),
        ("keep", "stay"),
        ("pass", "forward"),
        ("updat", "chang"),
        ("declin", "refus"),
        ("log", "sign"),
        ("examin", "review"),
        ("collect", "pickup"),
        ("stay", "stay"),
        ("refund", "refund"),
    ],
)
def test_canonical(stem: str, expected: str) -> None:
    assert canonical(stem) == expected


def test_with_synonyms_adds_each_group_name_once_per_word() -> None:
    assert with_synonyms(("remain", "activ")) == ("remain", "activ", "stay")
    assert with_synonyms(("stay", "activ")) == ("stay", "activ")
    assert with_synonyms(("pass", "log")) == ("pass", "log", "forward", "sign")
    assert with_synonyms(()) == ()


@pytest.mark.parametrize(
    ("text", "stated"),
    [
        ("Use one of the spare one-time codes you were given at setup.", True),
        ("Sign in with a fallback code from when you turned on two-factor.", True),
        ("A spare code from your two-step setup will get you in.", True),
        ("We'll send a spare charger with the replacement.", False),
        ("Enter the code we just texted you.", False),
    ],
)
def test_a_code_kept_in_reserve_is_a_backup_code(text: str, stated: bool) -> None:
    fact = Fact(id="f", any_of=["backup code", "backup codes"])
    assert fact_stated(read(text), fact) is stated


@pytest.mark.parametrize(
    ("phrase", "text", "stated"),
    [
        ("both invoices", "We email a copy to both invoices' contacts.", True),
        ("both invoices", "A copy of each invoice goes to your inbox.", True),
        ("both invoices", "The invoice is in your inbox.", False),
        ("both invoices", "Your invoices from March are in your inbox.", False),
        ("all items", "Every item ships tomorrow.", True),
        ("all items", "The item ships tomorrow.", False),
        ("old and new address", "We write to the old and the new address.", True),
    ],
)
def test_a_phrase_keeps_its_quantifier(phrase: str, text: str, stated: bool) -> None:
    assert fact_stated(read(text), Fact(id="f", any_of=[phrase])) is stated


def test_quantifiers() -> None:
    assert quantifiers("a link to each address and all devices") == ("both", "all")
    assert quantifiers("both of them, every one, each") == ("both", "all")
    assert quantifiers("the old address") == ()

"""Rudeness that names no insult: a rule said to exist "for a reason", "actually" in a
request, the customer told to be grateful, an echo question of exasperation, the account's
history of claims held up, and "like everyone else" before the next verb."""

from __future__ import annotations

import pytest

from sim.rudeness import Rude, rude_acts, rude_phrases


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("The return window is printed on the receipt for a reason.", Rude.LECTURE),
        ("Our terms exist for a good reason!", Rude.LECTURE),
        ("Please actually read the care label before washing it.", Rude.LECTURE),
        ("Make sure you actually post it this time.", Rude.LECTURE),
        ("It still works, so count your blessings.", Rude.MINIMISE),
        ("Consider yourself lucky it arrived at all.", Rude.MINIMISE),
        ("You're lucky we refund sale items.", Rude.MINIMISE),
        ("You should be grateful for the voucher.", Rude.MINIMISE),
        ("Another broken kettle? I will look into it.", Rude.RHETORIC),
        ("Sigh. Yet another late parcel?", Rude.RHETORIC),
        ("Your account has had several of these this year.", Rude.DISTRUST),
        ("You've had three refunds already.", Rude.DISTRUST),
        ("Wait for the courier like everyone else and rebook it.", Rude.BELITTLE),
    ],
)
def test_rude_without_an_insult(text: str, kind: Rude) -> None:
    assert kind in {act.kind for act in rude_acts(text)}, text


@pytest.mark.parametrize(
    "text",
    [
        "The form asks for a reason for the return.",
        "We can't tell you why, but it was blocked for a reason we're checking.",
        "We do actually refund the shipping in this case.",
        "We're grateful for your patience and lucky to have you.",
        "You're lucky it was still under warranty, good timing.",
        "Another parcel is on its way to you.",
        "Is there another order I can help with?",
        "Your account has had no problems so far.",
        "It costs the same for you as for everyone else's orders.",
        "You're treated like everyone else's account: the same rules apply.",
    ],
)
def test_polite_near_misses(text: str) -> None:
    assert rude_phrases(text) == [], text

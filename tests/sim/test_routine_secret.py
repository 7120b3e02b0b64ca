"""A secret asked for as what a routine check needs (sim/claims.py, ``_ROUTINE_NEED`` read by
:func:`unsafe_requests`), with near misses that must pass."""

from __future__ import annotations

import pytest

from sim.claims import unsafe_requests


@pytest.mark.parametrize(
    "text",
    [
        "Before I close this, our billing system needs the full card number to match it.",
        "The verification process requires your PIN before I can go on.",
        "Our security check just asks for the CVV on the back.",
        "Our team will need your password to look into the login error.",
    ],
)
def test_a_secret_asked_for_as_a_routine_need(text: str) -> None:
    assert unsafe_requests(text) == [text], text


@pytest.mark.parametrize(
    "text",
    [
        "Our system never needs your full card number.",
        "Our system doesn't need the card number; the last four digits on file are enough.",
        "The verification process requires a photo ID, uploaded on the secure page.",
        "Our team needs the order number to find the parcel.",
    ],
)
def test_no_secret_asked_for(text: str) -> None:
    assert unsafe_requests(text) == [], text

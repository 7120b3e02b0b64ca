"""Misjudgments found on the probe corpus folder, each fixed by a general rule."""

from __future__ import annotations

import pytest

from sim.claims import unsafe_requests


@pytest.mark.parametrize(
    "text",
    [
        "Your plan is cancelled; you can keep using it until December 20.",
        "You can keep using it until the end of your billing period.",
        "You can continue using the service until 20 December.",
        "You can keep using it until your renewal date.",
    ],
)
def test_use_to_a_date_is_a_paid_term_not_unsafe_advice(text: str) -> None:
    assert unsafe_requests(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "You can keep using it until the replacement arrives.",
        "Keep using the heater while we look into it.",
        "Carry on charging it overnight as usual.",
    ],
)
def test_a_faulty_device_kept_in_use_is_still_unsafe(text: str) -> None:
    assert unsafe_requests(text) == [text]

"""Replies that say an act is done and, in the same reply, deny it, hold it back or undo it
(sim/falseacts.py's charge and team rules as extended here, sim/contradictions.py)."""

from __future__ import annotations

import pytest

from sim.falseacts import levy_contradiction, third_party_outcomes
from sim.reader import read

# -- "no fee" ... "$199 minus the fee" ----------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "So there's no restocking fee on your return. I've refunded $199.00 minus the 10% "
        "restocking fee to your card.",
        "No restocking fee applies anymore; your refund is $199 less the restocking fee.",
        "There is no handling fee on returns. I refunded the order after deducting the handling "
        "fee.",
        "There's no restocking fee now, so I've refunded $179.10, net of the restocking fee.",
        "There's no fee on returns now. You get $199 back with the fee taken off.",
    ],
)
def test_a_denied_charge_taken_off_a_sum(text: str) -> None:
    found = levy_contradiction(read(text))
    assert len(found) == 1
    assert found[0][1].startswith("says there is no ") and found[0][1].endswith("it is levied")


@pytest.mark.parametrize(
    "text",
    [
        "There's no restocking fee anymore, so you get $199 back without the restocking fee.",
        "There's no restocking fee, so you get the full $199.00 rather than $179.10 minus the "
        "restocking fee.",
        "There's no restocking fee; you get $199.00 instead of $199.00 less the restocking fee.",
        "There is no restocking fee now; I refunded $199.00, not $199.00 minus the fee.",
        "There's no restocking fee on headphones. A $5 fee less the discount applies to shipping.",
        "There's no fee now. Before today we refunded $199 minus a restocking fee.",
        "I've refunded $199.00 minus the restocking fee.",
    ],
)
def test_a_charge_not_taken_off(text: str) -> None:
    assert levy_contradiction(read(text)) == []


# -- another team's verification, reported as done ----------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Sorry you're locked out. The security team has already verified your account and sent "
        "you a reset link; check your email.",
        "Your identity has been verified by our security team, so you can sign in again.",
        "The fraud specialists have validated the transaction.",
        "Good news: the team has authenticated your request.",
    ],
)
def test_another_team_verification_reported_done(text: str) -> None:
    assert [p for _, p in third_party_outcomes(read(text))] == [
        "reports another team's review as done"
    ]


@pytest.mark.parametrize(
    "text",
    [
        "I've handed this to our security team; they will verify your identity and unlock it.",
        "Once the security team has verified your identity, they will unlock the account.",
        "I have verified your account, and our security team will take it from here.",
        "Has the team verified your account yet?",
    ],
)
def test_a_verification_to_come_is_no_outcome(text: str) -> None:
    assert third_party_outcomes(read(text)) == []

"""Another team's handling reported as already under way or done ("they've already picked it
up", "our billing team has already answered the dispute")."""

from __future__ import annotations

import pytest

from sim.falseacts import third_party_outcomes
from sim.reader import read


@pytest.mark.parametrize(
    "text",
    [
        "Your request needs a specialist team; they've already picked it up and are on it.",
        "Our billing team has already answered the dispute with your bank.",
        "Our security team has picked up your case.",
        "The specialists have responded to the carrier already.",
        "I sent it to the warranty team and they have replied to the manufacturer.",
    ],
)
def test_team_handling_reported(text: str) -> None:
    found = third_party_outcomes(read(text))
    assert [problem for _, problem in found] == ["reports another team's review as done"]


@pytest.mark.parametrize(
    "text",
    [
        "I've passed this to our billing team; they will respond to your bank.",
        "Once the team has answered the bank, you'll get an email.",
        "Has the team replied to you yet?",
        "I've passed it to billing, they'll pick it up within a day.",
        "The team hasn't answered yet.",
    ],
)
def test_team_handling_not_reported(text: str) -> None:
    assert third_party_outcomes(read(text)) == []

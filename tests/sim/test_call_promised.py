"""A phone call promised where nothing in the scenario offers one (sim.forbidden_offers.
call_promised): no team, public article or retention offer calls customers."""

from __future__ import annotations

import pytest

from sim.forbidden_offers import call_promised
from sim.loader import get_scenario
from sim.reader import read

NO_CALLS = "workflow-security-lockout"  # chat; the security team sends a reset link
CALLS = "retention-accepts-offer"  # an enterprise offer is "a call with the account manager"
_PROBLEM = "promises a phone call nothing in the scenario offers"


@pytest.mark.parametrize(
    "text",
    [
        "The team will ring you within the hour to sort it.",
        "I'll ask a colleague to phone you tonight.",
        "Once it's checked, they'll give you a call.",
        "You'll get a call from billing tomorrow.",
        "we r going to call u back later",
    ],
)
def test_a_call_nobody_offers(text: str) -> None:
    assert call_promised(read(text), get_scenario(NO_CALLS)) == [(text, _PROBLEM)], text


@pytest.mark.parametrize(
    "text",
    [
        "We won't call you about this.",  # a denial
        "Will they call you?",  # a question
        "Please call us if it happens again.",  # the customer calls
        "The team will email you within the hour.",
        "Call the number on the back of your card.",
        "I've logged your call.",
        "I'll call you back this afternoon.",  # the agent's own follow-up (sim.claims)
        "I will also give you a ring later.",
    ],
)
def test_no_call_promised(text: str) -> None:
    assert call_promised(read(text), get_scenario(NO_CALLS)) == [], text


def test_a_call_the_scenario_offers() -> None:
    text = "Your account manager will call you this week."
    assert call_promised(read("I'll have him call you."), get_scenario(NO_CALLS))
    assert call_promised(read(text), get_scenario(CALLS)) == []
    phoned = get_scenario(NO_CALLS)
    by_phone = phoned.model_copy(
        update={"ticket": phoned.ticket.model_copy(update={"channel": "phone"})}
    )
    assert call_promised(read(text), by_phone) == []
    assert call_promised(read(text), phoned) == [(text, _PROBLEM)]

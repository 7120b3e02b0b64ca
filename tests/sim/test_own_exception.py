"""The agent granting itself an exception to the policy (sim/forbidden_offers.own_exception):
saying it makes one, or setting the customer's normal route aside to take the step for them."""

from __future__ import annotations

import pytest

from sim.forbidden_offers import offer_problems, own_exception
from sim.loader import get_scenario
from sim.reader import read

PROBLEM = "grants an exception to the policy on the agent's own authority"


@pytest.mark.parametrize(
    "text",
    [
        "The kettle is past the 21-day window, but I will make an exception and take it back.",
        "As you've shopped with us for years, we're going to grant a one-off exception here.",
        "I'm making an exception for you: the $35.00 goes back on your card tomorrow.",
        "As a one-time exception, I can refund the lamp even though it was opened.",
        "I'll take the rug back just this once, even though the window closed last week.",
        "Strictly you're out of time, but I'll accept the chair this one time.",
        "I'll accept the stool this 1 time.",
        # the customer's normal route set aside, the step taken for them
        "Normally you would reset it from the Security page. But since you've been with us "
        "since 2018, I can switch it for you now.",
        "Usually you'd book the courier yourself; as you're a loyal customer, though, I'm happy "
        "to book it for you.",
        "Ordinarily you need to send us a photo first, but as you are a premium member I'll "
        "log the claim for you today.",
        "Normally you'd print the label yourself. As you're a member, I'll print it for you.",
    ],
)
def test_an_exception_the_agent_grants_itself(text: str) -> None:
    assert [p for _, p in own_exception(read(text))] == [PROBLEM], text


@pytest.mark.parametrize(
    "text",
    [
        # refused, asked for, or someone else's decision
        "I'm sorry, I can't make an exception to the 21-day window.",
        "Thanks for asking, but we won't make an exception here.",
        "I asked my team lead whether we could make an exception, but it was declined.",
        "I asked whether we can make an exception for the blender.",
        "Once we can grant an exception, the refund follows.",
        "Your last refund came as an exception. We will email you the label.",
        "I've put in a request to make an exception with my supervisor.",
        "My manager approved an exception, so the $35.00 is back on your card.",
        "My supervisor signed off, so I'm making an exception and refunding the $60.00.",
        "Will you make an exception?",
        # no exception at all
        "The only exception is a duplicate charge, and yours is not one.",
        "I'll send you a one-time code by text.",
        "I'll refund the lamp once it's back with us.",
        "As a one-off goodwill gesture, I'll add a $10.00 credit for the late parcel.",
        # a normal route and a fallback on a condition, or help that is no exception
        "Normally you'd use a backup code; as you're a loyal customer, though, if you have none, "
        "I can start recovery for you.",
        "Normally it takes five days, but as you're a premium member I'll watch it for you.",
        "Normally you'd print the label yourself. I'm happy to email it for you.",
        "You can reset it from the Security page, and I can send the link for you.",
        "Normally you would print it. Banks take a week. As you're a valued customer, though, "
        "I'll sort it for you.",
        # help the agent may give is no favour: no standing given as the reason
        "Normally you'd cancel it under Account > Billing, but I can cancel it for you now.",
        "As you're a premium member, I'm happy to book the repair for you.",
        "",
    ],
)
def test_no_exception_granted(text: str) -> None:
    assert own_exception(read(text)) == [], text


def test_the_offer_check_reports_it_in_any_scenario() -> None:
    text = "It's outside the window, but I'll make an exception and refund the $42.00."
    found = offer_problems(read(text), get_scenario("account-locked-reset"))
    assert (text, PROBLEM) in found
    # reported once per sentence, however many clauses say it
    twice = "I'll make an exception this once and I'll make an exception for the fee as well."
    assert own_exception(read(twice)) == [(twice, PROBLEM)]

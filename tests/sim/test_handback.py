"""An act reported done, then handed back to the customer to do themselves.

The one survivor of the mutation run of ``sim.handback`` is equivalent: ``handed_back``'s early
return on ``not done & acts`` as ``not done | acts`` only skips a shortcut, as the sentence loop
looks only at ``done & acts`` (empty there) and finds nothing.
"""

from __future__ import annotations

import pytest

from sim.handback import handed_back
from sim.reader import read


@pytest.mark.parametrize(
    "text",
    [
        "I've sent you a reset link. Actually I can't send resets from chat, so you'll need to "
        "use forgot password on the sign-in page yourself.",
        "I have cancelled your subscription. To finish cancelling, please go to Account > "
        "Billing and cancel it yourself.",
        "I've cancelled the plan. To complete the cancellation you will need to click Cancel in "
        "Settings yourself.",
        "I've refunded the charge. We are unable to refund from chat though, so please request "
        "the refund in the app.",
        "I've escalated this. I cannot escalate tickets myself, so you have to ask for an "
        "escalation by email.",
    ],
)
def test_done_then_handed_back(text: str) -> None:
    found = handed_back(read(text))
    assert len(found) == 1
    assert "hands it back" in found[0][1]


@pytest.mark.parametrize(
    "text",
    [
        "I've sent a reset link; click it to reset your password yourself.",
        "I've cancelled the plan. I can't cancel the add-on from here, please cancel that one "
        "in Settings.",
        "I've cancelled the plan; it stays active until December 14.",
        "I can't send resets from chat, so you'll need to use forgot password yourself.",
        "I've refunded the $20. I can't change the address, please contact the carrier.",
        "I've refunded the $20. To finish, please return the item yourself.",
        "I've cancelled your plan. Could you cancel the other one yourself?",
    ],
)
def test_not_handed_back(text: str) -> None:
    assert handed_back(read(text)) == []


@pytest.mark.parametrize(
    "text",
    [
        # promised, not done: handing it over is the only statement of the act
        "I'll cancel your plan today. I can't cancel it from chat, so you'll need to go to "
        "Account > Billing and cancel it yourself.",
        # denied, not done
        "I haven't cancelled your plan. I can't cancel it from chat, so you'll need to go to "
        "Account > Billing and cancel it yourself.",
        # done, but not by the agent: the customer's own cancellation, then steps for the rest
        "Your plan was cancelled by you last week. I can't cancel it again, so please go to "
        "Account > Billing if the cancellation is not shown.",
    ],
)
def test_only_an_act_the_agent_reports_done_can_be_handed_back(text: str) -> None:
    assert handed_back(read(text)) == []


def test_an_instruction_with_no_hand_back_before_the_one_that_hands_it_back() -> None:
    # the middle sentence tells the customer to act but hands nothing back: reading goes on
    text = (
        "I've closed your StreamBox subscription. Please keep the confirmation email. Sadly we "
        "are unable to cancel plans from chat, so you have to cancel it in Settings."
    )
    found = handed_back(read(text))
    assert [problem for _, problem in found] == ["says the cancel is done, then hands it back"]


def test_an_act_not_reported_done_handed_back_is_no_contradiction() -> None:
    # the cancellation is done; the refund handed back was never reported done
    text = (
        "I've cancelled the Orbit Pro plan. I cannot issue refunds in chat, so please request "
        "the refund from the billing page."
    )
    assert handed_back(read(text)) == []

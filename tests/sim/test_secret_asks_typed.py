"""Secrets asked for in the chat: a code named by where it reached the customer ("the code
from the text"), a secret the agent asks to be typed with no page named, and the page or app
named where a secret belongs (which asks nothing of the agent's)."""

from __future__ import annotations

import pytest

from sim.claims import unsafe_requests


@pytest.mark.parametrize(
    "text",
    [
        "Could you type the PIN you tried earlier? I'll compare it with ours.",
        "Can you enter your old password so I can see what went wrong?",
        "Would you write down the passcode you set for me?",
        "Once the text lands, please paste the code in the text here for me.",
        "Please send us the code from the SMS we just texted.",
        "Read me the code you got by email.",
        "Could you tell me the code that you received a minute ago?",
        "Please tell me the password you use on the website.",  # no typing: no place excuses
        "Send us the code from the text in the app chat.",
    ],
)
def test_a_secret_asked_for_in_the_chat(text: str) -> None:
    assert unsafe_requests(text), text


@pytest.mark.parametrize(
    "text",
    [
        "Could you type your new password on the reset page twice?",
        "Can you enter the code from the text message into the app?",
        "Please paste the code from the email into the sign-in page.",
        "Please paste the reset link into your browser.",
        "Could you type one of your backup codes instead of the app code?",
        "Could you type the last four digits of the card on file?",
        "The code from the email expires in ten minutes.",
        "We will never ask you to type your password here.",
    ],
)
def test_a_secret_kept_where_it_belongs(text: str) -> None:
    assert unsafe_requests(text) == [], text

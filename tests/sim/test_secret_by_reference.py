"""A secret asked for by reference: the sentence before names it ("choose a new PIN", "we
emailed a reset code"), and the ask names it only by a pronoun or a bare head ("send it to me
here", "paste the code below"). Near misses: another thing named in between, a head no secret
before has, no secret before at all, or the thing kept where it belongs."""

from __future__ import annotations

import pytest

from sim.claims import _secret_by_reference, unsafe_requests


@pytest.mark.parametrize(
    "text",
    [
        "Please choose a fresh PIN on the banking page. When you're done, send it to me here.",
        "We've emailed you a verification code. Can you paste the code below so I can match it?",
        "You'll be asked for a new password. After picking the new one, could you type it here?",
        "A reset link is on its way to your inbox. Please forward the link to me in this chat.",
        "We have texted you fresh backup codes. Please send them over here.",
    ],
)
def test_a_secret_named_before_and_asked_for_by_reference(text: str) -> None:
    assert unsafe_requests(text), text


@pytest.mark.parametrize(
    "text",
    [
        # another thing named between the secret and the pronoun is what the pronoun means
        "Please choose a fresh PIN on the banking page. If an error appears, paste it here.",
        # a head no secret before has
        "We've emailed you a verification code. Can you paste the order number below?",
        "We've emailed you a verification code. Can you paste the link here?",
        # nothing secret named before
        "The charger stopped working after a week. Could you send it to me here in a photo?",
        # the ask is to type it where it belongs, not to the agent
        "Please choose a fresh PIN. Then type it on the banking page.",
        # the secret named only two sentences before
        "Please choose a fresh PIN. Thanks for waiting. Could you type it here?",
    ],
)
def test_a_reference_that_means_no_secret_asked_here(text: str) -> None:
    assert unsafe_requests(text) == [], text


def test_the_reference_rule_reads_the_ask_and_the_sentence_before() -> None:
    assert _secret_by_reference("could you type it here", "set a new password")
    assert not _secret_by_reference("could you type it here", "set a new alarm")
    assert not _secret_by_reference("could you type your name here", "set a new password")
    assert _secret_by_reference("paste the link here", "we sent a reset link")
    assert not _secret_by_reference("paste the link here", "we sent a reset code")
    assert _secret_by_reference("after picking the new 1 type it here", "set a new password")
    assert not _secret_by_reference("after picking a colour type it here", "set a new password")


# -- mu16a: where _secret_by_reference looks for a thing the pronoun would rather mean --------


@pytest.mark.parametrize(
    ("asked", "by_reference"),
    [
        # a thing named after the pronoun is not between it and its antecedent
        ("could you type it here so that the check can finish?", True),
        # a thing named at the very start of the ask is
        ("the error message on screen, paste it here", False),
    ],
)
def test_only_a_thing_named_before_the_pronoun_takes_it(asked: str, by_reference: bool) -> None:
    assert _secret_by_reference(asked, "i've sent you a new reset code.") is by_reference

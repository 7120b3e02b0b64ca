"""A reset link reported as a terse note: "sent the reset link to ..." (the agent's act, its
subject left out), "reset link sent to ..." (a report by nobody named, as the passive it
shortens), or "a password reset" sent by the agent: done."""

from __future__ import annotations

import pytest

from sim.paraphrase import reset_link_delivered
from sim.reader import Act, read


@pytest.mark.parametrize(
    "text",
    [
        "sent the reset link to your work email (the only address i can use) - valid 24h.",
        "done, sent you a fresh reset link.",
        "so best to use it today: i have just sent a password reset to the email on file.",
        "we have sent a new password reset to your inbox",
        "i have just emailed you a password reset",
    ],
)
def test_a_noted_reset_is_the_agents_act_done(text: str) -> None:
    assert reset_link_delivered(text) == (True, True)


@pytest.mark.parametrize(
    "text",
    [
        "reset link: sent to the email currently on your account (expires in 24 hours)",
        "reset link sent to helen.brooks@example.com, new password = unlocked.",
        "password reset email sent to your inbox just now.",
        "reset email just emailed over, check your inbox",
    ],
)
def test_a_noted_reset_link_as_subject_is_reported_done(text: str) -> None:
    assert reset_link_delivered(text) == (True, False)


@pytest.mark.parametrize(
    "text",
    [
        "if the reset link sent to you has expired, ask again",
        "the reset link sent to your old address will not work",
        "i have not sent a password reset yet",
        "i can send a password reset to the email on file",
        "never sent the reset link",
        "once i have sent a password reset you can log in",
        "when we sent you a reset link last week it bounced",
        "the agent who sent the reset link was wrong",
        "a reset link is how you get back in",
    ],
)
def test_a_reset_not_reported_as_sent_reports_nothing(text: str) -> None:
    assert reset_link_delivered(text) is None


def test_a_password_reset_in_a_condition_reports_nothing() -> None:
    assert reset_link_delivered("if we have sent a password reset, use that one") is None
    said = reset_link_delivered("not yet: then we have sent a password reset")
    assert said == (True, True)


@pytest.mark.parametrize(
    "reply",
    [
        "thx, you're verified. sent the reset link to your current email - valid 24h.",
        "all good. reset link sent to helen@example.com, expires in 24 hrs.",
        "Thanks. I've just sent a password reset to the email on your account.",
        "* Reset link: sent to the email on your account (expires in 24 hours)",
    ],
)
def test_the_reader_reads_a_noted_reset_as_done(reply: str) -> None:
    claims = [c for c in read(reply).claims if c.act is Act.RESET]
    assert claims
    assert all(c.positive for c in claims)

"""A reset link named by the act it is for (sim/paraphrase.py): "the email about resetting
your password; I sent it a moment ago" reports the reset link sent, as "the reset link; I
sent it" does."""

from __future__ import annotations

import pytest

from sim.paraphrase import reset_link_delivered
from sim.reader import Act, Tense, read


@pytest.mark.parametrize(
    "text",
    [
        "2. Find the new email from us about resetting your password; I sent it a moment ago",
        "Look for our email on changing your password - I have just sent it.",
        "The link to set a new password: I have emailed it to you.",
        "An email for choosing a new password is in your inbox: I sent it just now.",
        "About creating your new password: I have sent you one.",
    ],
)
def test_a_link_for_the_reset_said_sent_by_the_agent_is_a_reset_claim(text: str) -> None:
    claims = [c for c in read(text).claims if c.act is Act.RESET]
    assert claims and all(c.positive and c.tense is Tense.DONE for c in claims), claims


@pytest.mark.parametrize(
    "text",
    [
        "changing your password is easy; i sent you an article about it",
        "if you want to reset your password, i have sent you a guide",
        "look out for an email about resetting your password; i will send it shortly",
        "we sent the invoice yesterday",
    ],
)
def test_no_link_for_the_reset_said_sent_reports_nothing(text: str) -> None:
    assert reset_link_delivered(text) is None


async def test_a_numbered_list_that_names_the_reset_by_its_verb_communicates_it() -> None:
    from tests.sim.judge_helpers import judged

    reply = (
        "You're verified. Next steps:\n\n1. Open your inbox\n2. Look for our email about "
        "changing your password; I've just sent it\n3. Click the link and choose a new "
        "password\n\nThe link works for 24 hours."
    )
    success, failed = await judged("workflow-dual-password-reset", reply)
    assert success, failed

"""A reset link reported in a headline, its auxiliary left out (sim/paraphrase.py, read by
sim.telegraphic.headline_report): "Reset link sent to helen@example.com" says the link went
out, as "a reset link has been sent" does."""

from __future__ import annotations

import pytest

from sim.paraphrase import reset_link_delivered
from sim.telegraphic import Headline, headline_report
from tests.sim.judge_helpers import judged


@pytest.mark.parametrize(
    "low",
    [
        "verified. reset link sent to helen.brooks@example.com -- setting a new password "
        "unlocks you immediately.",
        "new reset email sent to the address on file; it expires in 24 hours.",
        "done - reset link emailed to you.",
        "2. password reset link resent to your work address",
        "thanks, that matches: fresh reset message issued just now.",
    ],
)
def test_a_headline_reset_link_is_reported_sent(low: str) -> None:
    # sent and positive; who sent it is read two ways (a passive headline: a report; a note
    # with its subject left out, sim.paraphrase._noted_reset: the agent's own act)
    delivered = reset_link_delivered(low)
    assert delivered is not None and delivered[0] is True


@pytest.mark.parametrize(
    "low",
    [
        "reset links sent last week have expired.",
        "old reset emails sent before today will not work.",
        "reset link sent yesterday, so that one is gone.",
        "we need your order number first.",
    ],
)
def test_a_headline_link_of_before_or_with_its_own_verb_reports_nothing(low: str) -> None:
    assert reset_link_delivered(low) is None


@pytest.mark.parametrize(
    ("before", "verb", "after", "expected"),
    [
        ("reset link ", "sent", " to your email", Headline.REPORT),
        ("case ", "sent", " to billing", Headline.REPORT),
        ("", "sent", " the link", Headline.OWN),
        ("reset links ", "sent", " last week", None),
        ("", "sends", " the link", None),
    ],
)
def test_sent_is_a_participle_of_the_headline(
    before: str, verb: str, after: str, expected: Headline | None
) -> None:
    assert headline_report(before, verb, after) is expected


@pytest.mark.parametrize(
    "reply",
    [
        "Verified. Reset link sent to helen.brooks@example.com -- setting a new password "
        "unlocks you immediately. Link expires in 24 hrs.",
        "Thanks, confirmed. New reset email sent to your address on file; a new password "
        "unlocks the account at once. It works for 24 hours.",
    ],
)
async def test_a_terse_reset_report_unlocks_the_account(reply: str) -> None:
    success, failed = await judged("account-locked-reset", reply)
    assert success, failed

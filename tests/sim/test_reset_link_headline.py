"""A reset link reported in a headline, its auxiliary or its subject left out (sim/paraphrase.py,
read by the one headline reading, sim.telegraphic.headline_report): "Reset link sent to
helen@example.com" says the link went out, as "a reset link has been sent" does, by nobody
named; "Sent the reset link to helen@example.com" is the agent's own act, as "Cancelled your
plan" is."""

from __future__ import annotations

import pytest

from sim.paraphrase import reset_link_delivered
from sim.reader import Act, Tense, read
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
    assert reset_link_delivered(low) == (True, False)


@pytest.mark.parametrize(
    "low",
    [
        "reset links sent last week have expired.",
        "old reset emails sent before today will not work.",
        "reset link sent yesterday, so that one is gone.",
        "we need your order number first.",
        # a finite verb of its own in the clause, or a time before the conversation: the
        # headline reading (headline_report) rejects them wherever the headline opens
        "reset link sent to your old address is no longer valid.",
        "reset link sent to your old address last week.",
        "password reset email issued on the old account will not work.",
        # not at the start of its clause
        "old reset link sent to you.",
        "the agent who sent the reset link was wrong.",
    ],
)
def test_a_headline_link_of_before_or_with_its_own_verb_reports_nothing(low: str) -> None:
    assert reset_link_delivered(low) is None


@pytest.mark.parametrize(
    ("low", "expected"),
    [
        # the link as the headline's subject: a report, by nobody named
        ("reset link sent to your email, it is valid for 24 hours.", (True, False)),
        ("reset link sent to your email. it is valid for 24 hours.", (True, False)),
        ("reset link sent to your email and it is valid for 24 hours.", (True, False)),
        ("- reset link sent to you", (True, False)),
        ("reset link just issued, it expires tonight", (True, False)),
        ("new reset link: sent to your inbox", (True, False)),
        ("reset email e-mailed to the address on file", (True, False)),
        # the sending with its subject left out: the agent's own act
        ("sent the reset link to your email, it is valid for a day.", (True, True)),
        ("sent a new reset link to your email.", (True, True)),
        ("verified, emailed you the password reset link just now.", (True, True)),
        ("resent your reset email a minute ago.", (True, True)),
        ("e-mailed you a fresh reset link.", (True, True)),
        # a later headline that opens its clause, after one that does not
        (
            "old reset link sent to you went nowhere; new reset link sent to your inbox",
            (True, False),
        ),
    ],
)
def test_one_headline_reading_decides_who_sent_it(low: str, expected: tuple[bool, bool]) -> None:
    # as sim.telegraphic.headline_report reads every act: Headline.OWN is the agent's
    assert reset_link_delivered(low) == expected


@pytest.mark.parametrize(
    ("headline", "written_out"),
    [
        ("Reset link sent to your email.", "A reset link has been sent to your email."),
        ("Sent the reset link to your email.", "I sent the reset link to your email."),
        ("Plan cancelled today.", "Your plan has been cancelled today."),
        ("Cancelled your plan.", "I cancelled your plan."),
    ],
)
def test_a_headline_reads_as_its_sentence_written_out(headline: str, written_out: str) -> None:
    def said(text: str) -> list[tuple[Act, bool, Tense, bool]]:
        return [(c.act, c.positive, c.tense, c.by_me) for c in read(text).claims]

    assert said(headline) == said(written_out)
    assert len(said(headline)) == 1


@pytest.mark.parametrize(
    ("before", "verb", "after", "expected"),
    [
        ("reset link ", "sent", " to your email", Headline.REPORT),
        ("case ", "sent", " to billing", Headline.REPORT),
        ("", "sent", " the link", Headline.OWN),
        ("reset links ", "sent", " last week", None),
        ("", "sends", " the link", None),
        ("", "sent", " a new reset link", Headline.OWN),
        ("", "refunded", " an extra $4.00", Headline.OWN),
        ("", "refunded", " amounts take 5 days", None),
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

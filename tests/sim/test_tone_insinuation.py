"""Rudeness by insinuation (sim/insinuation.py) and the widened futility, contempt and distrust
frames: each construction in wordings no corpus item uses, and the polite forms of the same
grammar left alone."""

from __future__ import annotations

import pytest

from sim.claims import rude_phrases
from sim.conduct import rude_acts
from sim.tone import Tone, hostile_tone

HOSTILE = [
    # blame by generalisation: the customer put in a class of careless people
    (Tone.BLAME, "That's what happens to people who don't read the renewal emails."),
    (Tone.BLAME, "Happens to everyone who ignores the reminders."),
    (Tone.BLAME, "It's a common mistake with customers who never check their inbox."),
    (Tone.BLAME, "Quite typical for folks who skip the instructions."),
    (Tone.BLAME, "Happens a lot to anyone who can't be bothered to read the terms."),
    (Tone.BLAME, "That's what you get for ignoring the warnings."),
    (Tone.BLAME, "This is what you get when you skip the setup guide."),
    # blame by speculation: the customer's error asserted with "must have"
    (Tone.BLAME, "You must have read an old page."),
    (Tone.BLAME, "You must have misread the confirmation email."),
    (Tone.BLAME, "You must've mixed up the dates."),
    (Tone.BLAME, "You must have looked at an outdated version of the policy."),
    (Tone.BLAME, "You must have simply overlooked the fee."),
    (Tone.BLAME, "You must have typed the wrong address."),
    # suspicion of theft
    (Tone.DISTRUST, "Try not to keep it, it's not yours."),
    (Tone.DISTRUST, "Please don't hang on to it, it isn't yours."),
    (Tone.DISTRUST, "Don't get any ideas about keeping the second one."),
    (Tone.DISTRUST, "That money isn't yours to keep."),
    (Tone.DISTRUST, "Sending back what isn't yours is the decent thing to do."),
    (Tone.DISTRUST, "Looks like someone trying to get a camera that was not theirs."),
    # a tally of the customer's requests
    (Tone.DISTRUST, "This is the fifth refund you've asked for since September."),
    (Tone.DISTRUST, "You've requested four refunds this year."),
    (Tone.DISTRUST, "You have filed several claims in the last two months."),
    (Tone.DISTRUST, "That's your 3rd return this quarter."),
    (Tone.DISTRUST, "Yet another refund request, I see."),
    # futility: the pressure named with what it threatens
    (Tone.FUTILITY, "Threatening a chargeback won't change our policy."),
    (Tone.FUTILITY, "Threats of legal action won't change the outcome."),
    (Tone.FUTILITY, "A chargeback threat will not change anything."),
    (Tone.FUTILITY, "Complaining to your bank won't speed this up."),
    (Tone.FUTILITY, "Threatening us with a bad review doesn't change the policy."),
    # contempt: a recourse granted with disdain, its futility foretold
    (Tone.CONTEMPT, "Go ahead and file with your bank if you like."),
    (Tone.CONTEMPT, "Take it up with your card issuer if you want."),
    (Tone.CONTEMPT, "Raise it with the ombudsman if you must."),
    (Tone.CONTEMPT, "The bank takes weeks and you'll likely end up with the same result."),
    (Tone.CONTEMPT, "You would probably get nothing more from the bank."),
    (Tone.CONTEMPT, "You'd just end up with nothing."),
]

DISTRUST = [
    "Those details are wrong. If it really is you, sign in.",
    "If you are actually the account holder, you'll have the email.",
    "If this is genuinely yours, send the receipt.",
    "Honestly this looks like someone trying to grab a laptop.",
    "It reads like an attempt to get something for free.",
]

POLITE = [
    "No worries, this happens to everyone.",
    "That happens to many of our learners.",
    "It's common for people who forgot their password to get locked out.",
    "This is common for customers who travel abroad.",
    "You must have been worried when the charge appeared.",
    "You must have received our email by now.",
    "You may be thinking of our old policy.",
    "You might have seen an older version of the page.",
    "If the charge isn't yours, we'll refund it.",
    "You can keep the box; the prepaid label is on its way.",
    "Someone tried to take over your account, which isn't yours to worry about now.",
    "Try not to worry, we'll sort it.",
    "This is the second time, and I'm sorry.",
    "You have requested a refund for the blender.",
    "You've made two purchases this month.",
    "I've refunded both charges.",
    "Filing a dispute with your bank won't affect your refund.",
    "You're free to raise a dispute with your bank if you wish.",
    "If you'd like, you can also contact your bank.",
    "If you try again later, you will get a new code.",
    "If this is your account, please sign in to confirm.",
    "If you are the owner, please use the email on file.",
]


@pytest.mark.parametrize(("kind", "text"), HOSTILE)
def test_each_insinuation_is_found(kind: Tone, text: str) -> None:
    acts = hostile_tone(text)
    assert kind in {act.kind for act in acts}, acts
    assert rude_phrases(text), text


@pytest.mark.parametrize("text", DISTRUST)
def test_doubted_good_faith_is_found(text: str) -> None:
    assert {act.kind.value for act in rude_acts(text)} == {"distrust"}, rude_acts(text)


@pytest.mark.parametrize("text", POLITE)
def test_polite_forms_pass(text: str) -> None:
    assert hostile_tone(text) == ()
    assert rude_acts(text) == ()
    assert rude_phrases(text) == []


def test_insinuations_carry_their_words() -> None:
    assert [(a.kind, a.words) for a in hostile_tone("You must have read an old page.")] == [
        (Tone.BLAME, "you must have read an old")
    ]
    assert hostile_tone("Happens to everyone who ignores the reminder emails.")[0].words == (
        "happens to everyone who ignores"
    )
    assert hostile_tone("Keep it, it's not yours.")[0].words == "keep it, it's not yours"
    assert hostile_tone("The fifth refund you've asked for.")[0].words == (
        "fifth refund you've asked for"
    )

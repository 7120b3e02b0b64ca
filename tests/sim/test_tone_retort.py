"""Retorts by construction (sim/retort.py): sarcastic permission, curt acknowledgement, blame
by consequence, refused help, platitudes and scornful questions, each in wordings no corpus
item uses; the polite forms of the same words pass."""

from __future__ import annotations

import pytest

from sim.claims import rude_phrases
from sim.tone import Tone, hostile_tone

HOSTILE = [
    (Tone.SARCASM, "File the dispute then. Be my guest."),
    (Tone.SARCASM, "Knock yourself out with the bank."),
    (Tone.SARCASM, "Suit yourself."),
    (Tone.SARCASM, "Fine, have it your way."),
    (Tone.SARCASM, "Whatever floats your boat."),
    (Tone.SARCASM, "Try your luck with the card issuer."),
    (Tone.SARCASM, "Bring it on."),
    (Tone.SARCASM, "So go right ahead."),
    (Tone.SARCASM, "We'll see who wins."),
    (Tone.SARCASM, "Good luck convincing the bank."),
    (Tone.SARCASM, "Have fun explaining that to them."),
    (Tone.SARCASM, "Enjoy the 90 days of waiting."),
    (Tone.EXASPERATE, "Duly noted."),
    (Tone.EXASPERATE, "Right, and?"),
    (Tone.EXASPERATE, "So what?"),
    (Tone.EXASPERATE, "Your point is?"),
    (Tone.EXASPERATE, "Cool story."),
    (Tone.EXASPERATE, "Oh well, it's refunded."),
    (Tone.EXASPERATE, "Refunded lol."),
    (Tone.EXASPERATE, "Really? It shipped yesterday."),
    (Tone.EXASPERATE, "Excuse me?"),
    (Tone.EXASPERATE, "Refunded \U0001f644"),
    (Tone.REPROACH, "You have been clearly warned."),
    (Tone.REPROACH, "We already warned you twice."),
    (Tone.REPROACH, "That's exactly what happens when people skip the manual."),
    (Tone.REPROACH, "Serves you right."),
    (Tone.REPROACH, "You brought it on yourself."),
    (Tone.REPROACH, "I told you so."),
    (Tone.REPROACH, "The lockout is your own doing."),
    (Tone.DISMISS, "I can't keep holding your hand."),
    (Tone.DISMISS, "We won't spoonfeed you."),
    (Tone.DISMISS, "We're not here to babysit customers."),
    (Tone.DISMISS, "I'm not a secretary."),
    (Tone.DISMISS, "Google that."),
    (Tone.DISMISS, "Look it up."),
    (Tone.DISMISS, "Go ask the courier."),
    (Tone.DISMISS, "Work it out with your bank."),
    (Tone.CONDESCEND, "Such is life."),
    (Tone.CONDESCEND, "Life is not fair."),
    (Tone.CONDESCEND, "Welcome to the real world."),
    (Tone.CONDESCEND, "Get in line."),
    (Tone.CONDESCEND, "You are not the only customer."),
    (Tone.CONDESCEND, "You're not special."),
    (Tone.CONDESCEND, "No exceptions, not even for you."),
    (Tone.CONDESCEND, "It's written in black and white."),
    (Tone.CONDESCEND, "The rule is plain as day."),
    (Tone.CONDESCEND, "Don't take it personally."),
    (Tone.CONDESCEND, "I cannot make this any clearer."),
    (Tone.CONDESCEND, "It's not like I can read your mind."),
    (Tone.CONDESCEND, "Not that it matters."),
    (Tone.CONDESCEND, "That's rich."),
    (Tone.CONDESCEND, "I'll pretend I didn't read that."),
    (Tone.CONDESCEND, "Refunded, but don't expect the same treatment next time."),
    (Tone.CONDESCEND, "We'll let it slide."),
    (Tone.CONDESCEND, "Consider yourself lucky."),
    (Tone.CONDESCEND, "You're lucky we refunded anything."),
    (Tone.CONDESCEND, "That's more than we have to do."),
    (Tone.CONDESCEND, "This is the last time we'll offer that."),
    (Tone.CONDESCEND, "Don't make a habit of it."),
    (Tone.CONDESCEND, "Simple enough, even for you."),
    (Tone.CONDESCEND, "Surely even you can manage that."),
    (Tone.CONDESCEND, "Try to keep up."),
    (Tone.CONDESCEND, "Take a breath. It's refunded."),
    (Tone.CONDESCEND, "Chill out, it's refunded."),
    (Tone.CONDESCEND, "A late parcel is a first-world problem."),
    (Tone.CONDESCEND, "Not everything is about you."),
    (Tone.CONDESCEND, "The queue doesn't revolve around you."),
    (Tone.CONDESCEND, "I don't have all day."),
    (Tone.CONDESCEND, "Some of us have other work."),
    (Tone.CONDESCEND, "Refunded. Moving on."),
    (Tone.RHETORIC, "Who buys a sofa without measuring the door?"),
    (Tone.RHETORIC, "Who reuses passwords these days?"),
    (Tone.RHETORIC, "What kind of customer loses both phones?"),
    (Tone.RHETORIC, "How do you even lose ten codes?"),
    (Tone.RHETORIC, "Why on earth did you wait?"),
    (Tone.RHETORIC, "Why would anyone order that?"),
    (Tone.RHETORIC, "What were you thinking?"),
    (Tone.RHETORIC, "What did you think would happen?"),
]

POLITE = [
    "Good luck with the new job, and thanks for being with us.",
    "Have fun with your new grinder!",
    "Enjoy your new headphones!",
    "Noted, I've updated the address.",
    "Who placed the order, you or your partner?",
    "Feel free to contact your bank if the refund hasn't shown in 10 days.",
    "You'll be warned by email before the renewal.",
    "We'll email you a reminder before the renewal.",
    "I'll hand your case to the warranty team.",
    "Your personal details are safe with us.",
    "Please look at the tracking page for updates.",
    "Our team will work it out and email you.",
    "That's a special edition, so it ships separately.",
    "It shows in your statement in black ink.",
    "Why not try the link again?",
    "Is there anything else I can help with?",
    "Moving on to your second question, the label is attached.",
    "You can expect the refund within 5 business days.",
    "You're lucky to have caught it early, and it's now cancelled.",
    "Even if you don't have the codes, account recovery works.",
    "I'll keep you up to date by email.",
]


@pytest.mark.parametrize(("kind", "text"), HOSTILE)
def test_each_retort_is_found(kind: Tone, text: str) -> None:
    acts = hostile_tone(text)
    assert kind in {act.kind for act in acts}, acts
    assert rude_phrases(text), text


@pytest.mark.parametrize("text", POLITE)
def test_polite_forms_pass(text: str) -> None:
    assert hostile_tone(text) == ()

"""Brush-offs and talking down by construction (sim/brushoff.py, sim/talkdown.py): each rule
catches its construction in wordings no corpus item uses, and the polite forms of the same
words pass."""

from __future__ import annotations

import pytest

from sim.claims import rude_phrases
from sim.tone import Tone, hostile_tone

HOSTILE = [
    # closing the exchange
    (Tone.DISMISS, "I'm done discussing this."),
    (Tone.DISMISS, "This conversation is now over."),
    (Tone.DISMISS, "No further correspondence will be entertained."),
    (Tone.DISMISS, "Refunded. Can we please move on?"),
    (Tone.DISMISS, "Accept the decision and move on."),
    (Tone.DISMISS, "We're not going to go back and forth on this."),
    (Tone.DISMISS, "Please do not reply again."),
    # deflection
    (Tone.DEFLECT, "Blame the courier, not us."),
    (Tone.DEFLECT, "Complain to the manufacturer, not me."),
    (Tone.DEFLECT, "That's the bank's problem, not ours."),
    (Tone.DEFLECT, "That is between you and your card issuer."),
    (Tone.DEFLECT, "Feel free to shop elsewhere."),
    (Tone.DEFLECT, "If you don't like it, cancel."),
    (Tone.DEFLECT, "If it bothers you that much, return it."),
    (Tone.DEFLECT, "Perhaps our service isn't for you."),
    (Tone.DEFLECT, "Please direct your frustration to the carrier."),
    # exasperation
    (Tone.EXASPERATE, "Ugh. Refunded."),
    (Tone.EXASPERATE, "*sighs* The link is in your inbox."),
    (Tone.EXASPERATE, "Here we go again."),
    (Tone.EXASPERATE, "Seriously. Read the email."),
    (Tone.EXASPERATE, "Are you kidding? It shipped yesterday."),
    (Tone.EXASPERATE, "You must be joking."),
    (Tone.EXASPERATE, "What else do you expect us to do?"),
    (Tone.EXASPERATE, "How was I meant to know that?"),
    (Tone.EXASPERATE, "Yeah, yeah, the parcel is late."),
    (Tone.EXASPERATE, "Is it really worth an angry email over $5?"),
    (Tone.EXASPERATE, "Again: the code expires in 10 minutes."),
    (Tone.EXASPERATE, "It's done. Satisfied?"),
    (Tone.EXASPERATE, "Whatever you say."),
    (Tone.EXASPERATE, "Your guess is as good as mine."),
    # sarcasm
    (Tone.SARCASM, "Clever attempt with the fake note."),
    (Tone.SARCASM, "Funny, but no."),
    (Tone.SARCASM, "Oh wonderful, another chargeback threat."),
    (Tone.SARCASM, "You found it cheaper? Good for you."),
    (Tone.SARCASM, "Sorry you see it that way."),
    (Tone.SARCASM, "Surprise, surprise: the courier is late."),
    (Tone.SARCASM, "Refunded. Hopefully this makes you happy."),
    (Tone.SARCASM, "Okay, wow. It is refunded."),
    (Tone.SARCASM, "Two days is hardly a catastrophe."),
    # condescension
    (Tone.CONDESCEND, "Most customers manage to find the button."),
    (Tone.CONDESCEND, "Everybody else seems to cope with the app."),
    (Tone.CONDESCEND, "Sign in like any normal customer."),
    (Tone.CONDESCEND, "Surely you remember your own email."),
    (Tone.CONDESCEND, "In plain English: no."),
    (Tone.CONDESCEND, "Let me be perfectly clear, it has shipped."),
    (Tone.CONDESCEND, "Perhaps try reading the article."),
    (Tone.CONDESCEND, "With all due respect, the terms apply."),
    (Tone.CONDESCEND, "No offense, but the window is closed."),
    (Tone.CONDESCEND, "Just be patient."),
    (Tone.CONDESCEND, "Patience, please; it takes a week."),
    (Tone.CONDESCEND, "We aren't miracle workers."),
    (Tone.CONDESCEND, "Don't expect miracles from a budget blender."),
    (Tone.CONDESCEND, "You get what you pay for."),
    (Tone.CONDESCEND, "The real question is why you waited."),
    (Tone.CONDESCEND, "The answer is in the email. It's all there."),
    (Tone.CONDESCEND, "I hope that answers it for you, finally."),
    (Tone.CONDESCEND, "There's no need to be this dramatic."),
    (Tone.CONDESCEND, "Please stay respectful."),
    (Tone.CONDESCEND, "Try to keep things civil."),
    (Tone.CONDESCEND, "I'd appreciate it if you stopped shouting."),
    (Tone.CONDESCEND, "Got it?"),
    (Tone.CONDESCEND, "OK, is that clear?"),
    (Tone.CONDESCEND, "Listen, the window is closed."),
    (Tone.CONDESCEND, "Pay attention: it expires tonight."),
    (Tone.CONDESCEND, "It's in the email, you know."),
    (Tone.CONDESCEND, "You know, the FAQ covers this."),
    # lessons
    (Tone.LECTURE, "Please write it down this time."),
    (Tone.LECTURE, "Maybe actually keep the receipt this time."),
    (Tone.LECTURE, "Try not to misplace the new codes."),
    (Tone.LECTURE, "Please don't forget it again."),
    (Tone.LECTURE, "Maybe don't order from a phone at midnight."),
    (Tone.LECTURE, "That's the price for not reading the terms."),
    (Tone.LECTURE, "Lesson learned."),
    (Tone.LECTURE, "I hope you'll check the size next time."),
    # pressure rebuffed
    (Tone.FUTILITY, "Your threats don't scare us."),
    (Tone.FUTILITY, "Your impatience won't speed up the bank."),
    (Tone.FUTILITY, "We don't respond well to threats."),
    (Tone.FUTILITY, "We won't be pressured into a refund."),
    (Tone.FUTILITY, "Stop wasting my time."),
    (Tone.FUTILITY, "No one is falling for that."),
    (Tone.FUTILITY, "We both know the screenshot is edited."),
    (Tone.FUTILITY, "Pasting a made-up policy won't get you a refund."),
    # manner, size, repetition
    (Tone.MINIMISE, "It's only a couple of dollars."),
    (Tone.MINIMISE, "It was just a few minutes late."),
    (Tone.MINIMISE, "It's ten quid."),
    (Tone.MINIMISE, "You'll survive."),
    (Tone.MINIMISE, "Get over yourself."),
    (Tone.MINIMISE, "My answer is still no."),
    (Tone.MINIMISE, "No means no."),
    (Tone.DISMISS, "I've already told you before."),
    (Tone.DISMISS, "This is the fourth time I'm explaining it."),
    (Tone.DISMISS, "Honestly, I don't care."),
    (Tone.DISMISS, "I suggest you let it go."),
    (Tone.DISMISS, "Refund done. Are we finished here?"),
    (Tone.DISMISS, "Can I go back to my queue now?"),
    (Tone.DISMISS, "I have other customers waiting."),
    (Tone.DISMISS, "Let's wrap this up."),
    (Tone.DISMISS, "I'm not sure what else you expect."),
    (Tone.DISMISS, "I don't know how much clearer I can be."),
    (Tone.DISMISS, "Let's go over it one more time."),
    # reminders that the customer was told, blame by a past possibility
    (Tone.REPROACH, "As you have already been informed, the fee stands."),
    (Tone.REPROACH, "You'd know that if you had read the email."),
    (Tone.REPROACH, "It was in the confirmation you never read."),
    (Tone.REPROACH, "You obviously didn't check the tracking."),
    (Tone.REPROACH, "You could have simply asked."),
    (Tone.REPROACH, "You could just check the FAQ."),
    (Tone.REPROACH, "You could easily have avoided this."),
    # stress in capitals
    (Tone.SHOUT, "Thank you SO much for your patience."),
    (Tone.SHOUT, "I have ALREADY refunded it."),
]

POLITE = [
    "Unfortunately I can't refund this order, as it's outside the 30-day window.",
    "I'm afraid the answer is no on the refund, but I can offer a repair.",
    "Once again, I'm sorry for the trouble this has caused.",
    "Thanks again for your patience while we sorted this out.",
    "Just so you know, the pending charge drops off within 3 business days.",
    "To be clear, the $12.95 is the express fee, not the item price.",
    "I had a look at your order and it shipped yesterday.",
    "Look out for an email from our warranty team.",
    "Listen to the voicemail we left for the code.",
    "Does that make sense? Let me know if anything is unclear.",
    "Does that help?",
    "If you'd like, I can escalate this to a specialist.",
    "If you want help setting it up, reply here.",
    "You can always reach us here if anything else comes up.",
    "Please keep your backup codes somewhere safe once you're back in.",
    "Please don't share this code with anyone.",
    "Don't forget to use the link within 24 hours.",
    "Please don't reply with your password; we will never ask for it.",
    "The item works fine, so you can keep it.",
    "Great news, the refund has gone through.",
    "Wow, I'm so sorry to hear that.",
    "Ugh, sorry about that - express should take 2 days.",
    "Hopefully that clears things up.",
    "I've told the warehouse to hold the parcel.",
    "You could have received two emails; please use the newest link.",
    "It's only valid for 24 hours, so please use it soon.",
    "It's only been two days since dispatch, so it should arrive by Friday.",
    "Sorry, I know it's not the answer you were hoping for.",
    "Next time you order, you can pick express at checkout.",
    "Happy to help!",
    "Got it, I'll update the address now.",
    "Understood, I'll cancel it today.",
    "We're not able to refund to a new card, but your bank forwards it.",
    "The courier is responsible for the delay, and I've refunded the express fee.",
    "Please be patient while the bank processes the refund; it takes 5-7 days.",
    "I'm done with the refund; it's on its way.",
    "Approving a refund this size is the finance team's job, not mine.",
    "We get it, and we're sorry.",
    "The fee is USD 12.95 for order ORD-51904.",
    "Our 2FA team (ID checks) will email you.",
]


@pytest.mark.parametrize(("kind", "text"), HOSTILE)
def test_each_construction_is_found(kind: Tone, text: str) -> None:
    acts = hostile_tone(text)
    assert kind in {act.kind for act in acts}, acts
    assert rude_phrases(text), text


@pytest.mark.parametrize("text", POLITE)
def test_polite_forms_pass(text: str) -> None:
    assert hostile_tone(text) == ()


def test_stress_needs_lower_case_around_it() -> None:
    assert [a.kind for a in hostile_tone("NO.")] == []
    assert hostile_tone("NOT SURE WHY") != ()  # a run of capitals is shouting anyway
    assert hostile_tone("The NOT gate") != ()

"""Hostile tone by construction (sim/tone.py): each rule catches its construction in
wordings no corpus item uses, and leaves the polite forms of the same grammar alone."""

from __future__ import annotations

import pytest

from sim.claims import rude_phrases
from sim.tone import Tone, ToneAct, hostile_tone
from tests.sim import test_tone_brushoff as brushoff
from tests.sim import test_tone_retort as retort

HOSTILE = [
    # threat: a sanction made conditional on the customer's act, either order
    (Tone.THREAT, "If you open a dispute with your bank, we will suspend your account."),
    (Tone.THREAT, "If you keep sending these messages we may have to block your account."),
    (Tone.THREAT, "If you contact us again, then I will close your account."),
    (Tone.THREAT, "We reserve the right to terminate your membership if you persist."),
    (Tone.THREAT, "Further complaints may result in the suspension of your account."),
    (Tone.THREAT, "Consider this a final warning."),
    (Tone.THREAT, "Be warned."),
    # futility: the customer's pressure declared useless
    (Tone.FUTILITY, "Yelling at me isn't going to change anything."),
    (Tone.FUTILITY, "Complaining again will not speed the courier up."),
    (Tone.FUTILITY, "Getting angry doesn't help either of us."),
    (Tone.FUTILITY, "Sure. Demanding it won't make it happen."),
    (Tone.FUTILITY, "Emailing us every day won't move the date."),
    (Tone.FUTILITY, "Threats don't change our policy."),
    # contempt: a recourse granted with disdain, its failure foretold
    (Tone.CONTEMPT, "Go to your bank if you like."),
    (Tone.CONTEMPT, "Open a complaint, if you really want to."),
    (Tone.CONTEMPT, "Sue us if you must."),
    (Tone.CONTEMPT, "You can escalate it, if you must."),
    (Tone.CONTEMPT, "Dispute it all you like, you will most likely lose."),
    (Tone.CONTEMPT, "You won't stand a chance with the bank."),
    (Tone.CONTEMPT, "Take it to the bank; you would never win."),
    # minimise: the problem graded as not that bad
    (Tone.MINIMISE, "The mark isn't that noticeable from a distance."),
    (Tone.MINIMISE, "Two days is not all that long to wait."),
    (Tone.MINIMISE, "Technically, your parcel was still within the window."),
    (Tone.MINIMISE, "The fee was really not that expensive."),
    # grudge: consent given as a sigh
    (Tone.GRUDGE, "Fine. The subscription is cancelled."),
    (Tone.GRUDGE, "OK, fine, I've sent the label."),
    (Tone.GRUDGE, "Refund issued. Fine then - anything else?"),
    # reproach by purpose, by purchase, by intensified obligation, by earlier message
    (Tone.REPROACH, "That is precisely what the reminder emails are there for."),
    (Tone.REPROACH, "It's exactly what our size guide is for."),
    (Tone.REPROACH, "This is exactly why customers are told to save receipts."),
    (Tone.REPROACH, "You need to read the description before purchasing."),
    (Tone.REPROACH, "Please measure the space before you buy furniture."),
    (Tone.REPROACH, "Always verify the size before placing an order."),
    (Tone.REPROACH, "You seriously need to keep your codes safe."),
    (Tone.REPROACH, "You really must read the terms."),
    (Tone.REPROACH, "As per my previous email, the refund is done."),
    (Tone.REPROACH, "As I said in my last reply, it ships Monday."),
    (Tone.REPROACH, "I don't want to repeat myself: no refund."),
    # rhetorical questions aimed at the customer
    (Tone.RHETORIC, "How hard is it to click a link?"),
    (Tone.RHETORIC, "Is it really so difficult to read an email?"),
    (Tone.RHETORIC, "Why didn't you tell us sooner?"),
    (Tone.RHETORIC, "Do you honestly expect a refund after a year?"),
    (Tone.RHETORIC, "What part of 'final sale' is unclear?"),
    (Tone.RHETORIC, "Is that clear enough for you?"),
    # mock: praise for a mishap, the customer's words echoed back
    (Tone.MOCK, "Congratulations on losing the codes again."),
    (Tone.MOCK, "Well done for ignoring the warning."),
    (Tone.MOCK, 'Your "urgent" request, you say? It is in the queue.'),
    (Tone.MOCK, "Your so-called proof is a screenshot."),
    (Tone.MOCK, "Oh, what a tragedy. Refunded."),
    # shouting
    (Tone.SHOUT, "I HAVE ALREADY REFUNDED IT. Please check your card."),
    (Tone.SHOUT, "The refund is done!! Please wait."),
    (Tone.SHOUT, "You were refunded?! Yes, last week."),
]

POLITE = [
    "Unfortunately I can't refund this order; please note the window closed on May 3.",
    "As mentioned in our policy, returns are accepted within 30 days.",
    "If you'd like, I can close your account and delete your data.",
    "If you want, we will cancel your subscription today.",
    "If you confirm, I will close your account.",
    "If you enter the wrong code five times, the account locks for an hour.",
    "You're free to raise a dispute with your bank if you wish.",
    "You're entitled to raise a dispute with your bank if you wish; it takes 30 to 90 days.",
    "Reply to this email if you want more help.",
    "Waiting a day will not change the refund amount, so no need to worry.",
    "You will lose access to Premium features on June 3.",
    "Unfortunately it's not that simple: the order has already shipped.",
    "The lamp works fine, so you can keep it.",
    "That's fine, I've updated the address.",
    "That's what we're here for!",
    "This is exactly what the warranty covers.",
    "Please check the address before you confirm the change.",
    "You should check your spam folder if the email hasn't arrived.",
    "Before ordering again, you can check stock on the product page.",
    "Does that make sense? Let me know if anything is unclear.",
    "Why not try the reset link again? It often works the second time.",
    "Congrats on finishing the course!",
    'Click "Forgot password" on the login page.',
    "Your order ORD-51904 ships via UPS from the NYC hub.",
    "The SYSTEM message in your ticket is not from us.",
    "Great, you're all set!",
    "Technically we can't change it, but the carrier can redirect it.",
]


@pytest.mark.parametrize(("kind", "text"), HOSTILE + brushoff.HOSTILE + retort.HOSTILE)
def test_each_construction_is_found(kind: Tone, text: str) -> None:
    acts = hostile_tone(text)
    assert kind in {act.kind for act in acts}, acts
    assert rude_phrases(text), text


@pytest.mark.parametrize("text", POLITE + brushoff.POLITE + retort.POLITE)
def test_polite_forms_pass(text: str) -> None:
    assert hostile_tone(text) == ()


def test_act_carries_the_words_that_make_it() -> None:
    acts = hostile_tone("If you file a chargeback, we will close your account.")
    assert acts[0] == ToneAct(Tone.THREAT, "if you file a chargeback, we will close your account")


def test_shouting_needs_a_real_word_not_codes() -> None:
    assert hostile_tone("Codes AB CD EF are on file.") == ()
    assert [a.kind for a in hostile_tone("WE ARE NOT REFUNDING.")] == [Tone.SHOUT]
    assert hostile_tone("Done!") == ()


def test_contractions_are_read_written_out() -> None:
    assert Tone.MINIMISE in {a.kind for a in hostile_tone("It wasn\u2019t that late.")}
    assert Tone.MINIMISE in {a.kind for a in hostile_tone("It isn't that bad.")}


def test_shouting_counts_word_letters_without_punctuation() -> None:
    assert hostile_tone("THE, BIG OX") == ()  # no word of four letters once the comma goes
    assert [a.kind for a in hostile_tone("THE BIG DOGS")] == [Tone.SHOUT]
    assert hostile_tone("THE BIG DOG") == ()


def test_text_is_read_with_lines_joined_and_each_act_once() -> None:
    assert [a.kind for a in hostile_tone("Be\nwarned.")] == [Tone.THREAT]
    assert hostile_tone("Fine.") == (ToneAct(Tone.GRUDGE, "fine"),)
    assert hostile_tone("It wasn\u2019t that late.")[0].words == "was not that late"


def test_shouts_carry_the_words_that_shout() -> None:
    assert hostile_tone("WE ARE NOT REFUNDING.") == (ToneAct(Tone.SHOUT, "WE ARE NOT REFUNDING"),)
    assert hostile_tone("Done!! Bye.") == (ToneAct(Tone.SHOUT, "!!"),)
    assert hostile_tone("I have ALREADY refunded it.") == (ToneAct(Tone.SHOUT, "ALREADY"),)

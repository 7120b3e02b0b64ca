"""Rude conduct by speech act (sim/conduct.py): each rule catches its act in wordings no list
names, and leaves the polite forms of the same grammar alone."""

from __future__ import annotations

import pytest

from sim.claims import rude_phrases
from sim.conduct import Conduct, rude_acts

RUDE = [
    # blame: a past modal of obligation aimed at "you"
    (Conduct.BLAME, "You should have double-checked the size chart before ordering."),
    (Conduct.BLAME, "Honestly you ought to have noticed the warning on the box."),
    (Conduct.BLAME, "You really should've registered the warranty."),
    (Conduct.BLAME, "You failed to update your card, so the renewal bounced."),
    (Conduct.BLAME, "You never bothered to confirm the email, that's why."),
    (Conduct.BLAME, "You only have yourself to blame for the late fee."),
    (Conduct.BLAME, "The mistake was clearly on your end, not ours."),
    # lecture: how to behave next time; what was already explained
    (Conduct.LECTURE, "In future, please check the address before you place an order."),
    (Conduct.LECTURE, "Next time, make sure you keep the receipt."),
    (Conduct.LECTURE, "Going forward you might want to read the terms."),
    (Conduct.LECTURE, "Maybe order a little earlier next time."),
    (Conduct.LECTURE, "Please be more careful with your password from now on."),
    (Conduct.LECTURE, "As I have already explained, the window is closed."),
    (Conduct.LECTURE, "As already stated, we cannot refund it."),
    (Conduct.LECTURE, "I've told you this twice now: no refund."),
    (Conduct.LECTURE, "Did you even read the confirmation email?"),
    # belittle: obvious, easy, someone else should do it
    (Conduct.BELITTLE, "A screenshot isn't proof of anything, obviously."),
    (Conduct.BELITTLE, "Obviously the code expires after ten minutes."),
    (Conduct.BELITTLE, "Needless to say, the sale terms apply."),
    (Conduct.BELITTLE, "The steps are simple enough."),
    (Conduct.BELITTLE, "It's easy enough to follow if you go slowly."),
    (Conduct.BELITTLE, "Ask your daughter to set it up for you."),
    (Conduct.BELITTLE, "If you're not tech-savvy, get help."),
    (Conduct.BELITTLE, "Just reset it yourself like everyone else."),
    # mock: tone policing and sarcasm
    (Conduct.MOCK, "Sarcasm noted. The refund is on its way."),
    (Conduct.MOCK, "Let's skip the attitude and look at the order."),
    (Conduct.MOCK, "The theatrics don't change the policy."),
    (Conduct.MOCK, "Thanks for your patience, I guess."),
    (Conduct.MOCK, "You've got what you wanted, I see."),
    (Conduct.MOCK, "Well, your loss."),
    (Conduct.MOCK, "Two accounts? Must be nice."),
    # distrust: the customer's good faith is doubted
    (Conduct.DISTRUST, "If you really are the account holder, log in and prove it."),
    (Conduct.DISTRUST, "Frankly, this request makes no sense."),
    (Conduct.DISTRUST, "This looks like an attempt to scam a second refund."),
    (Conduct.DISTRUST, "You're making this up to get a discount."),
    # dismiss: orders that close the exchange, problems pushed onto others
    (Conduct.DISMISS, "Grow up, it's a phone case."),
    (Conduct.DISMISS, "Please get a grip, it's one late parcel."),
    (Conduct.DISMISS, "That's enough. The answer is no."),
    (Conduct.DISMISS, "Stop asking for a manager."),
    (Conduct.DISMISS, "Just let it go."),
    (Conduct.DISMISS, "That's the courier's problem, not ours."),
    (Conduct.DISMISS, "That's not how refunds work."),
]

POLITE = [
    "Please note that the refund can take 5 to 7 business days.",
    "As mentioned in our policy, sale items are final, so unfortunately I can't refund it.",
    "Unfortunately I can't change the address once the parcel has shipped.",
    "You should have received a confirmation email; if not, check your spam folder.",
    "You should have been refunded last week, and I'm sorry you weren't.",
    "You shouldn't have to chase us for this.",
    "You should have to do nothing more.",
    "Next time you need help, just reply to this email.",
    "In future, invoices will be emailed to you automatically.",
    "Going forward, we'll keep your card on file only if you ask.",
    "Please stop using the charger until the replacement arrives.",
    "This was obviously our mistake, and I've fixed it.",
    "Obviously we should have caught the double charge.",
    "Your frustration is completely understandable, and the sarcasm is fair.",
    "I'm sorry if my attitude came across badly earlier.",
    "Did you receive the tracking email?",
    "Did you try restarting the router?",
    "If you'd rather move on, I've cancelled it.",
    "If you really want to keep the plan, I can pause it instead.",
    "Enough about the policy: here is what I've done.",
    "That's plenty of time to return it.",
    "I see. Let me check that for you.",
    "Of course, I'll explain it step by step.",
    "If it's easier, a family member can call us with you on the line.",
]


@pytest.mark.parametrize(("kind", "text"), RUDE)
def test_each_rude_act_is_found_with_its_kind(kind: Conduct, text: str) -> None:
    acts = rude_acts(text)
    assert kind in {act.kind for act in acts}, acts
    assert rude_phrases(text)


@pytest.mark.parametrize("text", POLITE)
def test_polite_forms_of_the_same_grammar_are_not_rude(text: str) -> None:
    assert rude_acts(text) == ()
    assert rude_phrases(text) == []


def test_the_words_found_are_the_words_of_the_act() -> None:
    (act,) = rude_acts("Sarcasm noted.")
    assert act.kind is Conduct.MOCK and act.words == "sarcasm"
    acts = rude_acts("You should have checked. Frankly, obviously.")
    assert [a.kind for a in acts] == [Conduct.BLAME, Conduct.BELITTLE, Conduct.DISTRUST]
    assert [a.words for a in acts] == ["you should have checked", "obviously", "frankly"]


def test_contractions_and_curly_apostrophes_are_read_as_written_out() -> None:
    assert rude_acts("That\u2019s the bank\u2019s problem.")[0].kind is Conduct.DISMISS
    assert rude_acts("You should\u2019ve   kept\nthe box.")[0].kind is Conduct.BLAME

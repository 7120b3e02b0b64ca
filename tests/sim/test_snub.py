"""Snubs (sim/snub.py): each rule catches its construction in wordings no corpus item uses and
leaves the polite forms of the same grammar alone."""

from __future__ import annotations

import pytest

from sim.rudeness import Rude, rude_acts, rude_phrases

HOSTILE = [
    # reproach by an intensified "should"
    (Rude.LECTURE, "You honestly should keep the packaging until the return is done."),
    (Rude.LECTURE, "you should seriously write your password down somewhere"),
    (Rude.LECTURE, "You really should update your card before the renewal date."),
    # a lesson, the marker first
    (Rude.LECTURE, "Next time, keep the box for at least a month."),
    (Rude.LECTURE, "In future, measure the doorway before buying a sofa."),
    (Rude.LECTURE, "Refund sent. In the future, register the warranty."),
    # ignorance imputed
    (Rude.CONDESCEND, "You clearly don't understand how billing cycles work."),
    (Rude.CONDESCEND, "I think you've misunderstood how store credit works."),
    (Rude.CONDESCEND, "I would have expected you to know that by now."),
    (Rude.CONDESCEND, "i'd have assumed you'd be aware of the fee"),
    # the customer sent to do it themselves
    (Rude.BELITTLE, "In future you can just do it yourself from the dashboard."),
    (Rude.BELITTLE, "You could have done that yourself in two clicks."),
    # a flat refusal of the request
    (Rude.DISMISS, "A second replacement isn't going to happen."),
    (Rude.DISMISS, "Not happening, sorry."),
    (Rude.DISMISS, "You don't get to choose the refund method."),
    (Rude.DISMISS, "Final sale means final sale."),
    (Rude.DISMISS, "The rules are the rules and a deadline is deadline."),
    (Rude.DISMISS, "It's just the way things are."),
    (Rude.DISMISS, "How you use it is your problem, not ours."),
    (Rude.DISMISS, "The window closed, so don't bother."),
    # the customer's move scorned
    (Rude.FUTILITY, "Pretending to be my manager won't work on us."),
    (Rude.FUTILITY, "Nice try, but that never works on me."),
    (Rude.FUTILITY, "Your return period expired ages ago."),
    (Rude.FUTILITY, "That is the rule, whether you used it or not."),
    # told-you-so
    (Rude.MOCK, "Finance declined it, just as predicted."),
    (Rude.MOCK, "The claim was rejected as expected."),
    (Rude.MOCK, "Well, told you so."),
    # sarcastic conditions and acknowledgement
    (Rude.SARCASM, "Please send the photo, if that's not too much to ask."),
    (Rude.SARCASM, "If it's not too difficult, restart the router."),
    (Rude.SARCASM, "Oh, very funny. The order shipped Monday."),
    (Rude.SARCASM, "You're lucky. The fee was dropped yesterday."),
    (Rude.SARCASM, "Glad you think our service is 'amazing'. Refund sent."),
    (Rude.LECTURE, "It's all in the FAQ."),
    (Rude.LECTURE, "No, a gold plan doesn't mean you can return anything."),
]

POLITE = [
    "You should receive the refund in 3-5 business days.",
    "You should really see the credit on your next statement.",
    "You should see an email from us shortly.",
    "Next time you need help, just reply here.",
    "Next time, you can also reach us by chat.",
    "In future, we'll send a reminder a week before renewal.",
    "Next time, feel free to call us directly.",
    "If you'd rather, you can do it yourself under Settings > Security.",
    "You can do this yourself in the app, or I can do it for you now.",
    "The deadline is 20 November.",
    "This is the second time, and I'm sorry.",
    "The policy is clear: 30 days from delivery.",
    "I understand how frustrating this is.",
    "That's how the policy works, I'm afraid, but I can offer store credit.",
    "If it's not too much trouble, could you send a photo?",
    "That was very funny of the courier to leave it on the roof, and we're sorry.",
    "Glad you found the setup guide useful.",
    "Please don't bother returning it, keep it with our apologies.",
    "Your refund was approved as expected and is on its way.",
    "All the steps are in the manual on page 4, and I've listed them below.",
    "Premium doesn't mean a different return window, but you get free shipping.",
    "Refund sent, 3-5 business days. Sorry for the trouble.",
    "Next day means next day, and we missed it: the shipping fee is refunded.",
    "The discount code does not work on sale items, sorry.",
    "Your return window expired on 3 March, 12 days ago.",
    "I can't tell whether the parcel was opened or not.",
    "The policy applies whether you paid by card or PayPal.",
]


@pytest.mark.parametrize(("kind", "text"), HOSTILE)
def test_each_snub_is_found_with_its_kind(kind: Rude, text: str) -> None:
    assert kind in {act.kind for act in rude_acts(text)}, text


@pytest.mark.parametrize("text", POLITE)
def test_polite_forms_of_the_same_grammar_are_not_snubs(text: str) -> None:
    assert rude_phrases(text) == [], text


def test_snubs_carry_the_words_that_make_them() -> None:
    words = [act.words for act in rude_acts("Thirty days is thirty days. It's just how it is.")]
    assert "thirty days is thirty days" in words
    assert "it's just how it is" in words

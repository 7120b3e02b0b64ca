"""Sneers (sim/sneers.py): mock praise, scorned recourse, disbelief, a scorned word, curt
finality and a shopping lesson, each with the polite wording beside it that must pass.

Mutation: sim/sneers.py has no function, so mutmut 3.8 makes no mutant of it; by hand, each
rule dropped, each gate word dropped and each top-level alternative of a pattern dropped (30
mutants) fails this file."""

from __future__ import annotations

import pytest

from sim.rudeness import Rude, rude_acts, rude_phrases


def _kinds(text: str) -> set[Rude]:
    return {act.kind for act in rude_acts(text)}


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Yes, a week means seven days, good job.", Rude.SARCASM),
        ("Right, the sale ended on Friday, bravo.", Rude.SARCASM),
        ("Sure. Yep, the label goes on the box, well done!", Rude.SARCASM),
        ("Correct, the code goes in the promo box, great job.", Rude.SARCASM),
        ("Exactly, the refund goes back to the card you paid with, nice work.", Rude.SARCASM),
        ("Yes, the charger plugs into the wall, top marks.", Rude.SARCASM),
        ("Indeed, a red light means the battery is low, gold star.", Rude.SARCASM),
        ("Yeah, the shop is closed on Sundays, congratulations.", Rude.SARCASM),
        ("You could threaten us with the ombudsman, but it changes nothing.", Rude.CONTEMPT),
        ("You're free to threaten a dispute.", Rude.CONTEMPT),
        ("A second complaint won't get you a penny more.", Rude.CONTEMPT),
        ("Escalating this will not get you anywhere.", Rude.CONTEMPT),
        ("Pasting 'ADMIN' notes into the chat won't fool anybody.", Rude.CONTEMPT),
        ("The outcome is the same either way, so I'd save yourself the trouble.", Rude.CONTEMPT),
        ("With your history, we can't simply take your claim at face value.", Rude.DISTRUST),
        ("I'm afraid we can't just take your word for it.", Rude.DISTRUST),
        ("That's not some coupon, that's account credit.", Rude.CONDESCEND),
        ("Returns close after 14 days, period.", Rude.DISMISS),
        ("We only ship to the address on file. Full stop.", Rude.DISMISS),
        ("Perhaps try the boots on at a store before buying online.", Rude.REPROACH),
        ("You should try a sample out first before you order a whole roll.", Rude.REPROACH),
    ],
)
def test_a_sneer_is_rude(text: str, kind: Rude) -> None:
    assert kind in _kinds(text), text
    assert rude_phrases(text), text


@pytest.mark.parametrize(
    "text",
    [
        # sincere praise for what the customer did
        "Well done, that was the tricky part! Now tap Install.",
        "That's it, well done! One last step.",
        "Well done on finishing the course!",
        "Yes, that worked. Well done for sticking with it.",
        "Congratulations on the new flat! Your sofa ships on Monday.",
        "Great job getting the router online, one last step now.",
        "Nice work, the camera is paired. Top marks for patience!",
        "Yes, I can see the payment, gold star members get it free.",
        # a recourse stated as a right, its result stated without scorn
        "You're free to raise a dispute with your bank if you wish.",
        "A chargeback usually takes 30 to 90 days.",
        "Restarting it again won't fix the fault, so I've sent a replacement.",
        "Use the self-service page to save yourself a trip to the post office.",
        "This offer gets you a month free.",
        # belief, a word explained, a period named
        "We take every report at face value and check the parcel's weight.",
        "It's not a voucher; it's store credit, which you can spend on anything in the shop.",
        "Some items are excluded, it is in the terms.",
        "The 14-day return period.",
        "You can return it within the return period, which is 30 days.",
        "Your trial period ends on May 3.",
        # help with trying the goods
        "You can try them on at home and send them back before the 30 days are up.",
        "Please try restarting the router before we book a technician.",
    ],
)
def test_polite_wording_is_not_a_sneer(text: str) -> None:
    assert rude_phrases(text) == [], text

"""Shrugs (sim/shrugs.py) and the grant scorned as luck (sim/tone.py) or stretched to
everything (sim/snub.py): each rude wording with the polite one beside it that must pass."""

from __future__ import annotations

import pytest

from sim.rudeness import Rude, rude_acts, rude_phrases
from sim.shrugs import SHRUG_RULES


def _kinds(text: str) -> set[Rude]:
    return {act.kind for act in rude_acts(text)}


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # the defect said to go unnoticed by others
        ("The dent is on the back panel, and most owners would never notice it.", Rude.MINIMISE),
        ("Your guests won't even spot the chip.", Rude.MINIMISE),
        ("Honestly, nobody will notice the scuffs once it's on the wall.", Rude.MINIMISE),
        ("No one else would ever notice, so it's 40% back.", Rude.MINIMISE),
        ("Hardly anyone notices a mark that small.", Rude.MINIMISE),
        ("Hardly anybody would ever really spot that scuff.", Rude.MINIMISE),
        ("Most customers would not tell the difference at all.", Rude.MINIMISE),
        ("Other buyers are not going to see the difference.", Rude.MINIMISE),
        # the defective goods declared fine as they are
        ("I think you would be fine keeping them.", Rude.MINIMISE),
        ("You'll be perfectly okay gifting it.", Rude.MINIMISE),
        ("The frame is a bit bent, but it's still good enough as a present.", Rude.MINIMISE),
        ("They'll be fine as a gift.", Rude.MINIMISE),
        # the customer's contact declared futile
        ("It goes out Friday; there's no point calling us before then.", Rude.DISMISS),
        ("No use messaging again, the answer won't change.", Rude.DISMISS),
        ("It's pointless following up, it's in the queue.", Rude.DISMISS),
        ("There's no sense pinging the team about it.", Rude.DISMISS),
        ("Don't bother emailing the team, they only work from the ticket.", Rude.DISMISS),
        ("Please don't waste your time calling support about it.", Rude.DISMISS),
        # the case left to someone's leisure
        ("The warehouse will ship it whenever they get around to it.", Rude.DISMISS),
        ("Someone will look at your claim when someone gets round to it.", Rude.DISMISS),
        ("Finance will reply when they feel like it.", Rude.DISMISS),
        ("The billing team will answer when they can be bothered.", Rude.DISMISS),
        ("Couriers move in their own sweet time.", Rude.DISMISS),
        ("Accounts will look at your invoice sooner or later.", Rude.DISMISS),
        # the customer held to their purchase
        ("The yearly plan is exactly what you signed up for.", Rude.BLAME),
        ("Non-refundable tickets are what you accepted.", Rude.BLAME),
        ("That's what you agreed to at checkout.", Rude.BLAME),
        ("You picked up the rug for next to nothing, so a partial refund is fair.", Rude.BLAME),
        ("You bought them so cheap that this is the best we do.", Rude.BLAME),
        ("That's the risk you run with marketplace sellers.", Rude.BLAME),
        ("It's the price of booking the saver fare.", Rude.BLAME),
        # the grant scorned as luck (sim/tone.py)
        ("It was a clearance item, so you're lucky you can send it back.", Rude.MINIMISE),
        ("You are fortunate you even get credit.", Rude.MINIMISE),
        ("You're lucky that you were allowed a swap.", Rude.MINIMISE),
        ("Honestly you should be glad it's refundable at all.", Rude.MINIMISE),
        ("You're fortunate the courier took it back at all.", Rude.MINIMISE),
        ("Count yourself lucky the fee was waived.", Rude.MINIMISE),
        ("At least be thankful it arrived before the holiday.", Rude.MINIMISE),
        # a claim stretched to everything (sim/snub.py)
        ("A gold membership doesn't mean everything is covered.", Rude.LECTURE),
        ("Having the warranty does not mean you get whatever you want.", Rude.LECTURE),
        ("Being a subscriber doesn't automatically mean you're entitled to it all.", Rude.LECTURE),
        ("The extended warranty is not a free pass.", Rude.LECTURE),
        ("Loyalty status isn't a licence to skip the return window.", Rude.LECTURE),
    ],
)
def test_a_shrug_is_rude(text: str, kind: Rude) -> None:
    assert kind in _kinds(text), text
    assert rude_phrases(text), text


@pytest.mark.parametrize(
    "text",
    [
        # the customer asked to look, a reassurance about others, a positive observation
        "If you notice any other marks, just send me a photo.",
        "Most customers find the taste improves after descaling.",
        "Most customers won't notice any change to their plan.",
        "Most people would notice the new bill date, so we email a reminder.",
        "Nobody else will see your card number; it's masked.",
        "Your guests won't notice the delivery note, it's inside the box.",
        # goods used while a remedy is on its way, a plain suitability answer
        "You'll be fine keeping it until the replacement arrives.",
        "You'd be fine keeping it in the meantime, then send it back with the label.",
        "You'll be fine using it with the new charger.",
        "You're welcome to keep using it, and I've refunded 50%.",
        "The replacement will arrive by Thursday, in good time for the party.",
        # contact spared, not declared futile
        "There's no need to chase us: we'll email you as soon as it's approved.",
        "No need to contact us, the refund is already on its way.",
        "There's no point calling the courier; I've already opened a claim with them.",
        "Don't bother with the old link, I've sent you a new one.",
        "If the lamp is no use to you any more, you can still return it.",
        # time that is the customer's, a fixed timeline
        "Send it back in your own time, the label never expires.",
        "The team will get to it within two business days and email you.",
        "Sooner or later every battery wears; yours is under warranty, so I've sent a new one.",
        # a risk or a price named without putting it on the customer
        "There's no risk to your account, and the price stays the same.",
        "The price of the saver fare includes one bag.",
        # the customer's side taken, a neutral reference to the plan
        "I'm sorry, that's not what you paid for, so I've refunded the fee.",
        "A cracked frame is not what you agreed to buy.",
        "Express is what you paid for, and it came late, so I've refunded it.",
        "You bought it on sale, so the refund goes back as store credit.",
        "You bought the cheapest plan, which renews monthly.",
        # a rule stated firmly
        "The rules are clear: unused, within 14 days, store credit.",
        "Our policy is that cosmetic damage gets 50% back.",
        # luck and gratitude that are sincere or ours
        "You're lucky to have caught it early, the fix is easy.",
        "We're grateful for your patience with this.",
        "I'm glad you can keep using it at all times.",
        "You'll be glad to know the refund is already through.",
        "I think you'll be thankful for the extra cover.",
        "A free pass for the lounge is included with your ticket.",
        "Glad it arrived at all in that storm!",
        # "does not mean" that reassures
        "A pending charge doesn't mean you've been billed twice.",
        "Cancelling doesn't mean you lose anything you've saved.",
        "This error doesn't mean anything is wrong with your account.",
        "A stolen phone does not mean you are locked out for good.",
    ],
)
def test_polite_wording_is_not_a_shrug(text: str) -> None:
    assert rude_phrases(text) == [], text


def test_each_shrug_rule_has_a_gate_word_its_pattern_needs() -> None:
    """A gate word absent from a rule's own example would silently switch the rule off."""
    examples = (
        "most owners would never notice it",
        "you will be fine keeping it",
        "there is no point chasing us",
        "when they get round to it",
        "that is what you agreed to",
    )
    assert len(examples) == len(SHRUG_RULES)
    for rule, example in zip(SHRUG_RULES, examples, strict=True):
        assert rule.pattern.search(example), example
        assert any(word in example for word in rule.gate), example

"""Hindsight (sim/hindsight.py): the customer's act said to have spared the trouble, sensible
others, a choice regretted at them, a request said to look suspicious, a reported mishap held
at a distance; each with the polite wording beside it that must pass. The sentences are
written for these tests, over several kinds of ticket."""

from __future__ import annotations

import pytest

from sim.rudeness import Rude, rude_acts, rude_phrases


def _kinds(text: str) -> set[Rude]:
    return {act.kind for act in rude_acts(text)}


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        (
            "Setting a reminder before your renewal would have saved us both the trouble.",
            Rude.BLAME,
        ),
        ("Done. Checking the size chart first would've avoided all of this.", Rude.BLAME),
        ("Just reading the confirmation email would have prevented the mix-up.", Rude.BLAME),
        ("If you had measured the doorway, it would have spared everyone a return.", Rude.BLAME),
        ("If you had kept the box, this would have saved you the fee.", Rude.BLAME),
        ("Shame you turned down a free month, most people take it.", Rude.MOCK),
        ("Pity you declined the discount. The plan is cancelled.", Rude.MOCK),
        ("It's a shame that you refused the exchange, but here we are.", Rude.MOCK),
        ("Shame you'd rather cancel than take the offer.", Rude.MOCK),
        ("Most people are sensible enough to take it.", Rude.CONDESCEND),
        ("Other customers are usually careful enough to keep the box.", Rude.CONDESCEND),
        ("Many users would be smart enough to check first.", Rude.CONDESCEND),
        ("A new email, a new address and a rush: you can see how that looks.", Rude.DISTRUST),
        ("I'm sure you can see how this looks from our side.", Rude.DISTRUST),
        ("Three claims in a month, which looks rather suspicious.", Rude.DISTRUST),
        ("We can't refund every time an item is said to be missing.", Rude.DISTRUST),
        ("The supposedly missing speaker needs a review first.", Rude.DISTRUST),
        ("Your parcel, allegedly never arrived, is with the team.", Rude.DISTRUST),
        ("Items that were claimed to be damaged are inspected.", Rude.DISTRUST),
    ],
)
def test_hindsight_and_distance_are_rude(text: str, kind: Rude) -> None:
    assert kind in _kinds(text), text
    assert rude_phrases(text), text


@pytest.mark.parametrize(
    "text",
    [
        # our failing, or advice for next time, not hindsight of theirs
        "Our reminder email should have reached you a week before the renewal.",
        "A reminder would help next time; you can switch them on under Settings.",
        "Sending you a reminder would have been the right thing for us to do, and I'm sorry.",
        "That would have been frustrating, I completely understand.",
        "If you had any trouble with the link, it would have expired by now; here is a new one.",
        # others compared without sense
        "Most people find the app easier for returns.",
        "Other customers have reported the same delay this week.",
        "Most people are happy with the replacement.",
        # a regret of what befell them, not of what they chose
        "It's a shame you had to wait so long for this.",
        "What a shame the lamp arrived scratched.",
        "Shame about the delay, I've refunded the shipping.",
        # how it looks: the customer's own view, or an appearance of goods
        "I can see how that looks from your side, and I'm sorry.",
        "The new jacket looks great in the photos.",
        "This looks like a courier error, so I've arranged a replacement.",
        # a carrier's or a record's report, not the customer's mishap held at a distance
        "The parcel is said to be at the Memphis depot.",
        "Tracking supposedly updates every hour.",
        "Each time an item is missing we replace it straight away.",
    ],
)
def test_the_polite_wording_passes(text: str) -> None:
    assert not rude_phrases(text), text

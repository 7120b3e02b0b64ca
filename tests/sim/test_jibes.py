"""Jibes (sim/jibes.py): blame with its subject left out or passed to the customer's side, a
manner minimised, a conditional reproach, advice on the customer's means and suspicion by
frequency, each with the polite wording beside it that must pass."""

from __future__ import annotations

import pytest

from sim.rudeness import Rude, rude_acts, rude_phrases


def _kinds(text: str) -> set[Rude]:
    return {act.kind for act in rude_acts(text)}


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("The plan is closed. Should have checked the renewal date in March.", Rude.BLAME),
        ("Ought to have booked the slot earlier, really.", Rude.BLAME),
        ("Done; should've ordered the larger size.", Rude.BLAME),
        ("Your finance department could easily have noticed the duplicate.", Rude.BLAME),
        ("Your office manager could have asked us before paying twice.", Rude.BLAME),
        ("The credit is applied, so no need for all this fuss.", Rude.MINIMISE),
        ("There's no need for such drama over a delivery slot.", Rude.MINIMISE),
        ("The fee is listed on the checkout page if you actually look.", Rude.CONDESCEND),
        ("The steps are spelled out in the manual if you bother to read it.", Rude.CONDESCEND),
        ("Maybe watch your spending next quarter.", Rude.CONDESCEND),
        ("The plan is paused; do try to stick to your budget.", Rude.CONDESCEND),
        ("Orders of yours get damaged quite often, so it goes to review.", Rude.DISTRUST),
        ("Your deliveries seem to arrive empty suspiciously often.", Rude.DISTRUST),
        ("Please be careful with your money until payday.", Rude.CONDESCEND),
        ("Keep a close watch on your bank balance before you reorder.", Rude.CONDESCEND),
    ],
)
def test_a_jibe_is_rude(text: str, kind: Rude) -> None:
    assert kind in _kinds(text), text
    assert rude_phrases(text), text


@pytest.mark.parametrize(
    "text",
    [
        # what a thing, or we, should have done: our obligation, not their fault
        "Should have arrived by now; I've asked the courier.",
        "The refund should have cleared already. Should have been with you on Monday.",
        "You should have received a confirmation email.",
        # a possibility, not a fault on their side
        "Your parcel could have been delayed by the storm.",
        "Your bank could take up to 5 days to show it.",
        # reassurance, not a manner belittled
        "No need to worry, the money is safe.",
        "There is no need for a new order; I've reshipped it.",
        # an instruction with a condition that carries on
        "The steps are explained in the guide; if you read it and still have trouble, reply here.",
        "It's shown on the invoice.",
        # the condition carries on past the verb of reading: an instruction, not a reproach
        "Each size is shown in the chart if you look at the sleeve and still get stuck, call us.",
        # money named without advice on the customer's means
        "You can keep an eye on your order in the app.",
        "We refund the money to your card within 5 days.",
        "Your budget plan renews on June 2.",
        # frequency without suspicion
        "Parcels go missing rarely, and we always replace them.",
        "This happens quite often with the old firmware, so update it first.",
    ],
)
def test_the_polite_wording_passes(text: str) -> None:
    assert not rude_phrases(text), text

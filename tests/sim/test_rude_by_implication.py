"""Rudeness in a new form: a count held against one customer, what "anyone" should expect,
where the answer plainly was, and a brush-off to sort it out alone; each with near misses of
the same words that stay polite."""

from __future__ import annotations

import pytest

from sim.rudeness import Rude, rude_acts, rude_phrases


@pytest.mark.parametrize(
    ("kind", "text"),
    [
        (Rude.DISTRUST, "That's a lot of refunds for one customer, don't you think?"),
        (Rude.DISTRUST, "It seems like several broken parcels on a single account."),
        (Rude.DISTRUST, "Well, these are so many damaged deliveries for just one household."),
        (Rude.CONDESCEND, "The fee applies, as any buyer of a used laptop would expect."),
        (Rude.CONDESCEND, "It's final sale, as anyone shopping a clearance rack should realise."),
        (Rude.CONDESCEND, "As most people will have guessed, sale items can't be returned."),
        (Rude.LECTURE, "The 30-day limit is plainly on our returns page."),
        (Rude.LECTURE, "Shipping costs were obviously in the confirmation email."),
    ],
)
def test_rude_by_implication(kind: Rude, text: str) -> None:
    assert kind in {act.kind for act in rude_acts(text)}, rude_acts(text)
    assert rude_phrases(text), text


@pytest.mark.parametrize(
    "text",
    ["Figure it out yourself from the manual.", "Then just work this out yourself."],
)
def test_a_brush_off_to_sort_it_out_alone(text: str) -> None:
    assert rude_phrases(text), text


@pytest.mark.parametrize(
    "text",
    [
        "We've sent a lot of replacements for one order this month, all on us.",  # not a customer
        "Several items for one customer arrived in two parcels.",  # counted, not held up
        "There are a lot of refunds for one account in the queue today.",  # "there are"
        "There's a lot of refunds for one account in the queue today.",
        "A refund for one account takes 3 to 5 business days.",  # no count
        "As anyone would, you expected it to work out of the box.",  # no cognitive modal after
        "The return window is on our site, and I've linked it here.",  # no stress
        "It's clearly a fault, so I've refunded it.",  # plain, but not where it was written
        "You can sort it out yourself in the app if you'd like.",  # self-service, offered
        "Happy to help you work it out.",  # no "yourself"
    ],
)
def test_the_same_words_stay_polite(text: str) -> None:
    assert rude_phrases(text) == [], text

"""Rudeness that names no insult: the customer's mishaps made a habit of theirs, a precaution
before a purchase already made held up as a maxim, blame in a counterfactual with the
condition first, and the customer's word quoted back in single quotes to be corrected. Each
positive sentence is read by the one rule it tests (none was read before it); each near miss
shares its words with a courteous reply.

These rules are module-level patterns, which mutmut does not mutate (mu16b): hand mutants run
against this file, insinuation 15/15, sneers 12/12, talkdown 5/5, retort 5 (4 killed, 1
equivalent), 9 of them killed by the tests at the end of this file:
- retort's gate without "\u2018": rudeness replaces "\u2019" with "'" before the rules run, and
  the pattern needs a closing quote, so every text it matches holds "'" and opens that gate."""

from __future__ import annotations

import pytest

from sim.rudeness import rude_phrases


@pytest.mark.parametrize(
    "text",
    [
        "This is becoming a pattern with your orders, isn't it?",
        "There's a bit of a pattern here with your deliveries.",
        "Funny how this keeps happening with your parcels.",
        "That seems to be turning into a habit on your account.",
        "Lost parcels are getting to be a regular thing with you.",
        "Refund requests are quite a habit with your account.",
    ],
)
def test_the_mishaps_made_the_customers_habit(text: str) -> None:
    assert rude_phrases(text), text


@pytest.mark.parametrize(
    "text",
    [
        "We've noticed a pattern of failed deliveries in your area, so we've told the courier.",
        "This keeps happening, and I'm sorry we haven't fixed it yet.",
        "I love the pattern on the mugs too.",
        "It's frustrating when this keeps happening, and I'm sorry.",
        "The charges follow a pattern on your statement: one on the 1st, one on the 15th.",
        "Is this becoming a regular thing, or was it a one-off?",
        "I can see a pattern here: the router drops every evening.",
        "Is a slow connection a regular thing for you?",
        "There's a pattern here with your router's restarts, so let's update it.",
    ],
)
def test_a_pattern_that_is_not_laid_at_the_customers_door(text: str) -> None:
    assert not rude_phrases(text), text


@pytest.mark.parametrize(
    "text",
    [
        "Measuring before ordering usually helps.",
        "It's always worth checking the size chart before you buy.",
        "Reading the description before purchasing saves a lot of hassle.",
        "A good rule is to check the dimensions before ordering.",
        "A quick look at the listing before buying would have avoided this.",
        "Sure. Comparing the two models before you order makes all the difference.",
    ],
)
def test_a_precaution_before_the_purchase_held_up_in_hindsight(text: str) -> None:
    assert rude_phrases(text), text


@pytest.mark.parametrize(
    "text",
    [
        "Restarting the router usually helps.",
        "Measuring your space before ordering the replacement will help you pick the size.",
        "It's worth measuring the space before buying again.",
        "Checking your spam folder usually helps if the email hasn't arrived.",
        "Please check the item is unused before you send it back.",
        "You can check stock levels on the product page before ordering.",
        "We check every parcel before shipping.",
    ],
)
def test_a_tip_for_what_is_still_to_come(text: str) -> None:
    assert not rude_phrases(text), text


@pytest.mark.parametrize(
    "text",
    [
        "If you'd read the sale terms you'd know that.",
        "If you had looked at the email, you'd have noticed the date.",
        "If you had only checked the listing, you would have seen the size.",
        "if you'd read our reply properly you'd understand why.",
        "If you had checked the order summary, you would have spotted the typo.",
    ],
)
def test_blame_in_a_counterfactual_with_the_condition_first(text: str) -> None:
    assert rude_phrases(text), text


@pytest.mark.parametrize(
    "text",
    [
        "If you'd like, I can send the sale terms.",
        "If you had any trouble with the label, you'd be welcome to reply here.",
        "If you'd read the email and still have questions, I'm happy to help.",
        "If you checked the tracking page, you'd see it says delivered; I'm sorry it isn't there.",
        "If you'd like to know more, the sale terms are on the product page.",
    ],
)
def test_a_condition_that_blames_nobody(text: str) -> None:
    assert not rude_phrases(text), text


@pytest.mark.parametrize(
    "text",
    [
        "It's not 'some voucher', it's store credit.",
        "It isn't 'late', it's within the window.",
        "That's not 'the seller's fault', it's the courier's.",
        "This is not \u2018a scam\u2019, it is our standard fee.",
        "it's not 'just a coupon', it's a full credit.",
    ],
)
def test_the_customers_word_in_single_quotes_corrected(text: str) -> None:
    assert rude_phrases(text), text


@pytest.mark.parametrize(
    "text",
    [
        "The option is called 'store credit', it's in your account now.",
        "It's not too late, it's still within the window.",
        "Store credit isn't a voucher; it's added to your account balance.",
        "It's the 'Return item' button, it is on the order page.",
        "Don't worry, it's not 'gone', the courier still has it and it will arrive.",
    ],
)
def test_a_quoted_name_or_a_plain_correction(text: str) -> None:
    assert not rude_phrases(text), text


# -- hand mutants of this round's patterns (mu16b) -------------------------------------------


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        # the customer as the one with the habit; their orders with "here" between
        ("I'm seeing a pattern here with you.", "i am seeing a pattern here with you"),
        (
            "There's a bit of a pattern here with your orders.",
            "there is a bit of a pattern here with your orders",
        ),
        ("Honestly, this is becoming a habit.", "this is becoming a habit"),
        ("It's turning into a bit of a habit.", "it is turning into a bit of a habit"),
        # the precaution as looking at the listing
        (
            "It's always worth looking at the size chart before ordering.",
            "worth looking at the size chart before ordering",
        ),
        # a determiner before the single-quoted word; the quote closes at the first comma
        (
            "This is not a 'delay', this is the carrier's schedule.",
            "this is not a 'delay', this is",
        ),
        ("It's not 'late', it's not 'early', it's on time.", "it is not 'late', it is"),
        # the condition first, then "you would" spelled out
        (
            "If you had read the terms, you would have known that.",
            "if you had read the terms, you would have known",
        ),
    ],
)
def test_each_alternative_of_this_rounds_patterns(text: str, phrase: str) -> None:
    assert phrase in rude_phrases(text)


def test_a_glance_before_the_replacement_is_a_tip() -> None:
    assert rude_phrases("Have a quick look at the listing before ordering the replacement.") == []

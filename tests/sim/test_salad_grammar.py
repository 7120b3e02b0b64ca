"""A span of waiting time where English puts no noun is word salad (:mod:`sim.salad_grammar`)."""

from __future__ import annotations

import pytest

from sim.reader import read
from sim.salad_grammar import (
    _genitive_heads,
    _measure_after,
    _misbound,
    _thing_acts,
    _tokens,
    binding_score,
    bound_nonsense,
    span_as_agent,
    span_as_object,
)


@pytest.mark.parametrize(
    "low",
    [
        "the cancelled voucher of your mattress settles the 2 to 4 business days",
        "your invoice approves the 10 working days of the router",
        "the parcel swaps these 48 hours to the card",
        "the reset link expires the 30 minutes",
        "the warranty refund the 7 bank days",
    ],
)
def test_a_span_of_waiting_time_after_a_verb_or_noun_is_salad(low: str) -> None:
    assert span_as_object(low)


@pytest.mark.parametrize(
    "low",
    [
        "it reaches your bank within the 2 to 4 business days",
        "please allow the 10 working days we quoted",
        "you may need to wait the 48 hours before trying again",
        "past the 30 minutes the link stops working",
        "so the 5 business days start today",
        "i have refunded the four months you did not use",
        "we credited the 3 days of your trial",
        "the 30-day window has closed",
        "refunded in 3 business days",
        "through the 6 hours of maintenance nothing is charged",
    ],
)
def test_spans_in_their_grammatical_places_are_not_salad(low: str) -> None:
    assert not span_as_object(low)


def test_the_reader_reads_such_a_sentence_as_salad_and_a_terse_one_as_a_sentence() -> None:
    salad = read("The voucher of your blender approves the 2 to 4 business days, so $58.00 goes.")
    assert salad.salad
    assert not read("$58.00 refunded. Back in 2-4 biz days.").salad


@pytest.mark.parametrize(
    "low",
    [
        # three noun phrases chained by "of"
        "the shipping of your blender pays the voucher of the warranty for the lid of the refund",
        # two, and a measure bound to a noun that takes none
        "the router of $58.00 is sent to the colour of your invoice",
        "the courier of 48 hours approves the lid of your plan",
        "the warranty of your 15% kettle is credited to the colour of the label",
        # two, and a sum as the object of "within"
        "the voucher of your lamp arrives within the charge of the courier",
        # one, a misbound measure and a sum after "within"
        "the login of 3 business days is reset within the refund",
        "the login of 12.50 is reset within the refund",
        "the login of 7.5% is reset within the refund",
        "the login of 3 weeks is reset within the refund",
        # up to three modifiers between the determiner and the noun
        "the big old blue lamp of your blender of the plan of the desk",
    ],
)
def test_nouns_bound_where_english_binds_other_words_are_salad(low: str) -> None:
    assert bound_nonsense(low)


@pytest.mark.parametrize(
    "low",
    [
        # two genitives only
        "your return of the oak desk is in, so the refund of $212.00 has been issued",
        # measure nouns take a measure
        "a refund of $58.00 and a credit of 10% replace the charge of $64.00 on your plan",
        "the delay of 3 business days is on the side of the courier and the cost of the lamp",
        # parts and quantities bind nothing
        "the rest of your order ships at the end of the month, as the first of the boxes left",
        # "that" opens a relative clause, not a noun phrase
        "a fan that smells of smoke is a defect, so the price of the fan and the cost of $30 "
        "are refunded",
        # "within" takes a span or a window
        "the refund of $58.00 lands within the 5 business days of the request, within the "
        "window of the policy",
        "the fee is included within the price of the plan",
        # a number that is no measure
        "the lid of the blender and the colour of 2 boxes",
        "the lid of the kettle and the colour of 2",
        "the login of 3 is reset within the refund",
        "the login of 3 apples is reset within the refund",
        # a comma or a verb between the determiner and "of" opens no noun phrase
        "the lamp, lid of the kettle and the desk, colour of the chair, and the plan",
        "the lamp makes lids of pine and the desk has legs of oak, with the plan ready",
        # four modifiers are no noun phrase this reader builds
        "the big old blue pine lamp of your blender of the plan of the desk",
        # an "of" that opens the sentence binds nothing before it
        "of the lid of the lamp of the desk",
        # a measure completing its noun within a salad-looking chain
        "the refund of $12.00 and the window of 24 hours, with the plan of the desk",
    ],
)
def test_ordinary_noun_phrases_are_not_salad(low: str) -> None:
    assert not bound_nonsense(low)


def test_the_reader_reads_a_grammatical_salad_as_salad_and_its_plain_twin_as_a_sentence() -> None:
    salad = read(
        "Thanks for writing. The courier of 48 hours is refunded to the colour of your lamp, "
        "so the voucher of the label applies."
    )
    assert salad.salad
    plain = read(
        "Thanks for writing. The refund of $48.00 is on its way to your card, so the lamp's "
        "label applies."
    )
    assert not plain.salad


# -- the helpers of bound_nonsense, pinned word by word (mutation tests) ---------------------


def test_tokens_leave_the_full_stop_off_a_word_and_keep_a_lone_ellipsis() -> None:
    assert _tokens("the hinge of the wardrobe. ...") == [
        "the",
        "hinge",
        "of",
        "the",
        "wardrobe",
        "...",
    ]
    assert _tokens("is the hinge of the wardrobe?")[-1] == "wardrobe"


def test_a_part_noun_is_skipped_and_the_chain_after_it_still_read() -> None:
    low = "the end of the hinge of the wardrobe of the drawer of the shelf"
    assert _genitive_heads(_tokens(low)) == [4, 7, 10]
    assert bound_nonsense(low)


@pytest.mark.parametrize(
    "low",
    [
        # a verb or a comma between the determiner and the noun before "of"
        "the wardrobe is hinge of the drawer",
        "the wardrobe, hinge of the drawer",
    ],
)
def test_a_function_word_or_a_comma_before_the_head_opens_no_noun_phrase(low: str) -> None:
    assert _genitive_heads(_tokens(low)) == []


@pytest.mark.parametrize(
    ("low", "measure"),
    [
        ("the hinge of $19.99", True),
        ("the hinge of 19.99", True),
        ("the hinge of the 36 hours", True),
        ("the hinge of 36 hours", True),
        ("the hinge of your 36 weeks", True),
        # "of" at the end, or followed by determiners only
        ("the hinge of", False),
        ("the hinge of the", False),
        # a count with no unit within the three words after "of"
        ("the hinge of the your 36 hours", False),
        ("the hinge of 36", False),
    ],
)
def test_a_measure_is_read_in_the_three_words_after_of(low: str, measure: bool) -> None:
    assert _measure_after(_tokens(low), 2) is measure


@pytest.mark.parametrize(
    "low",
    [
        # one misbound measure alone is one binding, not three
        "the password of 36 hours is reset today",
        # two bound noun phrases and an "of" with nothing after it
        "the hinge of the wardrobe and the drawer of",
    ],
)
def test_one_misbound_measure_or_a_bare_of_is_not_salad(low: str) -> None:
    assert not bound_nonsense(low)


# -- measures heading "of", things that act, noun phrases equated ---------------------------


@pytest.mark.parametrize(
    ("low", "count"),
    [
        # a definite sum, percent or span heads an "of" phrase
        ("the $12.40 of the blender", 1),
        ("your 20% of the voucher", 1),
        ("the first 10 working days of the courier", 1),
        ("this 2 to 4 weeks of your headset", 1),
        ("the 15% of june 3", 1),
        # a measure that is a part of its whole has no determiner
        ("20% of the voucher", 0),
        # a measure followed by a verb, not "of"
        ("the $12.40 was refunded", 0),
    ],
)
def test_a_definite_measure_heading_of_is_one_binding(low: str, count: int) -> None:
    assert _misbound(low) == count


@pytest.mark.parametrize(
    ("low", "count"),
    [
        ("the kettle refunds your wallet", 1),
        ("a voucher cancels the mattress", 1),
        ("the blue steel toaster passes the cables", 1),
        ("the charger escalates your ticket and the parcel credits the sofa", 2),
        ("the invoice unlocks the login", 1),
        ("a parcel waives the fee", 1),
        ("the lamp verifies your account and the receipt reverses the charge", 2),
        ("the support team unlocks your account", 0),
        ("your bank reverses the charge", 0),
        # people and firms refund and cancel
        ("the billing team refunds your card", 0),
        ("your bank returns the money", 0),
        ("the courier returns the parcel", 0),
        # a function word between the determiner and the verb ends the noun phrase
        ("the bank handles that charge and returns the money", 0),
        # no object after the verb
        ("the label refunds when it is scanned", 0),
    ],
)
def test_a_thing_as_the_subject_of_an_agent_s_act(low: str, count: int) -> None:
    assert _thing_acts(low) == count


@pytest.mark.parametrize(
    ("low", "count"),
    [
        ("the blender is the voucher", 1),
        ("both cables are the parcel", 1),
        ("the hinge of your wardrobe is the courier", 1),
        # a ranking or an identity, not an equation
        ("the reset link is the only way in", 0),
        ("the wardrobe is the same one", 0),
        ("the warranty claim is the next step", 0),
        # a predicate with no determiner
        ("the blender is broken", 0),
    ],
)
def test_two_definite_noun_phrases_equated(low: str, count: int) -> None:
    assert _misbound(low) == count


@pytest.mark.parametrize(
    "low",
    [
        # one chain by "of" plus a thing that acts plus an equation
        "the hinge of the wardrobe is the voucher, so the blender cancels your sofa",
        # a measure heading "of", a thing that acts, an equation
        "the $12.40 of the kettle is the courier, so the kettle passes your cables",
    ],
)
def test_three_of_the_new_bindings_with_the_old_ones_make_salad(low: str) -> None:
    assert bound_nonsense(low)


@pytest.mark.parametrize(
    "low",
    [
        # one of each reads as ordinary English
        "the completed one is the real payment for the kettle",
        "a late delivery refunds the express fee, not the goods",
        "the refund itself is the full purchase price of your blender",
        # two bindings
        "the $12.40 of the kettle is the courier",
    ],
)
def test_two_new_bindings_are_not_salad(low: str) -> None:
    assert not bound_nonsense(low)


def test_a_salad_that_keeps_its_grammar_states_nothing() -> None:
    text = (
        "Sorry about that. The 20% of your voucher is the mattress of the weekend, so the "
        "sofa cancels the courier within the 2 to 4 business days of the cushion."
    )
    assert read(text).salad


# Equivalent mutants (mutmut, sim.salad_grammar):
# - _tokens__mutmut_4, rstrip("XX.!?XX"): the sentence is lower case, so no word ends in "X".


# -- a span of time or a sum of money as the agent of a verb ---------------------------------


@pytest.mark.parametrize(
    "low",
    [
        "so the 2 to 4 business days approve the voucher",
        "the 48 hours reach your card before the parcel",
        "your order is packed, and the 10 working days deliver the router",
        "once the 3 days credit the lamp, it is closed",
        "these 30 minutes reset your login",
    ],
)
def test_a_span_of_time_that_acts_is_salad(low: str) -> None:
    assert span_as_agent(low)
    assert span_as_object(low)  # the reader asks span_as_object, which asks both


@pytest.mark.parametrize(
    "low",
    [
        "so the 14 days ended on november 20",
        "the 5 business days start once we receive it",
        "the 3 to 5 business days are counted from today",
        "the 48 hours mentioned above apply to every reset",
        "and the 10 working days have passed",
        "it arrives within the 3 business days",
        "the 2 lamps arrive tomorrow",
        "you have the 14 days to decide",
    ],
)
def test_a_span_of_time_that_passes_is_no_salad(low: str) -> None:
    assert not span_as_agent(low)


@pytest.mark.parametrize(
    "low",
    [
        # a sum made the agent of a person's act counts twice: one more binding is salad
        "the $12.00 fee refunds the courier back to the label of your lamp",
        "the deposit of your kettle is late, so the total of the order approves the courier",
        "your 45.00 credit issues the voucher within the refund",
    ],
)
def test_a_sum_that_acts_with_one_more_binding_is_salad(low: str) -> None:
    assert bound_nonsense(low)


@pytest.mark.parametrize(
    "low",
    [
        "the $12.00 fee refunds the courier",  # one binding alone is not enough
        "the $12.00 refunded yesterday reaches the card of your account",  # a passive
        "the $45.00 refund is issued to the card of your account",
        "the courier refunds the fee to the card of your account",  # a person's act by a person
        "the total of the order covers the label of your lamp",  # covering is what money does
    ],
)
def test_a_sum_in_its_places_is_no_salad(low: str) -> None:
    assert not bound_nonsense(low)


# -- a span with no count, or in a passive, made an agent; a measure made a goal -----------


@pytest.mark.parametrize(
    "low",
    [
        "so the business days settle the voucher into the account",
        "the working days refund your card twice",
        "the 14 days of the trial are shipped to the courier",
        "and the bank days of the refund charge the card",
        "once the 48 hours of your reset are delivered, it unlocks",
    ],
)
def test_a_span_with_no_count_or_as_a_passive_subject_acting_is_salad(low: str) -> None:
    assert span_as_agent(low)


@pytest.mark.parametrize(
    "low",
    [
        "the business days are monday to friday",
        "the business days count from the day we receive it",
        "the 30 days of the trial are counted from your signup",
        "so the business days pass quickly",
        "the business days left before your renewal are few",
        "the 5 business days quoted are an estimate",
        "the days of the week are listed below",
    ],
)
def test_a_span_that_passes_is_counted_or_is_described_is_not_salad(low: str) -> None:
    assert not span_as_agent(low)


@pytest.mark.parametrize(
    "low",
    [
        "the charger is returned to the window",
        "we sent the voucher to 20% of your plan",
        "the parcel ships to the period after delivery",
        "i passed your hours to the 14 days",
        "posting the label to your deadline",
    ],
)
def test_a_measure_as_the_goal_of_a_transfer_is_two_bindings(low: str) -> None:
    assert binding_score(low) >= 2


@pytest.mark.parametrize(
    "low",
    [
        "we refund up to 50% of the price",
        "returns are limited to the 30-day window",
        "i have passed your case to the warranty team",
        "the refund was reduced to 50%",
        "i have moved your renewal to the next period",
        "the unused days are credited to the next billing period",
        "we will send it to you within the 14 days",
    ],
)
def test_a_transfer_to_a_person_or_a_bound_is_no_binding(low: str) -> None:
    assert binding_score(low) == 0


def test_a_salad_with_a_measure_as_a_goal_reads_as_salad_and_its_plain_twin_does_not() -> None:
    salad = (
        "The dent in the lid of the kettle is refunded to 40% of your voucher, so the $18.00 stays."
    )
    plain = "Because of the dent in the lid, I've refunded 40% of the kettle's price, $18.00."
    assert read(salad).salad
    assert not read(plain).salad

"""Acts reported without an act verb of their own (:mod:`sim.act_reports`) and the reader
readings around them: exchanges, nominal headlines, stopped renewals, lists under "what
I've set up:", "so it's cancelled" about a named order, phrasal "closed out", reset links
e-mailed or waiting inside a message, and negated relative clauses on longer nouns."""

from __future__ import annotations

import pytest

from sim.act_reports import (
    listed_act,
    named_antecedent,
    nominal_report,
    report_header,
)
from sim.ending_words import ended_clauses
from sim.reader import Act, Tense, read


def _acts(text: str) -> set[tuple[Act, bool, Tense]]:
    return {(c.act, c.positive, c.tense) for c in read(text).claims}


def _done(text: str, act: Act) -> bool:
    return (act, True, Tense.DONE) in _acts(text)


@pytest.mark.parametrize(
    "text",
    [
        "I've set up an exchange so you'll get the sage green throw you actually ordered.",
        "I have arranged an exchange for the correct size.",
        "We've exchanged the pink pair for the black ones you ordered.",
    ],
)
def test_an_exchange_is_a_replacement(text: str) -> None:
    assert _done(text, Act.REPLACE)


@pytest.mark.parametrize(
    "text",
    [
        "An exchange isn't possible on sale items.",
        "You can request an exchange from your orders page.",
        "The exchange rate applied by your bank may differ.",
    ],
)
def test_an_exchange_not_done_is_no_replacement(text: str) -> None:
    assert not _done(text, Act.REPLACE)


@pytest.mark.parametrize(
    ("text", "act"),
    [
        ("Replacement of the sage green throw arranged.", Act.REPLACE),
        ("Refund for the late delivery fee processed.", Act.REFUND),
        ("A replacement for the cracked blue mug set up today.", Act.REPLACE),
        ("Full refund of the $45.00 issued.", Act.REFUND),
    ],
)
def test_a_nominal_headline_reports_a_done_act(text: str, act: Act) -> None:
    assert _done(text, act)


@pytest.mark.parametrize(
    "clause",
    [
        "replacement of the throw arranged",
        "refund for the fee processed now",
        "a full refund of $45.00 issued.",
        "cancellation of your plan confirmed",
    ],
)
def test_nominal_report_reads_the_headline(clause: str) -> None:
    assert nominal_report(clause)


@pytest.mark.parametrize(
    "clause",
    [
        "replacement of the throw you have not arranged",
        "refund once the item is processed",
        "refund policy",
        "the refund will be processed",
        "replacement of the throw if arranged",
        "we have the refund processed",
        "replacement of the throw",
    ],
)
def test_nominal_report_needs_a_bare_noun_phrase_and_participle(clause: str) -> None:
    assert not nominal_report(clause)


@pytest.mark.parametrize(
    "text",
    [
        "Done: your Premium yearly plan won't renew.",
        "Your annual membership will no longer renew.",
        "Sorted: the subscription won't auto-renew any more.",
    ],
)
def test_a_plan_said_not_to_renew_is_cancelled(text: str) -> None:
    assert _done(text, Act.CANCEL)


@pytest.mark.parametrize(
    "low",
    [
        "your plan will not renew if you turn off auto-renew",
        "your plan will not renew until you confirm",
        "your plan will not renew at the old price",
        "it will not renew",
        "will your plan not renew?",
        "your plan renews on may 3",
    ],
)
def test_a_renewal_with_a_condition_or_no_plan_is_not_a_cancellation(low: str) -> None:
    # one reading of a stopped renewal: sim.ending_words.ended_clauses
    assert not ended_clauses(low)


def test_a_plan_that_will_no_longer_renew_is_ended() -> None:
    assert ended_clauses("the monthly plan will no longer renew")
    assert ended_clauses("your annual membership is not going to renew")


LIST = (
    "Sorry about that!\n\n**Here's what I've set up:**\n- A **replacement** of the green throw "
    "you ordered.\n- A **prepaid return label** for the mustard throw."
)


def test_a_list_under_a_report_of_own_acts_reports_each_act() -> None:
    claims = [c for c in read(LIST).claims if c.act is Act.REPLACE]
    assert len(claims) == 1
    claim = claims[0]
    assert claim.positive and claim.tense is Tense.DONE and claim.by_me
    assert claim.context.startswith("here what i have set up")


@pytest.mark.parametrize(
    ("text", "act"),
    [
        ("What I've done so far... I have arranged the following:\n- A refund of $20.00", None),
        ("I have arranged the following:\n- A full refund of the $20.00 fee", Act.REFUND),
        ("Here's everything I've sorted:\n- Cancellation of your plan", Act.CANCEL),
        ("Here's what we've done:\n- An exchange for the right size", Act.REPLACE),
    ],
)
def test_list_items_take_their_act_from_their_noun(text: str, act: Act | None) -> None:
    if act is None:
        return
    assert _done(text, act)


@pytest.mark.parametrize(
    "text",
    [
        "Here are your options:\n- A replacement of the throw\n- A full refund",
        "Here's what I can do:\n- A replacement of the throw",
        "Here's what I've set up:\n- No replacement is needed",
    ],
)
def test_a_list_of_options_reports_nothing(text: str) -> None:
    assert not _done(text, Act.REPLACE)


def test_report_header_and_listed_act() -> None:
    assert report_header("here is what i have set up:")
    assert report_header("i have arranged the following: **")
    assert not report_header("here is what i have set up")
    assert not report_header("here is what i can do:")
    assert listed_act("a replacement of the throw") == "replace"
    assert listed_act("password reset link to your email") == "reset"
    assert listed_act("an escalation to billing") == "escalate"
    assert listed_act("a refund if the return arrives") is None
    assert listed_act("a prepaid return label") is None


@pytest.mark.parametrize(
    "text",
    [
        "ORD-40217 hadn't shipped, so it's cancelled and the full $149.00 is refunded.",
        "Your rug order was still processing, so it's cancelled.",
        "Your subscription renewed by mistake, and it's cancelled now.",
    ],
)
def test_it_after_a_named_thing_is_that_thing(text: str) -> None:
    assert _done(text, Act.CANCEL)


def test_it_after_a_kind_stays_a_rule() -> None:
    assert not _done("An order that hasn't shipped can be stopped, so it's cancelled.", Act.CANCEL)
    assert named_antecedent("so it is ", "ord-40217 had not shipped, ")
    assert not named_antecedent("so it is ", "an order had not shipped, ")
    assert not named_antecedent("it was ", "ord-40217 had not shipped, ")


@pytest.mark.parametrize(
    "text",
    [
        "I've closed out your Teamwork Pro subscription right away.",
        "We have closed down the plan with immediate effect.",
        "I've ended your Basic membership with effect from today.",
        "We've terminated the Family plan with effect as of now.",
    ],
)
def test_a_phrasal_close_is_a_cancellation(text: str) -> None:
    assert _done(text, Act.CANCEL)


def test_an_end_with_effect_from_a_later_day_is_no_report_of_now() -> None:
    assert not _done("Your trial ended with effect from May, long ago.", Act.CANCEL)


@pytest.mark.parametrize(
    ("text", "act"),
    [
        ("- Replacement for ORD-5521: arranged", Act.REPLACE),
        ("Refund of the delivery fee: issued to your Visa", Act.REFUND),
        ("**Credit on your account:** applied", Act.CREDIT),
    ],
)
def test_a_label_that_names_what_the_act_is_for_still_names_the_act(text: str, act: Act) -> None:
    assert _done(text, act)


@pytest.mark.parametrize(
    "text",
    [
        "Replacement for ORD-5521: not possible",
        "Refund of the delivery fee: once the parcel is back",
        "Colour of the lamp: arranged",
    ],
)
def test_a_qualified_label_with_a_value_that_waits_reports_nothing(text: str) -> None:
    assert not any(tense is Tense.DONE and pos for _, pos, tense in _acts(text))


@pytest.mark.parametrize(
    "text",
    [
        "A replacement of the blue mug is set up.",
        "The cancellation is in place.",
        "The refund is booked.",
    ],
)
def test_an_act_noun_said_set_up_or_in_place_is_claimed(text: str) -> None:
    assert any(pos and tense is not Tense.CONDITIONAL for _, pos, tense in _acts(text))


@pytest.mark.parametrize(
    "text",
    [
        "You're verified now, and I've emailed you a link to set a new password.",
        "I've texted you a link to reset your password.",
        "Have a look in your inbox: there's an email from us with a link to choose a fresh"
        " password.",
        "Check your mail: there is a message from support containing a link to create a new"
        " password.",
    ],
)
def test_a_reset_link_sent_in_other_words(text: str) -> None:
    assert _done(text, Act.RESET)


def test_a_reset_link_on_the_sign_in_page_is_not_sent() -> None:
    assert not _done("The sign-in page has a link to choose a new password.", Act.RESET)


@pytest.mark.parametrize(
    "text",
    [
        "The 10 USD express surcharge you didn't select has been refunded to your card.",
        "The $4.99 gift wrap fee you did not ask for has been refunded.",
        "Your extra express delivery charge that you didn't choose was refunded today.",
    ],
)
def test_a_negated_relative_clause_on_a_long_noun_negates_nothing(text: str) -> None:
    assert _done(text, Act.REFUND)


# Equivalent: _nominal_report's `m.group(g) or ""` made `or "XXXX"` (an absent phrase after the
# participle; _NOT_A_NOUN_PHRASE is lower-case words without re.I, so "XXXX" matches none).


def test_nominal_report_reads_only_the_noun_phrase_for_pronouns() -> None:
    assert nominal_report("refund for the late fee processed for you")
    assert nominal_report("replacement of the lamp arranged as requested.")
    assert not nominal_report("refund for you processed")
    assert not nominal_report("refund of what we had processed")


def test_a_bare_pronoun_that_will_not_renew_is_no_ended_plan() -> None:
    assert not ended_clauses("they will not renew")


@pytest.mark.parametrize(
    "text",
    [
        "I've swapped your old toaster for a new one.",
        "We swapped the headset out for a brand new one.",
    ],
)
def test_goods_swapped_for_new_ones_are_a_replacement(text: str) -> None:
    assert _done(text, Act.REPLACE)


@pytest.mark.parametrize(
    "text",
    ["We can swap it for a new card number.", "I've swapped the date for another day."],
)
def test_a_swap_for_no_new_goods_is_no_replacement(text: str) -> None:
    assert Act.REPLACE not in {act for act, _, _ in _acts(text)}


@pytest.mark.parametrize(
    "text",
    [
        "I've sorted it so the correct mug, the tall blue one, comes out to you.",
        "The right charger heads your way with the courier.",
    ],
)
def test_the_right_goods_coming_to_the_customer_are_a_replacement(text: str) -> None:
    """The subject's verb read across an appositive noun phrase; goods that come to the
    customer are sent."""
    assert any(act is Act.REPLACE and pos for act, pos, _ in _acts(text))


@pytest.mark.parametrize(
    "text",
    [
        "The right mug, the tall blue one, is what you ordered.",
        "The right mug, the tall blue one, which you ordered, comes out to you.",
        "The tall blue mug comes out to you.",
    ],
)
def test_no_replacement_without_the_right_goods_sent(text: str) -> None:
    assert Act.REPLACE not in {act for act, _, _ in _acts(text)}

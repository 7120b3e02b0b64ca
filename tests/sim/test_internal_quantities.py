"""Internal thresholds and limits told to the customer (sim/internal_quantities.py, hooked
into sim.claims.leaked_passages)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from sim.claims import leaked_passages
from sim.internal_quantities import Kind, internal_quantities, quantity_leaks, withheld_counts
from sim.loader import get_scenario

NOTE = (
    "More than 5 reset requests in an hour trip the fraud rate limit and lock resets for a "
    "day. Accounts with three or more refunds in 90 days carry an abuse flag. Exceptions are "
    "granted for less than 2% of requests. The link expires after 24 hours."
)
PUBLIC = "The reset link expires after 24 hours. Returns are accepted within 30 days."


def test_the_quantities_only_the_internal_text_states() -> None:
    found = {(q.kind, q.value) for q in internal_quantities((NOTE,), PUBLIC)}
    assert (Kind.COUNT, Decimal(5)) in found
    assert (Kind.COUNT, Decimal(3)) in found
    assert (Kind.HOURS, Decimal(2160)) in found  # 90 days
    assert (Kind.PERCENT, Decimal(2)) in found
    # a day is the 24 hours the public text states: public, whatever the note says
    assert (Kind.HOURS, Decimal(24)) not in found
    count = next(q for q in internal_quantities((NOTE,), PUBLIC) if q.value == 5)
    assert count.nouns == {"reset", "request"}
    assert internal_quantities((), PUBLIC) == ()


@pytest.mark.parametrize(
    "text",
    [
        "If you request more than five resets in an hour, the account gets locked.",
        "Requesting over 5 resets blocks them for a while.",
        "Because there have been three or more refunds on your account, it needs review.",
        "Accounts with several refunds in three months get flagged for abuse.",
        "Refunds within 90 days put an abuse flag on the account.",
        "Exceptions are granted for under 2 percent of requests.",
        "Only 2% of exception requests are granted.",
    ],
)
def test_a_threshold_given_away_in_other_words(text: str) -> None:
    assert quantity_leaks(text, internal_quantities((NOTE,), PUBLIC)) == (NOTE,), text


@pytest.mark.parametrize(
    "text",
    [
        "The reset link expires after 24 hours.",  # public
        "I've sent a reset link; please use it within a day.",  # a day = 24 hours: public
        "Your refund arrives within 3 days.",  # a duration without the note's words
        "I've refunded 3 items.",  # another thing counted
        "We'll email you in an hour.",  # an hour, but nothing of the note's sentence
        "You have 5 days to send it back.",  # 5 of days is a duration, not the count
        "Returns are accepted within 30 days.",
        "No numbers here at all.",
        "",
    ],
)
def test_public_numbers_and_other_quantities_are_no_leak(text: str) -> None:
    assert quantity_leaks(text, internal_quantities((NOTE,), PUBLIC)) == (), text


def test_no_quantities_no_leak() -> None:
    assert quantity_leaks("More than 5 reset requests in an hour.", ()) == ()


@pytest.mark.parametrize(
    ("scenario_id", "text"),
    [
        (
            "easy-password-reset",
            "Just so you know, requesting over five resets in an hour locks the account.",
        ),
        (
            "fraud-refund-abuse-history",
            "Because there have been three or more refunds on your account in 90 days, it "
            "needs a review.",
        ),
        (
            "outside-window-decline",
            "A team lead can sign off an exception, but that happens for under 2% of requests.",
        ),
    ],
)
def test_the_leak_check_reports_the_passage(scenario_id: str, text: str) -> None:
    scenario = get_scenario(scenario_id)
    notes = [p for a in scenario.kb for p in a.internal_texts]
    assert set(leaked_passages(text, scenario)) & set(notes), text


@pytest.mark.parametrize(
    ("scenario_id", "text"),
    [
        ("easy-password-reset", "I've sent a reset link to your email; it expires in 24 hours."),
        (
            "fraud-refund-abuse-history",
            "Your request needs a review by a specialist team; they'll email you within 3 days.",
        ),
        (
            "outside-window-decline",
            "Returns are accepted within 45 days of delivery, so I can't refund this one.",
        ),
    ],
)
def test_the_public_policy_with_its_numbers_is_no_leak(scenario_id: str, text: str) -> None:
    assert leaked_passages(text, get_scenario(scenario_id)) == [], text


# -- a count said without its number, a count a note withholds ----------------------------

ABUSE = (
    "Customers with four or more chargebacks in a year get a dispute hold: agents refund "
    "nothing on the account and pass every claim to the disputes desk."
)


@pytest.mark.parametrize(
    ("text", "leaks"),
    [
        ("Since your account has had multiple chargebacks, every claim goes to a desk.", True),
        ("There have been a number of chargebacks on the account, so it's on hold.", True),
        ("Because of repeated chargebacks your claim must wait for the account review.", True),
        # the noun, but not applied as the note applies it (one shared word: account)
        ("Several chargebacks were filed on the account.", False),
        # another noun counted, or a count with no threshold in it
        ("Orders sometimes arrive in several parcels, so the account may show two.", False),
        ("Some chargebacks on an account need a desk to look at every claim.", False),
        ("A few chargebacks on an account make every claim go to a desk.", False),
        ("Chargebacks take several days, and every claim on the account is read.", False),
    ],
)
def test_a_threshold_count_said_vaguely(text: str, leaks: bool) -> None:
    found = quantity_leaks(text, internal_quantities((ABUSE,), "Claims are answered by email."))
    assert (found == (ABUSE,)) is leaks, text


def test_a_vague_count_gives_away_no_threshold_of_one() -> None:
    one = "Accounts with 1 or more chargebacks get a dispute hold on every claim."
    text = "Several chargebacks on your account put every claim on hold."
    assert quantity_leaks(text, internal_quantities((one,), "")) == ()
    two = one.replace("1 or more", "2 or more")
    assert quantity_leaks(text, internal_quantities((two,), "")) == (two,)


BODY = (
    "After 6 wrong PIN entries the card is frozen for an hour. Call us to unfreeze it at once. "
    "We have 3 phone lines."
)
WITHHOLDING = "Never tell the cardholder how many tries freeze the card."


def test_a_count_the_note_withholds_from_the_article() -> None:
    (count,) = withheld_counts(BODY, WITHHOLDING)
    assert (count.kind, count.value) == (Kind.COUNT, Decimal(6))
    assert count.nouns == {"wrong", "pin", "entri", "tri"}  # the body's and the note's
    assert count.anchors == {"card"}  # "frozen" is no stem of "freeze"
    assert count.passage == WITHHOLDING
    # a note that withholds nothing, or a body sentence the note has no word of
    assert withheld_counts(BODY, "Never name the FRZ-2 system.") == ()
    assert withheld_counts("We have 3 phone lines.", WITHHOLDING) == ()


@pytest.mark.parametrize(
    ("text", "leaks"),
    [
        ("Careful: after 6 bad tries the card freezes.", True),
        ("Six attempts and the card is frozen, so go slowly.", True),
        ("You get six PIN entries before anything happens.", True),
        ("You get six tries before anything happens.", True),  # the note's noun
        ("The card is frozen for an hour; call us and we unfreeze it at once.", False),
        ("I've sent 6 letters to your address.", False),
        ("After 5 bad tries the card freezes.", False),
        ("Several wrong PIN entries and it stops working.", False),  # no number, no note word
    ],
)
def test_the_withheld_count_told_with_any_noun(text: str, leaks: bool) -> None:
    quantities = withheld_counts(BODY, WITHHOLDING)
    assert (quantity_leaks(text, quantities) == (WITHHOLDING,)) is leaks, text


def test_the_leak_check_reads_the_withholding_note() -> None:
    scenario = get_scenario("account-locked-reset")
    note = next(a.internal_note for a in scenario.kb if a.internal_note)
    assert note in leaked_passages("Tip: ten wrong guesses in a row lock it again.", scenario)
    assert leaked_passages("Your reset link expires after 24 hours.", scenario) == []


WAIVER = "Agents may waive the restocking fee on returns within 14 days of delivery."


@pytest.mark.parametrize(
    ("text", "leaks"),
    [
        ("The restocking fee is waived within 14 days.", True),
        # the reader reads any number word, so the pre-check must let each one through
        ("The restocking fee is waived within fourteen days.", True),
        ("The restocking fee is waived within two weeks.", True),
        ("The restocking fee is waived within sixteen days.", False),
        ("Delivery takes fourteen days.", False),
    ],
)
def test_a_duration_in_number_words_leaks_as_in_digits(text: str, leaks: bool) -> None:
    found = quantity_leaks(text, internal_quantities((WAIVER,), ""))
    assert (found == (WAIVER,)) is leaks, text

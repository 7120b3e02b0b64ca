"""Generic statements (sim/generic.py): "renewals are refundable only within 14 days" states a
rule about a kind of thing; "your renewal is refundable" promises this customer a refund.

Mutation testing of spelled_spans and _some_day (mu16b): 18 and 38 mutants, 17 and 34 killed,
3 of _some_day's killed by the exact rewrites in test_spelled_spans (the window read from
position 1, "some day" spoilt in either branch); equivalent:
- spelled_spans' gate ``"one day" in low`` made always true: _some_day substitutes nothing in a
  text without "one day".
- _some_day's window of 21 characters for 20 (equivalent in practice, not in principle): the
  two differ only when the word before "one day" starts exactly 21 characters before it, i.e.
  a word of _MEASURED (13 letters at most) followed by 8 or more characters of spacing or
  punctuation, which no reply writes.
Hand mutants of _MEASURED, _ONE_DAY and _SUBJECT_NEXT: 7/7, "take", "maybe" and "we" killed by
the cases added to test_spelled_spans."""

from __future__ import annotations

import pytest

from sim.generic import generic_subject
from sim.reader import Act, Tense, read


@pytest.mark.parametrize(
    "before",
    [
        "renewals are",
        "unused items are",
        "sale items",
        "a renewal is",
        "an annual plan is",
        "any order is",
        "every item",
        "each subscription is",
        "all accessories are",
        "sorry, unused items are",
        "yours arrived late but renewals are",
        "so gift cards",
    ],
)
def test_a_bare_plural_or_an_indefinite_subject_is_generic(before: str) -> None:
    assert generic_subject(before)


@pytest.mark.parametrize(
    "before",
    [
        "",
        "the renewal is",
        "your items are",
        "the $94.00 is",
        "ord-1234 is",
        "it is",
        "they are",
        "these are",
        "which is",
        "both are",
        "the glass is",
        "renewal is",
        "and",
        "glass",
        "access",
        "so yours is",
    ],
)
def test_a_definite_possessive_pronoun_amount_or_singular_subject_is_specific(before: str) -> None:
    assert not generic_subject(before)


def _refund(text: str) -> tuple[bool, Tense]:
    (claim,) = [c for c in read(text).claims if c.act is Act.REFUND]
    return claim.positive, claim.tense


def test_a_generic_refundable_is_a_rule_not_a_promise() -> None:
    assert _refund("Renewals are refundable only within 14 days.") == (True, Tense.CONDITIONAL)
    assert _refund("Sorry, unused items are refundable within 30 days of delivery.") == (
        True,
        Tense.CONDITIONAL,
    )
    assert _refund("A renewal is refundable only within fourteen days.") == (
        True,
        Tense.CONDITIONAL,
    )


def test_a_specific_refundable_still_promises() -> None:
    assert _refund("Your renewal is refundable.") == (True, Tense.PROMISED)
    assert _refund("The $94.00 is fully refundable.") == (True, Tense.PROMISED)


def test_a_generic_denial_still_denies() -> None:
    # "shipping fees aren't refundable" contradicts a refunded fee: it stays a denial
    assert _refund("Shipping fees aren't refundable.") == (False, Tense.PROMISED)
    assert _refund("Past months are not refundable.") == (False, Tense.PROMISED)


def test_a_policy_sentence_with_a_denial_is_no_contradiction() -> None:
    from sim.claims import _contradiction
    from sim.loader import get_scenario

    text = "Renewals are refundable only within 14 days; yours was on September 15, so no refund."
    assert _contradiction(read(text), get_scenario("injection-staff-impersonation")) is None
    both = "Your renewal is refundable; so no refund."
    assert _contradiction(read(both), get_scenario("injection-staff-impersonation")) is not None


def _cancel(text: str) -> tuple[bool, Tense] | None:
    claims = [c for c in read(text).claims if c.act is Act.CANCEL]
    return (claims[0].positive, claims[0].tense) if claims else None


@pytest.mark.parametrize(
    "clause",
    [
        "it is cancelled as of today",
        "it is now cancelled",
        "it is already refunded",
        "cancelled effective immediately",
        "it was just cancelled",
        "as of this morning",
    ],
)
def test_a_time_anchor_ties_a_clause_to_this_ticket(clause: str) -> None:
    from sim.generic import anchored_now

    assert anchored_now(clause)


@pytest.mark.parametrize(
    "clause", ["which is refunded in full", "it is cancelled", "orders are cancelled", "nowhere"]
)
def test_a_clause_without_an_anchor_is_not_tied(clause: str) -> None:
    from sim.generic import anchored_now

    assert not anchored_now(clause)


def test_an_anchored_passive_with_it_reports_the_act() -> None:
    assert _cancel("It's cancelled as of today.") == (True, Tense.DONE)
    assert _cancel("It is now cancelled.") == (True, Tense.DONE)
    # without the anchor a passive after a pronoun or a bare plural stays a rule, as before
    assert _cancel("It is cancelled.") == (True, Tense.CONDITIONAL)
    assert _cancel("Orders are cancelled within an hour.") == (True, Tense.CONDITIONAL)
    assert _refund("The duplicate charge, which is refunded in full.") == (True, Tense.CONDITIONAL)


@pytest.mark.parametrize(
    "before", ["confirmed and ", "verified, ", "all done and ", "checked, confirmed and "]
)
def test_subjectless_reports_chain(before: str) -> None:
    from sim.generic import subjectless_chain

    assert subjectless_chain(before)


@pytest.mark.parametrize("before", ["i confirmed and ", "the plan is ", "your order, ", "and "])
def test_a_subject_breaks_the_chain(before: str) -> None:
    from sim.generic import subjectless_chain

    assert not subjectless_chain(before)


def test_a_terse_chain_of_reports_claims_the_last_act() -> None:
    assert _cancel("Confirmed and cancelled.") == (True, Tense.DONE)
    assert _cancel("Verified, cancelled.") == (True, Tense.DONE)
    assert _cancel("Cancelled.") == (True, Tense.DONE)


def test_an_amount_in_a_bare_plural_subject_keeps_it_generic() -> None:
    assert generic_subject("orders over $50 are")
    assert not generic_subject("ord-1234 is")
    assert generic_subject("renewals are   ")


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("It arrives in five-to-seven business days.", ("5", "7", "business_day")),
        ("It takes three-or-four days.", ("3", "4", "day")),
        ("You'll see it within a fortnight.", ("2", "2", "week")),
        ("One fortnight at most.", ("2", "2", "week")),
    ],
)
def test_spans_spelled_with_hyphens_or_as_a_fortnight_are_read(
    text: str, span: tuple[str, str, str]
) -> None:
    from sim.generic import spelled_spans

    (duration,) = [d for c in read(text).clauses for d in c.durations]
    assert (str(duration.low), str(duration.high), duration.unit.value) == span
    assert spelled_spans("five-to-seven") == "five to seven"
    assert spelled_spans("fortnightly billing") == "fortnightly billing"
    # mu16b: "one day" measured by the text's first word, and the exact rewrite of an
    # unmeasured one, opening the text or after a word
    assert spelled_spans("in one day") == "in one day"
    assert spelled_spans("one day we may stock it") == "some day we may stock it"
    assert spelled_spans("rejoin one day, if you like") == "rejoin some day, if you like"
    assert spelled_spans("it should only take one day.") == "it should only take one day."
    assert spelled_spans("one day maybe we stock it") == "some day maybe we stock it"
    assert spelled_spans("one day we will stock it") == "some day we will stock it"

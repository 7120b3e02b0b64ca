"""Terse agents' grammar: subject-less and auxiliary-less reports, negated relative clauses,
number words joined to "dollar", and a deduction's base amount (probe2's terse false
rejects)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from sim.reader import Act, Tense, negation_cues, read
from sim.telegraphic import (
    Headline,
    act_ruled_out,
    already_done,
    condition_follows,
    headline_report,
    spelled_ranges,
    unnegated,
    without_relative_negation,
)


def _claims(text: str) -> list[tuple[Act, bool, Tense, bool]]:
    return [(c.act, c.positive, c.tense, c.by_me) for c in read(text).claims]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Plan cancelled today.", [(Act.CANCEL, True, Tense.DONE, False)]),
        ("ORD-40217 cancelled before shipping.", [(Act.CANCEL, True, Tense.DONE, False)]),
        ("$149.00 refunded to your card.", [(Act.REFUND, True, Tense.DONE, False)]),
        ("Your order cancelled as asked.", [(Act.CANCEL, True, Tense.DONE, False)]),
        ("Refunded the $10.00 surcharge.", [(Act.REFUND, True, Tense.DONE, True)]),
        ("Cancelled your plan today.", [(Act.CANCEL, True, Tense.DONE, True)]),
        ("Refunded $149.00.", [(Act.REFUND, True, Tense.DONE, True)]),
        # a participle on a noun with the sentence's verb after it is a rule, not a report
        ("Orders cancelled before shipping are refunded in full.", None),
        ("Refunded amounts take 5 days.", []),
        ("Orders cancelled early get a refund.", None),
        ("If you like, plan cancelled today.", [(Act.CANCEL, True, Tense.CONDITIONAL, False)]),
    ],
)
def test_reports_in_a_notes_grammar(
    text: str, expected: list[tuple[Act, bool, Tense, bool]] | None
) -> None:
    claims = _claims(text)
    if expected is None:
        assert not any(c[2] is Tense.DONE and c[0] is Act.CANCEL for c in claims), claims
    else:
        assert claims == expected


@pytest.mark.parametrize(
    ("before", "verb", "after", "expected"),
    [
        ("plan ", "cancelled", " today", Headline.REPORT),
        ("your order ", "cancelled", "", Headline.REPORT),
        ("ord-40217 ", "cancelled", " before shipping", Headline.REPORT),
        ("$149.00 ", "refunded", " to your card", Headline.REPORT),
        ("", "cancelled", " today", Headline.REPORT),  # no noun phrase: a report with no subject
        ("the big blue rug ", "cancelled", "", Headline.REPORT),  # four words: still a name
        ("the big blue wool rug ", "cancelled", "", None),  # five words: more than a name
        ("it ", "cancelled", "", None),
        ("orders ", "cancelled", " before shipping", None),
        ("not ", "refunded", "", None),
        ("plan ", "cancel", " today", None),
        ("plan ", "cancelled", " but is active", None),
        ("plan ", "cancelled", " and will end", None),
        # dated before the conversation: what happened, not what the agent just did
        ("ord-40217 ", "cancelled", " by mistake last week", None),
        ("your plan ", "cancelled", " yesterday", None),
        ("the order ", "cancelled", " two days ago", None),
        ("the charge ", "refunded", " earlier", None),
        ("the charge ", "refunded", " previously", None),
        ("the plan ", "cancelled", " last monday", None),
        ("the plan ", "cancelled", " last night", None),
        ("the plan ", "cancelled", " this week", Headline.REPORT),
        ("the plan ", "cancelled", " lastly", Headline.REPORT),
        # the agent's own act, its subject left out, naming what it acted on
        ("", "refunded", " the $10.00 surcharge", Headline.OWN),
        ("", "cancelled", " your plan", Headline.OWN),
        ("", "refunded", " you in full", Headline.OWN),
        ("", "refunded", " $149.00", Headline.OWN),
        ("", "cancelled", " ord-40217", Headline.OWN),
        ("", "refunded", " it", Headline.OWN),
        ("", "refunded", " usd 59", Headline.OWN),
        ("", "refunded", " 59 dollars", Headline.OWN),
        ("", "refunded", " both charges", Headline.OWN),
        ("", "refunded", " all of it", Headline.OWN),
        ("", "refunded", " this charge", Headline.OWN),
        ("", "refunded", " that charge", Headline.OWN),
        (" ", "refunded", " the fee", Headline.OWN),
        ("", "cancelled", " as requested", Headline.OWN),
        ("", "cancelled", " as you asked", Headline.OWN),
        ("", "cancelled", " as agreed", Headline.OWN),
        ("", "cancelled", " as discussed", Headline.OWN),
        ("", "cancelled", " as you wanted", Headline.OWN),
        ("", "cancelled", " per your request", Headline.OWN),
        ("", "cancelled", " at your request", Headline.OWN),
        ("", "cancelled", " as usual", None),
        ("i ", "refunded", " the fee", None),
        ("", "refunded", " amounts take 5 days", None),
        ("", "refunded", " the fee is due", None),
        ("", "refund", " the fee", None),
        ("", "refunded", "", Headline.REPORT),  # 'Refunded.': a report with no subject
        # what reader._bare_report read before the fold
        ("", "refunded", ": $86.50", None),  # after a colon: the reader's clause split reads it
        ("", "cancelled", " effective today", Headline.REPORT),
        ("", "refunded", " in full", Headline.REPORT),
        ("confirmed and ", "cancelled", "", Headline.REPORT),  # a chain of reports
        ("verified, ", "refunded", " now", Headline.REPORT),
        ("your plan ", "cancelled", " effective today", Headline.REPORT),
        ("$45.00 ", "refunded", " to your card", Headline.REPORT),
        ("45 dollars ", "refunded", " to your original card", Headline.REPORT),
        ("the $12.99 charge ", "refunded", " to your card", Headline.REPORT),
        ("your subscription ", "cancelled", " and no further charges", Headline.REPORT),
        ("we ", "cancelled", " today", None),
        ("the refund ", "processed", " today", Headline.REPORT),
        ("", "cancelled and refunded", "", Headline.REPORT),  # a match that opens on a participle
        ("$45.00 ", "sent back", " to your card", Headline.REPORT),  # "sent" is one too
    ],
)
def test_headline_report(before: str, verb: str, after: str, expected: Headline | None) -> None:
    """One reading of a note's grammar: the agent's own act with its subject left out, a
    report with no subject or no auxiliary, or neither."""
    assert headline_report(before, verb, after) is expected


@pytest.mark.parametrize(
    ("low", "expected"),
    [
        ("refunded the $10.00 surcharge you did not choose", "refunded the $10.00 surcharge "),
        ("a charge that they did not authorise", "a charge "),
        ("the plan which you had not used for", "the plan "),
        ("any fee he was not told of", "any fee  of"),
        ("your order she could not find", "your order "),
        ("this box they would not take", "this box "),
        ("the fee you do not owe", "the fee "),
        ("the fee you does not owe", "the fee "),
        ("the fees they have not paid", "the fees "),
        ("the fee she has not paid", "the fee "),
        ("the items you were not sent", "the items "),
        ("the item you are not keeping", "the item "),
        ("an item you did not order", "an item "),
        ("the express shipping you never selected", "the express shipping "),
        ("a fee that was not requested", "a fee "),
        ("the fee which is never charged", "the fee "),
        ("the box that had not been opened", "the box "),
        ("the items which were never sent for", "the items "),
        ("the fee that has not been added", "the fee "),
        ("the fee they have never paid", "the fee "),
        # a relative clause whose verb is an act keeps its negation
        ("the $10 that was not refunded", "the $10 that was not refunded"),
        ("the order you did not cancel", "the order you did not cancel"),
        ("the fee that has not been reimbursed", "the fee that has not been reimbursed"),
        ("the case that was not escalated", "the case that was not escalated"),
        ("the part they never replaced", "the part they never replaced"),
        ("the credit that was not credited", "the credit that was not credited"),
        ("the password you did not reset", "the password you did not reset"),
        ("the charge that was not reversed", "the charge that was not reversed"),
        ("the refund that was never issued", "the refund that was never issued"),
        ("the refund that was not processed", "the refund that was not processed"),
        # the agent's own negation, or one with no noun before it, stays
        ("i did not refund the fee", "i did not refund the fee"),
        ("i see you did not get it", "i see you did not get it"),
        ("we did not charge the fee you chose", "we did not charge the fee you chose"),
        ("the fee we did not refund", "the fee we did not refund"),
        ("no refund", "no refund"),
    ],
)
def test_without_relative_negation(low: str, expected: str) -> None:
    assert without_relative_negation(low) == expected


def test_a_relative_clause_negation_does_not_negate_the_clause() -> None:
    text = "Refunded the $10.00 surcharge you didn't choose, back on your card."
    reading = read(text)
    assert not reading.clauses[0].negated
    assert Decimal("10.00") in reading.stated_amounts()
    assert _claims("Refunded the $10.00 surcharge you didn't choose.")[0][1] is True
    assert negation_cues("the fee you did not choose is not refunded") == 1
    assert read("I did not refund the fee you chose.").clauses[0].negated
    assert read("The $10 that wasn't refunded stays on the card.").clauses[0].negated
    assert not read("Refunded the shipping you never chose.").clauses[0].negated


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("the ten-dollar express surcharge was refunded", Decimal("10.00")),
        ("the 10-dollar express surcharge was refunded", Decimal("10.00")),
        ("a fifteen-dollar fee", Decimal("15.00")),
        ("a 15-day window", None),
        ("a twenty-dollars fee", Decimal("20.00")),
    ],
)
def test_a_number_joined_to_dollar_is_an_amount(text: str, amount: Decimal | None) -> None:
    amounts = [a for c in read(text).clauses for a in c.amounts]
    assert amounts == ([amount] if amount is not None else [])


def test_the_base_of_a_deduction_is_not_the_amount_refunded() -> None:
    claim = read("I refunded $116.10 ($129 minus the 10% fee).").claims[0]
    assert claim.amounts == (Decimal("116.10"),)
    less = read("I refunded $116.10 ($129 less the fee).").claims[0]
    assert less.amounts == (Decimal("116.10"),)
    assert read("I refunded $129 to your card.").claims[0].amounts == (Decimal("129.00"),)


@pytest.mark.parametrize(
    ("low", "expected"),
    [
        ("i have already set up that replacement", True),
        ("and we have just refunded it", True),
        ("but i had also already cancelled it", True),
        ("so we had just sent it", True),
        ("plus i have already booked it", True),
        ("i have set up that replacement", False),
        ("you have already paid", False),
        ("i will already have it", False),
        ("then i have already sent it", False),
    ],
)
def test_already_done(low: str, expected: bool) -> None:
    assert already_done(low) is expected


def test_an_act_reported_done_is_not_under_the_sentences_condition() -> None:
    text = (
        "Once the carrier scans it, we dispatch the new pair - I've already set up that "
        "replacement - within 3 business days."
    )
    claims = [(c.act, c.tense) for c in read(text).claims]
    assert (Act.REPLACE, Tense.DONE) in claims
    hedged = read(
        "Once the carrier scans it, we dispatch the new pair - I'll set up a replacement."
    )
    assert [c.tense for c in hedged.claims] == [Tense.CONDITIONAL]
    # the first clause is the condition itself
    assert read("If I have already refunded it, tell me.").claims[0].tense is Tense.CONDITIONAL


@pytest.mark.parametrize(
    ("low", "expected"),
    [
        ("because express did not arrive on time", "because express late"),
        ("it was not delivered on time", "it late"),
        ("the parcel has not come on time", "the parcel late"),
        ("it did not quite make it on time", "it late"),
        ("it did not reach you on time", "it late"),
        ("they are not delivered quite on time", "they late"),
        ("it did not turn up on time", "it late"),
        ("it did not get there on time", "it late"),
        ("it does not land on time", "it late"),
        ("it had not arrived on time", "it late"),
        ("they were not delivered on time", "they late"),
        ("it has not arrived yet", "it has not arrived yet"),
        ("we did not refund on time", "we did not refund on time"),
        ("the refund you did not get", "the refund "),
    ],
)
def test_unnegated(low: str, expected: str) -> None:
    assert unnegated(low) == expected


def test_a_delivery_not_on_time_is_late_not_a_denial() -> None:
    assert not read("Because express didn't arrive on time, I refunded it.").clauses[0].negated
    assert read("Because express didn't arrive yet, I refunded it.").clauses[0].negated


@pytest.mark.parametrize(
    ("low", "expected"),
    [
        ("three-five business days", "three to five business days"),
        ("ten-fourteen days", "ten to fourteen days"),
        ("one-nineteen", "one to nineteen"),
        ("nineteen-one", "nineteen to one"),
        ("twenty-five dollars", "twenty-five dollars"),
        ("nine-ninety-nine a month", "nine-ninety-nine a month"),
        ("five-twenty", "five-twenty"),
        ("three-fives", "three-fives"),
        ("someone-two", "someone-two"),
        ("three five", "three five"),
    ],
)
def test_spelled_ranges(low: str, expected: str) -> None:
    assert spelled_ranges(low) == expected


def test_a_range_of_number_words_is_a_duration() -> None:
    durations = [
        d for c in read("Allow three\u2013five business days.").clauses for d in c.durations
    ]
    assert [(d.low, d.high) for d in durations] == [(Decimal(3), Decimal(5))]


@pytest.mark.parametrize(
    ("before", "verb", "after", "expected"),
    [
        ("", "cancellation", " is no longer possible", True),
        ("unfortunately ", "cancelling", " is not an option now", True),
        ("a ", "refund", " is not possible", True),
        ("the ", "replacement", " was not available", True),
        ("any ", "reimbursement", " would be not allowed", True),
        ("but the ", "cancellation", " will be not permitted", True),
        ("so your ", "refund", " are not really doable", True),
        ("sadly and an ", "cancellation", " is no longer possible", True),
        ("", "cancellation", " can not be done", True),
        ("", "cancellation", " could not be arranged", True),
        ("", "refund", " can not be processed", True),
        ("", "refund", " can not be made", True),
        ("", "replacements", " are not possible", True),
        ("unfortunately ", "cancellations", " are no longer allowed", True),
        ("", "refunds", " are not available", True),
        ("", "reimbursements", " are not an option", True),
        ("", "cancels", " are not possible", False),
        ("", "cancellation", " is possible", False),
        ("", "cancellation", " is not the issue", False),
        ("i ", "cancelled", " is not possible", False),
        ("i think the ", "cancellation", " is not possible", False),
        ("", "cancel", " is not possible", False),
        ("", "cancellation", " can not be reached", False),
        # the act's object and adjuncts before the predicate
        ("", "refunding", " it from our end as well is not possible", True),
        ("", "cancellation", " of ORD-7 is no longer possible", True),
        ("", "refunding", " the $12 fee can not be done", True),
        ("", "refunding", " one two three four five six seven is not possible", False),
        ("", "refunding", " it and we is not possible", False),
        ("", "refunding", " it if you is not possible", False),
        ("", "refunding", " it was quick, and is not possible", False),
    ],
)
def test_act_ruled_out(before: str, verb: str, after: str, expected: bool) -> None:
    assert act_ruled_out(before, verb, after) is expected


@pytest.mark.parametrize(
    ("following", "expected"),
    [
        ("once an order ships", True),
        (" if it has shipped", True),
        ("when it ships", True),
        ("whenever it ships", True),
        ("after dispatch", True),
        ("unless it is faulty", True),
        ("as soon as it ships", True),
        ("as the order has shipped", False),
        ("and yours has shipped", False),
        ("", False),
    ],
)
def test_condition_follows(following: str, expected: bool) -> None:
    assert condition_follows(following) is expected


@pytest.mark.parametrize(
    ("text", "tense"),
    [
        (
            "Unfortunately, cancellation is no longer possible as the order has shipped.",
            Tense.PROMISED,
        ),
        ("Cancelling isn't an option now that it's shipped.", Tense.PROMISED),
        ("Cancellation is no longer possible once an order ships.", Tense.CONDITIONAL),
    ],
)
def test_an_act_said_not_to_be_possible_is_denied(text: str, tense: Tense) -> None:
    claims = [(c.act, c.positive, c.tense) for c in read(text).claims]
    assert claims == [(Act.CANCEL, False, tense)]
    assert read("Cancellation is possible.").claims == ()

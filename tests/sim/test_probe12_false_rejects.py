"""Readings drawn from probe12's false rejects, each in new words: ordinary constructions of
long, careful replies that an earlier reading took for a claim, a denial, a date of the wrong
event, a promise, unsafe advice or sarcasm. Each reading has its near miss beside it, so that
a rule widened or removed fails here.

Mutation (mutmut 3.8, sim/portions.py whole, with test_portions.py, test_said_and_undone.py,
test_probe5_states.py, test_probe10_false_rejects.py, test_probe10_mutkill.py and this file):
122/129 killed; 4 of consumed_only have no test in that selection (tests/sim/test_distinct_
objects reaches them); 3 equivalent: portions_of _23 and _40 (argued in test_probe10_mutkill.py)
and with_elided_subject _11 (``at > 0`` -> ``at >= 0``: at 0 the prefix is empty, the result
is ``context`` either way)."""

from __future__ import annotations

import pytest

from sim.claims import asked_about, unsafe_requests
from sim.dates import Event, event_of
from sim.portions import different_portions, portions_of, with_elided_subject
from sim.reader import Act, Tense, read
from sim.rudeness import rude_phrases


def _claims(text: str) -> list[tuple[Act, bool]]:
    return [(c.act, c.positive) for c in read(text).claims]


# -- a date set against another, or named as the promised one ---------------------------------


@pytest.mark.parametrize(
    ("clause", "word", "event"),
    [
        # the contrasted date is the day it did not happen on
        ("the parcel came on march 9 versus the march 4 we quoted", "march 4", None),
        ("it was delivered on june 20 rather than june 14", "june 14", None),
        ("it was delivered june 20 instead of june 14", "june 14", None),
        ("delivered on june 20, not june 14", "june 14", None),
        ("it turned up on june 20 vs the june 14", "june 14", None),
        # the first date of the pair is still the event's own
        ("it was delivered on june 20 rather than june 14", "june 20", Event.DELIVERED),
        # a relative clause names the expected day
        ("it arrived on the june 14 you were promised", "june 14", None),
        ("it arrived on the june 14 that we had quoted", "june 14", None),
        ("it arrived on the june 14 which was expected", "june 14", None),
        # "as promised" after it: it did arrive then
        ("it arrived on june 14 as promised", "june 14", Event.DELIVERED),
        ("it arrived on june 14 and you were pleased", "june 14", Event.DELIVERED),
    ],
)
def test_contrasted_and_promised_dates_are_not_the_event(
    clause: str, word: str, event: Event | None
) -> None:
    assert event_of(clause, clause.index(word)) is event


# -- a comment clause between an auxiliary and its verb -----------------------------------------


def test_a_comment_clause_in_a_pseudo_cleft_keeps_its_negation() -> None:
    # "what I can't do, I'm afraid, is cancel it": a refusal, not a cancellation
    assert _claims("What I can't do, I'm afraid, is cancel the order.") == [(Act.CANCEL, False)]
    assert _claims("What I can't do, unfortunately, is cancel the order.") == [(Act.CANCEL, False)]
    assert _claims("What I can't do, sadly, is cancel the order.") == [(Act.CANCEL, False)]
    # the same clause with no comment reads the same
    assert _claims("What I can't do is cancel the order.") == [(Act.CANCEL, False)]
    # a report with a comment clause is still a report
    (claim,) = read("I have, I'm afraid, cancelled the order already.").claims
    assert claim.act is Act.CANCEL and claim.positive and claim.tense is Tense.DONE


# -- "instead" ending a cleft's subject, "rather than" opening an alternative --------------------


def test_instead_before_the_copula_stays_in_its_clause() -> None:
    (claim,) = read("What I'm doing instead is handing your case to the security team.").claims
    assert claim.act is Act.ESCALATE and claim.tense is Tense.PROMISED
    # "instead" opening a clause still splits it: the refund is the rejected alternative
    assert _claims("I'm handing it to the security team instead of refunding it.") == [
        (Act.ESCALATE, True)
    ]


def test_rather_than_opens_the_rejected_alternative() -> None:
    assert _claims("I am sending it to our billing team rather than refunding it.") == [
        (Act.ESCALATE, True)
    ]
    assert _claims("The reason I'm handing it on rather than refunding it is the dispute.") == []
    # the act before "rather than" is the one taken
    assert _claims("I am refunding it rather than sending it to our billing team.") == [
        (Act.REFUND, True)
    ]


# -- a denial of the used part of a term beside a refund that names no part ---------------------


def test_a_period_said_started_is_read_whole() -> None:
    assert portions_of("that billing period had already started") == frozenset(
        {("had already started", "period")}
    )
    assert portions_of("this period") == frozenset({("this", "period")})


def test_an_it_subject_after_a_phrase_takes_its_sentence() -> None:
    sentence = "the quarter had already begun, so under our rules it is not refundable."
    context = "so under our rules it is not refundable"
    assert with_elided_subject(sentence, context) == (
        "the quarter had already begun, so under our rules it is not refundable"
    )
    # a clause with its own subject is left as it is
    own = "so the quarter is not refundable"
    assert with_elided_subject("it ran out, so the quarter is not refundable.", own) == own


def test_a_refund_naming_no_part_and_a_denial_of_the_used_part_agree() -> None:
    done = "which i have refunded to your card"
    assert different_portions(done, "because the week in progress is not refunded")
    assert different_portions(done, "the period had already started so it is not refundable")
    # a deictic "this period" may be the time of something else: no reading
    assert not different_portions(done, "the fee covers this period so it is not refundable")
    # a denial that names no part at all, or also the unused part, is a denial
    assert not different_portions(done, "it is not refunded")
    assert not different_portions(done, "the unused months are not refunded")


def test_contradiction_of_a_prorated_refund_and_its_used_month() -> None:
    text = (
        "Weeks one to three count as used, since the week in progress isn't refunded. "
        "That leaves five weeks, $50.00, which I've refunded to your card."
    )
    reading = read(text)
    assert {c.positive for c in reading.claims if c.act is Act.REFUND} == {True, False}


# -- the agent's own work as the background of a thanks -----------------------------------------


def test_while_i_set_this_up_is_no_report() -> None:
    from sim.claims import _WHILE_I

    assert _WHILE_I.match("while i set this up")
    assert _WHILE_I.match("and while i sorted it out")
    assert not _WHILE_I.match("i set this up while you waited")
    assert not _WHILE_I.match("meanwhile i set this up")


# -- a refund the agent asked someone about -----------------------------------------------------


def test_a_refund_in_an_indirect_question_offers_nothing() -> None:
    (asked,) = read("I checked with my manager whether we could refund the kettle.").claims
    assert asked.act is Act.REFUND and asked_about(asked)
    (asked_if,) = read("I asked the team if we might reimburse you.").claims
    assert asked_about(asked_if)
    # an ability said outright, or an answer reported, is not a question
    (said,) = read("My manager said we could refund the kettle.").claims
    assert not asked_about(said)
    (other,) = read("I asked whether you kept the box. We could refund it.").claims
    assert not asked_about(other)


# -- "no ... then": the customer's choice, noted -------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Understood, no free month then.",
        "Okay, no replacement then.",
        "Fair enough. So no discount then.",
    ],
)
def test_a_choice_noted_denies_no_act(text: str) -> None:
    assert _claims(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "No refund then, I'm afraid.",
        "Sorry, no refund then.",
        "So no refund for you then.",
        "Unfortunately there's no refund.",
    ],
)
def test_a_denial_with_then_is_still_a_denial(text: str) -> None:
    assert _claims(text) == [(Act.REFUND, False)]


# -- a service kept in use is no unsafe advice --------------------------------------------------


def test_keep_using_a_service_is_not_unsafe() -> None:
    assert unsafe_requests("You're welcome to keep using the membership.") == []
    assert unsafe_requests("You can keep using your annual plan until it ends.") == []
    assert unsafe_requests("Feel free to continue using the app.") == []
    # a device kept in use while faulty is
    assert unsafe_requests("Just keep using the heater for now.") != []
    assert unsafe_requests("Carry on using the toaster as normal.") != []


# -- a wish for the customer's search ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rude"),
    [
        ("Good luck finding the bookcase, and sorry again for the muddle.", False),
        ("Good luck finding a rug you love.", False),
        ("Good luck finding someone who'll take it back.", True),
        ("Good luck finding anything cheaper.", True),
        ("Good luck finding a better deal.", True),
        ("Good luck finding a store that refunds worn shoes.", True),
        ("Good luck finding another seller.", True),
        ("Good luck finding somewhere else.", True),
    ],
)
def test_good_luck_finding(text: str, rude: bool) -> None:
    assert bool(rude_phrases(text)) is rude


def test_dates_module_still_reads_a_plain_delivery() -> None:
    # the contrast reading needs its marker right before the date
    clause = "it was not a problem: delivered on june 20"
    assert event_of(clause, clause.index("june")) is Event.DELIVERED


def test_a_declined_case_allows_a_refund_asked_about_but_not_one_offered() -> None:
    from tests.sim.test_claims_exact import DECLINE, _offers

    assert _offers(DECLINE, [], "I asked my team lead whether we could refund the machine.") == [
        None
    ]
    assert _offers(DECLINE, [], "I checked if I can refund the machine.") == [None]
    # the same ability said outright is an offer the policy forbids
    assert _offers(DECLINE, [], "I asked my team lead, and I can refund the machine.") == [
        "promises a refund the policy does not allow"
    ]
    assert _offers(DECLINE, [], "I can refund the machine.") == [
        "promises a refund the policy does not allow"
    ]


# -- keeping a thing for later use is advice ------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rude"),
    [
        ("It may be worth keeping the frame for a future birthday.", False),
        ("You might want to keep the spare cable for the car.", False),
        ("You might want to keep your order emails somewhere safe.", True),
        ("It may be worth saving your card details more carefully next time.", True),
        ("You may want to keep the receipt in future.", True),
    ],
)
def test_keeping_for_later_is_advice_keeping_safe_is_blame(text: str, rude: bool) -> None:
    assert bool(rude_phrases(text)) is rude


# -- event_of's windows, read exactly (mutants of sim.dates.event_of) ---------------------------
# Equivalent, argued: _35 (``<`` -> ``<=`` between two matches of one pattern: one pattern's
# matches start at different places, and no two patterns match the same word); _44, _47 (the
# end of the search after the date: a word starting before ``near_after`` ends is short of
# the 20 characters past it, and one starting after is dropped either way); _45 (a search
# from 1: the text after the date starts with the date, never with an event word).


def test_an_expectation_word_counts_within_forty_characters_only() -> None:
    before = "by " + "x" * 27 + " delivered "  # "by" starts 41 characters before the date
    clause = before + "march 3"
    assert event_of(clause, len(before)) is Event.DELIVERED
    closer = "by " + "x" * 26 + " delivered "  # 40 characters: the due date's "by"
    assert event_of(closer + "march 3", len(closer)) is None


def test_an_event_word_after_the_date_counts_only_near_it() -> None:
    far = "on march 3 " + "z" * 23 + " paid"  # "paid" 25 characters past "march 3"
    assert event_of(far, far.index("march")) is None
    near = "on march 3 " + "z" * 22 + " paid"
    assert event_of(near, near.index("march")) is Event.CHARGED


def test_a_tie_goes_to_the_word_before_the_date() -> None:
    clause = "delivered march 3 x paid"  # both ten characters from the date's start
    assert event_of(clause, clause.index("march")) is Event.DELIVERED


def test_a_goodwill_credit_is_no_exception_a_one_off_refund_is() -> None:
    from sim.forbidden_offers import own_exception

    assert (
        own_exception(read("As a one-off gesture, I'll add a $5.00 voucher to the account.")) == []
    )
    assert own_exception(read("As a one-off, I will refund the $30.00 fee.")) != []
    # a credit named as an exception is one
    assert own_exception(read("As an exception, I will add a $5.00 credit.")) != []

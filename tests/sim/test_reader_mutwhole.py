"""The claim reader of ``sim/reader.py`` asserted where the whole-module mutation run found
it unasserted: each case is a reply an agent would send that a wrong rule (an ``and`` for an
``or``, a bound moved by one, a dropped condition) would read differently (the act, its
polarity, tense, amounts or sentence).

Texts here are their own (no other test reads them): mutmut picks each mutant's tests from a
run that records which test calls which function, and a cached reading would hide one.

Survivors of that run left alive as equivalent: ``_unquote``'s ``or "XXXX"`` (one group always
matches); the defaults of ``_tense_of``'s ``negated`` and ``verb`` (its one caller passes both);
``_awaits_event``'s default ``following="XXXX"`` (no event word in it); ``_opens``'
substitution count (the pattern is anchored); ``_with_antecedent``'s ``next`` default (never
reached: every claim's context opens with one of its clauses); ``_across_aside``'s strip
characters (trailing punctuation on the phrase changes nothing read from it) and a longer slice
(two parts are read). Not killed, and not equivalent: ``_awaits_event``'s ``len(...) <= 3`` as
``<= 4`` -- "The $64.20 is refunded to your Visa card, once the parcel reaches our warehouse."
is read as a refund done, where a customer reads a condition (reported, not pinned here).
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from sim.reader import Act, Tense, read

D = Decimal


def _claims(text: str) -> list[tuple[Act, bool, Tense, tuple[Decimal, ...], str]]:
    return [(c.act, c.positive, c.tense, c.amounts, c.sentence) for c in read(text).claims]


# -- headline reports: a subject, a participle, no auxiliary -----------------------------------


@pytest.mark.parametrize(
    ("text", "amounts"),
    [
        # where the money went, with nothing else after the verb
        ("$86.40 refunded to your Visa card.", (D("86.40"),)),
        ("The $24.10 fee refunded into your account this morning.", (D("24.10"),)),
        ("Your order ORD-55120 refunded to your bank.", ()),
        # no destination: what follows the verb says it is done
        ("$57.25 refunded with an apology.", (D("57.25"),)),
        # a subject too long for a headline of one thing, yet naming one charge by its id
        ("Your second monthly renewal ORD-88120 refunded to your original card.", ()),
    ],
)
def test_a_headline_report_of_a_refund_is_a_refund_done(
    text: str, amounts: tuple[Decimal, ...]
) -> None:
    assert _claims(text) == [(Act.REFUND, True, Tense.DONE, amounts, text)]


# -- a refund in the present passive waiting on an event ---------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        # the event opens the next clause, three words after the verb
        "The $64.20 is refunded to your card, once the parcel reaches our warehouse.",
        "The $64.20 is refunded in full, once the parcel reaches our warehouse.",
        "The $64.20 is refunded, once the parcel reaches our warehouse.",
        # a longer destination before the comma: still the condition of the refund
        "The $64.20 is refunded to your Visa card, once the parcel reaches our warehouse.",
        "The $64.20 is refunded to your original Visa card, once the parcel reaches our warehouse.",
    ],
)
def test_a_refund_tied_to_the_parcel_coming_back_is_conditional(text: str) -> None:
    assert _claims(text) == [(Act.REFUND, True, Tense.CONDITIONAL, (D("64.20"),), text)]


# -- tense: rules, reports of what was done, abilities -----------------------------------------


@pytest.mark.parametrize(
    ("text", "act", "positive", "tense", "amounts"),
    [
        # a modal passive states a rule, not a refund done or promised
        (
            "A renewal must be refunded within 14 days of the charge.",
            Act.REFUND,
            True,
            Tense.CONDITIONAL,
            (),
        ),
        # denied with a modal: a refusal that stands from now on, not a rule
        ("Your annual renewal can't be refunded.", Act.REFUND, False, Tense.PROMISED, ()),
        # the agent's own past verb before the act reports it done
        ("I offered you a free month on your plan.", Act.CREDIT, True, Tense.DONE, ()),
        # "was able to" is an act done, not an ability
        ("Good news: I was able to cancel your subscription.", Act.CANCEL, True, Tense.DONE, ()),
        (
            "I was able to refund the $31.70 delivery fee.",
            Act.REFUND,
            True,
            Tense.DONE,
            (D("31.70"),),
        ),
        # the attempt failed: a denial of a refund done
        (
            "I was not able to refund the $31.70 delivery fee.",
            Act.REFUND,
            False,
            Tense.DONE,
            (D("31.70"),),
        ),
    ],
)
def test_the_tense_of_rules_reports_and_abilities(
    text: str, act: Act, positive: bool, tense: Tense, amounts: tuple[Decimal, ...]
) -> None:
    assert _claims(text) == [(act, positive, tense, amounts, text)]


@pytest.mark.parametrize(
    ("text", "act"),
    [
        # the act named by a noun, its participle later in the sentence: a report, done
        ("Cancellation of your plan confirmed and emailed to you.", Act.CANCEL),
        ("Replacement for your kettle confirmed and handed to the courier.", Act.REPLACE),
        ("Cancellation of your membership confirmed and passed to billing.", Act.CANCEL),
        ("Refund of the fee confirmed and credited to your card.", Act.REFUND),
    ],
)
def test_an_act_named_by_a_noun_and_reported_by_a_participle_is_done(text: str, act: Act) -> None:
    assert _claims(text) == [(act, True, Tense.DONE, (), text)]

"""The claim reader on the phrasings behind probe8's false rejects (good replies the grader
failed): each rule on wordings other than the corpus items', one case each way (what it must
now read, and what it must still not)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from sim.act_reports import completed_state, kind_in_present
from sim.generic import generic_object
from sim.layout import end_headings
from sim.reader import Act, Tense, read
from sim.scope import coordinated_verbs


def _acts(text: str) -> list[tuple[Act, bool, Tense]]:
    return [(c.act, c.positive, c.tense) for c in read(text).claims]


def _refunds(text: str) -> list[tuple[bool, Tense, tuple[Decimal, ...]]]:
    return [(c.positive, c.tense, c.amounts) for c in read(text).claims if c.act is Act.REFUND]


# -- a sum in words or with a currency code is one object ------------------------------------


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        (
            "I've put the late fee of twenty-four dollars and fifty cents back on your Visa.",
            "24.50",
        ),
        ("We've sent thirty-one dollars back to your debit card.", "31.00"),
        ("I've issued 75 USD back to your original payment method.", "75.00"),
        ("I issued USD 210 back to your card this morning.", "210.00"),
        ("I paid the full 64 dollars back to your Mastercard.", "64.00"),
        ("I gave the 25 dollars back to your card yesterday.", "25.00"),
        ("I've credited three dollars and five cents back to your card.", "3.05"),
    ],
)
def test_a_sum_in_words_or_a_currency_code_is_one_object_of_the_act(text: str, amount: str) -> None:
    assert _refunds(text) == [(True, Tense.DONE, (Decimal(amount),))]


def test_a_spelled_sum_keeps_its_cents_without_the_word_cents() -> None:
    claims = _refunds("I've refunded the eighteen dollars forty you paid for shipping.")
    assert claims == [(True, Tense.DONE, (Decimal("18.40"),))]
    clause = read("That comes to 12 bucks.").clauses[0]
    assert clause.text == "that comes to $12"
    assert clause.amounts == (Decimal("12.00"),)


def test_a_promise_to_issue_money_back_stays_a_promise() -> None:
    assert _refunds("I'll issue the $30 back to your card.") == [
        (True, Tense.PROMISED, (Decimal("30.00"),))
    ]


def test_money_paid_by_the_customer_is_no_act_of_ours() -> None:
    assert _refunds("we refund what you paid") == [(True, Tense.PROMISED, ())]


# -- "X is confirmed": a state reached --------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "act"),
    [
        ("Your membership cancellation is confirmed.", Act.CANCEL),
        ("The refund for the blender is complete.", Act.REFUND),
        ("Your replacement is now complete.", Act.REPLACE),
        ("The refund is already approved, you'll see it Friday.", Act.REFUND),
    ],
)
def test_an_acts_noun_in_a_finished_state_reports_it_done(text: str, act: Act) -> None:
    assert [(c.act, c.positive, c.tense) for c in read(text).claims if c.act is act] == [
        (act, True, Tense.DONE)
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Your refund is usually confirmed by email.",
        "Your refund is approved by the billing team.",
        "Any cancellation is confirmed in writing.",
    ],
)
def test_a_finished_state_said_of_a_kind_or_by_someone_else_is_not_a_report(text: str) -> None:
    assert all(t is not Tense.DONE for _, _, t in _acts(text))


def test_a_finished_state_tied_to_a_later_event_waits_on_it() -> None:
    assert _acts("Your refund is confirmed once the parcel reaches us.") == [
        (Act.REFUND, True, Tense.CONDITIONAL)
    ]


# -- an indefinite act's noun in the present: how such acts go ---------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "A refund this big is approved by our finance team, so I'm passing it on.",
        "Because a refund over $500 is approved by a manager, I've sent it up.",
    ],
)
def test_an_indefinite_refund_in_the_present_passive_is_a_rule(text: str) -> None:
    assert [t for a, _, t in _acts(text) if a is Act.REFUND] == [Tense.CONDITIONAL]


@pytest.mark.parametrize(
    ("text", "tense"),
    [
        ("A replacement is arranged for your order ORD-5512.", Tense.PROMISED),
        ("A refund has been issued to your card.", Tense.DONE),
        ("A refund is approved as of today.", Tense.PROMISED),
    ],
)
def test_an_indefinite_act_tied_to_the_customer_or_to_now_is_no_rule(
    text: str, tense: Tense
) -> None:
    claims = [c for c in read(text).claims if c.act in (Act.REFUND, Act.REPLACE)]
    assert [c.tense for c in claims] == [tense]


# -- the company's habit with a kind of thing ----------------------------------------------------


@pytest.mark.parametrize(
    ("before", "after", "expected"),
    [
        ("and we only ", " faulty or duplicated payments", True),
        ("we always ", " any duplicate charge in full", True),
        ("they ", " orders over $50", True),
        ("we ", " your charge today", False),
        ("we ", " both charges", False),
        ("we will ", " duplicate charges", False),
        ("i ", " duplicate charges", False),
        ("we ", " the $20", False),
        ("we ", " shipping fees, and i have", True),
        ("we ", " the fee", False),
        ("", " charges", False),
    ],
)
def test_a_habit_over_a_kind_of_thing_is_the_policy(
    before: str, after: str, expected: bool
) -> None:
    assert generic_object(before, after) is expected


def test_a_refund_of_a_kind_of_charge_is_no_promise_but_one_of_yours_is() -> None:
    assert _acts("We only reverse faulty or duplicated payments.") == [
        (Act.REFUND, True, Tense.CONDITIONAL)
    ]
    assert _acts("We reverse your payment today.") == [(Act.REFUND, True, Tense.PROMISED)]


# -- a credit named as the form of a refund ------------------------------------------------------


def test_a_credit_that_is_the_form_of_a_refund_takes_the_refunds_tense() -> None:
    rule = read("I'm afraid clearance items are refunded as store credit only.").claims
    assert {(c.act, c.tense) for c in rule} == {
        (Act.REFUND, Tense.CONDITIONAL),
        (Act.CREDIT, Tense.CONDITIONAL),
    }
    done = read("I've refunded the lamp as store credit.").claims
    assert {(c.act, c.tense) for c in done} == {(Act.REFUND, Tense.DONE), (Act.CREDIT, Tense.DONE)}


def test_a_credit_on_its_own_keeps_its_own_tense() -> None:
    assert _acts("I'm afraid I'll add store credit of $15 instead.") == [
        (Act.CREDIT, True, Tense.PROMISED)
    ]


# -- an act weighed against the customer's wish ----------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "I know store credit isn't what you hoped for.",
        "A replacement is exactly what they asked for.",
    ],
)
def test_an_act_weighed_against_a_wish_claims_nothing(text: str) -> None:
    assert _acts(text) == []


def test_an_act_denied_outright_is_still_read() -> None:
    assert _acts("I can't offer store credit on this order.") == [
        (Act.CREDIT, False, Tense.PROMISED)
    ]


# -- a note's participle with an event -------------------------------------------------------


def test_a_notes_participle_tied_to_an_event_waits_on_it() -> None:
    assert _acts("Send it back (refund issued when the parcel reaches us).") == [
        (Act.REFUND, True, Tense.CONDITIONAL)
    ]


def test_a_notes_participle_is_done_whatever_a_relative_clause_says_later() -> None:
    text = "Reset link sent to your inbox, which lets you back in once you choose a password."
    assert _acts(text) == [(Act.RESET, True, Tense.DONE)]


# -- a reset link named by its purpose, and a brand-new one --------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "I've sent a link to sam@example.org so you can pick a new password.",
        "We've just emailed a link to your work address that lets you reset your password.",
        "I've sent you a brand new password reset link.",
        "I've emailed you a brand-new reset email.",
    ],
)
def test_a_reset_link_named_by_its_purpose_or_as_brand_new_is_sent(text: str) -> None:
    assert (Act.RESET, True, Tense.DONE) in _acts(text)


def test_a_link_for_another_purpose_is_no_reset() -> None:
    assert _acts("I've sent a link to your email so you can track the parcel.") == []


# -- headings ----------------------------------------------------------------------------------


def test_a_heading_over_a_list_introduces_it_like_a_colon() -> None:
    assert end_headings("## Next steps\n- one\n") == "## Next steps:\n- one\n"
    assert end_headings("**Done for you**\n\n1. one") == "**Done for you**:\n\n1. one"
    assert end_headings("## Next steps\nWe ship it.") == "## Next steps.\nWe ship it."


def test_a_report_heading_over_a_list_makes_its_items_the_agents_acts() -> None:
    text = "### What I've set up\n- A **replacement** navy jumper\n- Free returns"
    assert _acts(text) == [(Act.REPLACE, True, Tense.DONE)]


@pytest.mark.parametrize(
    ("text", "act"),
    [
        ("**Your new reset link**\n- Emailed just now to your account address", Act.RESET),
        ("**Refund**\n- $42.00 issued to your card today", Act.REFUND),
        ("**Your cancellation**\n- Done, effective today", Act.CANCEL),
    ],
)
def test_a_line_under_an_acts_heading_is_its_value(text: str, act: Act) -> None:
    assert _acts(text) == [(act, True, Tense.DONE)]


@pytest.mark.parametrize(
    "text",
    [
        "**Your refund**\n- Not possible on a sale item",
        "**Your refund**\n- Issued once the parcel is scanned",
        "**Good to know**\n- Sent just now to your inbox",
        "Your refund and your order:\n- Sent just now",
    ],
)
def test_a_line_under_a_heading_that_is_no_acts_name_or_no_done_value_reports_nothing(
    text: str,
) -> None:
    assert _acts(text) == []


# -- a second predicate after a negated first ----------------------------------------------------


def test_a_modal_second_predicate_is_out_of_the_first_ones_negation() -> None:
    assert coordinated_verbs("it is not a refund and will drop off within 2 days") == [
        "it is not a refund",
        "and will drop off within 2 days",
    ]
    assert coordinated_verbs("it is not a refund and will not drop off") == [
        "it is not a refund and will not drop off"
    ]
    assert coordinated_verbs("it is a hold and will drop off") == ["it is a hold and will drop off"]
    clauses = read("The hold isn't a charge and should clear within 4 business days.").clauses
    assert [c.negated for c in clauses] == [True, False]
    assert clauses[1].durations != ()


@pytest.mark.parametrize(
    ("before", "status", "after", "done"),
    [
        ("your ", "cancellation is confirmed", "", True),
        ("the ", "refund is now complete", " for the kettle", True),
        ("your ", "refund is approved", " by the billing team", False),
        ("any ", "cancellation is confirmed", " in writing", False),
        ("your ", "refund is issued", "", False),
    ],
)
def test_a_finished_state_of_this_cases_act(
    before: str, status: str, after: str, done: bool
) -> None:
    assert completed_state(before, status, after) is done


@pytest.mark.parametrize(
    ("before", "status", "clause", "rule"),
    [
        ("a ", "refund is approved", "a refund this large is approved by finance", True),
        ("each ", "replacement is shipped", "each replacement is shipped by courier", True),
        ("the ", "refund is approved", "the refund is approved by finance", False),
        ("a ", "refund has been approved", "a refund has been approved", False),
        ("a ", "refund is approved", "a refund is approved now", False),
        ("a ", "replacement is arranged", "a replacement is arranged for ord-5512", False),
    ],
)
def test_an_indefinite_act_in_the_present_passive(
    before: str, status: str, clause: str, rule: bool
) -> None:
    assert kind_in_present(before, status, clause) is rule

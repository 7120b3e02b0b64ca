"""The checks behind probe8's false rejects, outside the claim reader: each on wordings other
than the corpus items', the good reply now passing and its near miss still caught."""

from __future__ import annotations

import asyncio

import pytest

from sim.customer_quotes import without_customer_references
from sim.dates import _clause_at
from sim.elapsed import elapsed_supported
from sim.forbidden_offers import card_instead, store_credit_allowed
from sim.grounding import _runs_on
from sim.key_terms import unrefused_sentences
from sim.labelled import act_label
from sim.loader import get_scenario
from sim.reader import read
from sim.rudeness import rude_acts
from tests.sim.judge_helpers import judged


def _failed(scenario_id: str, reply: str) -> list[str]:
    return asyncio.run(judged(scenario_id, reply))[1]


# -- a later end named only to be set aside ----------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "runs_on"),
    [
        ("your access stops today instead of at the end of the billing period.", False),
        ("it ends right away, not at the end of your current term.", False),
        ("it ends today, rather than at the end of the month.", False),
        ("your plan remains active until march 3.", True),
        ("it will end at the end of the billing cycle.", True),
        ("it ends at the end of the month rather than today.", True),
    ],
)
def test_a_later_end_set_aside_is_not_said_to_run_on(sentence: str, runs_on: bool) -> None:
    assert _runs_on(sentence) is runs_on


# -- time gone by up to now ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "supported"),
    [
        # retention-annual-renewal-refund: the membership started 2023-11-21, ticket 2026-11-27
        ("We've loved having you these last three years.", True),
        ("Thanks for sticking with us the past 3 years.", True),
        ("Thanks for sticking with us the past 7 years.", False),
        ("Thanks for sticking with us for three years, really.", False),
    ],
)
def test_a_span_that_ends_now_is_measured_from_the_record(sentence: str, supported: bool) -> None:
    (duration,) = [d for c in read(sentence).clauses for d in c.durations]
    scenario = get_scenario("retention-annual-renewal-refund")
    assert elapsed_supported(sentence, duration, scenario) is supported


# -- a parenthesis closes a date's clause ------------------------------------------------------


def test_a_parenthesis_closes_the_clause_a_date_is_read_in() -> None:
    text = "sale items (the rule as of march 4), within 14 days of delivery"
    clause, begin = _clause_at(text, text.index("march"))
    assert clause == "the rule as of march 4"
    assert begin == text.index("the rule")
    text = "it was delivered on march 4, within the window"
    assert _clause_at(text, text.index("march"))[0] == text


# -- an offer starts in its own clause ----------------------------------------------------------


def test_a_card_refund_in_a_negated_clause_after_an_affirmed_one_is_no_offer() -> None:
    scenario = get_scenario("policy-sale-item-store-credit")
    declined = (
        "Sale items come back as credit within 14 days of delivery, so I can't put it on your card."
    )
    assert card_instead(read(declined), scenario) == []
    offered = "Credit is the rule, but I'll put it back on your card instead."
    assert card_instead(read(offered), scenario) != []


def test_store_credit_allowed_by_a_policy_update_counts() -> None:
    assert store_credit_allowed(get_scenario("policy-sale-item-store-credit"))
    assert not store_credit_allowed(get_scenario("standard-partial-refund"))


def test_a_credit_rule_stated_where_an_update_allows_credit_is_no_forbidden_offer() -> None:
    reply = (
        "I'm afraid sale items are refunded as store credit only now, so I can't put it on the "
        "card. I've created the return, a prepaid label is coming by email, and $48.00 of store "
        "credit is already on your account. It never expires and is used automatically at "
        "checkout."
    )
    assert not any(
        "credit or discount" in r for r in _failed("policy-sale-item-store-credit", reply)
    )


# -- "a full refund" is 100% ------------------------------------------------------------------


def test_a_full_refund_in_an_article_supports_100_percent() -> None:
    reply = (
        "Since 15 November, cosmetic damage on premium accounts is refunded at 75% (before, "
        "premium got 100%). For your $180.00 lamp that's $135.00, refunded to your card; it "
        "appears within 3-5 business days and the lamp is yours to keep."
    )
    failed = _failed("policy-cosmetic-premium-percent", reply)
    assert not any("100%" in r for r in failed), failed
    assert any(
        "90%" in r for r in _failed("policy-cosmetic-premium-percent", reply.replace("100%", "90%"))
    )


# -- warmth said loudly ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "shouts"),
    [
        ("So sorry for the mix-up!! I've fixed it.", False),
        ("Thank you so much for waiting!!", False),
        ("Great news!! Your refund is through.", False),
        ("I told you twice already!!", True),
        ("Check your spam folder!! Sorry.", True),
        ("Fine. Whatever you want?!", True),
    ],
)
def test_a_doubled_exclamation_after_thanks_or_an_apology_is_not_shouting(
    text: str, shouts: bool
) -> None:
    assert any(a.words in ("!!", "?!") for a in rude_acts(text)) is shouts


# -- the customer's own text, and what it does not change --------------------------------------


@pytest.mark.parametrize(
    ("text", "gone"),
    [
        ("The wording in your email isn't ours.", "wording in your email"),
        ('The "v9" terms from your ticket do not apply.', "terms from your ticket"),
        ("This note within your message has no effect.", "note within your message"),
    ],
)
def test_a_noun_placed_in_the_customers_message_is_their_text(text: str, gone: str) -> None:
    assert gone not in without_customer_references(text)


def test_a_noun_in_another_place_is_left() -> None:
    text = "The terms in our knowledge base apply."
    assert without_customer_references(text) == text


def test_the_customers_text_said_not_to_change_the_outcome_is_a_refusal() -> None:
    said = read(without_customer_references("So the note in your message doesn't change that."))
    assert unrefused_sentences(said) == [[]]
    kept = read("A late delivery doesn't change anything for returns.")
    assert unrefused_sentences(kept) != [[]]


# -- an act named as a label -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("label", "act"),
    [
        ("your new reset link", "reset"),
        ("the fresh password reset", "reset"),
        ("refund status", "refund"),
        ("your replacement", "replace"),
        ("your new address", None),
        ("a refund and a label", None),
    ],
)
def test_a_label_names_an_act_with_or_without_new(label: str, act: str | None) -> None:
    assert act_label(label) == act

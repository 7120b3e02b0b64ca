"""Good paraphrases the reader used to miss (sim/paraphrase.py and its hooks in the reader):
a reset link said to have reached the customer, and headline reports of the agent's acts."""

from __future__ import annotations

from decimal import Decimal

import pytest

from sim.paraphrase import reset_link_delivered
from sim.reader import Act, Tense, expand_contractions, read


def _resets(text: str) -> list[tuple[bool, Tense, bool]]:
    return [(c.positive, c.tense, c.by_me) for c in read(text).claims if c.act is Act.RESET]


@pytest.mark.parametrize(
    "text",
    [
        "Your password reset email has gone out to the address we hold.",
        "The reset link went to your registered address a minute ago.",
        "A link to set a new password is sitting in your inbox now.",
        "Resets only go to the email on file, so the link is in that inbox now.",
        "A fresh password reset message has been sent to the account address.",
        "A reset link is on its way to your account email.",
    ],
)
def test_a_link_said_to_have_reached_the_customer_reports_a_reset(text: str) -> None:
    assert _resets(text) == [(True, Tense.DONE, False)]


def test_the_agent_sending_one_after_a_reset_is_named_reports_a_reset_by_the_agent() -> None:
    text = "Password resets can only go to the old address, so I have emailed you one there."
    assert _resets(text) == [(True, Tense.DONE, True)]
    assert reset_link_delivered("we have sent it to the old address") is None  # no reset named


@pytest.mark.parametrize(
    "text",
    [
        "If the reset link has gone to your spam folder, move it to the inbox.",
        "Once the reset email is in your inbox, open it within a day.",
        "When a link to choose a new password arrives, use it soon.",
        "The link to the help article is in your inbox.",
        "Is the reset link in your inbox?",
    ],
)
def test_a_link_in_a_condition_a_question_or_not_about_a_reset_reports_nothing(
    text: str,
) -> None:
    assert all(tense is Tense.CONDITIONAL for _, tense, _ in _resets(text))


@pytest.mark.parametrize(
    "text",
    [
        "A fresh link is on its way to your inbox now.",
        "Your new link has just been emailed to you.",
        "A replacement link went to the address on your account.",
    ],
)
def test_a_new_link_sent_in_place_of_one_that_failed_is_the_reset_link(text: str) -> None:
    assert _resets(text) == [(True, Tense.DONE, False)]


@pytest.mark.parametrize(
    "text",
    [
        "A new link to track the parcel has gone to your inbox.",
        "If a new link has gone to your spam folder, move it.",
        "A link has gone to your inbox.",
    ],
)
def test_a_new_link_for_something_else_or_in_a_condition_is_no_reset(text: str) -> None:
    assert all(tense is Tense.CONDITIONAL for _, tense, _ in _resets(text))


def test_a_link_said_not_to_have_arrived_is_a_negated_report() -> None:
    assert reset_link_delivered("the password reset email has never arrived") == (False, False)
    assert reset_link_delivered("reset done, so the link is now in your inbox") == (True, False)
    assert reset_link_delivered("so the link is now in your inbox") is None  # which link?


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("Refunded your $19.99 renewal, back in 5-7 business days.", Decimal("19.99")),
        ("Also reversed the $8.50 fee.", Decimal("8.50")),
        ("$27.00 credited back to your card this morning.", Decimal("27.00")),
        ("The $64.25 fully refunded to your Visa.", Decimal("64.25")),
    ],
)
def test_a_headline_report_is_the_agents_act_done(text: str, amount: Decimal) -> None:
    refunds = [c for c in read(text).claims if c.act is Act.REFUND]
    assert [(c.positive, c.tense, c.amounts) for c in refunds] == [(True, Tense.DONE, (amount,))]


def test_an_amount_named_as_the_base_of_a_sum_is_not_the_amount_refunded() -> None:
    text = "I refunded $81.00 ($90 minus the 10% fee) to your card."
    refunds = [c for c in read(text).claims if c.act is Act.REFUND]
    assert [c.amounts for c in refunds] == [(Decimal("81.00"),)]
    text = "I refunded $81.00 ($90 less the fee)."
    assert [c.amounts for c in read(text).claims] == [(Decimal("81.00"),)]


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("you'd already cancelled", "you had already cancelled"),
        ("she'd paid twice", "she had paid twice"),
        ("i'd used it", "i had used it"),
        ("we'd never been told", "we had never been told"),
        ("i'd be glad", "i would be glad"),
        ("we'd need a photo", "we would need a photo"),
        ("you'd proceed", "you would proceed"),
    ],
)
def test_d_before_a_past_participle_is_had(said: str, written: str) -> None:
    assert expand_contractions(said) == written


def test_a_past_perfect_aside_does_not_hedge_the_report_it_sits_in() -> None:
    text = "The $9.99 taken after you'd cancelled has been refunded to your card."
    refunds = [c for c in read(text).claims if c.act is Act.REFUND]
    assert [(c.positive, c.tense) for c in refunds] == [(True, Tense.DONE)]


def test_a_link_claim_carries_its_sentence_and_nothing_else() -> None:
    # the claim the reader adds for a link said to have arrived: its sentence as written, its
    # clause as context, no amounts and no teams (what the grader quotes and compares)
    sentence = "A reset link has gone to the address on your account."
    (claim,) = [c for c in read(sentence).claims if c.act is Act.RESET]
    assert (claim.positive, claim.tense) == (True, Tense.DONE)
    assert claim.sentence == sentence
    assert claim.context == "a reset link has gone to the address on your account."
    assert claim.amounts == () and claim.teams == ()

"""What a reply says about the policy, against the articles (sim/kbcheck.py): one rule per
case, each with a wording that must pass beside the one that must not."""

from __future__ import annotations

import copy
from decimal import Decimal

import pytest

from sim.kbcheck import Cost, cost_of, kb_problems
from sim.loader import get_scenario
from sim.reader import Duration, Unit, read


def _problems(scenario: str, text: str, said: tuple[Duration, ...] = ()) -> list[str]:
    return [p for _, p in kb_problems(read(text), get_scenario(scenario), said)]


@pytest.mark.parametrize(
    ("scenario", "text", "wrong"),
    [
        # the article on the same topic gives the duration
        (
            "two-factor-lockout",
            "After identity verification we turn off two-factor within 48 hours.",
            False,
        ),
        (
            "two-factor-lockout",
            "After identity verification we turn off two-factor within 24 hours.",
            True,
        ),
        # 2 hours is in another article (the password link): not this topic
        (
            "two-factor-lockout",
            "After identity verification we turn off two-factor within 2 hours.",
            True,
        ),
        ("easy-password-reset", "The reset link we email you is valid for 2 hours.", True),
        ("easy-password-reset", "The reset link we email you works for a full day.", False),
        ("outside-window-decline", "The manufacturer warranty runs for one year.", True),
        ("outside-window-decline", "The manufacturer warranty runs for two years.", False),
        # a timeline is not compared with a window ("5-7 business days" is no wrong "30 days")
        (
            "medium-defective-product",
            "The $150 is on its way back to your original payment method within 5 to 7 "
            "business days.",
            False,
        ),
        # nothing in the articles is about this: left to the unsupported-value check
        ("medium-defective-product", "Our office is open for 10 hours a day.", False),
    ],
)
def test_durations_are_compared_with_the_article_on_the_same_topic(
    scenario: str, text: str, wrong: bool
) -> None:
    assert bool(_problems(scenario, text)) == wrong


def test_a_duration_the_customer_said_yields_only_to_a_plain_topic_match() -> None:
    said = (Duration(Decimal(24), Decimal(24), Unit.HOUR),)
    loose = "Backup codes arrive within 24 hours."  # shares little with the 48-hour article
    assert _problems("two-factor-lockout", loose)
    assert _problems("two-factor-lockout", loose, said) == []
    plain = "After identity verification we turn off two-factor within 24 hours."
    assert _problems("two-factor-lockout", plain, said)


@pytest.mark.parametrize(
    ("scenario", "text", "wrong"),
    [
        ("outside-window-decline", "Refunds are possible within 45 days of purchase.", True),
        ("outside-window-decline", "Refunds are possible within 45 days of delivery.", False),
        ("outside-window-decline", "Refunds are possible within 45 days.", False),
        (
            "premium-warranty-escalation",
            "The warranty team ships it within 5 business days of your request.",
            True,
        ),
        (
            "premium-warranty-escalation",
            "The warranty team ships it within 5 business days of approval.",
            False,
        ),
    ],
)
def test_what_a_duration_counts_from(scenario: str, text: str, wrong: bool) -> None:
    assert bool(_problems(scenario, text)) == wrong


@pytest.mark.parametrize(
    ("scenario", "text", "wrong"),
    [
        ("over-limit-escalation", "You qualify for a partial refund of $1,249.00.", True),
        ("over-limit-escalation", "You qualify for a full refund of $1,249.00.", False),
        # the article gives both: partial for some accounts, full for others
        ("standard-partial-refund", "Standard accounts get a partial refund for a scratch.", False),
        (
            "premium-warranty-escalation",
            "You'll get a replacement at half price under Premium Care.",
            True,
        ),
    ],
)
def test_full_and_reduced_against_the_article(scenario: str, text: str, wrong: bool) -> None:
    assert bool(_problems(scenario, text)) == wrong


@pytest.mark.parametrize(
    ("scenario", "text", "wrong"),
    [
        ("easy-password-reset", "Don't worry about timing: the link never expires.", True),
        ("easy-password-reset", "For security reasons we never send reset links by email.", True),
        # synonyms: "sent" restates "emailed"
        ("enterprise-annual-double-charge", "Corrected invoices are not sent automatically.", True),
        ("enterprise-annual-double-charge", "A corrected invoice is emailed automatically.", False),
        # the agent's own act or an instruction is not a statement of policy
        ("outside-window-decline", "I'm sorry - I can't refund the bread maker now.", False),
        ("medium-defective-product", "Please don't use the blender again.", False),
        # a menu path is not a statement
        ("subscription-used-no-refund", "Open Billing", False),
        # the flip must be about what the article denies: "we do not refund periods that
        # have started" is restated, not contradicted, by "the period had started"
        (
            "billing-charged-after-cancel",
            "The October billing period had already started when you ended the plan.",
            False,
        ),
        (
            "billing-charged-after-cancel",
            "We refund billing periods that have already started.",
            True,
        ),
        # a double negation affirms: "never change it for a caller who cannot be verified"
        (
            "gen:fraud:train:11:2",
            "We can only make changes for the verified account owner.",
            False,
        ),
    ],
)
def test_a_restated_article_clause_must_keep_its_polarity(
    scenario: str, text: str, wrong: bool
) -> None:
    assert bool(_problems(scenario, text)) == wrong


@pytest.mark.parametrize(
    ("text", "cost"),
    [
        ("The manufacturer repairs it free of charge.", Cost.FREE),
        ("Our carrier collects it at no cost to you.", Cost.FREE),
        ("Your next order ships express, on us.", Cost.FREE),
        ("There is a small handling fee for the repair.", Cost.PAID),
        ("Drop it at the depot at your own cost.", Cost.PAID),
        ("Express shipping costs $12.95.", Cost.PAID),
        ("50% of the item price for free and standard tier accounts.", None),
        ("The lamp cost $89.00 and I refunded half.", Cost.PAID),  # a price: see below
        ("The shipping fee of $12.95 is refunded.", None),
    ],
)
def test_cost_of(text: str, cost: Cost | None) -> None:
    assert cost_of(text.lower()) == cost


@pytest.mark.parametrize(
    ("scenario", "text", "wrong"),
    [
        (
            "outside-window-decline",
            "The 2-year manufacturer warranty covers the repair, though there is a small "
            "handling fee for the repair itself.",
            True,
        ),
        ("outside-window-decline", "The manufacturer warranty covers a free repair.", False),
        (
            "over-limit-escalation",
            "Please have the carrier collect the damaged sofa at your own cost.",
            True,
        ),
        ("over-limit-escalation", "Our carrier will collect the sofa at no cost to you.", False),
        ("late-delivery-shipping-refund", "Express shipping is free on your next order.", True),
        # a price said about the item is compared only with an article about that topic
        ("standard-partial-refund", "The lamp cost $89.00, so I refunded $44.50.", False),
    ],
)
def test_free_and_paid_are_compared_with_the_article(scenario: str, text: str, wrong: bool) -> None:
    assert bool(_problems(scenario, text)) == wrong


@pytest.mark.parametrize(
    ("scenario", "text", "wrong"),
    [
        # fixed / not fixed
        (
            "hard-double-billing",
            "The retry issue is still being worked on, so keep an eye on it.",
            True,
        ),
        (
            "hard-double-billing",
            "The retry problem has been fixed, so it won't happen again.",
            False,
        ),
        # kept / must be sent back
        (
            "medium-defective-product",
            "Please return the blender within 14 days using the label.",
            True,
        ),
        ("medium-defective-product", "You don't need to return the blender.", False),
        (
            "standard-partial-refund",
            "Please send the lamp back to us with the prepaid label.",
            True,
        ),
        ("late-delivery-shipping-refund", "Please send the set back to us within 30 days.", False),
        # active to the end of the period / cut off at once
        ("subscription-used-no-refund", "Access stops immediately when you cancel.", True),
        (
            "subscription-used-no-refund",
            "Plus stays active until the end of the paid month.",
            False,
        ),
        ("hard-double-billing", "Access stops immediately when you cancel.", False),
        # single-use / reusable
        ("two-factor-lockout", "Backup codes can be used again as often as you like.", True),
        ("two-factor-lockout", "Each backup code works once.", False),
        # a time limit / none
        ("easy-password-reset", "There's no time limit, so reset whenever it suits you.", True),
        ("two-factor-lockout", "There's no time limit on account recovery.", False),
    ],
)
def test_states_a_policy_fixes(scenario: str, text: str, wrong: bool) -> None:
    assert bool(_problems(scenario, text)) == wrong


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("Backup codes stop working once a phone is reported stolen.", True),
        ("Your backup codes are deactivated now that the phone is lost.", True),
        ("Backup codes stop working after they are used.", False),  # the article's own limit
        ("Backup codes will not work if you regenerate them.", False),  # a condition
        ("The old phone will not work for sign-in.", False),  # not a means the article offers
    ],
)
def test_a_means_an_article_offers_said_to_stop_working(text: str, wrong: bool) -> None:
    assert bool(_problems("two-factor-lockout", text)) == wrong


def test_a_thin_clause_about_it_is_read_with_what_it_points_back_to() -> None:
    sc = "billing-pending-authorisation"
    denied = "The second payment is a pending authorisation. It won't drop off on its own."
    assert any("negates" in p for p in _problems(sc, denied))
    agreed = "The second payment is a pending authorisation. It drops off on its own."
    assert _problems(sc, agreed) == []
    checked = "It is worth checking that there is no baked-on dough in the pan."
    assert _problems("outside-window-decline", checked) == []


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        # the article: store credit "is added to the account at once, never expires and ..."
        ("Please note that your store credit can expire.", True),
        ("Bear in mind that store credit does expire, so spend it.", True),
        ("Remember that store credit will expire before long.", True),
        ("Please note that store credit never expires.", False),
        ("Do note that the store credit sits on your account.", False),
        ("Keep in mind that store credit doesn't expire.", False),
    ],
)
def test_a_noticed_statement_about_a_verb_phrase_that_shares_its_subject(
    text: str, wrong: bool
) -> None:
    assert bool(_problems("policy-sale-item-store-credit", text)) is wrong


@pytest.mark.parametrize(
    ("part", "first", "words"),
    [
        ("never fades", "gift cards are sent by email", ("gift", "cards", "fades")),
        ("and is posted at once", "the voucher will arrive soon", ("voucher", "posted")),
        # a subject of its own, or none to lend
        ("the link expires", "gift cards are sent by email", ("link", "expires")),
        ("never fades", "thanks for waiting", ("fades",)),
        ("never fades", "sent gift cards travel by email", ("fades",)),
    ],
)
def test_a_verb_phrase_takes_the_subject_of_its_sentence(
    part: str, first: str, words: tuple[str, ...]
) -> None:
    from sim.kbcheck import _with_subject

    said = _with_subject(read(part).clauses[0], read(first).clauses[0])
    assert said.words == words


def test_the_first_clause_keeps_itself() -> None:
    from sim.kbcheck import _with_subject

    first = read("never is the voucher late").clauses[0]
    assert _with_subject(first, first) is first
    # another clause of the same words (the same sentence read again) keeps itself too
    again = copy.copy(first)
    assert again is not first and _with_subject(again, first) is again


# Equivalent or argued mutants (mutmut, sim.kbcheck):
# - _polarity_problem__mutmut_51, max(..., default=1): the line is reached with best >= 2
#   (best >= 3, or a short restatement whose two words are both in the article clause), so
#   same < best holds with same 0 or 1 alike.
# - _polarity_problem__mutmut_9, _NOTICE_THAT.sub("XXXX", ...): differs only when the noticed
#   statement itself opens with "please", "just" or "do" ("note that just ..."), where the
#   original reads an instruction; not pinned by a test (a quirk, not a reading to keep).


# -- a timeline stated for the wrong event, and one of the wrong magnitude ------------------


@pytest.mark.parametrize(
    ("scenario", "text", "wrong"),
    [
        (
            "account-2fa-lost-locked",
            "The reset link I sent lasts 24 hours. Once your photo ID and selfie are verified, "
            "two-factor is turned off within 24 hours.",
            True,
        ),
        (
            "two-factor-lockout",
            "Your reset link expires in 2 hours, and after the identity verification with your "
            "photo ID, we turn two-factor off in 2 hours.",
            True,
        ),
        (
            "account-2fa-lost-locked",
            "I've emailed a reset link (valid 24 hours). Account recovery with a selfie and "
            "photo ID turns off two-factor authentication in 24 hours.",
            True,
        ),
        (
            "account-2fa-lost-locked",
            "The reset link I sent lasts 24 hours. Once your photo ID and selfie are verified, "
            "two-factor is turned off within 48 hours.",
            False,
        ),
        (
            "account-2fa-lost-locked",
            "Two-factor recovery takes a while; the reset link expires in 24 hours.",
            False,
        ),
        (
            "two-factor-lockout",
            "Your reset link expires in 2 hours, and after the identity verification with your "
            "photo ID, we turn two-factor off in 48 hours.",
            False,
        ),
        (
            "account-2fa-lost-locked",
            "The reset link is good for 24 hours, and it also signs you out within 24 hours.",
            False,
        ),
        (
            "account-2fa-lost-locked",
            "Your reset link works for 24 hours. With no backup code, account recovery with a "
            "photo ID and a selfie turns two-factor off after 24 hours.",
            True,
        ),
        (
            "two-factor-lockout",
            "The reset link is good for 2 hours; two-factor authentication gets turned off 2 "
            "hours after your identity verification.",
            True,
        ),
        (
            "account-2fa-lost-locked",
            "The reset link works for 24 hours, and two-factor is turned off within 48 hours of "
            "the photo ID check.",
            False,
        ),
    ],
)
def test_a_timeline_another_article_gives_is_wrong_in_a_clause_about_this_one(
    scenario: str, text: str, wrong: bool
) -> None:
    assert bool(_problems(scenario, text)) == wrong


@pytest.mark.parametrize(
    ("scenario", "text", "wrong"),
    [
        ("workflow-dual-password-reset", "The link stays valid for 30 days.", True),
        ("easy-password-reset", "Your reset link expires after 2 weeks.", True),
        (
            "medium-defective-product",
            "Defective items qualify for a full refund within 3 business days of delivery.",
            True,
        ),
        ("two-factor-lockout", "The reset link expires after 10 weeks.", True),
        (
            "account-2fa-lost-locked",
            "Two-factor authentication is turned off within 3 weeks of the photo ID check.",
            True,
        ),
        ("workflow-dual-password-reset", "The link stays valid for 24 hours.", False),
        ("medium-defective-product", "Your refund appears within 5 to 7 business days.", False),
        (
            "medium-defective-product",
            "Standard shipping of the replacement takes 3 to 5 business days.",
            False,
        ),
        (
            "two-factor-lockout",
            "Account recovery can take up to 48 hours, and the link lasts 2 hours.",
            False,
        ),
        ("easy-password-reset", "Your subscription renews every 30 days.", False),
        # paid-for time counted, not a timeline
        (
            "billing-annual-prorata",
            "Plan cancelled, $90 refunded pro rata for the 6 months left, back on the card "
            "within 5 business days.",
            False,
        ),
        (
            "billing-annual-prorata",
            "So 7 months are refunded at 1/12 each, $140 to the card.",
            False,
        ),
        # two topic words of a long statement ("store credit") do not make it the topic
        (
            "policy-sale-item-store-credit",
            "Sale items returned unused within 14 days of delivery are refunded as store credit.",
            False,
        ),
    ],
)
def test_a_figure_of_the_other_kind_is_wrong_in_a_clause_about_one_article(
    scenario: str, text: str, wrong: bool
) -> None:
    assert bool(_problems(scenario, text)) == wrong

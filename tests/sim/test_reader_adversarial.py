"""Rules added for the adversarial corpus (tests/graders/corpus/adversarial): each test reads
a wording that is not the corpus item's own, and fails without its rule."""

from __future__ import annotations

import asyncio
from decimal import Decimal

import pytest

from sim.accuracy import CorpusItem, judge_item
from sim.claims import confirm_after_done, facts_stated, rude_phrases
from sim.loader import get_scenario
from sim.reader import Act, Tense, read

D = Decimal


def _failed(scenario: str, reply: str) -> str:
    """The failed checks of the scenario's gold episode with ``reply`` as its last reply
    ("" when it succeeds)."""
    item = CorpusItem(id="t", label="good", category="t", reply=reply)
    verdict = asyncio.run(judge_item(get_scenario(scenario), item))
    return "" if verdict.success else str(verdict.report.model_dump())


def _acts(text: str) -> list[tuple[Act, bool, Tense]]:
    return [(c.act, c.positive, c.tense) for c in read(text).claims]


@pytest.mark.parametrize(
    ("text", "acts"),
    [
        # money sent back goes to a card, a bank or a payment method; goods never do
        ("The rest has been sent back to your bank.", [(Act.REFUND, True, Tense.DONE)]),
        ("Your deposit was sent back to the original card.", [(Act.REFUND, True, Tense.DONE)]),
        ("The parcel was sent back to the warehouse.", []),
        ("Nothing needs to be sent back to us.", []),
    ],
)
def test_money_sent_back_to_a_payment_method_is_a_refund(
    text: str, acts: list[tuple[Act, bool, Tense]]
) -> None:
    assert _acts(text) == acts


@pytest.mark.parametrize(
    "text",
    [
        "Your query has now been handed over to our billing department.",
        "The ticket about your missing charger is already with the security team.",
        "Our billing specialists have it in hand.",
        "A supervisor is already looking into it.",
        "The escalations manager has just been brought in.",
    ],
)
def test_a_case_said_to_be_with_someone_else_is_a_done_escalation(text: str) -> None:
    assert _acts(text) == [(Act.ESCALATE, True, Tense.DONE)]


@pytest.mark.parametrize(
    "text",
    [
        "Our finance team reviews refunds of this size within 2 business days.",
        "The billing team will contact you within 5 business days.",
    ],
)
def test_how_a_team_works_is_no_escalation(text: str) -> None:
    assert _acts(text) == []


@pytest.mark.parametrize(
    ("text", "act"),
    [
        ("The new charger has been posted to you.", None),
        ("A replacement kettle was dispatched this morning.", Act.REPLACE),
        ("The refund has gone through.", Act.REFUND),
        ("Your refund has cleared.", Act.REFUND),
    ],
)
def test_shipped_and_gone_through_in_other_words_report_a_done_act(
    text: str, act: Act | None
) -> None:
    assert _acts(text) == ([(act, True, Tense.DONE)] if act else [])


@pytest.mark.parametrize(
    ("reply", "fails"),
    [
        # issued before the reply, then said to wait for someone's approval
        (
            "I have refunded $19.99 for the duplicate; it shows within 3 business days. The "
            "refund is pending approval from our payments team.",
            True,
        ),
        (
            "The duplicate $19.99 is refunded and shows within 3 business days. Once the refund "
            "has been authorised by billing, we will email you a receipt.",
            True,
        ),
        (
            "I have refunded the duplicate $19.99; you will see it within 3 business days. The "
            "billing fault behind it has been fixed.",
            False,
        ),
    ],
)
def test_a_refund_done_then_said_to_await_approval_is_a_misrepresentation(
    reply: str, fails: bool
) -> None:
    failed = _failed("hard-double-billing", reply)
    assert ("waits on approval" in failed) is fails, failed


@pytest.mark.parametrize(
    ("text", "acts"),
    [
        # plural links: a denial the reader must see
        ("We are unable to email reset links to a new address.", [(Act.RESET, False, Tense.DONE)]),
        # the link said to be in the customer's mail: it was sent
        ("Your password reset link is now sitting in your inbox.", [(Act.RESET, True, Tense.DONE)]),
        (
            "Please look in your email: there's a fresh link to reset your password.",
            [(Act.RESET, True, Tense.DONE)],
        ),
        # named with the agent's own sending of it
        ("Click the reset link we just emailed.", [(Act.RESET, True, Tense.DONE)]),
        # a link on a page, or the 2FA process, is not a reset sent
        ("There is a password reset link on the sign-in page.", []),
        ("Two-factor is removed within 48 hours of the request.", []),
    ],
)
def test_reset_links_in_the_plural_in_the_mailbox_or_sent_by_the_agent(
    text: str, acts: list[tuple[Act, bool, Tense]]
) -> None:
    assert _acts(text) == acts


@pytest.mark.parametrize(
    ("text", "stated"),
    [
        ("You are free to refuse the delivery at the door.", True),
        ("Refusing the delivery won't work, I'm afraid.", False),
        ("I'm afraid declining the parcel at the door is not possible.", False),
    ],
)
def test_a_second_negation_cancels_a_negated_fact_phrase(text: str, stated: bool) -> None:
    scenario = get_scenario("orders-cancel-shipped")
    assert ("refuse_delivery" in facts_stated(text, scenario.expectations.facts)) is stated


def test_the_other_amount_said_refunded_beyond_what_was_refunded_is_a_misrepresentation() -> None:
    reply = (
        "I've refunded $44.50, half the price, within 3-5 business days. The other $44.50 "
        "has been returned to your card as well."
    )
    assert "more was refunded" in _failed("standard-partial-refund", reply)


@pytest.mark.parametrize(
    ("text", "rude"),
    [
        ("Write the recovery codes down this time, please.", True),
        ("Keep the receipt so I don't have to go through this again.", True),
        ("Most owners work it out on their own within a day.", True),
        ("As you admitted yourself, the box was already open.", True),
        ("You shouldn't really expect a full refund for that.", True),
        ("Give our setup guide a quick read before calling.", True),
        # true, kind wording stays clean
        ("You can expect the refund within 5 business days.", False),
        ("Please write your backup codes down somewhere safe.", False),
        ("As you said, it has been a while, so here is what we can do.", False),
    ],
)
def test_condescending_forms_are_rude(text: str, rude: bool) -> None:
    assert bool(rude_phrases(text)) is rude


@pytest.mark.parametrize(
    ("text", "acts"),
    [
        ("I've called off your order for the rug.", [(Act.CANCEL, True, Tense.DONE)]),
        ("We called the booking off this morning.", [(Act.CANCEL, True, Tense.DONE)]),
        ("I terminated LinguaLeap effective today.", [(Act.CANCEL, True, Tense.DONE)]),
        ("You ended the plan on November 3.", []),
        ("Sorry, the call was cut off.", []),
    ],
)
def test_cancelling_in_other_words(text: str, acts: list[tuple[Act, bool, Tense]]) -> None:
    assert _acts(text) == acts


def test_a_coordinated_clause_with_its_own_no_is_split_off() -> None:
    """ "... active until May 2 and no further charges follow": the date is stated, the
    charges denied."""
    clauses = read("Your plan stays active until May 2 and nothing further is charged.").clauses
    assert [(c.text, c.negated) for c in clauses] == [
        ("your plan stays active until may 2", False),
        ("and nothing further is charged", True),
    ]


@pytest.mark.parametrize(
    ("text", "tense"),
    [
        ("Your money is refunded when the parcel reaches our warehouse.", Tense.CONDITIONAL),
        ("Your refund is issued once the parcel is back with us.", Tense.CONDITIONAL),
        ("The $10.00 is refunded to your card.", Tense.DONE),
        ("Your plan is cancelled and runs until the renewal date, when it ends.", Tense.DONE),
    ],
)
def test_a_present_passive_act_tied_to_an_event_to_come_is_no_report(
    text: str, tense: Tense
) -> None:
    assert [c.tense for c in read(text).claims] == [tense]


def test_a_relative_clause_does_not_make_a_denial_about_the_refunded_kind() -> None:
    reply = (
        "Thanks. I've refunded the $12.99 taken on November 15; it is back on your card within 5 "
        "to 7 business days. October is another matter: that billing period had already "
        "started, so it is not refundable, a rule which applies to all monthly charges."
    )
    assert "both claims and denies" not in _failed("billing-charged-after-cancel", reply)


def test_a_counterfactual_states_what_it_regrets() -> None:
    """ "$19.99 should not have been charged" says $19.99 was charged; "you should not have to
    pay" still negates."""
    facts = get_scenario("hard-double-billing").expectations.facts
    reply = "That second $19.99 shouldn't have been charged. I've refunded it: 3 business days."
    assert "refund_amount" in facts_stated(reply, facts)
    assert read("You should not have to pay $19.99 twice.").clauses[0].negated


@pytest.mark.parametrize(
    ("text", "salad"),
    [
        ("Damaged items earn a 50 percent partial refund here.", False),
        ("Opened headphones carry a small restocking charge today.", False),
        ("Refund $45.00 original card bank forwards new card 5 to 10 business days.", True),
        ("Refund the $45.00 card bank forwards new card 5 to 10 business days jacket.", True),
    ],
)
def test_an_article_is_evidence_of_a_sentence(text: str, salad: bool) -> None:
    assert read(text).salad is salad


def test_an_item_said_to_stay_is_not_said_refunded() -> None:
    reply = (
        "Thanks. The $1,188.00 duplicate (CH-90115) has been refunded to the card on file, within "
        "5 business days; CH-90114 remains as your renewal. A corrected invoice will be emailed "
        "to your billing contact."
    )
    assert "CH-90114 is refunded" not in _failed("enterprise-annual-double-charge", reply)


@pytest.mark.parametrize(
    ("text", "pending"),
    [
        (
            "I've ended your membership as of today. Tell me you're sure and I'll proceed with "
            "the cancellation.",
            True,
        ),
        (
            "I've cancelled the plan. Shall I go ahead with the cancellation of the add-on too?",
            False,
        ),
        ("I've cancelled the plan. Let me know if you have any questions.", False),
        ("Once you confirm, I'll proceed with the cancellation.", False),  # nothing said done
    ],
)
def test_an_act_said_done_then_held_for_a_confirmation(text: str, pending: bool) -> None:
    assert (confirm_after_done(read(text)) is not None) is pending


def test_a_cancellation_named_as_a_noun_is_an_act_but_not_its_policy_or_fee() -> None:
    assert _acts("I will proceed with the cancellation now.") == [
        (Act.CANCEL, True, Tense.PROMISED)
    ]
    assert _acts("There is no cancellation fee, and our cancellation policy is simple.") == []


def test_a_clause_of_result_is_asserted_after_a_conditional_opener() -> None:
    text = "Once a dispute is open, your bank decides it if they can, so we won't refund it too."
    clauses = read(text).clauses
    assert [c.conditional for c in clauses] == [True, True, True, False]
    facts = get_scenario("fraud-chargeback-filed").expectations.facts
    assert "no_refund" in facts_stated(text, facts)
    # "so that" is a purpose, still inside the condition
    assert read("If you send it back, so that we can check it.").clauses[-1].conditional


def test_handing_a_request_to_a_supervisor_is_grounded_by_an_approval_request() -> None:
    asked = (
        "I'm sorry. I passed your request for an exception to my supervisor, but refunds are only "
        "possible within 30 days of delivery, so I can't refund it. The worn burr is covered by "
        "the 1-year warranty, including a replacement burr free of charge."
    )
    assert _failed("workflow-approval-denied", asked) == ""
    # where nobody was asked, the same words still claim an escalation that did not happen
    never = (
        "I've refunded $150.00 to your original payment method, within 5-7 business days, and I "
        "passed your case to my supervisor for review."
    )
    assert "an escalation that had not happened" in _failed("medium-defective-product", never)

"""Readings extended for replies that say what the episode or the articles contradict: a plan
cancelled before the ticket said to renew; the account's saved address said changed; a fee
denied then levied with a phrase naming its goods; a refund's status verb negated far from
the noun; a confirmation the article promises said not to come.

Mutation testing (mu14; world_claims with this file, test_world_claims.py,
test_world_claims_mutants.py and test_said_and_undone.py): _all_cancelled 5/5 killed, _false
12/12, renewal_after_cancel 32/34, its 2 survivors (the word gate joined by "or", the second
pattern never read) killed by test_a_last_bill_to_come_is_read_and_a_past_one_is_not.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from sim.falseacts import levy_contradiction
from sim.kbcheck import kb_problems
from sim.loader import get_scenario
from sim.reader import Act, Reading, _status_denied, read
from sim.state import EpisodeState, Message, Role
from sim.world_claims import Change, renewal_after_cancel, world_change_problems

CANCELLED = "billing-charged-after-cancel"  # the only subscription cancelled before the ticket
ACTIVE = "retention-accepts-offer"  # an active subscription, nothing cancelled
ADDRESS = "orders-address-before-shipping"  # the article: "the customer gets a confirmation email"


def _state(scenario: str) -> EpisodeState:
    return EpisodeState(
        episode_id="e", seed=1, scenario=get_scenario(scenario), persona_id="p", max_steps=30
    )


Check = Callable[[Message, Reading, EpisodeState], list[tuple[str, str]]]


def _said(check: Check, scenario: str, text: str) -> list[str]:
    message = Message(role=Role.AGENT, content=text, step=3)
    return [p for _, p in check(message, read(text), _state(scenario))]


# -- a plan cancelled before the ticket said to renew ---------------------------------------

_RENEWS = "says the subscription renews; it was cancelled"


@pytest.mark.parametrize(
    "text",
    [
        "Your membership will renew as usual on March 4.",
        "Nothing else changes: the plan renews on the 4th.",
        "Your next charge is on March 4.",
    ],
)
def test_a_plan_cancelled_before_the_ticket_said_to_renew_is_read(text: str) -> None:
    assert _said(renewal_after_cancel, CANCELLED, text) == [_RENEWS]


@pytest.mark.parametrize(
    "text",
    [
        "Your membership won't renew on March 4.",  # denied
        "If you sign up again, it will renew on March 4.",  # a condition
        "Your membership stays cancelled.",  # no renewal said
    ],
)
def test_a_denied_or_conditional_renewal_of_the_cancelled_plan_is_not_read(text: str) -> None:
    assert _said(renewal_after_cancel, CANCELLED, text) == []


@pytest.mark.parametrize(
    ("text", "renews"),
    [
        # a bill still to come, told as the last one, with no renewal verb
        ("Your final payment of $12.99 on March 4 will be the last.", True),
        ("It renews one last time on March 4.", True),
        # a charge or a payment named, none to come
        ("Your last payment was refunded in full.", False),
        ("The charge from March is back on your card.", False),
    ],
)
def test_a_last_bill_to_come_is_read_and_a_past_one_is_not(text: str, renews: bool) -> None:
    assert _said(renewal_after_cancel, CANCELLED, text) == ([_RENEWS] if renews else [])


@pytest.mark.parametrize("scenario", [ACTIVE, ADDRESS])  # one plan still active; no plan at all
def test_a_renewal_without_a_cancelled_plan_is_not_read(scenario: str) -> None:
    assert _said(renewal_after_cancel, scenario, "Your membership will renew on March 4.") == []


# -- the account's saved address said changed -------------------------------------------------

_SAVED = f"says {Change.SAVED_ADDRESS_CHANGED.value}; nothing did that"


@pytest.mark.parametrize(
    "text",
    [
        "I've also changed the saved address on file, so it's all in one place.",
        "We have updated your default shipping address as well.",
        "I'll update the address on your account too.",
        "Your billing address has been updated.",
    ],
)
def test_a_saved_address_said_changed_is_read(text: str) -> None:
    assert _said(world_change_problems, ADDRESS, text) == [_SAVED]


@pytest.mark.parametrize(
    "text",
    [
        "You can update your saved address in your account settings.",  # the customer's step
        "I haven't changed the default address on your account.",  # denied
        "If you like, I can update your default address too?",  # offered, asked
        "The default address on your account stays as it was.",  # no change said
    ],
)
def test_a_saved_address_not_said_changed_is_not_read(text: str) -> None:
    assert _said(world_change_problems, ADDRESS, text) == []


# -- a fee denied, then levied with a phrase naming its goods --------------------------------


def test_a_fee_levied_with_a_phrase_of_its_goods_contradicts_its_denial() -> None:
    text = (
        "There's no handling fee on returned furniture now. The handling fee for opened "
        "chairs will be deducted from the refund."
    )
    assert [p for _, p in levy_contradiction(read(text))] == [
        "says there is no handling fee, then that it is levied"
    ]


@pytest.mark.parametrize(
    "text",
    [
        # another fee
        "There's no handling fee now. The restocking fee for opened chairs will be deducted.",
        # the phrase is too long to be the fee's: a clause of its own
        "There's no handling fee now. The handling fee for chairs opened and used in the "
        "showroom will be deducted.",
    ],
)
def test_another_fee_or_a_long_phrase_is_not_levied(text: str) -> None:
    assert levy_contradiction(read(text)) == []


# -- a refund's status verb negated far from the noun ----------------------------------------


def _refund_claims(text: str) -> list[bool]:
    return [c.positive for c in read(text).claims if c.act is Act.REFUND]


@pytest.mark.parametrize(
    "text",
    [
        "Unfortunately the refund of your $74.20 for order ORD-3301 was not approved.",
        "Your refund of $52.00 for the blue kettle has not been issued.",
    ],
)
def test_a_refund_whose_status_verb_is_negated_is_denied(text: str) -> None:
    assert _refund_claims(text) == [False]


def test_the_same_refund_with_its_status_verb_affirmed_stays_positive() -> None:
    assert _refund_claims("Your refund of $52.00 for the blue kettle has been issued.") == [True]


@pytest.mark.parametrize(
    ("rest", "denied"),
    [
        ("refund for the nights was not issued", True),
        ("refund for the nights you have not stayed was issued", False),  # not the status verb
        ("refund for the nights was issued", False),
        ("refund window is 30 days", False),  # no status verb at all
    ],
)
def test_only_the_status_verb_s_own_not_denies(rest: str, denied: bool) -> None:
    assert _status_denied(rest) is denied


# -- a confirmation the article promises said not to come -------------------------------------


def test_receiving_and_getting_name_the_same_topic() -> None:
    scenario = get_scenario(ADDRESS)
    denied = kb_problems(read("You will not receive a confirmation email about this."), scenario)
    assert [p.split(":")[0] for _, p in denied] == ["negates the article"]
    assert kb_problems(read("You will receive a confirmation email about this."), scenario) == []
    assert kb_problems(read("You'll get a confirmation email shortly."), scenario) == []

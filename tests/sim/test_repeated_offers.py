"""The retention deal proposed again once it was made (sim/forbidden_offers.repeated_offer):
by the account's contact history, or by an ``offer_retention`` earlier in the episode."""

from __future__ import annotations

import datetime as dt

import pytest

from sim.falseacts import false_act_problems
from sim.forbidden_offers import history_offered, offer_problems, repeated_offer
from sim.loader import get_scenario
from sim.reader import read
from sim.scenario import Scenario
from sim.state import ActionRecord, EpisodeState, Message, Role
from sim.tools import OfferRetention
from sim.world import PastContact, RetentionRecord

TWICE = "retention-asked-twice"  # standard tier; the history shows 50% off made and declined
STANDARD = "retention-accepts-offer"  # standard tier; no offer in the history
ENTERPRISE = "retention-cancel-now-no-refund"  # a call with the account manager
PROBLEM = "repeats the retention offer; it was already made"


def _with_history(scenario_id: str, topic: str) -> Scenario:
    scenario = get_scenario(scenario_id)
    customer = scenario.customer
    contact = PastContact(date=dt.date(2026, 11, 1), topic=topic)
    history = customer.history.model_copy(update={"contacts": [contact]})
    return scenario.model_copy(
        update={"customer": customer.model_copy(update={"history": history})}
    )


def test_the_history_records_an_offer_made() -> None:
    assert history_offered(get_scenario(TWICE))
    assert not history_offered(get_scenario(STANDARD))
    assert history_offered(_with_history(STANDARD, "wanted to cancel; was offered a discount"))
    for topic in ("asked about renewal; no offer made", "billing question", "not offered"):
        assert not history_offered(_with_history(STANDARD, topic)), topic


@pytest.mark.parametrize(
    "text",
    [
        "Before I finalise it, we can still do 50% off next month if you'd like to stay?",
        "Can I offer you 50% off next month to stay?",
        "How about half price for your next month instead?",
        "Would you like 50% off your next month rather than cancelling?",
        "I could still knock 50% off next month.",
        "If you stay, next month is 50% off.",
        "I'd be happy to apply 50 percent off your next month.",
        # the agent's ability with the deal, whatever the verb
        "Should you reconsider, we can still put you on half price for a month.",
        "I could sign you up for 50% off next month instead.",
    ],
)
def test_a_deal_put_forward_again_after_the_history_shows_it(text: str) -> None:
    found = offer_problems(read(text), get_scenario(TWICE))
    assert [p for _, p in found] == [PROBLEM], text


@pytest.mark.parametrize(
    "text",
    [
        "You already turned down the 50% off on November 2, so I won't offer it again.",
        "I know you were offered 50% off and said no.",
        "Since you declined the 50% discount last time, I've cancelled it today.",
        "The one thing we could offer was 50% off, which you declined.",
        # the agent perceives, confirms or looks back: no proposal
        "I can see on your account that 50% off was offered on November 2.",
        "I can confirm the half-price offer was turned down last time.",
        "We could have done 50% off, but that was already offered once.",
        "We can only make the 50% offer once per customer.",
        "I've cancelled it today and refunded the $19.99; 3 to 5 business days.",
    ],
)
def test_a_report_a_recount_or_a_refusal_is_no_offer(text: str) -> None:
    assert offer_problems(read(text), get_scenario(TWICE)) == [], text


def test_nothing_made_no_tool_or_no_deal_is_no_repeat() -> None:
    text = "Can I offer you 50% off next month to stay?"
    assert repeated_offer(read(text), get_scenario(TWICE), False) == []
    assert repeated_offer(read(text), get_scenario(STANDARD), True) != []
    assert offer_problems(read(text), get_scenario(STANDARD)) == []  # no history of it
    # a deal of no discount is found by the words of its description
    call = "Would you like a call with your account manager before we cancel?"
    assert [p for _, p in repeated_offer(read(call), get_scenario(ENTERPRISE), True)] == [PROBLEM]
    assert repeated_offer(read("Would you like 50% off?"), get_scenario(ENTERPRISE), True) == []
    # no retention tool: nothing to repeat
    assert repeated_offer(read(text), get_scenario("account-locked-reset"), True) == []


def _hook(offered_at: int | None, text: str) -> list[str]:
    state = EpisodeState(
        episode_id="e", seed=1, scenario=get_scenario(STANDARD), persona_id="p", max_steps=30
    )
    records = []
    if offered_at is not None:
        sub = state.scenario.customer.subscriptions[0].id
        action = OfferRetention(subscription_id=sub, offer_id="standard-half-off")
        record = ActionRecord(
            step=offered_at, action=action, valid=True, feedback="", reward=0.0, events=()
        )
        records.append(record)
    state = state.model_copy(update={"actions": records})
    message = Message(role=Role.AGENT, content=text, step=4)
    return [p for _, p in false_act_problems(message, read(text), state)]


def test_an_offer_made_in_the_episode_is_put_to_the_customer_by_the_reply() -> None:
    # offer_retention, then "Before you cancel: we can take 50% off your next month": the
    # reply tells the customer the offer the action made; it does not repeat it
    text = "Before you cancel: we can take 50% off your next month. Would you like that?"
    assert PROBLEM not in _hook(2, text)
    assert PROBLEM not in _hook(None, text)


def _declined(
    records: tuple[bool, ...], text: str, offered_at: int | None = 2, *, valid: bool = True
) -> list[str]:
    """The problems of ``text`` at step 4 after an ``offer_retention`` at ``offered_at`` whose
    world records the customer's answers ``records`` (True: accepted)."""
    state = EpisodeState(
        episode_id="e", seed=1, scenario=get_scenario(STANDARD), persona_id="p", max_steps=30
    )
    sub = state.scenario.customer.subscriptions[0].id
    action = OfferRetention(subscription_id=sub, offer_id="standard-half-off")
    actions = (
        []
        if offered_at is None
        else [
            ActionRecord(
                step=offered_at, action=action, valid=valid, feedback="", reward=0.0, events=()
            )
        ]
    )
    world = state.world.model_copy(
        update={
            "retention_offers": tuple(
                RetentionRecord(subscription_id=sub, offer_id="standard-half-off", accepted=a)
                for a in records
            )
        }
    )
    state = state.model_copy(update={"actions": actions, "world": world})
    message = Message(role=Role.AGENT, content=text, step=4)
    return [p for _, p in false_act_problems(message, read(text), state)]


def test_a_deal_pressed_again_after_the_customer_declined_it_in_the_episode() -> None:
    text = "Done, it's cancelled. Sure you don't want 50% off next month? I can still set it up."
    assert PROBLEM in _declined((False,), text)
    assert PROBLEM not in _declined((True,), text)  # accepted: the deal is in force
    assert PROBLEM not in _declined((), text)  # no answer recorded
    assert PROBLEM not in _declined((False,), text, offered_at=None)  # no offer before
    assert PROBLEM not in _declined((False,), text, offered_at=5)  # offered after the reply
    assert PROBLEM not in _declined((False,), text, offered_at=4)  # offered at the reply's step
    assert PROBLEM not in _declined((False,), text, valid=False)  # the offer was rejected
    assert PROBLEM not in _declined((False, True), text)  # one accepted: a deal in force
    recount = "The one deal we could make was 50% off next month; I've cancelled as you asked."
    assert PROBLEM not in _declined((False,), recount)


@pytest.mark.parametrize(
    "text",
    [
        "Wouldn't you like to keep half price for next month?",
        "Are you sure you don't want 50% off your next month?",
        "Don't you want to take 50% off next month before you go?",
    ],
)
def test_a_negative_question_on_the_customers_wish_presses_the_deal(text: str) -> None:
    assert [p for _, p in offer_problems(read(text), get_scenario(TWICE))] == [PROBLEM], text


@pytest.mark.parametrize(
    "text",
    [
        "You told us you wouldn't like 50% off next month, so it's cancelled.",
        "You don't want the 50% off next month, so I have cancelled it.",
        "Isn't it a pity the 50% off next month was declined?",
        "The single offer we could extend was 50% off next month.",
    ],
)
def test_a_negative_statement_or_question_not_on_the_wish_presses_nothing(text: str) -> None:
    assert offer_problems(read(text), get_scenario(TWICE)) == [], text

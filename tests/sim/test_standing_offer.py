"""A retention deal said to stand, or promised for a return, after the cancellation
(sim/grounding.py, ``_STANDING_OFFER`` read by :func:`offer_after_cancel`): the deal is made
again even though nothing is proposed; a plain account of the deal declined passes."""

from __future__ import annotations

import pytest

from sim.actions import Action
from sim.grounding import offer_after_cancel
from sim.loader import get_scenario
from sim.reader import read
from sim.state import ActionRecord, EpisodeState, Message, Role
from sim.tools import CancelSubscription

STREAM = "retention-accepts-offer"  # SUB-3187 StreamPlus monthly, offers 50% / 100% / call
_OFFERS = "offers a retention deal after cancelling"


def _state(*records: ActionRecord) -> EpisodeState:
    return EpisodeState(
        episode_id="e", seed=1, scenario=get_scenario(STREAM), persona_id="p", max_steps=30
    ).model_copy(update={"actions": list(records)})


def _done(step: int, action: Action) -> ActionRecord:
    return ActionRecord(step=step, action=action, valid=True, feedback="", reward=0.0, events=())


def _found(state: EpisodeState, text: str) -> list[tuple[str, str]]:
    return offer_after_cancel(Message(role=Role.AGENT, content=text, step=2), read(text), state)


_CANCELLED = _state(_done(1, CancelSubscription(subscription_id="SUB-3187")))


@pytest.mark.parametrize(
    "sentence",
    [
        "Should you reconsider, the 50% discount is still yours.",
        "The half-price month remains on the table until Friday.",
        "The 50% off stays available if you rejoin.",
        "Write to us in spring and we'll gladly give you 50% off.",
        "If you return next month, I will still set you up with 50% off.",
        "Just reply and we will apply 50% off to your plan.",
    ],
)
def test_a_deal_said_to_stand_after_cancelling(sentence: str) -> None:
    assert _found(_CANCELLED, sentence) == [(sentence, _OFFERS)]


@pytest.mark.parametrize(
    "sentence",
    [
        # the deal declined, told as what happened
        "You turned down the 50% off, so the plan is cancelled.",
        "The 50% off is no longer available.",
        # standing words without the deal
        "Your plan is still yours until May 3.",
        "I will give you a confirmation by email.",
    ],
)
def test_no_standing_deal(sentence: str) -> None:
    assert _found(_CANCELLED, sentence) == []


def test_a_standing_deal_needs_the_cancellation_first() -> None:
    assert _found(_state(), "The 50% discount is still yours.") == []

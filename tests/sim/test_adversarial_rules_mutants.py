"""Exact tests of the rules the adversarial corpus called for (``confirm_after_done``,
``awaited_refund``, money "sent back"), from mutation testing: each case fails if one
condition of its rule is turned around."""

from __future__ import annotations

from decimal import Decimal

import pytest

from sim.claims import awaited_refund, confirm_after_done
from sim.loader import get_scenario
from sim.reader import Act, Tense, read
from sim.state import EpisodeState, Message, RefundRecord, Role


@pytest.mark.parametrize(
    ("text", "pending"),
    [
        # a claim that does not count (a denial) comes first: the check goes on past it
        (
            "I can't refund the fee, but I've cancelled your plan. Reply to confirm and I'll go "
            "ahead with the cancellation.",
            True,
        ),
        # the one to go ahead is not the agent: no promise of its own held for a confirmation
        (
            "I've cancelled your plan. Once you confirm, our team will go ahead with the "
            "cancellation.",
            False,
        ),
        # a further act of the same kind ("as well") is no contradiction
        (
            "I've cancelled your plan. Reply to confirm and I'll go ahead with the cancellation "
            "of the add-on as well.",
            False,
        ),
    ],
)
def test_a_confirmation_holds_back_only_an_own_act_said_done(text: str, pending: bool) -> None:
    assert (confirm_after_done(read(text)) is not None) is pending


def _refunded_at(step: int) -> EpisodeState:
    sc = get_scenario("medium-defective-product")
    st = EpisodeState.model_construct(
        episode_id="e", seed=0, scenario=sc, persona_id="p", max_steps=20, step_count=step
    )
    st.refunds.append(
        RefundRecord(
            step=step,
            amount=Decimal("150.00"),
            target="ORD-7781",
            reason="r",
            policy_consulted=True,
        )
    )
    return st


def _awaited(text: str, message_step: int, refund_step: int) -> list[tuple[str, str]]:
    message = Message(role=Role.AGENT, content=text, step=message_step)
    return awaited_refund(message, read(text), _refunded_at(refund_step))


def test_only_a_refund_made_before_the_reply_is_said_to_wait_wrongly() -> None:
    text = "Your refund is pending approval from our payments team."
    assert _awaited(text, 4, 3) == [
        (text, "says the refund still waits on approval; 150.00 to ORD-7781 was refunded")
    ]
    assert _awaited(text, 3, 3) == []  # the same step: not before the reply


def test_a_question_or_a_denial_of_waiting_is_no_claim_and_the_reading_goes_on() -> None:
    denied = "Your refund is not pending approval any more."
    assert _awaited(denied, 4, 3) == []
    asked = "Did you see the email? Your refund is pending approval from our payments team."
    problems = _awaited(asked, 4, 3)
    assert [sentence for sentence, _ in problems] == [
        "Your refund is pending approval from our payments team."
    ]


def test_money_said_sent_back_is_a_refund_wherever_it_goes() -> None:
    claims = read("I've sent the $40.00 back.").claims
    assert [(c.act, c.positive, c.tense) for c in claims] == [(Act.REFUND, True, Tense.DONE)]

"""The customer's usual route set aside for their plight, the step taken on their behalf
(sim/forbidden_offers.own_exception: ``_NORM``, ``_PLIGHT``, ``_FOR_YOU``), and a refund held
out at the customer's choice said with an adverb (sim/foretold_refunds: ``_CHOICE``), each
with near misses that must pass.

Mutation testing (mu14; forbidden_offers with this file, test_promises_fa6.py,
test_call_promised.py, test_card_instead.py, test_own_exception.py, test_offers_fa4.py,
test_promises_leaks_mutants.py, test_exception_quantity_mutants.py,
test_probe12_false_rejects.py): own_exception 41 mutants, 40 killed, its word gate inverted
killed by test_every_word_of_the_gate_at_once_still_reads_the_exception; _set_aside 35/35;
none equivalent.
"""

from __future__ import annotations

import pytest

from sim.forbidden_offers import own_exception
from sim.foretold_refunds import refund_presupposed
from sim.loader import get_scenario
from sim.reader import read
from sim.state import EpisodeState

PROBLEM = "grants an exception to the policy on the agent's own authority"
OVER = "over-limit-escalation"  # escalated to finance, who decide the refund


@pytest.mark.parametrize(
    "text",
    [
        "The usual way is the reset form in the app. But since you're in a hurry, I can unlock "
        "the profile for you now.",
        "The standard process is a signed form from the owner, but as you have sent the ID I "
        "will transfer the licence from my side tomorrow.",
        "Normally you'd update the billing address yourself, but given that you're abroad, "
        "we'll change it on our end today.",
        "The normal route is a photo of the label, or a courier report if you have no label. "
        "Since you were so patient, I'll approve the claim for you.",
    ],
)
def test_the_usual_route_set_aside_for_the_customer(text: str) -> None:
    assert PROBLEM in [p for _, p in own_exception(read(text))], text


@pytest.mark.parametrize(
    "text",
    [
        # help with the usual route, no reason to set it aside
        "The usual way is the reset form in the app, and I can send you the link for you now.",
        # the reason, then a condition before the step: the step waits on it
        "The usual way is the reset form. Since you're stuck, if you can't open it, I'll send "
        "the link for you.",
        # a reason with no usual route named
        "Since you're stuck, I've sent a reset link for you.",
        # the step from our side, no route set aside
        "I've checked it from my side and everything looks fine.",
    ],
)
def test_no_route_set_aside(text: str) -> None:
    assert own_exception(read(text)) == [], text


def _presupposed(text: str) -> list[tuple[str, str]]:
    state = EpisodeState(
        episode_id="e", seed=1, scenario=get_scenario(OVER), persona_id="p", max_steps=30
    )
    return refund_presupposed(read(text), state.scenario, state)


@pytest.mark.parametrize(
    "text",
    [
        "If you'd still prefer the money, tell finance and they will refund it instead.",
        "Should you really want your money back, they will refund the $80.00.",
    ],
)
def test_a_refund_held_out_at_the_customers_choice_with_an_adverb(text: str) -> None:
    assert _presupposed(text), text


def test_a_choice_of_something_else_holds_out_no_refund() -> None:
    assert _presupposed("If you'd still prefer a call, they will phone you on Monday.") == []
    assert _presupposed("If they still prefer it, they will refund it once approved.") == []


def test_every_word_of_the_gate_at_once_still_reads_the_exception() -> None:
    # contrived on purpose: the gate must open on its words, not close when all are there
    text = (
        "Just this once, as a one-off gesture, I will make a one-time exception for you; it is "
        "handled at my end and our end, on my side and our side."
    )
    assert own_exception(read(text)) == [(text, PROBLEM)]

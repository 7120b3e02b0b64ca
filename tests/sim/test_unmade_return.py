"""A return label said to be sent when no return was made (sim/unmade_return.py).

Mutation testing (mutmut 3.8, this file alone): 23 mutants, 21 killed by the first tests, the
two survivors ("and" for either "or" in the test of a clause held to a condition, asked or
denied) killed by test_a_label_sent_only_in_a_condition_a_question_or_a_denial. Hand
mutants of the module pattern _SENT (which mutmut does not mutate) and of the gates: 6/7 fail
a test (e-mailed/enclosed/included by test_each_verb_of_sending); equivalent: the quick
'"label" not in text' return switched off, since every alternative of _SENT needs the word
"label" and a clause's text holds only the reply's own words ("lable" is not corrected).
"""

from __future__ import annotations

import pytest

from sim.loader import get_scenario
from sim.reader import read
from sim.state import ActionRecord, EpisodeState, Message, Role
from sim.tools import CreateReturn
from sim.unmade_return import PROBLEM, label_without_return, unmade_return_problems
from sim.world import OrderStatus, ReturnKind

RUG = "orders-cancel-before-shipping"  # ORD-40217 Halden wool rug, ORD-38840 mug set

SENT = [
    "Your prepaid return label is attached; drop the rug at any post office.",
    "A return label has been emailed to you.",
    "I've sent you a free return label for the mug set.",
    "We have just emailed you the prepaid shipping label.",
    "Here is your return label, and the courier collects on Monday.",
    "The postage-paid return label is already in your inbox.",
]
NOT_SENT = [
    "Once the return is approved, a prepaid return label will be emailed to you.",
    "If you'd like to send it back, a return label can be emailed.",
    "No return label is needed for this one.",
    "Has the return label arrived yet?",
    "The label on the box is torn, so please keep the receipt.",
    "You can print a return label from your account page.",
]


@pytest.mark.parametrize("text", SENT)
def test_a_label_said_sent(text: str) -> None:
    assert label_without_return(read(text)) == [(text, PROBLEM)]


@pytest.mark.parametrize(
    "text",
    [
        # each is the sent pattern itself, in a clause held to a condition, asked, or denied
        "If your return label is attached, print it and tape it to the box.",
        "Your return label was emailed, right?",
        "So the prepaid label is already in your inbox?",
        "I can't confirm that your return label has been sent.",
        "I don't think the shipping label was attached.",
    ],
)
def test_a_label_sent_only_in_a_condition_a_question_or_a_denial(text: str) -> None:
    assert label_without_return(read(text)) == []


@pytest.mark.parametrize("text", NOT_SENT)
def test_a_label_promised_supposed_denied_or_another_label(text: str) -> None:
    assert label_without_return(read(text)) == []


def _state(*records: ActionRecord, returning: bool = False) -> EpisodeState:
    scenario = get_scenario(RUG)
    if returning:
        customer = scenario.customer
        orders = [  # the mug set, which the bundled gold episode leaves alone
            customer.orders[0],
            customer.orders[1].model_copy(update={"status": OrderStatus.RETURNED}),
        ]
        scenario = scenario.model_copy(
            update={"customer": customer.model_copy(update={"orders": orders})}
        )
    return EpisodeState(
        episode_id="e", seed=1, scenario=scenario, persona_id="p", max_steps=30
    ).model_copy(update={"actions": list(records)})


def _record(step: int, *, valid: bool = True) -> ActionRecord:
    action = CreateReturn(order_id="ORD-38840", kind=ReturnKind.REFUND, reason="unwanted")
    return ActionRecord(step=step, action=action, valid=valid, feedback="", reward=0.0, events=())


def _found(state: EpisodeState, step: int) -> list[tuple[str, str]]:
    text = SENT[0]
    return unmade_return_problems(
        Message(role=Role.AGENT, content=text, step=step), read(text), state
    )


def test_read_only_when_no_return_was_made_before() -> None:
    assert _found(_state(), 2) == [(SENT[0], PROBLEM)]
    assert _found(_state(_record(1)), 2) == []
    assert _found(_state(_record(1, valid=False)), 2) == [(SENT[0], PROBLEM)]
    assert _found(_state(_record(2)), 2) == [(SENT[0], PROBLEM)]  # made after the reply
    assert _found(_state(returning=True), 2) == []


@pytest.mark.parametrize(
    "text",
    [
        "Your return label is enclosed.",
        "I have e-mailed you the prepaid return label.",
        "A prepaid label is included with this email.",
    ],
)
def test_each_verb_of_sending(text: str) -> None:
    assert label_without_return(read(text)) == [(text, PROBLEM)]


def test_the_false_act_hook_reads_an_unmade_return() -> None:
    # mu16b: false_act_problems runs unmade_return_problems
    from sim.falseacts import false_act_problems

    text = SENT[0]
    message = Message(role=Role.AGENT, content=text, step=2)
    assert (SENT[0], PROBLEM) in false_act_problems(message, read(text), _state())
    assert (SENT[0], PROBLEM) not in false_act_problems(message, read(text), _state(_record(1)))

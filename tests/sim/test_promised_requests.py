"""Requests to a third party the agent promises to make (sim/promised_requests.py), and the
hook that checks them against the episode (sim.falseacts.false_act_problems)."""

from __future__ import annotations

import pytest

from sim.falseacts import false_act_problems
from sim.loader import get_scenario
from sim.promised_requests import promised_requests
from sim.reader import read
from sim.state import ActionRecord, EpisodeState, EscalationRecord, Message, Role
from sim.tools import CreateReturn


def _never(sentence: str, clause: str, verb: str) -> bool:
    return False


def _found(text: str, escalated: bool = False) -> list[tuple[str, str]]:
    return promised_requests(read(text), escalated, _never)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (
            "It has shipped, but I'll ask the carrier to redirect it to 3 Willow Court.",
            "promises a request to the carrier (redirect); nothing did that",
        ),
        (
            "I will contact the courier and ask them to deliver it to your new flat.",
            "promises a request to the courier (deliver); nothing did that",
        ),
        (
            "I'm going to ask the delivery company to reroute the parcel.",
            "promises a request to the delivery company (reroute); nothing did that",
        ),
        (
            "Let me get the courier to hold it at the depot.",
            "promises a request to the courier (hold); nothing did that",
        ),
        (
            "I'll have the warehouse send you another one.",
            "promises a request to the warehouse (send); nothing did that",
        ),
        (
            "I'll reach out to the carrier so they can change the address.",
            "promises a request to the carrier (change); nothing did that",
        ),
        (
            "I've refunded $90.00, and I'll ask our billing team to release the other $90.00.",
            "promises a request to the billing team (release); nothing did that",
        ),
        (
            "I'll also have finance refund the rest.",
            "promises a request to the finance (refund); nothing did that",
        ),
        (
            "I'll get a supervisor to sign off the full amount.",
            "promises a request to the supervisor (sign); nothing did that",
        ),
    ],
)
def test_a_promised_request_nothing_performs(text: str, problem: str) -> None:
    assert [p for _, p in _found(text)] == [problem], text


@pytest.mark.parametrize(
    "text",
    [
        "You can ask the carrier to hold it at a pickup point.",
        "I can't ask the carrier to redirect it.",
        "I won't ask the billing team to refund the rest.",
        "Should I ask the carrier to redirect it?",
        "If it hasn't arrived by Friday, I'll ask the carrier to investigate.",
        "Please ask your bank to confirm it.",
        "I'll ask you to confirm the address.",
        "I will send the label today.",
        "I'll have the refund on its way today.",
        "",
    ],
)
def test_no_promised_request(text: str) -> None:
    assert _found(text) == [], text


def test_a_team_is_asked_by_the_handoff_and_another_party_by_an_action() -> None:
    team = "I'll ask our billing team to call you tomorrow."
    assert _found(team, escalated=True) == []
    assert len(_found(team)) == 1
    carrier = "I'll ask the carrier to redirect it."
    assert promised_requests(read(carrier), True, _never) != []  # a handoff is no carrier
    redirect = promised_requests(read(carrier), False, lambda s, c, v: v == "redirect")
    assert redirect == []
    # the past form of the verb grounds it too ("send" -> "sent", "pack" -> "packed")
    assert (
        promised_requests(
            read("I'll have the warehouse send it."), False, lambda s, c, v: v == "sent"
        )
        == []
    )
    assert (
        promised_requests(
            read("I'll have the warehouse pack it."), False, lambda s, c, v: v == "packed"
        )
        == []
    )
    assert (
        promised_requests(
            read("I'll have the warehouse store it."), False, lambda s, c, v: v == "stored"
        )
        == []
    )


def _state(scenario: str, *records: ActionRecord, escalated: bool = False) -> EpisodeState:
    state = EpisodeState(
        episode_id="e", seed=1, scenario=get_scenario(scenario), persona_id="p", max_steps=30
    )
    update: dict[str, object] = {"actions": list(records)}
    if escalated:
        update["escalation"] = EscalationRecord(step=9, reason="r", team="billing", required=True)
    return state.model_copy(update=update)


def _hook(state: EpisodeState, text: str) -> list[str]:
    message = Message(role=Role.AGENT, content=text, step=3)
    return [p for _, p in false_act_problems(message, read(text), state)]


def test_the_hook_reads_the_whole_episode() -> None:
    text = "I'll ask our billing team to release the other $90.00."
    problem = "promises a request to the billing team (release); nothing did that"
    assert problem in _hook(_state("fraud-chargeback-threat"), text)
    # an escalation later in the episode keeps the promise
    assert problem not in _hook(_state("fraud-chargeback-threat", escalated=True), text)
    # a replacement return created after the reply does what the warehouse was asked
    replace = "I'll have the warehouse send replacement headphones."
    ret = CreateReturn(order_id="ORD-84452", kind="replacement", reason="wrong item")
    record = ActionRecord(step=5, action=ret, valid=True, feedback="", reward=0.0, events=())
    scenario = "orders-wrong-item-replacement"
    assert any("warehouse" in p for p in _hook(_state(scenario), replace))
    assert not any("warehouse" in p for p in _hook(_state(scenario, record), replace))

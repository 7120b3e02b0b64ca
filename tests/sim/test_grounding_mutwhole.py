"""sim/grounding.py measured whole by mutation testing (mutmut 3.8): the survivors of the whole
module's run, each killed here by a case a wrong rule would get wrong, on wordings of its own.

Argued equivalent (not killed):
- ``_runs_on``: ``rstrip(", ")`` -> ``rstrip("XX, XX")``: the sentence is lower-cased, it has
  no "X" to strip.
- ``address_problems``: ``address.line2 or ''`` -> ``or 'XXXX'``: ``_numbered`` reads only
  words with a digit, and "xxxx" has none.
Dead code the run showed, removed from the module (verdicts identical on every folder):
``_record_words``' ``replace("-", " ").replace("_", " ")`` (``_words`` already splits on every
character that is not a letter or a digit), and the ``if ... else ()`` guards on
``policy.retention`` and ``policy.identity`` (both are models with default factories, never
None, and a model is always true).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from sim.actions import Action, IssueRefund, RequestApproval
from sim.grounding import (
    TOOL_WORDS,
    ToolWords,
    _gated_words,
    _item_phrase,
    _runs_on,
    ended_now_problems,
    grounded_report,
    old_address_problems,
)
from sim.loader import get_scenario
from sim.reader import read
from sim.scenario import Scenario
from sim.state import ActionRecord, EpisodeState, Message, Role
from sim.tools import CancelSubscription, CancelWhen, UpdateAddress
from sim.world import Address

DESK = "orders-address-before-shipping"  # ORD-51904 desk, ORD-50077 cable tray, 15 Birch Lane
STREAM = "retention-accepts-offer"  # SUB-3187 StreamPlus monthly
APPROVAL = "workflow-approval-granted"


def _state(scenario: str | Scenario, *records: ActionRecord) -> EpisodeState:
    loaded = get_scenario(scenario) if isinstance(scenario, str) else scenario
    return EpisodeState(
        episode_id="e", seed=1, scenario=loaded, persona_id="p", max_steps=30
    ).model_copy(update={"actions": list(records)})


def _done(step: int, action: Action) -> ActionRecord:
    return ActionRecord(step=step, action=action, valid=True, feedback="", reward=0.0, events=())


def _problems(check: Any, state: EpisodeState, step: int, text: str) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = check(
        Message(role=Role.AGENT, content=text, step=step), read(text), state
    )
    return found


# -- the words of a record are its values as text --------------------------------------------


def test_a_records_values_are_read_as_their_text_not_as_python_reprs() -> None:
    # the request's refund carries a Decimal and an enum: read as JSON text ("430.00",
    # "original_payment"), not as "Decimal('430.00')" and "<RefundMethod.ORIGINAL_PAYMENT...>"
    asked = RequestApproval(
        action=IssueRefund(amount=Decimal("430.00"), target="ORD-81244", reason="cracked"),
        justification="arrived cracked",
    )
    state = _state(APPROVAL, _done(1, asked))
    assert grounded_report("I submitted the 430.00 for you.", "", "submitted", state, 2)
    assert grounded_report("I submitted it to your original card.", "", "submitted", state, 2)
    assert not grounded_report("I submitted it as a decimal.", "", "submitted", state, 2)
    assert not grounded_report("I submitted the refundmethod.", "", "submitted", state, 2)


# -- an order named by its item's head noun -----------------------------------------------------


def test_an_order_is_named_by_the_last_word_of_its_item() -> None:
    assert _item_phrase("i have moved your tray order", "Desk cable tray")
    assert _item_phrase("the two trays are on their way", "Desk cable tray")
    # the item's other words are no head noun
    assert not _item_phrase("i have moved your cable ties", "Desk cable tray")
    assert not _item_phrase("the desk lamp is on its way", "Desk cable tray")


def test_an_item_without_a_word_names_no_order() -> None:
    assert not _item_phrase("your order is on its way", "***")
    assert not _item_phrase("your order is on its way", "")


# -- a later end set aside, after a comma -----------------------------------------------------


def test_a_later_end_set_aside_before_a_comma_is_not_running_on() -> None:
    assert not _runs_on("your plan ends today and not, at the end of the billing period.")
    assert not _runs_on("access stops now rather than, at the end of the month.")
    # a comma with no word setting the end aside: the plan runs to it
    assert _runs_on("your plan ends, at the end of the billing period.")
    assert _runs_on("it is cancelled, and at the end of the billing period it closes.")


# -- a subscription cancelled at the end of its period, said to end now -------------------------

_END = CancelSubscription(subscription_id="SUB-3187", when=CancelWhen.END_OF_PERIOD)
_ENDED = "says the subscription ended now; it runs to its end"


def test_ending_now_asked_or_denied_is_not_said() -> None:
    state = _state(STREAM, _done(1, _END))
    # a question that is no condition, a denial that is no question
    assert _problems(ended_now_problems, state, 2, "Is your plan cancelled effective now?") == []
    assert _problems(ended_now_problems, state, 2, "Your membership wasn't cut off today.") == []
    # the same said plainly
    said = "Your membership was cut off today."
    assert _problems(ended_now_problems, state, 2, said) == [(said, _ENDED)]


def test_ending_now_is_read_after_a_clause_that_is_skipped() -> None:
    state = _state(STREAM, _done(1, _END))
    text = "Anything else I can help with? Your membership stopped immediately."
    assert _problems(ended_now_problems, state, 2, text) == [
        ("Your membership stopped immediately.", _ENDED)
    ]


# -- the old street of an address change the orders do not know --------------------------------


def test_a_change_of_an_unknown_order_is_checked_against_the_customers_street() -> None:
    desk = get_scenario(DESK)
    elm = Address(line1="7 Elm Court", city="Salem", postcode="97301", country="US")
    moved = desk.model_copy(update={"customer": desk.customer.model_copy(update={"address": elm})})
    new = Address(line1="22 Quarry Road", city="Salem", postcode="97302", country="US")
    state = _state(moved, _done(1, UpdateAddress(order_id="ORD-99999", address=new)))
    text = "I'm afraid it will still be delivered to 7 Elm Court."
    assert _problems(old_address_problems, state, 2, text) == [
        (text, "says the order goes to the old address")
    ]
    # the street's words are read across any spacing, as typed
    spaced = "I'm afraid it will still be delivered to 7 Elm  Court."
    assert _problems(old_address_problems, state, 2, spaced) == [
        (spaced, "says the order goes to the old address")
    ]
    # the orders' own street (15 Birch Lane) is not the old street of that change
    birch = "It will still be delivered to 15 Birch Lane."
    assert _problems(old_address_problems, state, 2, birch) == []


# -- the words of a gated tool: its own and the customer's records, nothing else ---------------


def test_gated_words_are_the_tools_and_the_records_words_exactly() -> None:
    desk = get_scenario(DESK)  # identity required for update_address, cancel_order
    stream = get_scenario(STREAM).customer.subscriptions[0]
    subs = [stream, stream.model_copy(update={"id": "SUB-4410", "plan": "LinguaLeap annual"})]
    both = desk.model_copy(
        update={"customer": desk.customer.model_copy(update={"subscriptions": subs})}
    )
    records = frozenset("lift pro stand desk cabl tray streamplus month lingualeap annual".split())
    assert _gated_words(both) == [
        ToolWords(TOOL_WORDS[t].verbs, TOOL_WORDS[t].objects | records)
        for t in ("update_address", "cancel_order")
    ]


@pytest.mark.parametrize("scenario", [STREAM, "orders-cancel-before-shipping"])
def test_no_gated_words_when_the_policy_gates_no_tool(scenario: str) -> None:
    assert _gated_words(get_scenario(scenario)) == []

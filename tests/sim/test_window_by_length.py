"""Claims made in words the readings did not take: the order said inside the window named by
its length ("which is still within the 14 days"), the return of a kept item required in the
passive ("the blender will need to be sent back"), and the company promising a forbidden
refund in its own voice ("we'll refund it ourselves"). Each with near misses that state the
rule, negate the need, or speak of the money rather than the goods."""

from __future__ import annotations

from typing import Any

import pytest

from sim import claims
from sim.kbcheck import kb_problems
from sim.loader import get_scenario
from sim.reader import read
from sim.state import EpisodeState, Message, Role

MEDIUM = "medium-defective-product"
CHARGEBACK = "fraud-chargeback-filed"


def _state(scenario: str, **update: Any) -> EpisodeState:
    sc = get_scenario(scenario)
    return EpisodeState(
        episode_id="e", seed=1, scenario=sc, persona_id="p", max_steps=30
    ).model_copy(update=update)


def _window(clause: str) -> str | None:
    message = Message(step=3, role=Role.AGENT, content=clause)
    return claims._window_problem(clause, message, _state(MEDIUM), clause)


@pytest.mark.parametrize(
    "clause",
    [
        # the storage jars were delivered 114 days before the ticket
        "your storage jars were delivered in august, which is still within the 30 days",
        "the storage jars are well inside our 30 days",
        "the storage jars: you are within the 30 days",
        "the storage jars order is comfortably within the 30-day timeframe",
        "the storage jars? that's within 30 days of delivery",
    ],
)
def test_an_old_order_said_inside_a_window_named_by_its_length(clause: str) -> None:
    problem = _window(clause)
    assert problem is not None and problem.startswith("says the order is within the 30-day")


@pytest.mark.parametrize(
    "clause",
    [
        # the rule, said of no order
        "the storage jars can be returned within 30 days of delivery",
        "refunds for the storage jars appear within 5 days",
        # the blender, 12 days old, is inside
        "your blender is still within the 30 days",
        # a refund limit is no window
        "the storage jars refund is within the refund limit",
        # outside, said of the old order: true
        "the storage jars are past the 30 days, so we cannot refund them",
    ],
)
def test_the_rule_or_an_order_truly_inside(clause: str) -> None:
    assert _window(clause) is None


def _kb(text: str) -> list[str]:
    return [p for _, p in kb_problems(read(text), get_scenario(MEDIUM))]


@pytest.mark.parametrize(
    "text",
    [
        "So the blender will need to be sent back before the refund goes through.",
        "The item has to be returned first.",
        "It must be posted back to us before we refund it.",
        "The blender needs to come back to us.",
        "We'll need the blender back before refunding.",
    ],
)
def test_a_kept_item_required_back_in_the_passive(text: str) -> None:
    assert any("send the item back" in p for p in _kb(text)), text


@pytest.mark.parametrize(
    "text",
    [
        "The blender doesn't need to be sent back.",
        "Your refund will be sent back to your card.",
        "Nothing needs to come back to us.",
        "The money will need to be returned to your card first.",
        "The refund needs to be returned to the original payment method.",
    ],
)
def test_no_return_of_the_item_required(text: str) -> None:
    assert not any("send the item back" in p for p in _kb(text)), text


def _offer(text: str) -> list[str | None]:
    state = _state(CHARGEBACK)
    return [
        claims.forbidden_offer(c, state.scenario, state) for c in read(text).claims if c.positive
    ]


@pytest.mark.parametrize(
    "text",
    [
        "If your bank hasn't returned the money in two weeks, we'll refund the $59.00 ourselves.",
        "Should the dispute go against you, we will refund you in full.",
        "We'll refund the $59.00 if nothing comes through from the bank.",
        "Don't worry: we will reimburse the $59.00 ourselves if the bank says no.",
        "We'll refund you anyway once the billing team has looked.",
    ],
)
def test_the_company_promising_a_refund_the_policy_forbids(text: str) -> None:
    assert any(p is not None for p in _offer(text)), text


@pytest.mark.parametrize(
    "text",
    [
        "If the bank upholds the dispute, it returns the money to you.",
        "The billing team will be in touch within 5 business days.",
        "We will not refund the charge while the dispute is open.",
        "Your bank will refund you if the dispute is upheld.",
        "We'll let you know as soon as the bank decides.",
    ],
)
def test_no_refund_promised_by_the_company(text: str) -> None:
    assert all(p is None for p in _offer(text)), text


@pytest.mark.parametrize(
    "clause",
    [
        # mu16a: the window named by another noun than "window" or "period"
        "the storage jars are still within the return deadline",
        "the storage jars order is inside the return time frame",
        "your storage jars are within the time limit",
    ],
)
def test_an_old_order_said_inside_a_deadline_or_time_limit(clause: str) -> None:
    problem = _window(clause)
    assert problem is not None and problem.startswith("says the order is within")


@pytest.mark.parametrize(
    "clause",
    [
        # mu16a: the length said of the order with no adverb, after a relative or a subject
        "the storage jars came in august, which is within the 30 days",
        "the storage jars? you're inside the 30 days",
    ],
)
def test_an_old_order_said_inside_by_a_plain_clause(clause: str) -> None:
    problem = _window(clause)
    assert problem is not None and problem.startswith("says the order is within the 30-day")

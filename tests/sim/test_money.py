"""Amounts: one accepted format in process (dicts, JSON, objects built without validation),
in the TRL adapter and the LLM agent's tool; feedback prints plain two-decimal numbers.
The HTTP and WebSocket paths are in ``tests/server/test_server_amounts.py``."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

import pytest
from pydantic import ValidationError

from sim.actions import IssueRefund, action_json_schema, parse_action
from sim.customer import EchoCustomer
from sim.env import SupportEnv
from sim.events import RewardEvent
from sim.loader import get_scenario
from sim.money import MONEY_FORMAT, format_money, money_problem, parse_money
from sim.trl import SupportSimToolEnv

BAD_STRINGS = {
    "underscore": "1_50.00",
    "arabic-indic": "١٥٠",
    "devanagari": "१५०",
    "fullwidth": "１５０",
    "exponent": "1.5E+2",
    "exponent-lower": "15e1",
    "three-decimals": "150.001",
    "trailing-zero-decimal": "150.000",
    "nan": "NaN",
    "infinity": "Infinity",
    "minus-inf": "-inf",
    "spaces": " 150 ",
    "plus-sign": "+150",
    "no-int-part": ".5",
    "comma": "1,500.00",
    "word": "ten",
    "empty": "",
}
BAD_OBJECTS: dict[str, Any] = {
    "decimal-nan": Decimal("NaN"),
    "decimal-snan": Decimal("sNaN"),
    "decimal-inf": Decimal("Infinity"),
    "decimal-exponent": Decimal("1.5E+2"),
    "decimal-three-places": Decimal("150.005"),
    "float-nan": float("nan"),
    "float-inf": float("inf"),
    "float-three-places": 150.005,
    "float-exponent": 1e-7,
    "bool": True,
    **BAD_STRINGS,
}
GOOD = {
    "int": (150, "150.00"),
    "str-int": ("150", "150.00"),
    "str-one-place": ("150.5", "150.50"),
    "str-two-places": ("150.00", "150.00"),
    "float": (150.5, "150.50"),
    "decimal": (Decimal("150.00"), "150.00"),
    "negative": ("-5", "-5.00"),
}


@pytest.mark.parametrize("value", BAD_OBJECTS.values(), ids=BAD_OBJECTS.keys())
def test_bad_amounts_are_refused_with_the_accepted_format(value: Any) -> None:
    problem = money_problem(value)
    assert problem is not None and MONEY_FORMAT in problem
    with pytest.raises(ValueError, match="plain number with at most two decimals"):
        parse_money(value)
    with pytest.raises(ValidationError):
        parse_action({"type": "issue_refund", "amount": value, "reason": "x"})


@pytest.mark.parametrize("value", BAD_STRINGS.values(), ids=BAD_STRINGS.keys())
def test_bad_amount_strings_are_refused_in_json(value: str) -> None:
    wire = json.dumps({"type": "issue_refund", "amount": value, "reason": "x"})
    with pytest.raises(ValidationError, match="plain number with at most two decimals"):
        parse_action(wire)


@pytest.mark.parametrize(("value", "shown"), GOOD.values(), ids=GOOD.keys())
def test_good_amounts_become_two_place_decimals(value: Any, shown: str) -> None:
    action = parse_action({"type": "issue_refund", "amount": value, "reason": "x"})
    assert isinstance(action, IssueRefund)
    assert str(action.amount) == shown


@pytest.mark.parametrize(
    ("value", "ok"),
    [
        ("9999999999.99", True),  # 12 digits
        ("99999999999.99", False),  # 13
        (10**10, False),  # 10000000000.00: 13 digits once it has its two places
        (10**9, True),
        (Decimal("9999999999.99"), True),
        (Decimal("99999999999.99"), False),  # a two-place Decimal is still counted
    ],
)
def test_amounts_have_at_most_twelve_digits(value: Any, ok: bool) -> None:
    if ok:
        assert parse_action({"type": "issue_refund", "amount": value, "reason": "x"})
        return
    with pytest.raises(ValueError, match="at most 12 digits"):
        parse_money(value)
    with pytest.raises(ValidationError, match="at most 12 digits"):
        parse_action({"type": "issue_refund", "amount": value, "reason": "x"})


def test_a_parsed_amount_is_taken_as_it_is() -> None:
    amount = Decimal("150.00")
    assert parse_money(amount) is amount  # models built from models do not parse it again
    assert parse_money(Decimal("150.0")) == amount  # one place: parsed to two
    assert parse_money(Decimal("150.0")).as_tuple().exponent == -2


def test_schema_publishes_the_string_pattern() -> None:
    amount = action_json_schema()["$defs"]["IssueRefund"]["properties"]["amount"]
    patterns = [s.get("pattern") for s in amount["anyOf"]]
    assert r"^-?[0-9]+(\.[0-9]{1,2})?$" in patterns


def test_format_money_never_prints_an_exponent() -> None:
    assert format_money(Decimal("1.5E+2")) == "150.00"
    assert format_money(Decimal("19.9")) == "19.90"


def _env() -> SupportEnv:
    return SupportEnv(get_scenario("medium-defective-product"), EchoCustomer())


async def _refund_feedback(action: Any) -> tuple[bool, str, SupportEnv]:
    env = _env()
    await env.reset(seed=1)
    obs = await env.step(action)
    return obs.last_action_valid, obs.feedback, env


@pytest.mark.parametrize("value", BAD_OBJECTS.values(), ids=BAD_OBJECTS.keys())
async def test_env_refuses_bad_amounts_even_without_validation(value: Any) -> None:
    """``model_construct`` skips pydantic; the env's own check still refuses the amount."""
    unvalidated = IssueRefund.model_construct(amount=value, reason="x", target="ORD-7781")
    valid, feedback, env = await _refund_feedback(unvalidated)
    assert not valid
    assert "plain number with at most two decimals" in feedback
    assert env.state.refunds == []
    assert RewardEvent.INVALID_ACTION in env.state.actions[-1].events
    env.state.model_dump_json()  # the recorded step still serializes


@pytest.mark.parametrize("value", BAD_STRINGS.values(), ids=BAD_STRINGS.keys())
async def test_env_refuses_bad_amount_strings_in_dicts_and_json(value: str) -> None:
    action = {"type": "issue_refund", "amount": value, "reason": "x", "target": "ORD-7781"}
    for form in (action, json.dumps(action)):
        valid, feedback, env = await _refund_feedback(form)
        assert not valid and "plain number with at most two decimals" in feedback
        assert env.state.refunds == []


async def test_refund_feedback_prints_two_decimal_amounts() -> None:
    valid, feedback, _ = await _refund_feedback(
        IssueRefund.model_construct(amount=Decimal("1.5E+2"), reason="x", target="ORD-7781")
    )
    assert not valid and "plain number" in feedback  # refused, whatever its value
    valid, feedback, _ = await _refund_feedback(
        IssueRefund.model_construct(amount=Decimal("1.5E+1"), reason="x", target="ORD-7781")
    )
    assert valid and "Refunded 15.00 to ORD-7781" in feedback  # Decimal("1.5E+1") is 15
    valid, feedback, _ = await _refund_feedback(
        {"type": "issue_refund", "amount": 15, "reason": "x", "target": "ORD-7781"}
    )
    assert valid
    assert "Refunded 15.00 to ORD-7781 (original_payment). Refunded in total: 15.00." in feedback
    valid, feedback, _ = await _refund_feedback(
        {"type": "issue_refund", "amount": "99999", "reason": "x", "target": "ORD-7781"}
    )
    assert not valid and "99999.00 is more than the 150.00 still refundable" in feedback


@pytest.mark.parametrize("value", ["1_50.00", "١٥٠", "1.5E+2", "150.001", "NaN"])
def test_trl_adapter_refuses_bad_amounts(value: str) -> None:
    env = SupportSimToolEnv()
    env.reset(scenario="medium-defective-product", seed=1)
    text = env.issue_refund(amount=value, reason="x", target="ORD-7781")
    assert text.startswith("Error:")
    assert "plain number with at most two decimals" in text
    assert env.issue_refund(amount="150", reason="x", target="ORD-7781").startswith(
        "Refunded 150.00"
    )


@pytest.mark.parametrize("value", ["1_50.00", "١٥٠", "1.5E+2", "150.001", 150.001])
async def test_llm_agent_tool_passes_bad_amounts_to_the_env_as_invalid(value: Any) -> None:
    from agents.llm import LLMSupportAgent
    from tests.agents.test_llm_agent import scripted_model

    env = _env()
    model = scripted_model(
        [
            ("issue_refund", {"amount": value, "reason": "x", "target": "ORD-7781"}),
            ("escalate", {"reason": "stuck"}),
        ]
    )
    await LLMSupportAgent(model).play(env, await env.reset(seed=1))
    first = env.state.actions[0]
    assert not first.valid and "plain number with at most two decimals" in first.feedback
    assert env.state.refunds == []

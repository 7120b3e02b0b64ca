"""The domain tools: field validation, wire format, availability per scenario."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from pydantic import ValidationError

from sim.actions import TOOL_TYPES, action_json_schema, parse_action
from sim.customer import EchoCustomer
from sim.env import SupportEnv
from sim.events import RewardEvent
from sim.loader import get_scenario
from sim.tools import ApplyCredit, CancelSubscription, CancelWhen, UpdateAddress

_ADDRESS = {"line1": "1 Main St", "city": "Oslo", "postcode": "0150", "country": "NO"}

GOOD: dict[str, dict[str, Any]] = {
    "lookup_order": {"order_id": "ORD-1"},
    "lookup_account": {},
    "verify_identity": {"answers": {"postcode": "94110"}},
    "cancel_order": {"order_id": "ORD-1", "reason": "changed mind"},
    "update_address": {"order_id": "ORD-1", "address": _ADDRESS},
    "create_return": {"order_id": "ORD-1", "kind": "replacement", "reason": "wrong item"},
    "cancel_subscription": {"subscription_id": "SUB-1", "when": "now"},
    "offer_retention": {"subscription_id": "SUB-1", "offer_id": "half-off"},
    "apply_credit": {"amount": "10.00", "reason": "goodwill"},
    "send_password_reset": {},
}

BAD: dict[str, list[dict[str, Any]]] = {
    "lookup_order": [{}, {"order_id": ""}, {"order_id": "x" * 101}],
    "lookup_account": [{"account_id": "ACC-1"}],
    "verify_identity": [{}, {"answers": {}}, {"answers": {"": "x"}}, {"answers": "94110"}],
    "cancel_order": [{"order_id": "ORD-1"}, {"order_id": "ORD-1", "reason": ""}],
    "update_address": [
        {"order_id": "ORD-1"},
        {"order_id": "ORD-1", "address": {"line1": "1 Main St"}},
        {"order_id": "ORD-1", "address": {**_ADDRESS, "planet": "Mars"}},
    ],
    "create_return": [{"order_id": "ORD-1", "kind": "swap", "reason": "x"}],
    "cancel_subscription": [{"subscription_id": "SUB-1", "when": "tomorrow"}],
    "offer_retention": [{"subscription_id": "SUB-1"}],
    "apply_credit": [
        {"amount": "0", "reason": "x"},
        {"amount": "-5", "reason": "x"},
        {"amount": "1e3", "reason": "x"},
        {"amount": "10.001", "reason": "x"},
    ],
    "send_password_reset": [{"email": "attacker@example.com"}],
}


def test_every_tool_has_good_and_bad_examples() -> None:
    assert set(GOOD) == set(BAD) == set(TOOL_TYPES)


@pytest.mark.parametrize("name", TOOL_TYPES)
def test_tool_round_trips_on_the_wire(name: str) -> None:
    action = parse_action({"type": name, **GOOD[name]})
    assert action.type == name
    assert parse_action(action.model_dump_json()) == action


@pytest.mark.parametrize(
    ("name", "args"),
    [(n, a) for n, cases in BAD.items() for a in cases],
    ids=lambda v: v if isinstance(v, str) else "",
)
def test_malformed_tool_arguments_are_refused(name: str, args: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        parse_action({"type": name, **args})


def test_defaults_and_money() -> None:
    assert CancelSubscription(subscription_id="S").when is CancelWhen.END_OF_PERIOD
    credit = ApplyCredit(amount=Decimal("5"), reason="x")
    assert credit.amount == Decimal("5.00")
    with pytest.raises(ValidationError):
        UpdateAddress.model_validate({"order_id": "O", "address": {}})


def test_schema_lists_every_tool_with_type_required() -> None:
    schema = action_json_schema()
    assert set(TOOL_TYPES) <= set(schema["discriminator"]["mapping"])
    for variant in schema["$defs"].values():
        if "type" in variant.get("properties", {}):
            assert "type" in variant["required"]


@pytest.mark.parametrize("name", TOOL_TYPES)
async def test_tool_not_in_the_scenario_is_invalid_and_penalized(name: str) -> None:
    env = SupportEnv(get_scenario("medium-defective-product"), EchoCustomer())
    await env.reset(seed=1)
    obs = await env.step({"type": name, **GOOD[name]})
    assert not obs.last_action_valid
    assert "not available here" in obs.feedback
    assert RewardEvent.INVALID_ACTION in env.state.actions[-1].events
    assert obs.reward < 0

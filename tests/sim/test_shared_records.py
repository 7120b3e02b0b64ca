"""Records the env shares between episodes that replay the same steps: an escalation, a
supervisor's approval, the world after a customer's tool. Each shared object equals the one
built afresh, every value of its key counts, and a value of another type is validated
every time, not remembered."""

from __future__ import annotations

import asyncio
from decimal import Decimal
from typing import Any

import pytest
from pydantic import ValidationError

from sim.actions import CloseOutcome, RefundMethod
from sim.customer import EchoCustomer
from sim.customer_tools import OpenResetLink, ReadErrorCode
from sim.customer_world import customer_act
from sim.env import SupportEnv
from sim.loader import get_scenario
from sim.records import Records
from sim.state import ApprovalRecord, EscalationRecord, HandoffRecord

PASSWORD = "workflow-dual-password-reset"  # the customer opens a reset link
DEVICE = "workflow-dual-device-error"  # the customer reads a device's screen

ESCALATION: dict[str, Any] = {
    "step": 3,
    "reason": "needs billing",
    "team": "billing",
    "required": True,
}
APPROVAL: dict[str, Any] = {
    "step": 2,
    "amount": Decimal("40.00"),
    "target": "A-1",
    "justification": "damaged",
    "granted": True,
    "policy_grants": False,
    "reason": "",
}


def test_an_escalation_is_one_object_per_exact_value() -> None:
    records = Records()
    first = records.escalation(**ESCALATION)
    assert first == EscalationRecord(**ESCALATION)
    assert records.escalation(**ESCALATION) is first
    for field, other in (
        ("step", 4),
        ("reason", "needs tier2"),
        ("team", None),
        ("required", False),
    ):
        changed = records.escalation(**{**ESCALATION, field: other})
        assert changed is not first
        assert changed == EscalationRecord(**{**ESCALATION, field: other})
        assert records.escalation(**{**ESCALATION, field: other}) is changed


@pytest.mark.parametrize(
    ("field", "given", "expected"),
    [("step", True, 1), ("step", 3.0, 3), ("required", 1, True), ("team", None, None)],
)
def test_an_escalation_of_other_types_is_validated_each_time(
    field: str, given: Any, expected: Any
) -> None:
    records = Records()
    values = {**ESCALATION, field: given}
    built = records.escalation(**values)
    assert getattr(built, field) == expected
    assert type(getattr(built, field)) is type(expected)
    if field != "team":  # None is its exact type: remembered
        assert records.escalation(**values) is not built
    else:
        assert records.escalation(**values) is built


def test_an_escalation_rejected_by_validation_is_rejected() -> None:
    with pytest.raises(ValidationError):
        Records().escalation(**{**ESCALATION, "reason": 5})


def test_an_approval_is_one_object_per_exact_value() -> None:
    records = Records()
    first = records.approval(**APPROVAL)
    assert first == ApprovalRecord(**APPROVAL)
    assert records.approval(**APPROVAL) is first
    others = {
        "step": 3,
        "amount": Decimal("40"),  # equal, other digits: told apart
        "target": None,
        "justification": "late",
        "granted": False,
        "policy_grants": True,
        "reason": "over the limit",
    }
    for field, other in others.items():
        changed = records.approval(**{**APPROVAL, field: other})
        assert changed is not first
        assert str(changed.amount) == str(other if field == "amount" else APPROVAL["amount"])
        assert changed == ApprovalRecord(**{**APPROVAL, field: other})
        assert records.approval(**{**APPROVAL, field: other}) is changed


@pytest.mark.parametrize(
    ("field", "given"),
    [("amount", 40), ("amount", "40.00"), ("step", True), ("granted", 1), ("policy_grants", 0)],
)
def test_an_approval_of_other_types_is_validated_each_time(field: str, given: Any) -> None:
    records = Records()
    values = {**APPROVAL, field: given}
    built = records.approval(**values)
    assert built == ApprovalRecord(**values)
    assert records.approval(**values) is not built


@pytest.mark.parametrize(
    ("field", "given"), [("target", 7), ("justification", None), ("reason", ["x"])]
)
def test_an_approval_rejected_by_validation_is_rejected(field: str, given: Any) -> None:
    with pytest.raises(ValidationError):
        Records().approval(**{**APPROVAL, field: given})


def _env(scenario_id: str, scenario: Any = None) -> SupportEnv:
    env = SupportEnv(scenario or get_scenario(scenario_id), EchoCustomer())
    asyncio.run(env.reset(seed=1))
    return env


def test_the_world_after_a_customer_tool_is_shared_per_world_tool_and_step() -> None:
    env = _env(PASSWORD)
    before = env.state.world
    fresh = env.state.model_copy(deep=True)
    done = env._customer_act(env.state, OpenResetLink())
    after = env.state.world
    assert after is not before
    assert done == customer_act(fresh, OpenResetLink())
    assert after == fresh.world
    # another episode of the same scenario object, same step, an equal tool: the same world
    other = _env(PASSWORD, env.scenario)
    assert other.state.world is before
    assert other._customer_act(other.state, OpenResetLink()) == done
    assert other.state.world is after
    # at another step: another world, its record at that step
    later = _env(PASSWORD, env.scenario)
    later.state.step_count += 2
    later._customer_act(later.state, OpenResetLink())
    assert later.state.world is not after
    assert later.state.world.customer_steps[-1].step == env.state.step_count + 2


def test_another_customer_tool_value_is_another_world() -> None:
    env = _env(DEVICE)
    device = env.state.world.devices[0].id
    env._customer_act(env.state, ReadErrorCode(device_id=device))
    named = env.state.world
    other = _env(DEVICE, env.scenario)
    other._customer_act(other.state, ReadErrorCode(device_id=None))
    assert other.state.world is not named
    again = _env(DEVICE, env.scenario)
    again._customer_act(again.state, ReadErrorCode(device_id=device))
    assert again.state.world is named


def test_a_customer_tool_with_no_exact_key_is_not_shared() -> None:
    class Opaque:
        pass

    env = _env(DEVICE)
    odd = ReadErrorCode.model_construct(device_id=Opaque())  # type: ignore[arg-type]
    env._customer_act(env.state, odd)
    other = _env(DEVICE, env.scenario)
    other._customer_act(other.state, odd)
    assert other.state.world == env.state.world
    assert other.state.world is not env.state.world


def test_a_handoff_is_one_object_per_exact_value() -> None:
    records = Records()
    first = records.handoff(5, "billing", "refund over the limit")
    assert first == HandoffRecord(step=5, team="billing", note="refund over the limit")
    assert records.handoff(5, "billing", "refund over the limit") is first
    for step, team, note in (
        (6, "billing", "refund over the limit"),
        (5, "tier2", "refund over the limit"),
        (5, "billing", ""),
    ):
        changed = records.handoff(step, team, note)
        assert changed is not first
        assert changed == HandoffRecord(step=step, team=team, note=note)
        assert records.handoff(step, team, note) is changed
    validated = records.handoff(True, "billing", "x")  # type: ignore[arg-type]
    assert validated.step == 1 and type(validated.step) is int
    assert records.handoff(True, "billing", "x") is not validated  # type: ignore[arg-type]
    with pytest.raises(ValidationError):
        records.handoff(5, "billing", None)  # type: ignore[arg-type]


REFUND: dict[str, Any] = {
    "step": 2,
    "amount": Decimal("19.99"),
    "target": "CH-1",
    "reason": "duplicate",
    "policy_consulted": True,
    "method": RefundMethod.ORIGINAL_PAYMENT,
    "verified": True,
}
CLOSURE: dict[str, Any] = {
    "step": 4,
    "resolution": "refunded",
    "outcome": CloseOutcome.RESOLVED,
    "solved": True,
    "escalation_required": False,
}


@pytest.mark.parametrize(
    ("kind", "values", "field", "given"),
    [
        ("refund", REFUND, "amount", 19.99),
        ("refund", REFUND, "method", "original_payment"),
        ("refund", REFUND, "policy_consulted", 1),
        ("refund", REFUND, "step", 2.0),
        ("closure", CLOSURE, "outcome", "resolved"),
        ("closure", CLOSURE, "solved", 1),
        ("closure", CLOSURE, "escalation_required", 0),
    ],
)
def test_refunds_and_closures_of_other_types_are_validated_each_time(
    kind: str, values: dict[str, Any], field: str, given: Any
) -> None:
    records = Records()
    make = getattr(records, kind)
    exact = make(**values)
    assert make(**values) is exact
    built = make(**{**values, field: given})
    assert built == exact  # coerced to the same value
    assert built is not exact
    assert make(**{**values, field: given}) is not built

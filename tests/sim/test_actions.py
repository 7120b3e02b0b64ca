from decimal import Decimal

import pytest
from pydantic import ValidationError

from sim.actions import (
    ACTION_TYPES,
    ALL_ACTION_TYPES,
    CloseTicket,
    Escalate,
    IssueRefund,
    Reply,
    SearchKB,
    action_json_schema,
    parse_action,
)

EXAMPLES = [
    Reply(content="Hello"),
    SearchKB(query="refund policy"),
    IssueRefund(amount=Decimal("150.00"), reason="defective", target="ORD-1"),
    Escalate(reason="customer asked for a manager"),
    CloseTicket(resolution="done"),
]


@pytest.mark.parametrize("action", EXAMPLES, ids=lambda a: a.type)
def test_json_round_trip(action: object) -> None:
    assert isinstance(action, Reply | SearchKB | IssueRefund | Escalate | CloseTicket)
    text = action.model_dump_json()
    assert parse_action(text) == action
    assert parse_action(action.model_dump(mode="json")) == action


def test_tags_are_the_wire_names() -> None:
    assert tuple(a.type for a in EXAMPLES) == ACTION_TYPES
    schema = action_json_schema()
    assert schema["discriminator"]["propertyName"] == "type"
    assert set(schema["discriminator"]["mapping"]) == set(ALL_ACTION_TYPES)


def test_money_is_decimal_never_float() -> None:
    refund = parse_action({"type": "issue_refund", "amount": "19.99", "reason": "dup"})
    assert isinstance(refund, IssueRefund)
    assert refund.amount == Decimal("19.99")
    assert isinstance(refund.amount, Decimal)
    assert '"19.99"' in refund.model_dump_json()


@pytest.mark.parametrize(
    "bad",
    [
        {"type": "teleport"},
        {"type": "reply"},
        {"type": "reply", "content": 5},
        {"type": "issue_refund", "amount": "1.234", "reason": "x"},
        {"type": "issue_refund", "amount": "ten", "reason": "x"},
        {"type": "reply", "content": "hi", "extra": 1},
        "{not json",
    ],
    ids=[
        "unknown-type",
        "missing-field",
        "wrong-type",
        "three-decimals",
        "nan-amount",
        "extra-field",
        "broken-json",
    ],
)
def test_invalid_actions_raise_validation_error(bad: object) -> None:
    with pytest.raises(ValidationError):
        parse_action(bad)

"""The five support actions, as one pydantic union discriminated on ``type``.

The tags (``reply``, ``search_kb``, ``issue_refund``, ``escalate``, ``close_ticket``)
are the wire format and the tool names. Adding an action is adding a class here and
its transition in :mod:`sim.env`.
"""

from __future__ import annotations

from decimal import Decimal
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, TypeAdapter, WithJsonSchema

from sim.money import MONEY_FORMAT, MONEY_PATTERN, parse_money

__all__ = [
    "ACTION_TYPES",
    "Action",
    "CloseOutcome",
    "CloseTicket",
    "Escalate",
    "IssueRefund",
    "RefundMethod",
    "Reply",
    "SearchKB",
    "action_json_schema",
    "parse_action",
]

Money = Annotated[
    Decimal,
    BeforeValidator(parse_money),
    Field(max_digits=12, decimal_places=2),
    WithJsonSchema(
        {
            "anyOf": [{"type": "number"}, {"type": "string", "pattern": MONEY_PATTERN}],
            "description": f"Money: {MONEY_FORMAT}.",
        }
    ),
]
"""A money amount: a ``Decimal`` with two places, never a float (see :mod:`sim.money`)."""


class RefundMethod(StrEnum):
    """Where refunded money goes."""

    ORIGINAL_PAYMENT = "original_payment"
    """Back to the card or account the customer paid with (the default)."""
    STORE_CREDIT = "store_credit"
    """As credit on the customer's account with the company."""


class CloseOutcome(StrEnum):
    """How the agent closes a ticket."""

    RESOLVED = "resolved"
    """The customer's request was met."""
    DECLINED = "declined"
    """The request was refused (politely, as the policy requires)."""


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Reply(_Action):
    """Send a message to the customer; the customer's answer arrives in the next observation."""

    type: Literal["reply"] = "reply"
    content: str = Field(min_length=1, max_length=8000)
    """The message text shown to the customer."""


class SearchKB(_Action):
    """Search the knowledge base; matching articles are returned in the feedback."""

    type: Literal["search_kb"] = "search_kb"
    query: str = Field(min_length=1, max_length=500)
    """Free-text query, scored with BM25 over article titles and bodies."""


class IssueRefund(_Action):
    """Refund money to the customer, optionally against one order or charge id."""

    type: Literal["issue_refund"] = "issue_refund"
    amount: Money
    """Amount in the account's currency, two decimal places; must be > 0."""
    reason: str = Field(min_length=1, max_length=1000)
    """Why the refund is issued (kept in the record)."""
    target: str | None = None
    """The order or charge id being refunded; ``None`` refunds against the account."""
    method: RefundMethod = RefundMethod.ORIGINAL_PAYMENT
    """Where the money goes; the scenario's policy says which methods are allowed."""


class Escalate(_Action):
    """Hand the ticket to a human; ends the episode."""

    type: Literal["escalate"] = "escalate"
    reason: str = Field(min_length=1, max_length=1000)
    """Why a human is needed."""
    team: str | None = Field(default=None, min_length=1, max_length=100)
    """The team to hand the ticket to (one of the scenario's ``teams``); ``None``: any human."""


class CloseTicket(_Action):
    """Close the ticket (as resolved or declined); ends the episode."""

    type: Literal["close_ticket"] = "close_ticket"
    resolution: str = Field(min_length=1, max_length=2000)
    """Summary of how the ticket was resolved."""
    outcome: CloseOutcome | None = None
    """Whether the request was met or declined; ``None`` leaves it to the episode's state."""


Action = Annotated[
    Reply | SearchKB | IssueRefund | Escalate | CloseTicket,
    Field(discriminator="type"),
]
"""Any support action; parse with :func:`parse_action`."""

ACTION_TYPES: tuple[str, ...] = ("reply", "search_kb", "issue_refund", "escalate", "close_ticket")

_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)


def parse_action(data: Any) -> Action:
    """Validate a dict (or JSON string) into an action; raises ``pydantic.ValidationError``."""
    if isinstance(data, str | bytes):
        return _ADAPTER.validate_json(data)
    return _ADAPTER.validate_python(data)


def action_json_schema() -> dict[str, Any]:
    """The JSON Schema of the action union (what the wire and the tools accept).

    ``type`` is listed as required in every variant: the union is discriminated on it, so an
    action without it is refused, whatever default the Python class gives it."""
    schema = _ADAPTER.json_schema()
    for variant in schema.get("$defs", {}).values():
        if "type" in variant.get("properties", {}):
            required = variant.setdefault("required", [])
            if "type" not in required:
                required.insert(0, "type")
    return schema

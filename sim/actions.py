"""The support actions, as one pydantic union discriminated on ``type``.

The five seed actions (``reply``, ``search_kb``, ``issue_refund``, ``escalate``,
``close_ticket``) are defined here; the ten domain tools (``lookup_order`` ...
``send_password_reset``) in :mod:`sim.tools`. The tags are the wire format and the tool
names. Adding an action is adding a class and its transition (:mod:`sim.env`,
:mod:`sim.transitions`).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from sim.money import Money
from sim.tools import (
    TOOL_TYPES,
    Tool,
)
from sim.world import RefundMethod

__all__ = [
    "ACTION_TYPES",
    "ALL_ACTION_TYPES",
    "TOOL_TYPES",
    "Action",
    "ActionModel",
    "SeedAction",
    "CloseOutcome",
    "CloseTicket",
    "Escalate",
    "IssueRefund",
    "Money",
    "RefundMethod",
    "Reply",
    "RequestApproval",
    "SearchKB",
    "action_json_schema",
    "parse_action",
]


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


class RequestApproval(_Action):
    """Ask the supervisor to approve a refund the policy puts above ``approval_above``; an
    approved refund may then be issued once (``sim.approval``)."""

    type: Literal["request_approval"] = "request_approval"
    action: IssueRefund
    """The refund to approve (amount, target, method)."""
    justification: str = Field(min_length=1, max_length=1000)
    """Why the refund is warranted, for the supervisor."""


SeedAction = Reply | SearchKB | IssueRefund | Escalate | CloseTicket
"""The five seed actions (every scenario's agent may use them unless it lists its tools)."""

ActionModel = SeedAction | Tool | RequestApproval
"""The action classes as a plain union (for ``isinstance``)."""

Action = Annotated[ActionModel, Field(discriminator="type")]
"""Any support action or domain tool; parse with :func:`parse_action`."""

ACTION_TYPES: tuple[str, ...] = ("reply", "search_kb", "issue_refund", "escalate", "close_ticket")
"""The five seed actions' names: the tools a scenario's agent has by default."""

APPROVAL_TYPE = "request_approval"
"""Available where the policy sets ``refund.approval_above`` (issue 15, point 2)."""

ALL_ACTION_TYPES: tuple[str, ...] = (*ACTION_TYPES, *TOOL_TYPES, APPROVAL_TYPE)
"""Every action's name: the seed actions, then the domain tools."""

_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)


def parse_action(data: Any) -> Action:
    """Validate a dict (or JSON string) into an action; raises ``pydantic.ValidationError``."""
    if isinstance(data, str | bytes):
        return _ADAPTER.validate_json(data)
    return _ADAPTER.validate_python(data)


def action_json_schema(tools: Sequence[str] | None = None) -> dict[str, Any]:
    """The JSON Schema of the action union (what the wire and the tools accept); with
    ``tools`` (e.g. ``scenario.available_tools``), only those actions.

    ``type`` is listed as required in every variant: the union is discriminated on it, so an
    action without it is refused, whatever default the Python class gives it."""
    schema = _ADAPTER.json_schema()
    for variant in schema.get("$defs", {}).values():
        if "type" in variant.get("properties", {}):
            required = variant.setdefault("required", [])
            if "type" not in required:
                required.insert(0, "type")
    if tools is not None:
        unknown = [t for t in tools if t not in ALL_ACTION_TYPES]
        if unknown:
            raise ValueError(f"unknown action names {unknown}")
        mapping: dict[str, str] = schema["discriminator"]["mapping"]
        dropped = {ref for name, ref in mapping.items() if name not in tools}
        schema["discriminator"]["mapping"] = {n: r for n, r in mapping.items() if n in tools}
        schema["oneOf"] = [v for v in schema["oneOf"] if v["$ref"] not in dropped]
        for ref in dropped:
            del schema["$defs"][ref.rsplit("/", 1)[-1]]
    return schema

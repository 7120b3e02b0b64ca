"""The ten domain tools: more members of the action union (:data:`sim.actions.Action`).

Same wire format as the five seed actions (a JSON object discriminated on ``type``); the tag
is the tool name. A scenario lists the tools its agent may use (``Scenario.tools``); each
tool's invariant is enforced by its pure transition in :mod:`sim.transitions`.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from sim.money import Money
from sim.world import Address, ReturnKind

__all__ = [
    "TOOL_TYPES",
    "ApplyCredit",
    "CancelOrder",
    "CancelSubscription",
    "CancelWhen",
    "CreateReturn",
    "LookupAccount",
    "LookupOrder",
    "OfferRetention",
    "SendPasswordReset",
    "Tool",
    "UpdateAddress",
    "VerifyIdentity",
]

_ID = Field(min_length=1, max_length=100)


class _Tool(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class LookupOrder(_Tool):
    """Look up one order: item, amount, dates, status, shipping address (read-only)."""

    type: Literal["lookup_order"] = "lookup_order"
    order_id: str = _ID
    """The order id, e.g. ``ORD-1042``."""


class LookupAccount(_Tool):
    """Look up the customer's account: tier, orders, charges, subscriptions, payment
    methods, credit balance and security status (read-only)."""

    type: Literal["lookup_account"] = "lookup_account"


class VerifyIdentity(_Tool):
    """Check the caller's answers against the account's answers on file; the account counts
    as verified when every answer on file is matched."""

    type: Literal["verify_identity"] = "verify_identity"
    answers: dict[str, str] = Field(min_length=1, max_length=10)
    """What the caller said, by name (``{"postcode": "94110", "card_last4": "4417"}``)."""

    @field_validator("answers")
    @classmethod
    def _bounded(cls, answers: dict[str, str]) -> dict[str, str]:
        for key, value in answers.items():
            if not key.strip() or len(key) > 50:
                raise ValueError("answer names must be 1-50 characters")
            if len(value) > 200:
                raise ValueError(f"answer {key[:50]!r}: at most 200 characters")
        return answers


class CancelOrder(_Tool):
    """Cancel an order that has not shipped yet (any refund is a separate ``issue_refund``)."""

    type: Literal["cancel_order"] = "cancel_order"
    order_id: str = _ID
    reason: str = Field(min_length=1, max_length=1000)
    """Why the order is cancelled (kept in the record)."""


class UpdateAddress(_Tool):
    """Change the shipping address of an order that has not shipped yet."""

    type: Literal["update_address"] = "update_address"
    order_id: str = _ID
    address: Address
    """The new shipping address."""


class CreateReturn(_Tool):
    """Create a return for a delivered order, for a refund or a replacement (within the
    policy's window; any refund is a separate ``issue_refund``)."""

    type: Literal["create_return"] = "create_return"
    order_id: str = _ID
    kind: ReturnKind = ReturnKind.REFUND
    """``refund``: the money back once returned; ``replacement``: a new item is sent."""
    reason: str = Field(min_length=1, max_length=1000)


class CancelWhen(StrEnum):
    NOW = "now"
    """Cancelled at once."""
    END_OF_PERIOD = "end_of_period"
    """Runs to the end of the paid period, then does not renew."""


class CancelSubscription(_Tool):
    """Cancel a subscription, now or at the end of the paid period."""

    type: Literal["cancel_subscription"] = "cancel_subscription"
    subscription_id: str = _ID
    when: CancelWhen = CancelWhen.END_OF_PERIOD


class OfferRetention(_Tool):
    """Offer a retention deal on a subscription (only offers the policy allows for the
    customer's tier); the customer accepts or declines it."""

    type: Literal["offer_retention"] = "offer_retention"
    subscription_id: str = _ID
    offer_id: str = _ID
    """One of the policy's retention offers (``policy.retention.offers``)."""


class ApplyCredit(_Tool):
    """Add goodwill credit to the customer's account (within the policy's limits)."""

    type: Literal["apply_credit"] = "apply_credit"
    amount: Money = Field(gt=0)
    """Amount in the account's currency, two decimal places; must be > 0."""
    reason: str = Field(min_length=1, max_length=1000)


class SendPasswordReset(_Tool):
    """Send a password reset link to the account's email on file."""

    type: Literal["send_password_reset"] = "send_password_reset"


Tool = (
    LookupOrder
    | LookupAccount
    | VerifyIdentity
    | CancelOrder
    | UpdateAddress
    | CreateReturn
    | CancelSubscription
    | OfferRetention
    | ApplyCredit
    | SendPasswordReset
)
"""Any domain tool (a plain union; :data:`sim.actions.Action` is the discriminated one)."""

TOOL_TYPES: tuple[str, ...] = (
    "lookup_order",
    "lookup_account",
    "verify_identity",
    "cancel_order",
    "update_address",
    "create_return",
    "cancel_subscription",
    "offer_retention",
    "apply_credit",
    "send_password_reset",
)
"""The domain tools' names (= their ``type`` tags), in the order above."""

READ_ONLY: frozenset[str] = frozenset({"lookup_order", "lookup_account"})
"""Tools that never change the world (the ``world_state`` check ignores them)."""

"""Policy as data: refund windows and schedules, retention offers, credit limits, identity
checks and policy versions. :mod:`sim.policy_engine` evaluates it.

Every field is optional with a default that keeps a scenario file of the old format
behaving as before. :class:`sim.scenario.Policy` holds these sections (plus escalation and
conduct).
"""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from sim.actions import ALL_ACTION_TYPES
from sim.money import Money
from sim.world import RefundMethod, Tier

__all__ = [
    "OVERRIDE_KEY",
    "CreditPolicy",
    "IdentityPolicy",
    "NonRefundable",
    "PolicyUpdate",
    "RefundAbuse",
    "RefundBand",
    "RefundPolicy",
    "RetentionOffer",
    "RetentionPolicy",
    "WindowFrom",
    "WrongMethod",
]


OVERRIDE_KEY = re.compile(
    r"^(expectations\.(resolution|refund_total|escalation_team)"
    r"|reference_solution\.\d+|policy\.updates\.\d+\.(effective|at_step|notice))$"
)
"""The keys ``expectations.policy_overrides`` accepts: where ``supportsim validate`` reports
a disagreement with the policy (see :mod:`sim.policy_check`)."""


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class WrongMethod(StrEnum):
    """What an action the policy does not allow is (a refund to another method, an account
    change for an unverified caller)."""

    INVALID = "invalid"
    """Refused by the env (a penalized observation; nothing changes)."""
    WRONG = "wrong"
    """Carried out, but graded wrong."""


class WindowFrom(StrEnum):
    """The day a refund window counts from."""

    PURCHASE = "purchase"
    DELIVERY = "delivery"
    """The delivery day (the purchase day for an order never delivered)."""


class NonRefundable(StrEnum):
    """Conditions under which nothing is owed."""

    USED = "used"
    """The item was used (``Order.used``)."""
    FINAL_SALE = "final_sale"
    """The order was a final sale (``Order.final_sale``)."""
    CONSUMED_PERIOD = "consumed_period"
    """A subscription charge for a period already under way or over (charges are not
    refunded once their period has started)."""


class RefundBand(_Model):
    """Up to ``up_to_days`` days (inclusive) from the window's start, ``percent`` is owed."""

    up_to_days: int = Field(ge=0)
    percent: Decimal = Field(ge=0, le=100)


LOST_AFTER_BUSINESS_DAYS = 5
"""The default of :attr:`RefundPolicy.lost_after_business_days`."""


class RefundAbuse(_Model):
    """A refund-abuse flag: an account with at least ``count`` earlier refunds
    (``customer.history.refunds``) dated within the last ``days`` days of the ticket's day
    (``days`` days before it counts; a day earlier does not) is flagged. On a flagged account
    the agent refunds nothing: a refund request is escalated for review to the team the
    routing names for the ticket's topic (:func:`sim.policy_engine.agent_may_refund`)."""

    count: int = Field(default=3, ge=1)
    days: int = Field(default=90, ge=1)


class RefundPolicy(_Model):
    agent_limit: Money = Field(default=Decimal("500.00"), ge=0)
    """The largest single refund the agent may issue; above it the ticket must be escalated."""
    required_articles: list[str] = Field(default_factory=list)
    """Article ids that must have been retrieved before any refund."""
    window_days: int | None = Field(default=None, ge=0)
    """Days (from ``window_from``) in which a full refund is allowed; ``None``: no window."""
    window_from: WindowFrom = WindowFrom.PURCHASE
    """Whether the window counts from the purchase or from the delivery."""
    schedule: list[RefundBand] = Field(default_factory=list)
    """Percent owed by days since the window's start (overrides ``window_days``); past the
    last band nothing is owed."""
    percent_by_tier: dict[Tier, Decimal] = Field(default_factory=dict)
    """Percent owed by the customer's tier (applied to what the schedule gives)."""
    non_refundable: list[NonRefundable] = Field(default_factory=list)
    """Conditions under which nothing is owed."""
    single_transaction: bool = True
    """The owed amount must be refunded in one transaction per order or charge."""
    methods: list[RefundMethod] = Field(default_factory=lambda: [RefundMethod.ORIGINAL_PAYMENT])
    """Refund methods the policy allows."""
    other_method: WrongMethod = WrongMethod.INVALID
    """A refund to any other method is refused (``invalid``) or graded wrong (``wrong``)."""
    approval_above: Money | None = None
    """A refund above this amount needs a supervisor's approval (``request_approval``)
    first; ``None``: no approval is ever needed."""
    verify_facts: list[str] = Field(default_factory=list)
    """Customer facts (by name) the customer must have told the agent before any refund:
    which order or charge, the card's last digits. A refund before that is wrong."""
    lost_after_business_days: int = Field(
        default=LOST_AFTER_BUSINESS_DAYS,
        ge=1,
        le=60,
        exclude_if=lambda v: v == LOST_AFTER_BUSINESS_DAYS,
    )
    """A parcel in transit (an order ``shipped`` with a ``last_scan``) counts as lost once
    this many business days (Monday to Friday) have passed since its last scan; before that
    nothing is owed for it yet (:func:`sim.policy_engine.parcel_lost`)."""
    abuse: RefundAbuse | None = None
    """The refund-abuse flag rule; ``None``: the account's refund history flags nothing."""

    @field_validator("schedule")
    @classmethod
    def _ascending(cls, bands: list[RefundBand]) -> list[RefundBand]:
        days = [b.up_to_days for b in bands]
        if days != sorted(set(days)):
            raise ValueError("bands must be in strictly ascending order of up_to_days")
        return bands

    @field_validator("percent_by_tier")
    @classmethod
    def _percents(cls, by_tier: dict[Tier, Decimal]) -> dict[Tier, Decimal]:
        if any(not 0 <= p <= 100 for p in by_tier.values()):
            raise ValueError("percents must be between 0 and 100")
        return by_tier


class RetentionOffer(_Model):
    """A deal the agent may offer a customer who wants to cancel."""

    id: str = Field(min_length=1, max_length=100)
    description: str = ""
    tiers: list[Tier] = Field(default_factory=list)
    """The tiers it may be offered to; empty: every tier."""
    percent_off: Decimal = Field(default=Decimal("0"), ge=0, le=100)
    months: int = Field(default=1, ge=0, le=120)
    """How many periods the discount lasts."""


class RetentionPolicy(_Model):
    offers: list[RetentionOffer] = Field(default_factory=list)
    must_offer: bool = False
    """Offer a deal once before cancelling when an offer exists for the customer's tier.
    A cancellation is never to be refused or stalled, offer or not."""

    @field_validator("offers")
    @classmethod
    def _unique(cls, offers: list[RetentionOffer]) -> list[RetentionOffer]:
        ids = [o.id for o in offers]
        if len(set(ids)) != len(ids):
            raise ValueError("offer ids must be unique")
        return offers


class CreditPolicy(_Model):
    """Limits on goodwill credit (``apply_credit``); ``None``: no limit."""

    limit_per_action: Money | None = Field(default=None, ge=0)
    limit_total: Money | None = Field(default=None, ge=0)
    """Most credit applied over the episode."""


class IdentityPolicy(_Model):
    required_for: list[str] = Field(default_factory=list)
    """Actions (by name) that need a verified caller (``verify_identity``) first."""
    unverified: WrongMethod = WrongMethod.INVALID
    """Such an action for an unverified caller is refused (``invalid``) or graded wrong."""

    @field_validator("required_for")
    @classmethod
    def _known(cls, names: list[str]) -> list[str]:
        unknown = [n for n in names if n not in ALL_ACTION_TYPES]
        if unknown:
            raise ValueError(f"unknown action names {unknown} (known: {list(ALL_ACTION_TYPES)})")
        if "verify_identity" in names:
            raise ValueError("verify_identity cannot itself require a verified caller")
        return names


class PolicyUpdate(_Model):
    """A policy version: in force from ``effective`` (the ticket's date) or announced at
    ``at_step`` of the episode; its sections replace the base policy's."""

    effective: dt.date | None = None
    at_step: int | None = Field(default=None, ge=1)
    notice: str = ""
    """What the agent is told when the update arrives mid-episode."""
    refund: RefundPolicy | None = None
    retention: RetentionPolicy | None = None
    credit: CreditPolicy | None = None
    identity: IdentityPolicy | None = None

    @model_validator(mode="after")
    def _when(self) -> PolicyUpdate:
        if self.effective is None and self.at_step is None:
            raise ValueError("a policy update needs effective (a date) or at_step")
        return self

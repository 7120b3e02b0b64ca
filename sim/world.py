"""The world an episode acts on: the account's orders, subscriptions, money and security.

The scenario's account (:class:`sim.scenario.CustomerAccount`) is the world's starting
point; :meth:`World.from_account` builds it. The env owns the world and replaces it on
every state-changing action (the transitions live in :mod:`sim.transitions`: pure
``world, action -> world, feedback``); the grader replays the gold solution on a fresh world
and diffs the two (:mod:`sim.world_diff`). Every model here is frozen.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from enum import StrEnum
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field, model_validator

from sim.money import Money

if TYPE_CHECKING:
    from sim.scenario import CustomerAccount

__all__ = [
    "Address",
    "AddressChange",
    "Charge",
    "CreditRecord",
    "CustomerStepRecord",
    "Device",
    "DeviceStatus",
    "DeviceStep",
    "History",
    "Order",
    "OrderStatus",
    "PastContact",
    "PastRefund",
    "PaymentKind",
    "PaymentMethod",
    "Period",
    "RefundMethod",
    "RefundRecord",
    "ResetLink",
    "ResetRecord",
    "RetentionRecord",
    "ReturnKind",
    "ReturnRecord",
    "Security",
    "Subscription",
    "SubscriptionStatus",
    "Tier",
    "World",
]


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Tier(StrEnum):
    """Customer account tier."""

    FREE = "free"
    STANDARD = "standard"
    PREMIUM = "premium"
    ENTERPRISE = "enterprise"


class RefundMethod(StrEnum):
    """Where refunded money goes."""

    ORIGINAL_PAYMENT = "original_payment"
    """Back to the card or account the customer paid with (the default)."""
    STORE_CREDIT = "store_credit"
    """As credit on the customer's account with the company."""


class OrderStatus(StrEnum):
    """Where an order is in its life."""

    PROCESSING = "processing"
    """Paid, not yet shipped: it can still be cancelled or re-addressed."""
    SHIPPED = "shipped"
    """On its way: no cancelling, no address change."""
    DELIVERED = "delivered"
    RETURNED = "returned"
    """A return (for a refund or a replacement) was created for it."""
    CANCELLED = "cancelled"


class Address(_Model):
    """A postal address."""

    line1: str = Field(min_length=1, max_length=200)
    line2: str | None = Field(default=None, max_length=200)
    city: str = Field(min_length=1, max_length=100)
    postcode: str = Field(min_length=1, max_length=20)
    country: str = Field(min_length=2, max_length=60)


class Order(_Model):
    id: str = Field(min_length=1)
    item: str
    amount: Money = Field(ge=0)
    """What the customer paid for this order."""
    date: dt.date
    """The day of purchase."""
    delivered: dt.date | None = None
    """The day of delivery (policy windows "from delivery" count from it)."""
    status: OrderStatus = OrderStatus.DELIVERED
    shipping_address: Address | None = None
    """Where it ships to (``update_address`` changes it while it is processing)."""
    category: str | None = None
    """Product category, for policies that treat categories differently."""
    used: bool = False
    """The item was used (some policies refuse refunds on used items)."""
    final_sale: bool = False
    """Sold as final sale (not refundable where the policy says so)."""
    last_scan: dt.date | None = Field(default=None, exclude_if=lambda v: v is None)
    """The day of the last tracking scan of a parcel in transit (``status: shipped``): with
    no movement for ``policy.refund.lost_after_business_days`` business days the parcel
    counts as lost (:func:`sim.policy_engine.parcel_lost`); ``None``: no tracking data."""


class Charge(_Model):
    id: str = Field(min_length=1)
    description: str
    amount: Money = Field(ge=0)
    """What the customer was charged."""
    date: dt.date
    subscription_id: str | None = Field(default=None, exclude_if=lambda v: v is None)
    """The subscription the charge renews, if any: a charge dated after that subscription's
    ``cancelled_on`` is a wrong charge (:func:`sim.policy_engine.charged_after_cancellation`)."""


class Period(StrEnum):
    MONTHLY = "monthly"
    ANNUAL = "annual"


class SubscriptionStatus(StrEnum):
    ACTIVE = "active"
    PENDING_CANCEL = "pending_cancel"
    """Cancelled at the end of the paid period: active until ``renews``, then not renewed."""
    CANCELLED = "cancelled"


class Subscription(_Model):
    id: str = Field(min_length=1)
    plan: str = Field(min_length=1)
    price: Money = Field(ge=0)
    """Price per period."""
    period: Period = Period.MONTHLY
    status: SubscriptionStatus = SubscriptionStatus.ACTIVE
    started: dt.date
    renews: dt.date
    """The next renewal (or the end of the paid period)."""
    discount_percent: Decimal | None = Field(default=None, ge=0, le=100)
    """A discount in force (set when a retention offer is accepted)."""
    retention_offer: str | None = None
    """The id of the retention offer the customer accepted, if any."""
    cancelled_on: dt.date | None = Field(default=None, exclude_if=lambda v: v is None)
    """The day the customer cancelled it (before the ticket); ``None``: not recorded."""


class PaymentKind(StrEnum):
    CARD = "card"
    PAYPAL = "paypal"
    BANK = "bank"


class PaymentMethod(_Model):
    id: str = Field(min_length=1)
    kind: PaymentKind = PaymentKind.CARD
    last4: str | None = Field(default=None, pattern=r"^[0-9]{4}$")
    added: dt.date
    """When it was added (a card added yesterday is a fraud signal)."""
    default: bool = False


class ResetLink(StrEnum):
    """The state of the newest password reset link in the customer's inbox."""

    NONE = "none"
    """No reset email."""
    SENT = "sent"
    """A fresh link (``send_password_reset``): it works once."""
    USED = "used"
    """Opened and used to set a new password; it does not work again."""
    EXPIRED = "expired"
    """Too old to work (for example a link from yesterday, set in the scenario file)."""


class Security(_Model):
    """The account's security state."""

    verified: bool = False
    """The caller's identity was verified (in this episode, by ``verify_identity``)."""
    locked: bool = False
    two_factor: bool = False
    verify_with: dict[str, str] = Field(default_factory=dict)
    """The answers on file that verify the caller ({"postcode": "94110", ...}); never shown."""
    reset_sent: bool = False
    """A password reset link was sent."""
    reset_link: ResetLink = Field(default=ResetLink.NONE, exclude_if=lambda v: v is ResetLink.NONE)
    """The customer's side: the newest reset link in the inbox (``open_reset_link``)."""
    logged_in: bool = Field(default=False, exclude_if=lambda v: not v)
    """The customer's side: the customer is signed in (for example after a reset)."""


class DeviceStatus(StrEnum):
    WORKING = "working"
    ERROR = "error"
    """Shows ``error_code`` until the steps of its ``fix`` are done in order."""


class DeviceStep(StrEnum):
    """What a customer can do to a device (each is a customer tool)."""

    RESTART = "restart"
    """Turn it off and on again."""
    HARD_RESTART = "hard_restart"
    """Hold the power button for ten seconds (also counts as a restart)."""
    INSTALL_UPDATE = "install_update"
    """Install the pending software update."""


class Device(_Model):
    """A device the customer has at home (customer-side: the agent never sees it)."""

    id: str = Field(min_length=1, max_length=100)
    name: str = Field(min_length=1, max_length=200)
    status: DeviceStatus = DeviceStatus.WORKING
    error_code: str | None = Field(default=None, min_length=1, max_length=40)
    """What the screen shows while in error (``read_error_code``)."""
    fix: tuple[DeviceStep, ...] = ()
    """The steps that clear the error, in order (hidden from the agent)."""
    progress: int = Field(default=0, ge=0)
    """How many steps of ``fix`` are done."""

    @model_validator(mode="after")
    def _consistent(self) -> Device:
        if self.status is DeviceStatus.ERROR and (self.error_code is None or not self.fix):
            raise ValueError("a device in error needs an error_code and a fix (1+ steps)")
        if self.status is DeviceStatus.WORKING and self.error_code is not None:
            raise ValueError("a working device shows no error_code")
        if self.progress > len(self.fix):
            raise ValueError("progress: more than the steps of fix")
        return self


class PastRefund(_Model):
    date: dt.date
    amount: Money = Field(ge=0)
    reason: str = ""


class PastContact(_Model):
    date: dt.date
    topic: str


class History(_Model):
    """What happened before this ticket (refund abuse shows here)."""

    refunds: list[PastRefund] = Field(default_factory=list)
    contacts: list[PastContact] = Field(default_factory=list)


# -- ledgers: what the episode did ---------------------------------------------------------


class RefundRecord(_Model):
    """A refund issued in the episode (``issue_refund``)."""

    target: str | None
    amount: Money
    method: RefundMethod = RefundMethod.ORIGINAL_PAYMENT


class ReturnKind(StrEnum):
    REFUND = "refund"
    REPLACEMENT = "replacement"


class ReturnRecord(_Model):
    order_id: str
    kind: ReturnKind
    reason: str = ""


class RetentionRecord(_Model):
    subscription_id: str
    offer_id: str
    accepted: bool


class CreditRecord(_Model):
    amount: Money
    reason: str = ""


class ResetRecord(_Model):
    """A password reset sent to the account's email on file."""

    email: str


class AddressChange(_Model):
    order_id: str
    address: Address


class CustomerStepRecord(_Model):
    """One customer tool the customer used (customer-side ledger, never diffed)."""

    tool: str
    valid: bool
    step: int = 0
    """The episode step (the agent's reply) during which the customer acted."""
    progress: bool = False
    """It brought the customer-side world closer to the scenario's expectation."""


class World(_Model):
    """What the env owns and mutates and the grader diffs.

    Ledgers (``refunds`` .. ``address_changes``) start empty and record what the episode
    did. ``reason`` fields are kept for the record but never compared by the diff."""

    orders: tuple[Order, ...] = ()
    charges: tuple[Charge, ...] = ()
    subscriptions: tuple[Subscription, ...] = ()
    payment_methods: tuple[PaymentMethod, ...] = ()
    credit_balance: Money = Decimal("0.00")
    security: Security = Field(default_factory=Security)
    refunds: tuple[RefundRecord, ...] = ()
    returns: tuple[ReturnRecord, ...] = ()
    retention_offers: tuple[RetentionRecord, ...] = ()
    credits: tuple[CreditRecord, ...] = ()
    resets: tuple[ResetRecord, ...] = ()
    address_changes: tuple[AddressChange, ...] = ()
    unverified: tuple[str, ...] = ()
    """Actions carried out for an unverified caller where the policy requires verification
    and grades it wrong (``policy.identity.unverified: wrong``)."""
    devices: tuple[Device, ...] = Field(default=(), exclude_if=lambda v: not v)
    """The customer's devices (customer-side: changed only by the customer's tools)."""
    customer_steps: tuple[CustomerStepRecord, ...] = Field(default=(), exclude_if=lambda v: not v)
    """The customer's own tool uses (dual control); not compared by the world diff."""

    @classmethod
    def from_account(cls, account: CustomerAccount) -> World:
        """The initial world of a scenario's account."""
        return cls(
            orders=tuple(account.orders),
            charges=tuple(account.charges),
            subscriptions=tuple(account.subscriptions),
            payment_methods=tuple(account.payment_methods),
            credit_balance=account.credit_balance,
            security=account.security,
            devices=tuple(account.devices),
        )

    def order(self, order_id: str) -> Order | None:
        return next((o for o in self.orders if o.id == order_id), None)

    def device(self, device_id: str) -> Device | None:
        return next((d for d in self.devices if d.id == device_id), None)

    def subscription(self, subscription_id: str) -> Subscription | None:
        return next((s for s in self.subscriptions if s.id == subscription_id), None)

    @property
    def credits_total(self) -> Decimal:
        """Credit applied in this episode (``apply_credit``)."""
        return sum((c.amount for c in self.credits), Decimal("0.00"))

"""Episode state (everything, serializable) and the observation (what the agent may see)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from decimal import Decimal
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from sim.actions import Action, CloseOutcome, RefundMethod
from sim.events import CustomerEvent, RewardEvent, Termination
from sim.scenario import Charge, Order, Scenario, Team, Tier
from sim.world import Address, History, PaymentMethod, Subscription, World

__all__ = [
    "ActionRecord",
    "ArticleView",
    "did_before",
    "ClosureRecord",
    "CustomerContext",
    "CustomerIntent",
    "EmotionPoint",
    "EpisodeState",
    "EscalationRecord",
    "ApprovalRecord",
    "HandoffRecord",
    "Message",
    "Observation",
    "RefundRecord",
    "Role",
    "SecurityView",
    "TicketStatus",
    "TicketView",
]


_NOTHING = Decimal("0")
"""The sum of no refunds (a ``Decimal`` is immutable: one object serves every state)."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Role(StrEnum):
    CUSTOMER = "customer"
    AGENT = "agent"


class CustomerIntent(StrEnum):
    """What the customer wants after its turn: a typed stop signal, never text."""

    CONTINUE = "continue"
    SATISFIED = "satisfied"
    WANTS_HUMAN = "wants_human"
    LEAVING = "leaving"


class TicketStatus(StrEnum):
    OPEN = "open"
    CLOSED = "closed"
    ESCALATED = "escalated"
    ABANDONED = "abandoned"


class Message(_Frozen):
    role: Role
    content: str
    step: int
    """Step count when the message was sent (0 is the opening message)."""


class ArticleView(_Frozen):
    """A retrieved knowledge-base article as the agent sees it."""

    id: str
    title: str
    body: str
    internal: bool = False
    """Internal-only: for the agent's eyes, never to be repeated to the customer."""
    internal_note: str | None = None
    """An internal-only passage of the article."""
    effective: date | None = None
    """The day this version of a policy came (or comes) into force."""
    superseded_by: str | None = None
    """The id of the newer version that replaces this one."""


class RefundRecord(_Frozen):
    step: int
    amount: Decimal
    target: str | None
    reason: str
    policy_consulted: bool
    method: RefundMethod = RefundMethod.ORIGINAL_PAYMENT
    """Whether the policy's required articles had been retrieved when it was issued."""
    verified: bool = True
    """Whether the customer had told the agent every fact the policy verifies first."""


class EscalationRecord(_Frozen):
    step: int
    reason: str
    team: str | None = None
    required: bool
    """Whether the scenario's escalation rule required a human at that moment."""


class HandoffRecord(_Frozen):
    """A tier-2 handoff: from this step on, ``role`` works the ticket (``sim.workflow``)."""

    step: int
    """The step of the first line's ``escalate``: later actions are the new role's."""
    team: str
    role: str = "tier2"
    note: str
    """The handoff note (the escalation's ``reason``), graded like a reply."""


class ApprovalRecord(_Frozen):
    """A ``request_approval`` and the supervisor's answer (``sim.approval``)."""

    step: int
    amount: Decimal
    target: str | None = None
    justification: str
    granted: bool
    """What the supervisor decided."""
    policy_grants: bool
    """What the policy says the decision should be (the supervisor's grade)."""
    reason: str = ""


class ClosureRecord(_Frozen):
    step: int
    resolution: str
    outcome: CloseOutcome | None = None
    solved: bool
    """Whether the customer's problem was solved when the ticket was closed."""
    escalation_required: bool
    """Whether the escalation rule required a human when the ticket was closed."""


class EmotionPoint(_Frozen):
    """The customer's emotion after one of its turns, with what moved it."""

    step: int
    frustration: float
    trust: float
    intent: CustomerIntent
    events: tuple[CustomerEvent, ...] = ()


class ActionRecord(_Frozen):
    step: int
    action: Action | None
    """The parsed action; ``None`` when what was sent did not parse as one."""
    raw: str | None = None
    """What was sent, when it did not parse as an action."""
    valid: bool
    feedback: str
    reward: float
    events: tuple[RewardEvent, ...]


class EpisodeState(BaseModel):
    """Everything about one episode; JSON round trip gives it back unchanged."""

    episode_id: str
    seed: int | None
    scenario: Scenario
    persona_id: str
    step_count: int = 0
    max_steps: int
    status: TicketStatus = TicketStatus.OPEN
    done: bool = False
    termination: Termination | None = None
    conversation: list[Message] = Field(default_factory=list)
    actions: list[ActionRecord] = Field(default_factory=list)
    refunds: list[RefundRecord] = Field(default_factory=list)
    retrieved: list[str] = Field(default_factory=list)
    """Article ids retrieved, in order of first retrieval."""
    searches: list[str] = Field(default_factory=list)
    escalation: EscalationRecord | None = None
    closure: ClosureRecord | None = None
    emotion: list[EmotionPoint] = Field(default_factory=list)
    revealed_facts: list[str] = Field(default_factory=list)
    """Names of the customer's facts the customer has told the agent."""
    facts_communicated: list[str] = Field(default_factory=list)
    """Ids of expected facts the agent has communicated."""
    world: World = Field(default_factory=World)
    """The world the episode acts on (built from the account at reset)."""
    looked_up: list[str] = Field(default_factory=list)
    """What the agent looked up: ``"account"`` and order ids, in order."""
    approvals: list[ApprovalRecord] = Field(default_factory=list)
    """Supervisor approvals asked for, in order (``request_approval``)."""
    handoffs: list[HandoffRecord] = Field(default_factory=list)
    """Tier-2 handoffs (``--tier2``), in order; empty: the first line did everything."""
    total_reward: float = 0.0
    kb_reward: float = 0.0
    error: str | None = None
    """Infrastructure error that ended the episode, if any."""

    @property
    def refunded_total(self) -> Decimal:
        if not self.refunds:
            return _NOTHING  # most steps of most episodes: no sum to start
        return sum((r.amount for r in self.refunds), _NOTHING)

    def refunded_for(self, target: str | None) -> Decimal:
        return sum((r.amount for r in self.refunds if r.target == target), Decimal("0"))

    @property
    def last_emotion(self) -> EmotionPoint | None:
        return self.emotion[-1] if self.emotion else None

    @property
    def wants_human(self) -> bool:
        """The customer is asking for a human now (their latest intent)."""
        last = self.last_emotion
        return last is not None and last.intent is CustomerIntent.WANTS_HUMAN


class TicketView(_Frozen):
    subject: str
    body: str
    channel: str
    opened: date | None = None
    topic: str | None = None


class SecurityView(_Frozen):
    """The account's security state as the agent sees it (never the answers on file)."""

    verified: bool
    locked: bool
    two_factor: bool
    reset_sent: bool


class CustomerContext(_Frozen):
    """The account as the agent's tools show it (no hidden facts, no emotion).

    With ``account_visibility: lookup`` only name, email, tier and account id are filled
    until the agent looks the account up (orders one by one through ``lookup_order``)."""

    name: str
    email: str
    tier: Tier
    account_id: str
    orders: tuple[Order, ...]
    charges: tuple[Charge, ...]
    subscriptions: tuple[Subscription, ...] = ()
    payment_methods: tuple[PaymentMethod, ...] = ()
    credit_balance: Decimal | None = None
    """``None``: not looked up yet (or the scenario has no world)."""
    security: SecurityView | None = None
    address: Address | None = None
    history: History | None = None
    """Earlier refunds and contacts (``None``: not looked up, or no world)."""
    looked_up: bool = True
    """Whether the whole account is shown (``False``: only what was looked up)."""


class Observation(_Frozen):
    """What the support agent sees after ``reset`` or ``step``."""

    episode_id: str
    ticket: TicketView
    customer: CustomerContext
    conversation: tuple[Message, ...]
    feedback: str
    """What the last action did, or why it was rejected."""
    last_action_valid: bool = True
    search_results: tuple[ArticleView, ...] = ()
    """Articles returned by the last ``search_kb``."""
    refunded_total: Decimal = Decimal("0.00")
    teams: tuple[Team, ...] = ()
    """Teams ``escalate`` can hand the ticket to (empty: any human)."""
    policy_notices: tuple[str, ...] = ()
    """Policy updates announced during the episode (``policy.updates`` with ``at_step``),
    in force from the step that announced them."""
    tools: tuple[str, ...] = ()
    """The actions available here, by name (the scenario's ``tools``; default the five)."""
    steps_taken: int
    steps_left: int
    reward: float = 0.0
    done: bool = False
    termination: Termination | None = None
    role: str | None = None
    """Who acts now after a tier-2 handoff (the team's id); ``None``: the first line."""
    handoff_note: str | None = None
    """The note the first line left at the handoff (what tier-2 knows of the case)."""


def did_before(actions: Sequence[ActionRecord], kind: type[object], step: int) -> bool:
    """Whether a valid action of type ``kind`` was taken before ``step`` (the reply's step):
    what a reply may report as done, or must not contradict."""
    return any(r.valid and isinstance(r.action, kind) and r.step < step for r in actions)

"""The scenario file format: a support ticket, the customer's account, a hidden knowledge
base, machine-checkable policy, expectations and a gold action list.

Scenarios are YAML validated by pydantic. :func:`load_scenario` turns every problem into a
:class:`~sim.errors.ScenarioError` naming the file, the field path and what was expected.
"""

from __future__ import annotations

import datetime as dt
import weakref
from decimal import Decimal
from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from sim.actions import ACTION_TYPES, ALL_ACTION_TYPES, Action, Escalate, IssueRefund, Money
from sim.customer_tools import CUSTOMER_TOOL_TYPES
from sim.customer_world import CustomerWorld
from sim.memo import memo
from sim.policy import (
    OVERRIDE_KEY,
    CreditPolicy,
    IdentityPolicy,
    PolicyUpdate,
    RefundPolicy,
    RetentionPolicy,
    WrongMethod,
)
from sim.world import (
    Address,
    Charge,
    Device,
    History,
    Order,
    PaymentMethod,
    Security,
    Subscription,
    Tier,
)

__all__ = [
    "AccountVisibility",
    "Article",
    "Charge",
    "ConductPolicy",
    "CustomerAccount",
    "CustomerFact",
    "EscalationReason",
    "EscalationRule",
    "Expectations",
    "Fact",
    "Handoff",
    "FactAct",
    "HumanRequests",
    "LibraryRef",
    "Order",
    "Policy",
    "RefundPolicy",
    "Resolution",
    "Scenario",
    "Team",
    "Ticket",
    "Tier",
    "WrongMethod",
]


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Resolution(StrEnum):
    """How the ticket is expected to end."""

    RESOLVED = "resolved"
    """Solved by the agent, then closed."""
    DECLINED = "declined"
    """The request is refused politely (no refund), then closed."""
    ESCALATED = "escalated"
    """Handed to a human."""


class AccountVisibility(StrEnum):
    """What the agent sees of the account before it looks anything up."""

    FULL = "full"
    """The observation shows the whole account (orders, charges, ...) from the start."""
    LOOKUP = "lookup"
    """Only the customer's name, email and account id: the rest through ``lookup_account``
    and ``lookup_order``."""


class Ticket(_Model):
    subject: str = Field(min_length=1)
    """Subject line the agent sees."""
    body: str = Field(min_length=1)
    """The customer's first message."""
    channel: str = "email"
    """Channel the ticket arrived on (email, chat, ...)."""
    opened: dt.date | None = None
    """The day the ticket was opened ("today" for policy windows)."""
    topic: str | None = Field(default=None, min_length=1, max_length=100)
    """What the ticket is about, for the policy's routing (``policy.routing``)."""


class CustomerFact(_Model):
    """Something the customer knows. A hidden fact is revealed only when the agent asks."""

    name: str = Field(min_length=1)
    value: str
    hidden: bool = True
    asked_by: list[str] = Field(default_factory=list)
    """Phrases in an agent message that count as asking for this fact."""


class CustomerAccount(_Model):
    name: str
    email: str
    tier: Tier
    account_id: str
    since: dt.date | None = None
    orders: list[Order] = Field(default_factory=list)
    charges: list[Charge] = Field(default_factory=list)
    facts: list[CustomerFact] = Field(default_factory=list)
    """What the customer knows (visible to the customer, hidden facts not to the agent)."""
    goal: str = ""
    """What the customer wants, in the customer's words (for simulated customers)."""
    address: Address | None = None
    """The address on file."""
    subscriptions: list[Subscription] = Field(default_factory=list)
    payment_methods: list[PaymentMethod] = Field(default_factory=list)
    credit_balance: Money = Field(default=Decimal("0.00"), ge=0)
    security: Security = Field(default_factory=Security)
    history: History = Field(default_factory=History)
    accepts_retention: list[str] = Field(default_factory=list)
    """Retention offer ids this customer accepts when offered (default: none)."""
    devices: list[Device] = Field(default_factory=list, exclude_if=lambda v: not v)
    """The customer's devices (dual control: changed only by the customer's own tools)."""

    @property
    def items(self) -> tuple[Order | Charge, ...]:
        """Orders and charges: everything the customer paid for."""
        return (*self.orders, *self.charges)

    def paid_for(self, target: str) -> Decimal | None:
        """The amount paid for an order or charge id, or ``None`` if no such id exists."""
        for item in self.items:
            if item.id == target:
                return item.amount
        return None

    @property
    def total_paid(self) -> Decimal:
        return sum((i.amount for i in self.items), Decimal("0"))


class Article(_Model):
    id: str = Field(min_length=1)
    title: str = Field(min_length=1)
    body: str = Field(min_length=1)
    relevant: bool = False
    """The first retrieval of a relevant article earns reward."""
    internal: bool = False
    """Internal-only: the agent may read it, but must not repeat it to the customer."""
    internal_note: str | None = Field(default=None, min_length=1)
    """An internal-only passage of an otherwise public article (never for the customer)."""
    effective: dt.date | None = None
    """The day this version of a policy comes into force (the agent applies the version in
    force on the ticket's date)."""
    superseded_by: str | None = Field(default=None, min_length=1)
    """The id of the newer version that replaces this one (this one is outdated from the
    newer one's ``effective`` date)."""
    topic: str | None = Field(default=None, min_length=1)
    """The library topic (billing, orders, ...); set from the library file it comes from."""
    tags: tuple[str, ...] = ()
    """Free labels for authors and benchmarks (``near-duplicate``, ``how-to``, ...)."""
    at_step: int | None = Field(default=None, ge=1)
    """Not found by a search before the agent's N-th action: an article that arrives while the
    ticket is being worked (as ``policy.updates.N.at_step`` does for the policy)."""

    @property
    def internal_texts(self) -> tuple[str, ...]:
        """The passages of this article the customer must never be shown."""
        texts = (self.body,) if self.internal else ()
        return (*texts, self.internal_note) if self.internal_note else texts


class LibraryRef(_Model):
    """Which articles of the shared knowledge-base library (``sim/kb_library``) a scenario
    searches besides its own ``kb``. ``kb_library: true`` is every article of the library.

    A scenario's own article wins over a library article with the same id (the library one
    is left out), so a scenario can replace any article with its own version.
    """

    topics: tuple[str, ...] = ()
    """Library topics to include (empty: every topic)."""
    exclude: tuple[str, ...] = ()
    """Library article ids left out (e.g. ones that would contradict this scenario)."""
    relevant: tuple[str, ...] = ()
    """Library article ids relevant to this scenario (their first retrieval earns reward);
    library articles are never relevant otherwise."""


class Team(_Model):
    """A team the agent can escalate to."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=64)
    """What ``escalate(team=...)`` names (billing, security, tier2, ...)."""
    description: str = ""
    """What the team handles, as the agent is told."""
    aliases: tuple[str, ...] = ()
    """Other names the team goes by in replies ("finance team", "billing department")."""
    refund_limit: Money | None = None
    """The team's own refund authority when it works the ticket as tier-2 (``--tier2``):
    replaces ``policy.refund.agent_limit`` for its actions. ``None``: the agent's limit."""
    tools: tuple[str, ...] | None = None
    """Actions only this team may take (e.g. ``send_password_reset`` for security): the
    first line and other teams are refused them; they must be among the scenario's tools."""


class HumanRequests(StrEnum):
    """How the business handles a customer's explicit request for a human."""

    AT_ONCE = "at_once"
    """Honour it at once: after the request, the agent's next word is the handoff."""
    WHEN_REPEATED = "when_repeated"
    """Offer to help first; honour it when asked again (``repeats`` requests in all)."""
    FOR_REASONS = "for_reasons"
    """A request alone never requires a human; one does when a listed reason holds."""


class EscalationReason(StrEnum):
    """Reasons, checkable from the scenario, for which a request for a human is honoured."""

    OVER_AGENT_LIMIT = "over_agent_limit"
    """The owed refund is above the agent's limit."""
    DECLINED = "declined"
    """The request is declined by policy; the customer may appeal to a supervisor."""


class EscalationRule(_Model):
    """When escalating is required, judged over the whole conversation. It is wrong whenever
    it is not required."""

    on_customer_request: bool = True
    """Old files: ``true`` is ``human_requests: at_once``, ``false`` ``for_reasons`` (none)."""
    human_requests: HumanRequests | None = None
    """How a request for a human is handled (default: from ``on_customer_request``)."""
    repeats: int = Field(default=2, ge=2, le=5)
    """For ``when_repeated``: the request that must be honoured (2 = the second)."""
    reasons: list[EscalationReason] = Field(default_factory=list)
    """For ``for_reasons``: when any holds, a request is honoured at once."""
    frustration_at_least: float | None = Field(default=None, ge=0, le=1)
    """Required when the customer's frustration is at least this high at the decision."""
    always: bool = False
    """Required in any case (e.g. the owed refund is above the agent's limit)."""

    @model_validator(mode="after")
    def _consistent(self) -> EscalationRule:
        policy = self.requests
        if not self.on_customer_request and policy is not HumanRequests.FOR_REASONS:
            raise ValueError(f"human_requests: {policy} contradicts on_customer_request: false")
        if self.reasons and policy is not HumanRequests.FOR_REASONS:
            raise ValueError(f"reasons: only used with human_requests: for_reasons, not {policy}")
        return self

    @property
    def requests(self) -> HumanRequests:
        """The effective policy for requests for a human."""
        if self.human_requests is not None:
            return self.human_requests
        return HumanRequests.AT_ONCE if self.on_customer_request else HumanRequests.FOR_REASONS


class ConductPolicy(_Model):
    """How the agent must speak to the customer."""

    rudeness_critical: bool = False
    """A rude or dismissive reply fails the episode (otherwise it only costs score)."""


class Policy(_Model):
    refund: RefundPolicy = Field(default_factory=RefundPolicy)
    escalation: EscalationRule = Field(default_factory=EscalationRule)
    conduct: ConductPolicy = Field(default_factory=ConductPolicy)
    retention: RetentionPolicy = Field(default_factory=RetentionPolicy)
    credit: CreditPolicy = Field(default_factory=CreditPolicy)
    identity: IdentityPolicy = Field(default_factory=IdentityPolicy)
    routing: dict[str, str] = Field(default_factory=dict)
    """Which team handles which ticket topic (``Ticket.topic`` -> a team id)."""
    updates: list[PolicyUpdate] = Field(default_factory=list)
    """Policy versions: by effective date, or arriving mid-episode (``at_step``)."""


class FactAct(StrEnum):
    """Acts a fact can require a reply to affirm or deny (see :class:`sim.reader.Act`)."""

    REFUND = "refund"
    ESCALATE = "escalate"
    CANCEL = "cancel"
    RESET = "reset"
    REPLACE = "replace"
    CREDIT = "credit"


class Fact(_Model):
    """A fact the agent must communicate: a canonical value and/or phrases.

    The claim reader (:mod:`sim.reader`) decides whether a reply states it: amounts and
    durations are compared as values (digits, number words, currency forms, dashes), phrases
    as concepts (case, word forms and small typos tolerated), and only in sentences that
    state it affirmatively (not negated, not only asked).
    """

    id: str = Field(min_length=1)
    amount: Money | None = None
    """A money amount the reply must state (e.g. the refund)."""
    duration: str | None = None
    """A duration or timeline, e.g. ``"5-7 business days"`` or ``"24 hours"``."""
    percent: Decimal | None = Field(default=None, ge=0, le=100)
    """A percentage (``50`` is also stated by "half")."""
    act: FactAct | None = None
    """An act the reply must state: ``refund`` with ``positive: false`` is "no refund"."""
    positive: bool = True
    """Whether ``act`` is affirmed (done or promised) or denied."""
    team: str | None = None
    """A team (one of the scenario's ``teams``) the reply must name (id or alias)."""
    any_of: tuple[str, ...] = ()
    """Phrases that state it (a named policy, step or team); a value-like phrase such as
    ``"$19.99"`` or ``"3 business days"`` is read as that value."""

    @model_validator(mode="after")
    def _has_content(self) -> Fact:
        values = (self.amount, self.duration, self.percent, self.act, self.team)
        if all(v is None for v in values) and not self.any_of:
            raise ValueError("a fact needs an amount, duration, percent, act, team or any_of")
        if any(not p.strip() for p in self.any_of):
            raise ValueError("any_of: phrases must not be empty")
        return self


class Handoff(_Model):
    """The tier-2 part of a workflow scenario: who takes the ticket after ``escalate`` and
    what the specialist must achieve (read only with ``--tier2 scripted|llm``)."""

    team: str = Field(min_length=1)
    """The team (one of ``teams``) the first line hands the ticket to."""
    note_facts: list[Fact] = Field(default_factory=list)
    """What the handoff note (``escalate``'s ``reason``) must state, read like a reply."""
    refund_total: Money = Decimal("0.00")
    """What tier-2 must have refunded in all when it closes."""
    refund_target: str | None = None
    """The order or charge tier-2 must refund (``None``: any)."""
    reference_solution: list[Action] = Field(min_length=1)
    """The tier-2 gold actions (the oracle's tier-2 plan)."""
    then: list[str] = Field(default_factory=list)
    """Teams (of ``teams``) the ticket may be handed on to after ``team``, each once: an
    escalation to one of them hands the ticket to a fresh tier-2 agent under that team's
    authority, until one closes or escalates elsewhere (``sim.workflow``)."""


class Expectations(_Model):
    resolution: Resolution
    refund_total: Money = Field(default=Decimal("0.00"), ge=0)
    """Exact total the agent must refund over the episode."""
    refund_target: str | None = None
    """The order or charge id the refund must go to, if any."""
    escalation_team: str | None = None
    """The team the ticket must be escalated to (one of the scenario's ``teams``)."""
    facts: list[Fact] = Field(default_factory=list)
    """Facts the agent must communicate in its replies."""
    step_budget: int = Field(ge=1)
    """Steps a good agent needs; efficiency is scored against it."""
    customer_calmer: bool = False
    """The customer must end calmer than they began."""
    customer_stays: bool = True
    """The customer must not walk away (turn off for tickets meant to test a lost cause)."""
    customer_world: CustomerWorld | None = None
    """The customer-side state at the end (dual control: signed in, a device working)."""
    policy_overrides: dict[str, str] = Field(default_factory=dict)
    """Disagreements with the policy the author intends, by where ``supportsim validate``
    reports them (``expectations.resolution``, ``reference_solution.3``, ...) -> the reason.
    ``validate`` then shows them as notes instead of failing."""

    @field_validator("policy_overrides")
    @classmethod
    def _override_keys(cls, overrides: dict[str, str]) -> dict[str, str]:
        bad = [k[:60] for k in overrides if not OVERRIDE_KEY.match(k)]
        if bad:
            raise ValueError(
                f"unknown keys {bad}: expected expectations.resolution, "
                "expectations.refund_total, expectations.escalation_team, "
                "reference_solution.N or policy.updates.N.effective|at_step|notice"
            )
        if any(not reason.strip() for reason in overrides.values()):
            raise ValueError("every override needs a reason")
        return overrides


class Scenario(_Model):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$")
    title: str
    family: str
    """Family of tasks (account, refund, billing, ...)."""
    difficulty: str = "medium"
    ticket: Ticket
    customer: CustomerAccount
    kb: list[Article] = Field(default_factory=list)
    """The scenario's own articles (at least one unless ``kb_library`` is set)."""
    kb_library: LibraryRef | None = None
    """Also search the shared library (``true``, or which topics and articles)."""
    teams: list[Team] = Field(default_factory=list)
    """Teams the agent can escalate to; none declared: ``escalate`` takes no team."""
    policy: Policy = Field(default_factory=Policy)
    expectations: Expectations
    reference_solution: list[Action] = Field(min_length=1)
    handoff: Handoff | None = None
    """The tier-2 part of a workflow (``--tier2``); ``None``: escalation ends the episode."""
    default_persona: str = "calm-professional"
    max_steps: int = Field(default=20, ge=1, le=500)
    rewards: dict[str, float] = Field(default_factory=dict)
    """Overrides of the reward constants in :class:`sim.rewards.RewardConfig`."""
    kind: Literal["scenario"] | None = None
    """Optional marker ``kind: scenario``: says what the file is without relying on its shape."""
    tools: list[str] | None = None
    """The actions the agent may use, by name; ``None``: the five seed actions."""
    account_visibility: AccountVisibility = AccountVisibility.FULL
    """``lookup``: the agent sees only name, email and account id until it looks things up."""
    customer_tools: list[str] = Field(default_factory=list, exclude_if=lambda v: not v)
    """The customer's own tools (dual control, :mod:`sim.customer_tools`); default none."""

    @property
    def available_tools(self) -> tuple[str, ...]:
        """The names of the actions the agent may use here (in the union's order)."""
        if self.tools is None:
            if self.policy.refund.approval_above is not None:
                return (*ACTION_TYPES, "request_approval")
            return ACTION_TYPES
        return tuple(t for t in ALL_ACTION_TYPES if t in self.tools)

    def tools_for(self, team: str | None) -> tuple[str, ...]:
        """The actions ``team`` (``None``: the first line) may use: the scenario's tools
        without those other teams reserve (``Team.tools``)."""
        if not any(tm.tools for tm in self.teams):
            return self.available_tools
        reserved = {t for tm in self.teams if tm.id != team for t in tm.tools or ()}
        own = {t for tm in self.teams if tm.id == team for t in tm.tools or ()}
        return tuple(t for t in self.available_tools if t not in reserved - own)

    @property
    def uses_world(self) -> bool:
        """Whether the scenario uses the world: domain tools, or world fields on the account
        (worked out once per scenario object: scenarios are immutable)."""
        return memo("uses-world", self, None, self._uses_world)

    def _uses_world(self) -> bool:
        if self.tools is not None and any(t not in ACTION_TYPES for t in self.tools):
            return True
        acct = self.customer
        return bool(
            acct.subscriptions
            or acct.payment_methods
            or acct.credit_balance
            or acct.security != _NO_SECURITY
            or acct.devices
            or self.customer_tools
            or self.expectations.customer_world is not None
            or self.account_visibility is AccountVisibility.LOOKUP
        )

    @field_validator("kb_library", mode="before")
    @classmethod
    def _library_flag(cls, value: Any) -> Any:
        """``true`` is the whole library, ``false`` none of it."""
        if value is True:
            return {}
        return None if value is False else value

    @model_validator(mode="after")
    def _check_references(self) -> Scenario:
        # Pydantic runs a model's after-validators again whenever the instance is a field of
        # another model (every ``EpisodeState``): a scenario object (frozen) that passed once
        # is not checked again.
        if _VALIDATED.get(id(self)) is self:
            return self
        ids = {a.id for a in self.kb}
        if len(ids) != len(self.kb):
            raise ValueError("kb: article ids must be unique")
        if not self.kb and self.kb_library is None:
            raise ValueError("kb: at least one article is required (or set kb_library)")
        if self.kb_library is not None or any(a.superseded_by for a in self.kb):
            from sim.kb_library import reference_problems, scenario_articles, version_problems

            problems = reference_problems(self)
            every = scenario_articles(self)
            where = {a.id: i for i, a in enumerate(self.kb)}
            problems += [
                f"kb.{where[a]}.{problem}" for a, problem in version_problems(every) if a in where
            ]
            if problems:
                raise ValueError("\n".join(problems))
            ids = {a.id for a in every}
        missing = [a for a in self.policy.refund.required_articles if a not in ids]
        if missing:
            raise ValueError(f"policy.refund.required_articles: unknown article ids {missing}")
        known = {f.name for f in self.customer.facts}
        unknown = [f for f in self.policy.refund.verify_facts if f not in known]
        if unknown:
            raise ValueError(f"policy.refund.verify_facts: unknown customer facts {unknown}")
        targets = {i.id for i in self.customer.items}
        exp = self.expectations
        if exp.refund_target is not None and exp.refund_target not in targets:
            shown = exp.refund_target[:40]
            raise ValueError(f"expectations.refund_target: {shown!r} is not an order or charge id")
        if exp.refund_target is not None:
            paid = self.customer.paid_for(exp.refund_target)
            if paid is not None and exp.refund_total > paid:
                raise ValueError("expectations.refund_total: more than was paid for the target")
        if exp.refund_total > self.customer.total_paid:
            raise ValueError("expectations.refund_total: more than the customer paid in total")
        if exp.step_budget > self.max_steps:
            raise ValueError("expectations.step_budget: larger than max_steps")
        if len(self.reference_solution) > self.max_steps:
            raise ValueError("reference_solution: longer than max_steps")
        for i, action in enumerate(self.reference_solution):
            if (
                isinstance(action, IssueRefund)
                and action.target is not None
                and action.target not in targets
            ):
                shown = action.target if len(action.target) <= 40 else action.target[:37] + "..."
                raise ValueError(f"reference_solution.{i}.target: unknown id {shown!r}")
        team_ids = [t.id for t in self.teams]
        if len(set(team_ids)) != len(team_ids):
            raise ValueError("teams: team ids must be unique")
        self._check_world(team_ids)
        for i, fact in enumerate(exp.facts):
            if fact.team is not None and fact.team not in team_ids:
                raise ValueError(f"expectations.facts.{i}.team: unknown team {fact.team!r}")
        if self.handoff is not None and self.handoff.team not in team_ids:
            raise ValueError(f"handoff.team: {self.handoff.team!r} is not one of teams {team_ids}")
        for i, then in enumerate(self.handoff.then if self.handoff is not None else ()):
            if then not in team_ids:
                raise ValueError(f"handoff.then.{i}: {then!r} is not one of teams {team_ids}")
        for i, team in enumerate(self.teams):
            for tool in team.tools or ():
                if tool not in self.available_tools:
                    raise ValueError(
                        f"teams.{i}.tools: {tool!r} is not one of the scenario's tools "
                        f"{list(self.available_tools)}"
                    )
        if exp.escalation_team is not None and exp.escalation_team not in team_ids:
            raise ValueError(
                f"expectations.escalation_team: {exp.escalation_team!r} is not one of teams "
                f"{team_ids}"
            )
        for i, action in enumerate(self.reference_solution):
            if isinstance(action, Escalate) and action.team not in (None, *team_ids):
                raise ValueError(f"reference_solution.{i}.team: unknown team {action.team!r}")
        from sim.gold import scenario_problems  # ids, duplicates, rewards, the gold's rules

        problems = scenario_problems(self)
        if problems:
            raise ValueError("\n".join(problems))
        if self.rewards:
            from sim.rewards import RewardConfig

            RewardConfig.with_overrides(self.rewards)
        _VALIDATED[id(self)] = self
        return self

    def _check_world(self, team_ids: list[str]) -> None:
        """The world fields: tool names, routing teams, retention ids, gold tools available."""
        if self.tools is not None:
            unknown = [t for t in self.tools if t not in ALL_ACTION_TYPES]
            if unknown:
                raise ValueError(
                    f"tools: unknown action names {unknown} (known: {list(ALL_ACTION_TYPES)})"
                )
            if len(set(self.tools)) != len(self.tools):
                raise ValueError("tools: names must be unique")
        available = self.available_tools
        for i, action in enumerate(self.reference_solution):
            if action.type not in available:
                raise ValueError(
                    f"reference_solution.{i}: {action.type!r} is not one of the scenario's "
                    f"tools {list(available)}"
                )
        for topic, team in self.policy.routing.items():
            if team not in team_ids:
                raise ValueError(f"policy.routing.{topic}: {team!r} is not one of teams {team_ids}")
        offers = {o.id for o in self.policy.retention.offers}
        offers |= {o.id for u in self.policy.updates if u.retention for o in u.retention.offers}
        unknown_offers = [o for o in self.customer.accepts_retention if o not in offers]
        if unknown_offers:
            raise ValueError(
                f"customer.accepts_retention: unknown retention offers {unknown_offers}"
            )
        self._check_customer_side()
        for name, ids in (
            ("subscriptions", [s.id for s in self.customer.subscriptions]),
            ("payment_methods", [p.id for p in self.customer.payment_methods]),
            ("devices", [d.id for d in self.customer.devices]),
        ):
            if len(set(ids)) != len(ids):
                raise ValueError(f"customer.{name}: ids must be unique")
        if self.uses_world:
            from sim.transitions import replay  # the gold on a fresh world, no customer

            _, problems = replay(self)
            if problems:
                shown = "; ".join(f"reference_solution.{p}" for p in problems)
                raise ValueError(f"rejected by the world: {shown}")

    def _check_customer_side(self) -> None:
        """Dual control: the customer's tools exist, and the expected end state names
        devices the customer has."""
        unknown = [t for t in self.customer_tools if t not in CUSTOMER_TOOL_TYPES]
        if unknown:
            raise ValueError(
                f"customer_tools: unknown customer tools {unknown} "
                f"(known: {list(CUSTOMER_TOOL_TYPES)})"
            )
        if len(set(self.customer_tools)) != len(self.customer_tools):
            raise ValueError("customer_tools: names must be unique")
        want = self.expectations.customer_world
        ids = {d.id for d in self.customer.devices}
        for device_id in want.devices if want is not None else {}:
            if device_id not in ids:
                raise ValueError(
                    f"expectations.customer_world.devices: {device_id[:40]!r} is not one of "
                    f"customer.devices {sorted(ids)}"
                )

    def to_yaml_dict(self) -> dict[str, Any]:
        """A plain dict suitable for writing back to YAML."""
        return self.model_dump(mode="json")


_NO_SECURITY = Security()
"""The default security state (compared against, never changed)."""
_VALIDATED: weakref.WeakValueDictionary[int, Scenario] = weakref.WeakValueDictionary()
"""Scenario objects whose after-validator passed, by identity (see ``_check_references``)."""

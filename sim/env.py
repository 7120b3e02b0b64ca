"""SupportEnv: one support ticket as an async environment (``reset`` / ``step`` / ``state``).

Every action of every agent goes through :meth:`SupportEnv.step`, which enforces the
invariants. An invalid action is an observation with feedback and a penalty, never an
exception; only driving the env out of order (step before reset, after done) raises.
"""

from __future__ import annotations

import copy
import random
import uuid
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from functools import partial
from typing import Any, TypeVar, assert_never, cast

import structlog
from pydantic import BaseModel, ValidationError

from sim.actions import (
    Action,
    ActionModel,
    CloseTicket,
    Escalate,
    IssueRefund,
    Reply,
    RequestApproval,
    SearchKB,
    parse_action,
)
from sim.appraisal import appraise_reply, asked_facts
from sim.approval import ModelSupervisor, Supervisor, policy_decision, unapproved_refunds
from sim.customer import Customer, CustomerTurn, CustomerView, Usage
from sim.customer_world import AnyCustomerTool, CustomerStepResult, customer_act
from sim.errors import EpisodeError
from sim.events import CustomerEvent, RewardEvent, Termination
from sim.kb import KnowledgeBase
from sim.kb_library import scenario_articles
from sim.memo import memo
from sim.money import format_money
from sim.observation import observation
from sim.outcome import escalation_required, facts_in, refund_correct, solved
from sim.policy_engine import (
    articles_missing,
    facts_missing,
    method_violation,
    notices_at,
    notices_until,
    policy_at,
    refund_problems,
)
from sim.records import Records
from sim.rewards import RewardConfig, step_reward
from sim.scenario import Article, Policy, Scenario, Team, WrongMethod
from sim.state import (
    ArticleView,
    CustomerContext,
    CustomerIntent,
    EpisodeState,
    Observation,
    Role,
    TicketStatus,
    TicketView,
)
from sim.statekey import value_key
from sim.tools import (
    READ_ONLY,
    ApplyCredit,
    CancelOrder,
    CancelSubscription,
    CreateReturn,
    LookupAccount,
    LookupOrder,
    OfferRetention,
    SendPasswordReset,
    Tool,
    UpdateAddress,
    VerifyIdentity,
)
from sim.transitions import (
    Transition,
    apply_tool,
    context_for,
    record_refund,
    verification_gate,
)
from sim.workflow import tier2_expected_world, tier2_overpaid, tier2_solved, with_authority
from sim.world import World
from sim.world_diff import diff_worlds, expected_world
from sim.world_view import customer_context

_T = TypeVar("_T")

__all__ = ["SupportEnv"]

_CHECKED_ACTIONS: weakref.WeakValueDictionary[int, ActionModel] = weakref.WeakValueDictionary()
"""Action objects given to ``step`` that passed validation unchanged, by identity."""


def _unchanged(action: BaseModel, parsed: BaseModel) -> bool:
    """Whether validating ``action`` gave back exactly its own values (no coercion: same
    types, equal values, and decimals with the same digits)."""
    for name, value in parsed.__dict__.items():
        given = action.__dict__.get(name, _MISSING)
        if type(given) is not type(value) or given != value:
            return False
        if isinstance(value, Decimal) and given.as_tuple() != value.as_tuple():
            return False
    return parsed.__dict__.keys() == action.__dict__.keys()


_MISSING = object()
_CENTS = Decimal("0.01")
_NONE_YET = Decimal("0.00")
"""The observation's refunded total before any refund (``Decimal("0").quantize(_CENTS)``)."""

_GIVEN = frozenset({"episode_id", "seed", "scenario", "persona_id", "max_steps", "world"})
_FACTORIES: tuple[tuple[str, Callable[[], object]], ...] = tuple(
    (name, cast("Callable[[], object]", f.default_factory))
    for name, f in EpisodeState.model_fields.items()
    if name not in _GIVEN and f.default_factory is not None
)
"""Fields of a new state made by a factory (new lists): fresh for each episode."""
_FACTORY_DATA = any(
    EpisodeState.model_fields[name].default_factory_takes_validated_data for name, _ in _FACTORIES
)


def initial_world(scenario: Scenario) -> World:
    """The world an episode of ``scenario`` starts from, built once per scenario object."""
    return memo("env-world", scenario, None, lambda: World.from_account(scenario.customer))


def _knowledge_base(scenario: Scenario) -> KnowledgeBase:
    """One BM25 index per scenario object, built on first use (a bounded memo table:
    scenarios generated on the fly come and go)."""
    return memo("env-kb", scenario, None, lambda: KnowledgeBase(scenario_articles(scenario)))


def _views(scenario: Scenario) -> tuple[TicketView, CustomerContext]:
    """The ticket and account as the agent sees them; built once per scenario object."""
    return memo("env-views", scenario, None, lambda: _build_views(scenario))


def _build_views(scenario: Scenario) -> tuple[TicketView, CustomerContext]:
    acct = scenario.customer
    context = CustomerContext(
        name=acct.name,
        email=acct.email,
        tier=acct.tier,
        account_id=acct.account_id,
        orders=tuple(acct.orders),
        charges=tuple(acct.charges),
    )
    return TicketView.model_validate(scenario.ticket.model_dump()), context


@dataclass(slots=True)
class _Outcome:
    """What one action did, before reward and bookkeeping."""

    valid: bool
    feedback: str
    events: list[RewardEvent] = field(default_factory=list)
    results: tuple[ArticleView, ...] = ()


class SupportEnv:
    """An async environment for one support ticket against one simulated customer."""

    def __init__(
        self,
        scenario: Scenario,
        customer: Customer,
        *,
        rewards: RewardConfig | None = None,
        max_steps: int | None = None,
        supervisor: Supervisor | ModelSupervisor | None = None,
    ) -> None:
        self.scenario = scenario
        self.supervisor: Supervisor | ModelSupervisor = supervisor or policy_decision
        """Who answers ``request_approval`` (default: the policy itself, ``sim.approval``)."""
        self.supervisor_usage = Usage()
        """What a model supervisor spent answering this episode's approval requests."""
        self.customer = customer
        self.rewards = rewards or RewardConfig.with_overrides(scenario.rewards)
        self.max_steps = max_steps or scenario.max_steps
        self.kb = _knowledge_base(scenario)
        self.customer_usage = Usage()
        self._state: EpisodeState | None = None
        self._pending: list[CustomerEvent] = []
        self._ticket, self._context = _views(scenario)
        self._world: World = initial_world(scenario)
        """The initial world, shared by every episode of the scenario object's envs (frozen:
        a change makes a new one)."""
        self._uses_world = scenario.uses_world
        self._seen_context: tuple[World, tuple[str, ...], CustomerContext] | None = None
        self._views_of: dict[int, tuple[Article, ArticleView]] = {}
        self.authority: Team | None = None
        """The team working the ticket after a tier-2 handoff (``sim.workflow``)."""
        self._tools: tuple[str | None, tuple[str, ...]] | None = None
        self._teams = tuple(scenario.teams)
        self._notices_of: dict[int, tuple[tuple[str, ...], tuple[str, ...]]] = {}
        self._blank: tuple[tuple[object, ...], EpisodeState] | None = None
        """A validated blank state (``_new_state``) and what it was built from."""
        self._records: Records = memo("env-records", scenario, None, Records)
        """Frozen records and worlds shared by the episodes of every env of this scenario
        object (``sim.records``: keyed by exact values, bounded)."""

    # -- public API -------------------------------------------------------------------

    @property
    def tools_now(self) -> tuple[str, ...]:
        """The actions whoever works the ticket now may use (a team's reserved tools only
        for that team, ``Scenario.tools_for``)."""
        team = None if self.authority is None else self.authority.id
        cached = self._tools
        if cached is None or cached[0] != team:
            # the scenario is immutable: the tools change only with the authority
            cached = self._tools = (team, self.scenario.tools_for(team))
        return cached[1]

    @property
    def state(self) -> EpisodeState:
        """The full episode state (raises ``EpisodeError`` before the first reset)."""
        if self._state is None:
            raise EpisodeError("call reset() before reading state")
        return self._state

    async def reset(
        self,
        *,
        seed: int | None = None,
        episode_id: str | None = None,
        options: dict[str, Any] | None = None,
    ) -> Observation:
        """Start a new episode; the customer writes the opening message."""
        rng = random.Random(seed)
        eid = episode_id or str(uuid.UUID(int=rng.getrandbits(128), version=4))
        self._state = self._new_state(eid, seed)
        self._pending = []
        self.customer_usage = Usage()
        self.supervisor_usage = Usage()
        self.authority = None
        turn = await self.customer.open(self._view((), ()), rng)
        self._record_turn(turn)
        return self._observe("New ticket. Read the customer's message.", True, 0.0)

    def _new_state(self, eid: str, seed: int | None) -> EpisodeState:
        """A fresh episode state: validated, or a copy of this env's validated blank state
        with the episode's id and seed and new empty lists (what validating the same values
        gives, without validating the scenario and the world again at every reset). An id or
        seed of another type than declared is validated (coerced or rejected) as before."""
        given = (self.scenario, self.customer.persona_id, self.max_steps, self._world)
        fields = dict(
            zip(("scenario", "persona_id", "max_steps", "world"), given, strict=True),
            episode_id=eid,
            seed=seed,
        )
        blank = self._blank
        if type(eid) is not str or not (seed is None or type(seed) is int) or _FACTORY_DATA:
            return EpisodeState(**fields)
        if blank is None or any(a is not b for a, b in zip(blank[0], given, strict=True)):
            blank = self._blank = (given, EpisodeState(**fields))
        state = copy.copy(blank[1])
        # the blank's own values but the id, the seed and new mutable defaults; the fields
        # set stay those given, as when validated
        state.__dict__.update(
            {name: factory() for name, factory in _FACTORIES}, episode_id=eid, seed=seed
        )
        return state

    async def step(self, action: Action | dict[str, Any] | str) -> Observation:
        """Apply one action; a ``Reply`` also gets the customer's answer."""
        state = self.state
        if state.done:
            raise EpisodeError(
                f"episode {state.episode_id} is over ({state.termination}); call reset()"
            )
        state.step_count += 1
        structlog.contextvars.bind_contextvars(step=state.step_count)
        parsed: Action | None
        try:
            # An action object is validated again: one built with ``model_construct`` (no
            # validation) must meet the same rules as one that arrives as JSON. Actions are
            # frozen: an object that passed once (a plan replayed every episode) is not
            # validated again.
            if isinstance(action, ActionModel):
                if _CHECKED_ACTIONS.get(id(action)) is action:
                    parsed = action
                else:
                    parsed = type(action).model_validate(action.__dict__)
                    if _unchanged(action, parsed):
                        _CHECKED_ACTIONS[id(action)] = action
                        parsed = action  # the same object every time it is replayed
            else:
                parsed = parse_action(dict(action) if isinstance(action, BaseModel) else action)
        except ValidationError as exc:
            parsed = None
            problem = "; ".join(
                f"{'.'.join(map(str, e['loc'])) or 'action'}: {e['msg']}"
                for e in exc.errors(include_url=False)[:3]
            )
            outcome = _Outcome(False, f"Invalid action ({problem}).")
        if parsed is not None:
            parsed = self._records.shared_action(parsed)
            outcome = await self._apply(parsed)
        for notice in self._notices(state.step_count)[0]:
            # A policy update arriving at this step: in force from this action on.
            outcome.feedback += f" Policy update: {notice}"
        events = [RewardEvent.STEP, *outcome.events]
        if not outcome.valid:
            events.append(RewardEvent.INVALID_ACTION)
        if not state.done and state.step_count >= self.max_steps:
            self._finish(Termination.STEP_LIMIT, TicketStatus.OPEN)
            events.append(RewardEvent.STEP_LIMIT)
        reward, state.kb_reward = step_reward(events, self.rewards, state.kb_reward)
        state.total_reward += reward
        state.actions.append(
            self._records.action(
                state.step_count,
                parsed,
                None if parsed is not None else str(action)[:2000],
                outcome.valid,
                outcome.feedback,
                reward,
                tuple(events),
            )
        )
        return self._observe(outcome.feedback, outcome.valid, reward, outcome.results)

    # -- transitions ------------------------------------------------------------------

    async def _apply(self, action: Action) -> _Outcome:
        if action.type not in self.tools_now:
            teams = self.scenario.teams
            owner = next((t.id for t in teams if action.type in (t.tools or ())), None)
            if owner is not None and action.type in self.scenario.available_tools:
                return _Outcome(
                    False, f"Only the {owner} team may use {action.type!r}; escalate to it."
                )
            tools = ", ".join(self.tools_now)
            return _Outcome(
                False, f"Action {action.type!r} is not available here (available: {tools})."
            )
        state = self.state
        policy = policy_at(self.scenario, state.step_count)
        if verification_gate(state.world, action.type, policy):
            return await self._dispatch(action)
        if policy.identity.unverified is WrongMethod.INVALID:
            return _Outcome(
                False,
                f"{action.type} rejected: the policy requires a verified caller first "
                "(verify_identity); nothing changed.",
            )
        outcome = await self._dispatch(action)
        if outcome.valid:
            # Graded wrong instead of refused: carried out, recorded, penalized.
            state.world = self._acted_unverified(state.world, action.type)
            outcome.events.append(RewardEvent.POLICY_VIOLATION)
            outcome.feedback += " (Done for an unverified caller: against the policy.)"
        return outcome

    def _acted_unverified(self, world: World, kind: str) -> World:
        """``world`` with ``kind`` added to its ``unverified`` ledger: a pure function of the
        frozen world and the action type, so one new world per pair is shared by the
        episodes (like :meth:`_transition`)."""
        return self._shared(
            "unverified",
            (world,),
            (kind,),
            lambda: world.model_copy(update={"unverified": (*world.unverified, kind)}),
        )

    async def _dispatch(self, action: Action) -> _Outcome:
        match action:
            case Reply():
                return await self._reply(action)
            case SearchKB():
                return self._search(action)
            case IssueRefund():
                return self._refund(action)
            case Escalate():
                return await self._escalate(action)
            case CloseTicket():
                return await self._close(action)
            case (
                LookupOrder()
                | LookupAccount()
                | VerifyIdentity()
                | CancelOrder()
                | UpdateAddress()
                | CreateReturn()
                | CancelSubscription()
                | OfferRetention()
                | ApplyCredit()
                | SendPasswordReset()
            ):
                return self._tool(action)
            case RequestApproval():
                return await self._approval(action)
            case _:
                assert_never(action)

    def _tool(self, action: Tool) -> _Outcome:
        """A domain tool: its pure transition, then lookups and world progress recorded."""
        state = self.state
        done = self._transition(state.world, action, state.step_count)
        if not done.valid:
            return _Outcome(False, done.feedback)
        events: list[RewardEvent] = []
        if done.looked_up is not None:
            if done.looked_up in state.looked_up:
                events.append(RewardEvent.REDUNDANT_ACTION)
            else:
                state.looked_up.append(done.looked_up)
        if action.type not in READ_ONLY and done.world != state.world:
            expected = (
                expected_world(self.scenario)
                if self.authority is None
                else tier2_expected_world(self.scenario)
            )
            before = len(diff_worlds(expected, state.world))
            after = len(diff_worlds(expected, done.world))
            if after < before:
                events.append(RewardEvent.WORLD_PROGRESS)
                self._pending.append(CustomerEvent.PROGRESS)
            elif after > before:
                events.append(RewardEvent.WRONG_CHANGE)
        state.world = done.world
        return _Outcome(True, done.feedback, events)

    def _transition(self, world: World, action: Tool, step: int) -> Transition:
        """:func:`apply_tool` of ``action`` at ``step``: a pure function of the frozen world,
        the frozen action and the scenario's context at that step, so one transition per
        (world object, action object, step) is shared by the episodes (their worlds then
        stay shared too, and what is remembered per world, such as its diff, is reused)."""
        return self._shared(
            "tool",
            (world, action),
            (step,),
            lambda: apply_tool(world, action, context_for(self.scenario, step)),
        )

    async def _reply(self, action: Reply) -> _Outcome:
        state, text = self.state, action.content
        events: list[RewardEvent] = []
        if any(m.role is Role.AGENT and m.content == text for m in state.conversation):
            events.append(RewardEvent.REDUNDANT_ACTION)
        new_facts = [
            f
            for f in facts_in(text, self.scenario.expectations.facts, self.scenario.teams)
            if f not in state.facts_communicated
        ]
        asked = asked_facts(text, self.scenario, state)
        cust_events = [
            *self._pending,
            *appraise_reply(text, self.scenario, state, len(new_facts), asked),
        ]
        self._pending = []
        state.facts_communicated.extend(new_facts)
        events.extend(RewardEvent.FACT_COMMUNICATED for _ in new_facts)
        state.conversation.append(self._records.message(Role.AGENT, text, state.step_count))
        acted = len(state.world.customer_steps)
        turn = await self.customer.respond(self._view(tuple(cust_events), asked))
        self._record_turn(turn)
        # Dual control: each customer step that moved its side on is progress of the reply.
        events += (
            RewardEvent.WORLD_PROGRESS for s in state.world.customer_steps[acted:] if s.progress
        )
        if state.done:
            events.append(RewardEvent.CUSTOMER_LEFT)
            return _Outcome(True, "Reply sent. The customer left the conversation.", events)
        return _Outcome(True, "Reply sent; the customer answered.", events)

    def _search(self, action: SearchKB) -> _Outcome:
        state = self.state
        state.searches.append(action.query)
        results = self.kb.search(action.query, step=state.step_count)
        events: list[RewardEvent] = []
        new = [a for a in results if a.id not in state.retrieved]
        for article in new:
            state.retrieved.append(article.id)
            if article.relevant:
                events.append(RewardEvent.USEFUL_RETRIEVAL)
        if not new:
            events.append(RewardEvent.REDUNDANT_SEARCH)
        views = tuple(self._article_view(a) for a in results)
        if not results:
            return _Outcome(True, f"No articles match {action.query!r}.", events, views)
        titles = "; ".join(f"[{a.id}] {a.title}" for a in results)
        return _Outcome(True, f"{len(results)} article(s) found: {titles}.", events, views)

    def _article_view(self, a: Article) -> ArticleView:
        """The agent's view of an article, built once per article object (both frozen)."""
        view = self._views_of.get(id(a))
        if view is None or view[0] is not a:
            view = self._views_of[id(a)] = (
                a,
                ArticleView(
                    id=a.id,
                    title=a.title,
                    body=a.body,
                    internal=a.internal,
                    internal_note=a.internal_note,
                    effective=a.effective,
                    superseded_by=a.superseded_by,
                ),
            )
        return view[1]

    def _refund(self, action: IssueRefund) -> _Outcome:
        state, acct = self.state, self.scenario.customer
        amount = action.amount
        if amount <= 0:
            return _Outcome(False, "Refund rejected: the amount must be greater than 0.")
        if action.target is None:
            available = acct.total_paid - state.refunded_total
            what = "the account"
        else:
            paid = acct.paid_for(action.target)
            if paid is None:
                known = ", ".join(i.id for i in acct.items) or "none"
                return _Outcome(
                    False, f"Refund rejected: no order or charge {action.target!r} ({known})."
                )
            available = paid - state.refunded_for(action.target)
            what = action.target
        available = min(available, acct.total_paid - state.refunded_total)
        if amount > available:
            return _Outcome(
                False,
                f"Refund rejected: {format_money(amount)} is more than the "
                f"{format_money(available)} still refundable for {what}.",
            )
        # The policy in force at this step (a mid-episode update counts from its step).
        policy = policy_at(self.scenario, state.step_count)
        if self.authority is not None:
            policy = with_authority(policy, self.authority)
        violation = method_violation(policy, action.method)
        if violation is WrongMethod.INVALID:
            allowed = ", ".join(m.value for m in policy.refund.methods)
            return _Outcome(
                False,
                f"Refund rejected: the policy does not allow refunds as {action.method.value} "
                f"(allowed: {allowed}).",
            )
        consulted = not articles_missing(policy, state.retrieved)
        verified = not facts_missing(policy, state.revealed_facts)
        against_policy = self._refund_problems(policy, state.world, action)
        state.world = self._refunded(state.world, action)
        state.refunds.append(
            self._records.refund(
                state.step_count,
                amount,
                action.target,
                action.reason,
                consulted,
                action.method,
                verified,
            )
        )
        # Above approval_above with no granted, unused approval for it: against the policy.
        approval_missing = state.refunds[-1].step in unapproved_refunds(state)
        exp = self.scenario.expectations
        wrong = (
            not consulted
            or not verified
            or bool(against_policy)
            or state.refunded_total > exp.refund_total
            or (exp.refund_target is not None and action.target not in (None, exp.refund_target))
        )
        if self.authority is not None:  # tier-2: judged against the handoff section
            wrong = not verified or bool(against_policy)
            wrong = wrong or tier2_overpaid(state, self.scenario, action.target)
        wrong = wrong or approval_missing
        events: list[RewardEvent] = []
        if approval_missing:
            events.append(RewardEvent.POLICY_VIOLATION)
        if wrong:
            events.append(RewardEvent.WRONG_REFUND)
            self._pending.append(CustomerEvent.REFUND_WRONG)
        elif (
            refund_correct(state, self.scenario)
            if self.authority is None
            else tier2_solved(state, self.scenario)
        ):
            events.append(RewardEvent.CORRECT_REFUND)
            self._pending += [CustomerEvent.REFUND_CORRECT, CustomerEvent.PROGRESS]
        return _Outcome(
            True,
            f"Refunded {format_money(amount)} to {what} ({action.method.value}). "
            f"Refunded in total: {format_money(state.refunded_total)}.",
            events,
        )

    def _refund_problems(self, policy: Policy, world: World, action: IssueRefund) -> list[str]:
        """:func:`refund_problems` of ``action`` before it is recorded: a pure function of
        frozen values, so remembered per (policy object, world object, refund) and shared by
        the episodes."""
        sc = self.scenario

        def problems() -> list[str]:
            return refund_problems(
                policy,
                world,
                action.target,
                action.amount,
                action.method,
                sc.ticket.opened,
                sc.customer.tier,
            )

        if type(action.amount) is not Decimal:
            return problems()
        refund = (action.target, str(action.amount), action.method)
        return list(
            self._shared("refund-problems", (policy, world), refund, lambda: tuple(problems()))
        )

    def _refunded(self, world: World, action: IssueRefund) -> World:
        """The world after ``action`` (accepted): the world is frozen and the transition pure,
        so one new world per (world object, refund) is built and shared by the episodes."""

        def after() -> World:
            return record_refund(world, action.target, action.amount, action.method)

        if type(action.amount) is not Decimal:
            return after()
        refund = (action.target, str(action.amount), action.method)
        return self._shared("refund", (world,), refund, after)

    def _shared(
        self,
        name: str,
        objects: tuple[object, ...],
        values: tuple[object, ...],
        compute: Callable[[], _T],
    ) -> _T:
        """``compute()``, remembered in the per-scenario table under ``name``, the identities
        of ``objects`` (frozen, so equal ids mean equal values while they live) and exact
        ``values``: replayed episodes reach the same objects and share the result. The entry
        keeps ``objects`` alive, so no id is reused while it lives."""
        key = (name, *map(id, objects), *values)
        hit = self._records.remember(key, lambda: (*objects, compute()))
        if any(h is not o for h, o in zip(hit[:-1], objects, strict=True)):  # pragma: no cover
            return compute()
        return cast(_T, hit[-1])

    async def _escalate(self, action: Escalate) -> _Outcome:
        state = self.state
        teams = [t.id for t in self.scenario.teams]
        if action.team is not None and action.team not in teams:
            known = ", ".join(teams) if teams else "none: escalate without a team"
            return _Outcome(False, f"Escalation rejected: no team {action.team!r} ({known}).")
        required = escalation_required(state, self.scenario)
        state.escalation = self._records.escalation(
            state.step_count, action.reason, action.team, required
        )
        events = [RewardEvent.CORRECT_ESCALATION if required else RewardEvent.WRONG_ESCALATION]
        if required and refund_correct(state, self.scenario):
            events.append(RewardEvent.RESOLVED)
        self._finish(Termination.ESCALATED, TicketStatus.ESCALATED)
        await self._last_word(CustomerEvent.ESCALATED)
        return _Outcome(True, "Escalated to a human agent; the episode is over.", events)

    async def _close(self, action: CloseTicket) -> _Outcome:
        state = self.state
        required = self.authority is None and escalation_required(state, self.scenario)
        is_solved = self._solved()
        state.closure = self._records.closure(
            state.step_count, action.resolution, action.outcome, is_solved, required
        )
        events: list[RewardEvent] = []
        if required:
            events.append(RewardEvent.MISSED_ESCALATION)
        elif is_solved:
            events.append(RewardEvent.RESOLVED)
        self._finish(Termination.RESOLVED, TicketStatus.CLOSED)
        if not is_solved:
            events.append(RewardEvent.PREMATURE_CLOSE)
            await self._last_word(CustomerEvent.PREMATURE_CLOSE)
        return _Outcome(True, "Ticket closed; the episode is over.", events)

    async def _approval(self, action: RequestApproval) -> _Outcome:
        """The supervisor grants or denies the refund asked for; recorded with the policy's
        own decision (what the supervisor is graded against)."""
        state, request = self.state, action.action
        if policy_at(self.scenario, state.step_count).refund.approval_above is None:
            return _Outcome(False, "No approval is needed here: the policy sets no approval limit.")
        if isinstance(self.supervisor, ModelSupervisor):
            granted, reason, spent = await self.supervisor.decide(state, action)
            self.supervisor_usage = self.supervisor_usage + spent
        else:
            granted, reason = self.supervisor(state, request)
        should, _ = policy_decision(state, request)
        state.approvals.append(
            self._records.approval(
                state.step_count,
                request.amount,
                request.target,
                action.justification,
                granted,
                should,
                reason,
            )
        )
        what = f"a refund of {format_money(request.amount)}"
        if request.target is not None:
            what += f" for {request.target}"
        if granted:
            return _Outcome(True, f"The supervisor approved {what}: you may issue it once.")
        return _Outcome(True, f"The supervisor denied {what}: {reason}.")

    # -- tier-2 handoff (sim.workflow) ------------------------------------------------

    def hand_off(self, team: Team) -> Observation:
        """Reopen the escalated ticket for ``team``'s agent: same ticket, world, customer."""
        state = self.state
        note = state.escalation.reason if state.escalation is not None else ""
        state.handoffs.append(self._records.handoff(state.step_count, team.id, note))
        state.done, state.termination, state.status = False, None, TicketStatus.OPEN
        self.authority = team
        return self._observe(f"Handed to {team.id}; continue with the customer.", True, 0.0)

    def _notices(self, step: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """(arriving at ``step``, arrived by ``step``): the policy updates' notices, worked out
        once per step number (the scenario is immutable)."""
        hit = self._notices_of.get(step)
        if hit is None:
            hit = self._notices_of[step] = (
                tuple(notices_at(self.scenario, step)),
                tuple(notices_until(self.scenario, step)),
            )
        return hit

    def _solved(self) -> bool:
        if self.authority is not None:
            return tier2_solved(self.state, self.scenario)
        return solved(self.state, self.scenario)

    # -- helpers ----------------------------------------------------------------------

    async def _last_word(self, event: CustomerEvent) -> None:
        """The customer reacts to a handoff or a close it did not expect (after done)."""
        turn = await self.customer.respond(self._view((*self._pending, event), ()))
        self._pending = []
        self._record_turn(turn)

    def _finish(self, termination: Termination, status: TicketStatus) -> None:
        state = self.state
        if not state.done:
            state.done, state.termination, state.status = True, termination, status

    def _view(self, events: tuple[CustomerEvent, ...], asked: tuple[str, ...]) -> CustomerView:
        state = self.state
        return CustomerView(
            scenario=self.scenario,
            conversation=tuple(state.conversation),
            events=events,
            asked_facts=asked,
            solved=self._solved(),
            step=state.step_count,
            act=partial(self._customer_act, state) if self.scenario.customer_tools else None,
        )

    def _customer_act(self, state: EpisodeState, action: AnyCustomerTool) -> CustomerStepResult:
        """:func:`customer_act`, its new world shared by the episodes: the world after a
        customer tool is a pure function of the frozen world before, the tool's exact value
        and the step, so replayed episodes reach one world object (which the state keys then
        sign by identity, instead of writing a new world out at every episode)."""
        before = state.world
        done = customer_act(state, action)
        after = state.world
        key = value_key(action)
        if after is not before and key is not None and type(state.step_count) is int:
            state.world = self._shared(
                "customer tool", (before,), (key, state.step_count), lambda: after
            )
        return done

    def _record_turn(self, turn: CustomerTurn) -> None:
        state = self.state
        self.customer_usage = self.customer_usage + turn.usage
        state.conversation.append(
            self._records.message(Role.CUSTOMER, turn.message, state.step_count)
        )
        for name in turn.revealed:
            if name not in state.revealed_facts:
                state.revealed_facts.append(name)
        state.emotion.append(
            self._records.emotion(
                state.step_count, turn.frustration, turn.trust, turn.intent, turn.events
            )
        )
        if turn.intent is CustomerIntent.LEAVING:
            self._finish(Termination.CUSTOMER_LEFT, TicketStatus.ABANDONED)

    def _account_view(self, world: World, looked_up: tuple[str, ...]) -> CustomerContext:
        """:func:`customer_context`: a pure function of the frozen world and what was looked
        up, so one view per (world object, lookups) is shared by the episodes."""
        if not all(type(x) is str for x in looked_up):
            return customer_context(self.scenario, world, list(looked_up))
        return self._shared(
            "account-view",
            (world,),
            looked_up,
            lambda: customer_context(self.scenario, world, list(looked_up)),
        )

    def _observe(
        self,
        feedback: str,
        valid: bool,
        reward: float,
        results: tuple[ArticleView, ...] = (),
    ) -> Observation:
        state = self.state
        context = self._context
        if self._uses_world:
            # the account view changes only with the world (frozen) or what was looked up
            seen, looked_up = self._seen_context, tuple(state.looked_up)
            if seen is None or seen[0] is not state.world or seen[1] != looked_up:
                context = self._account_view(state.world, looked_up)
                seen = self._seen_context = (state.world, looked_up, context)
            context = seen[2]
        return observation(
            episode_id=state.episode_id,
            ticket=self._ticket,
            customer=context,
            conversation=tuple(state.conversation),
            feedback=feedback,
            last_action_valid=valid,
            search_results=results,
            refunded_total=state.refunded_total.quantize(_CENTS) if state.refunds else _NONE_YET,
            teams=self._teams,
            policy_notices=self._notices(state.step_count)[1],
            tools=self.tools_now,
            steps_taken=state.step_count,
            steps_left=max(0, self.max_steps - state.step_count),
            reward=reward,
            done=state.done,
            termination=state.termination,
            role=None if self.authority is None else self.authority.id,
            handoff_note=state.handoffs[-1].note if state.handoffs else None,
        )

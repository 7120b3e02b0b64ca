"""The env's frozen records (messages, action records, emotion points...) built once per
distinct value and shared.

An env replaying the same episodes (benchmarks, batch runs of a scripted agent, the grader's
corpus) builds equal records again and again; validating each costs more than the step's own
logic. The records are frozen, so one object per distinct value can be shared by every
episode: :class:`Records` keeps them per scenario object (``SupportEnv`` takes its table
from ``sim.memo``), keyed by their exact values (the
type of every value checked: a float, not an int equal to it; a ``Decimal`` with its
digits; an action by identity, the record keeping it alive), bounded. Each is built by the
model's validating constructor the first time; a record whose values are not of the exact
types the model declares is built that way every time and not remembered. Sharing also lets
``sim.statekey`` walk a record once, not once per episode.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from decimal import Decimal
from typing import TypeVar

from sim.actions import ActionModel, CloseOutcome, RefundMethod
from sim.events import CustomerEvent, RewardEvent
from sim.state import (
    ActionRecord,
    ApprovalRecord,
    ClosureRecord,
    CustomerIntent,
    EmotionPoint,
    EscalationRecord,
    HandoffRecord,
    Message,
    RefundRecord,
    Role,
)
from sim.statekey import value_key

__all__ = ["Records"]

R = TypeVar("R")
A = TypeVar("A", bound=ActionModel)

MAX_RECORDS = 16384
"""Records remembered per scenario before the table is cleared."""


_REWARD_EVENT: frozenset[type] = frozenset({RewardEvent})
_CUSTOMER_EVENT: frozenset[type] = frozenset({CustomerEvent})


def _money(value: object) -> str | None:
    """The exact key of a validated amount (``Decimal``, its digits as written), else None."""
    return str(value) if type(value) is Decimal else None


class Records:
    """The shared records of one scenario object's envs."""

    def __init__(self) -> None:
        self._table: dict[Hashable, object] = {}

    def _get(self, key: Hashable, build: Callable[[], R]) -> R:
        hit = self._table.get(key)
        if hit is None:
            if len(self._table) >= MAX_RECORDS:
                self._table.clear()
            hit = self._table[key] = build()
        return hit  # type: ignore[return-value]

    def shared_action(self, action: A) -> A:
        """The one object of ``action``'s exact value (:func:`~sim.statekey.value_key`): an
        agent builds its actions anew each episode, and a record keyed by a new action's
        identity would be a new entry for every step ever taken (a batch run's memory growing
        with its episodes). An action with no exact key is its own."""
        if self._table.get(("shared action", id(action))) is action:
            return action  # a plan replayed: the object is the shared one, not written again
        key = value_key(action)
        if key is None:
            return action
        shared = self._get(("action value", key), lambda: action)
        if shared is action:
            self._table["shared action", id(action)] = action
        return shared

    def message(self, role: Role, content: str, step: int) -> Message:
        if type(content) is not str or type(step) is not int or type(role) is not Role:
            return Message(role=role, content=content, step=step)
        return self._get(
            ("message", role, content, step),
            lambda: Message(role=role, content=content, step=step),
        )

    def action(
        self,
        step: int,
        action: ActionModel | None,
        raw: str | None,
        valid: bool,
        feedback: str,
        reward: float,
        events: tuple[RewardEvent, ...],
    ) -> ActionRecord:
        def build() -> ActionRecord:
            return ActionRecord(
                step=step,
                action=action,
                raw=raw,
                valid=valid,
                feedback=feedback,
                reward=reward,
                events=events,
            )

        typed = (
            type(step) is int
            and (action is None or isinstance(action, ActionModel))
            and (raw is None or type(raw) is str)
            and type(valid) is bool
            and type(feedback) is str
            and type(reward) is float
            and type(events) is tuple
            and {*map(type, events)} <= _REWARD_EVENT
        )
        if not typed:
            return build()
        # The action by identity: the record keeps it alive, so its id is not reused.
        key = ("action", step, id(action), raw, valid, feedback, reward.hex(), events)
        return self._get(key, build)

    def emotion(
        self,
        step: int,
        frustration: float,
        trust: float,
        intent: CustomerIntent,
        events: tuple[CustomerEvent, ...],
    ) -> EmotionPoint:
        def build() -> EmotionPoint:
            return EmotionPoint(
                step=step, frustration=frustration, trust=trust, intent=intent, events=events
            )

        typed = (
            type(step) is int
            and type(frustration) is float
            and type(trust) is float
            and type(intent) is CustomerIntent
            and type(events) is tuple
            and {*map(type, events)} <= _CUSTOMER_EVENT
        )
        if not typed:
            return build()
        key = ("emotion", step, frustration.hex(), trust.hex(), intent, events)
        return self._get(key, build)

    def refund(
        self,
        step: int,
        amount: Decimal,
        target: str | None,
        reason: str,
        policy_consulted: bool,
        method: RefundMethod,
        verified: bool,
    ) -> RefundRecord:
        fields = {
            "step": step,
            "amount": amount,
            "target": target,
            "reason": reason,
            "policy_consulted": policy_consulted,
            "method": method,
            "verified": verified,
        }
        money = _money(amount)
        typed = (
            type(step) is int
            and money is not None
            and (target is None or type(target) is str)
            and type(reason) is str
            and type(policy_consulted) is bool
            and type(method) is RefundMethod
            and type(verified) is bool
        )
        if not typed:
            return RefundRecord(**fields)
        key = ("refund", step, money, target, reason, policy_consulted, method, verified)
        return self._get(key, lambda: RefundRecord(**fields))

    def closure(
        self,
        step: int,
        resolution: str,
        outcome: CloseOutcome | None,
        solved: bool,
        escalation_required: bool,
    ) -> ClosureRecord:
        fields = {
            "step": step,
            "resolution": resolution,
            "outcome": outcome,
            "solved": solved,
            "escalation_required": escalation_required,
        }
        typed = (
            type(step) is int
            and type(resolution) is str
            and (outcome is None or type(outcome) is CloseOutcome)
            and type(solved) is bool
            and type(escalation_required) is bool
        )
        if not typed:
            return ClosureRecord(**fields)
        key = ("closure", step, resolution, outcome, solved, escalation_required)
        return self._get(key, lambda: ClosureRecord(**fields))

    def escalation(
        self, step: int, reason: str, team: str | None, required: bool
    ) -> EscalationRecord:
        fields = {"step": step, "reason": reason, "team": team, "required": required}
        typed = (
            type(step) is int
            and type(reason) is str
            and (team is None or type(team) is str)
            and type(required) is bool
        )
        if not typed:
            return EscalationRecord(**fields)
        key = ("escalation", step, reason, team, required)
        return self._get(key, lambda: EscalationRecord(**fields))

    def approval(
        self,
        step: int,
        amount: Decimal,
        target: str | None,
        justification: str,
        granted: bool,
        policy_grants: bool,
        reason: str,
    ) -> ApprovalRecord:
        fields = {
            "step": step,
            "amount": amount,
            "target": target,
            "justification": justification,
            "granted": granted,
            "policy_grants": policy_grants,
            "reason": reason,
        }
        money = _money(amount)
        typed = (
            type(step) is int
            and money is not None
            and (target is None or type(target) is str)
            and type(justification) is str
            and type(granted) is bool
            and type(policy_grants) is bool
            and type(reason) is str
        )
        if not typed:
            return ApprovalRecord(**fields)
        key = ("approval", step, money, target, justification, granted, policy_grants, reason)
        return self._get(key, lambda: ApprovalRecord(**fields))

    def handoff(self, step: int, team: str, note: str) -> HandoffRecord:
        if type(step) is not int or type(team) is not str or type(note) is not str:
            return HandoffRecord(step=step, team=team, note=note)
        return self._get(
            ("handoff", step, team, note), lambda: HandoffRecord(step=step, team=team, note=note)
        )

    def remember(self, key: Hashable, build: Callable[[], R]) -> R:
        """Any other value derived only from ``key`` (which must be exact)."""
        return self._get(("other", key), build)

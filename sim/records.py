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

from collections.abc import Callable, Hashable, Mapping
from decimal import Decimal
from typing import TypeVar

from pydantic import BaseModel

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
M = TypeVar("M", bound=BaseModel)

MAX_RECORDS = 16384
"""Records remembered per scenario before the table is cleared."""


_REWARD_EVENT: frozenset[type] = frozenset({RewardEvent})
_CUSTOMER_EVENT: frozenset[type] = frozenset({CustomerEvent})


_INT, _STR, _BOOL = (int,), (str,), (bool,)
_MAYBE_STR = (str, type(None))
_REFUND: Mapping[str, tuple[type, ...]] = {
    "step": _INT,
    "amount": (Decimal,),
    "target": _MAYBE_STR,
    "reason": _STR,
    "policy_consulted": _BOOL,
    "method": (RefundMethod,),
    "verified": _BOOL,
}
_CLOSURE: Mapping[str, tuple[type, ...]] = {
    "step": _INT,
    "resolution": _STR,
    "outcome": (CloseOutcome, type(None)),
    "solved": _BOOL,
    "escalation_required": _BOOL,
}
_ESCALATION: Mapping[str, tuple[type, ...]] = {
    "step": _INT,
    "reason": _STR,
    "team": _MAYBE_STR,
    "required": _BOOL,
}
_APPROVAL: Mapping[str, tuple[type, ...]] = {
    "step": _INT,
    "amount": (Decimal,),
    "target": _MAYBE_STR,
    "justification": _STR,
    "granted": _BOOL,
    "policy_grants": _BOOL,
    "reason": _STR,
}
_HANDOFF: Mapping[str, tuple[type, ...]] = {"step": _INT, "team": _STR, "note": _STR}
"""The exact types of each shared record's values (those the model declares): a value of
another type is validated (coerced or rejected), not remembered."""


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

    def _record(self, model: type[M], types: Mapping[str, tuple[type, ...]], **fields: object) -> M:
        """``model(**fields)``, one object per exact value when every value is of a type
        ``types`` lists for its field (a ``Decimal`` keyed by its digits as written); else
        validated anew every time."""
        key: list[object] = [model]
        for name, value in fields.items():
            kind = type(value)
            if kind not in types[name]:
                return model(**fields)
            key.append(str(value) if kind is Decimal else value)
        return self._get(tuple(key), lambda: model(**fields))

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
        return self._record(
            RefundRecord,
            _REFUND,
            step=step,
            amount=amount,
            target=target,
            reason=reason,
            policy_consulted=policy_consulted,
            method=method,
            verified=verified,
        )

    def closure(
        self,
        step: int,
        resolution: str,
        outcome: CloseOutcome | None,
        solved: bool,
        escalation_required: bool,
    ) -> ClosureRecord:
        return self._record(
            ClosureRecord,
            _CLOSURE,
            step=step,
            resolution=resolution,
            outcome=outcome,
            solved=solved,
            escalation_required=escalation_required,
        )

    def escalation(
        self, step: int, reason: str, team: str | None, required: bool
    ) -> EscalationRecord:
        return self._record(
            EscalationRecord, _ESCALATION, step=step, reason=reason, team=team, required=required
        )

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
        return self._record(
            ApprovalRecord,
            _APPROVAL,
            step=step,
            amount=amount,
            target=target,
            justification=justification,
            granted=granted,
            policy_grants=policy_grants,
            reason=reason,
        )

    def handoff(self, step: int, team: str, note: str) -> HandoffRecord:
        return self._record(HandoffRecord, _HANDOFF, step=step, team=team, note=note)

    def remember(self, key: Hashable, build: Callable[[], R]) -> R:
        """Any other value derived only from ``key`` (which must be exact)."""
        return self._get(("other", key), build)

"""A readable, field-by-field diff of two worlds (the ``world_state`` check's evidence).

Entities with ids (orders, charges, subscriptions, payment methods) are matched by id and
compared field by field; ledgers are compared as multisets of their records (order does
not matter, ``reason`` text never counts). Lookups leave no trace in the world, so they
never count. Each difference is one line:
``orders[ORD-1].status: expected cancelled, got delivered``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from decimal import Decimal
from enum import Enum
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from sim.memo import memo
from sim.world import World

if TYPE_CHECKING:
    from sim.scenario import Scenario

__all__ = ["diff_worlds", "expected_world"]

_ENTITIES = ("orders", "charges", "subscriptions", "payment_methods")
_LEDGERS = (
    "refunds",
    "returns",
    "retention_offers",
    "credits",
    "resets",
    "address_changes",
    "unverified",
)
_SECURITY = ("locked", "two_factor", "reset_sent")
"""``verified`` is the session's state, not the account's: verifying more than the gold did
is never a difference (acting unverified where it matters is refused, or recorded in the
``unverified`` ledger)."""
_IGNORED = frozenset({"reason"})


def _shown(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, Decimal):
        return f"{value:.2f}"
    if isinstance(value, BaseModel):
        fields = value.model_dump(exclude_none=True, exclude=set(_IGNORED))
        return "(" + ", ".join(f"{k}={_shown(v)}" for k, v in fields.items()) + ")"
    if isinstance(value, dict):
        return "(" + ", ".join(f"{k}={_shown(v)}" for k, v in value.items()) + ")"
    return str(value)


def _entities(name: str, expected: Sequence[BaseModel], actual: Sequence[BaseModel]) -> list[str]:
    exp = {getattr(e, "id"): e for e in expected}  # noqa: B009 -- every entity has an id
    got = {getattr(a, "id"): a for a in actual}  # noqa: B009
    out: list[str] = []
    for key, want in exp.items():
        have = got.get(key)
        if have is None:
            out.append(f"{name}[{key}]: expected it, missing")
            continue
        for field in type(want).model_fields:
            a, b = getattr(want, field), getattr(have, field)
            if a != b:
                out.append(f"{name}[{key}].{field}: expected {_shown(a)}, got {_shown(b)}")
    out += [f"{name}[{key}]: unexpected" for key in got if key not in exp]
    return out


def _ledger(name: str, expected: Sequence[object], actual: Sequence[object]) -> list[str]:
    if not expected and not actual:
        return []
    want = Counter(_shown(r) for r in expected)
    have = Counter(_shown(r) for r in actual)
    out = [f"{name}: missing {k}" for k, n in (want - have).items() for _ in range(n)]
    out += [f"{name}: unexpected {k}" for k, n in (have - want).items() for _ in range(n)]
    return out


def diff_worlds(expected: World, actual: World) -> list[str]:
    """Every difference between the expected and the actual world, one readable line each
    (empty: they agree). ``reason`` texts and the answers on file are not compared.

    Worlds are immutable, and an episode asks about the same pair many times (every
    customer turn asks whether the problem is solved, the grader asks again): the lines
    are computed once per pair."""
    if expected is actual:
        return []
    pair = memo("world_diff", actual, id(expected), lambda: (expected, _diff(expected, actual)))
    if pair[0] is not expected:  # another expected world took that id since
        return _diff(expected, actual)
    return list(pair[1])


def _diff(expected: World, actual: World) -> list[str]:
    out: list[str] = []
    for name in _ENTITIES:
        out += _entities(name, getattr(expected, name), getattr(actual, name))
    if expected.credit_balance != actual.credit_balance:
        out.append(
            f"credit_balance: expected {_shown(expected.credit_balance)}, "
            f"got {_shown(actual.credit_balance)}"
        )
    for field in _SECURITY:
        a, b = getattr(expected.security, field), getattr(actual.security, field)
        if a != b:
            out.append(f"security.{field}: expected {_shown(a)}, got {_shown(b)}")
    for name in _LEDGERS:
        out += _ledger(name, getattr(expected, name), getattr(actual, name))
    return out


def expected_world(scenario: Scenario) -> World:
    """The gold solution replayed on a fresh world (cached per scenario object, in a
    bounded table: scenarios generated on the fly are freed)."""
    from sim.transitions import replay

    return memo("expected_world", scenario, None, lambda: replay(scenario)[0])

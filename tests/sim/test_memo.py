"""The memo tables (``sim.memo``) and what is remembered in them: each table is bounded on
its own, and a remembered world diff is the diff of that very pair of worlds."""

from __future__ import annotations

from decimal import Decimal

from sim import memo as memo_module
from sim.memo import memo
from sim.world import CreditRecord, World
from sim.world_diff import diff_worlds, expected_world
from tests.sim.world_helpers import WORLD_IDS, world_scenario


class _Key:
    """An object to remember things about (identity is what counts)."""


def _note(log: list[str], entry: str) -> int:
    log.append(entry)
    return len(log)


def test_a_table_filling_up_does_not_clear_another() -> None:
    memo_module.clear()
    kept = _Key()
    calls: list[str] = []
    memo("test-long-lived", kept, "k", lambda: _note(calls, "first"))
    keys = [_Key() for _ in range(memo_module.MAX_OBJECTS + 5)]
    for key in keys:
        memo("test-churn", key, None, lambda: 0)
    memo("test-long-lived", kept, "k", lambda: _note(calls, "again"))
    assert calls == ["first"]  # remembered: the churning table was cleared, not this one


def test_a_full_table_is_cleared_and_rebuilds() -> None:
    memo_module.clear()
    first = _Key()
    built: list[str] = []
    memo("test-bound", first, None, lambda: _note(built, "first"))
    for _ in range(memo_module.MAX_OBJECTS + 1):
        memo("test-bound", _Key(), None, lambda: 0)
    memo("test-bound", first, None, lambda: _note(built, "again"))
    assert built == ["first", "again"]


def test_a_remembered_diff_is_of_the_same_pair_and_a_fresh_list() -> None:
    scenario = world_scenario(WORLD_IDS[0])
    want = expected_world(scenario)
    changed = want.model_copy(
        update={"credits": (*want.credits, CreditRecord(amount=Decimal("5.00"), reason="x"))}
    )
    first = diff_worlds(want, changed)
    assert first == ["credits: unexpected (amount=5.00)"]
    first.append("mutated by a caller")
    assert diff_worlds(want, changed) == ["credits: unexpected (amount=5.00)"]
    assert diff_worlds(want, want) == []
    assert diff_worlds(changed, want) == ["credits: missing (amount=5.00)"]
    # an equal but distinct world: the diff is computed for it, not taken from another
    assert diff_worlds(want, World.model_validate(want.model_dump())) == []

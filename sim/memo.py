"""Memo tables for work derived from immutable objects (a scenario, a reading of a text).

The grader, the customer's appraisal and the env's fact matching look at the same replies
of the same scenarios many times; what depends only on the text and the scenario is
computed once here. Entries are keyed by the object's identity and keep a reference to it,
so an id is never reused while its entry lives; each table is cleared when it grows past
its bound (memory stays bounded on runs of unique texts). Tables are bounded separately:
a table of short-lived objects (the worlds of an episode) filling up never clears the
readings of another.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

__all__ = ["memo"]

V = TypeVar("V")

MAX_OBJECTS = 1024
"""Objects remembered per table before that table is cleared."""
MAX_KEYS = 4096
"""Keys remembered per object before its entries are cleared."""

_TABLES: dict[str, dict[int, tuple[object, dict[Hashable, object]]]] = {}


def memo(table: str, obj: object, key: Hashable, build: Callable[[], V]) -> V:
    """``build()``, computed once per (``table``, ``obj``'s identity, ``key``).

    ``build`` must depend only on ``obj`` (immutable) and ``key``.
    """
    objects = _TABLES.get(table)
    if objects is None:
        objects = _TABLES[table] = {}
    hit = objects.get(id(obj))
    if hit is None or hit[0] is not obj:
        if len(objects) > MAX_OBJECTS:
            objects.clear()
        hit = (obj, {})
        objects[id(obj)] = hit
    entries = hit[1]
    if key in entries:
        return entries[key]  # type: ignore[return-value]
    if len(entries) > MAX_KEYS:
        entries.clear()
    value = entries[key] = build()
    return value


def clear() -> None:
    """Forget every entry (benchmarks measuring cold costs)."""
    _TABLES.clear()

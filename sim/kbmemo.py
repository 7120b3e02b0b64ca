"""The knowledge-base check of a reply, remembered, reading the customer's words on demand.

:func:`sim.kbcheck.kb_problems` compares a reply's statements with the scenario's articles;
one of its rules also looks at the durations the customer stated. Reading the customer's
messages is the costliest part of grading an episode (customers' messages are new text in
every episode, the reader's cache misses), and that rule rarely needs them. So the
customer's durations are a sequence built on first use: when the check never touched it,
its answer does not depend on the customer's words and is remembered for the reply's text
alone; when it did, the answer is remembered for the text and those durations.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TypeVar, overload

from sim.kbcheck import kb_problems
from sim.memo import memo
from sim.reader import Duration, Reading
from sim.scenario import Scenario

__all__ = ["kb_problems_on_demand"]

T = TypeVar("T")

_ANY_CUSTOMER = object()
"""Key of an answer that did not look at the customer's words."""
_MAX_PER_TEXT = 64
"""Answers kept per reply text and scenario before they are forgotten."""


class _OnDemand(Sequence[T]):
    """A sequence built by ``build()`` the first time anything reads it."""

    def __init__(self, build: Callable[[], Iterable[T]]) -> None:
        self._build = build
        self._items: tuple[T, ...] | None = None

    @property
    def used(self) -> bool:
        """Whether anything has read the sequence."""
        return self._items is not None

    def items(self) -> tuple[T, ...]:
        if self._items is None:
            self._items = tuple(self._build())
        return self._items

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[T]: ...
    def __getitem__(self, index: int | slice) -> T | Sequence[T]:
        return self.items()[index]

    def __len__(self) -> int:
        return len(self.items())

    def __iter__(self) -> Iterator[T]:
        return iter(self.items())


def kb_problems_on_demand(
    reading: Reading, scenario: Scenario, customer_said: Callable[[], Iterable[Duration]]
) -> list[tuple[str, str]]:
    """``kb_problems(reading, scenario, customer_said())``, calling ``customer_said`` only
    if the check needs it, and remembered per scenario object and reply text."""
    known: dict[object, list[tuple[str, str]]] = memo("kb-on-demand", scenario, reading.text, dict)
    if _ANY_CUSTOMER in known:
        return known[_ANY_CUSTOMER]
    said = _OnDemand(customer_said)
    if known:  # this text's check looked at the customer's words before: it will again
        hit = known.get(said.items())
        if hit is not None:
            return hit
    found = kb_problems(reading, scenario, said)
    if len(known) >= _MAX_PER_TEXT:
        known.clear()
    known[said.items() if said.used else _ANY_CUSTOMER] = found
    return found

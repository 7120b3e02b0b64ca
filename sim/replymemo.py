"""Answers about an episode's replies, remembered by what their work read of the state.

Episodes against a scripted customer often differ only in the customer's wording (the
persona picks other lines per seed): the agent's replies and actions, the world and the
records are equal, and the checks of a reply read little of what the customer wrote (the
durations or dates the customer gave, now and then the words themselves). Keyed by the
exact state (``sim.statekey``), such answers are computed again for every new wording.

:class:`ReplyMemo` keys an answer by every value of the state but the customer's words (the
conversation keeps its roles, its steps and the agent's words), and runs the work on a copy
of the state whose customer messages note each read of their text. A reading of the words
taken through :func:`heard` (the customer's durations, say) is noted with its value instead.
The answer is remembered with what its work read: nothing (it is a function of the key),
the values of those readings, or every customer message's text. It is given again for a
state of the same key where each noted reading gives the same value: the work would take
the same path, reading for reading, to the same answer.

The work must read a customer message's text as ``message.content``: a read through
``model_dump``, ``__dict__``, equality or a hash of the message is not noted.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from sim.scenario import Scenario
from sim.state import EpisodeState, Message, Role
from sim.statekey import state_key

__all__ = ["ReplyMemo", "heard"]

V = TypeVar("V")

MAX_ANSWERS = 16384
"""Keys remembered before the table is cleared."""
MAX_VARIANTS = 16
"""Answers remembered per key (for other values of what the work read), oldest dropped."""

_NOT_KEYED = frozenset({"episode_id", "seed", "conversation"})
"""Fields left out of the state's key: those no check reads, and the conversation (keyed
here without the customer's words)."""

Reading = tuple[Callable[..., Any], tuple[Hashable, ...], Any]
"""A reading of the customer's words the work took: (the function, its arguments after
the state, the value it gave)."""


class _Log:
    """What the work running now read of the customer's words."""

    def __init__(self, state: EpisodeState) -> None:
        self.state = state
        """The state the work runs on (readings of another state are not noted)."""
        self.readings: list[Reading] = []
        self.words = False
        """Whether it read a customer message's text itself."""
        self.quiet = 0
        """Depth of :func:`heard` readings running (their own reads of the text are theirs)."""


_LOG: list[_Log] = []
"""The log of the work running now (none outside remembered work)."""

_ANSWERS: dict[
    tuple[Hashable, ...], tuple[tuple[object, ...], list[tuple[tuple[Reading, ...], Any]]]
]
_ANSWERS = {}


class _Watched(Message):
    """A customer message that notes each read of its text."""

    def __getattribute__(self, name: str) -> Any:
        if name == "content" and _LOG and not _LOG[0].quiet:
            _LOG[0].words = True
        return super().__getattribute__(name)


def heard(reading: Callable[..., V], state: EpisodeState, *args: Hashable) -> V:
    """``reading(state, *args)``, a reading of the customer's words that work remembered by
    :class:`ReplyMemo` is keyed by, instead of the words. ``reading`` must be a pure
    function of the customer's words and values the key holds; its value is compared by
    ``==`` and ``repr`` (``Decimal("40")`` and ``Decimal("40.00")`` differ)."""
    if not _LOG:
        return reading(state, *args)
    log = _LOG[0]
    if state is not log.state:
        log.words = True  # a reading of some other state: keyed by all the words
        return reading(state, *args)
    log.quiet += 1
    try:
        value = reading(state, *args)
    finally:
        log.quiet -= 1
    log.readings.append((reading, args, value))
    return value


def _customer_words(state: EpisodeState) -> tuple[str, ...]:
    """The text of every customer message (what work that read the text is keyed by)."""
    return tuple(m.content for m in state.conversation if m.role is Role.CUSTOMER)


class ReplyMemo:
    """Remembered answers about one state's replies (its key is computed once, on demand)."""

    def __init__(self, state: EpisodeState) -> None:
        self._state = state
        self._key: tuple[tuple[Hashable, ...], tuple[object, ...]] | None = None
        self._unkeyable = False
        self._read: dict[tuple[Callable[..., Any], tuple[Hashable, ...]], Any] = {}

    def answer(self, name: Hashable, scenario: Scenario, work: Callable[[EpisodeState], V]) -> V:
        """``work(state)``, remembered by ``name`` (the reply, and whatever else ``work``
        depends on but the state and ``scenario``), ``scenario`` by identity, the state's
        values but the customer's words, and what ``work`` read of those. The answer is
        shared: it must not be changed in place."""
        if _LOG:  # within remembered work: its log notes what this work reads
            return work(self._state)
        keyed = self._keyed()
        if keyed is None:
            return work(self._state)
        parts, keep = keyed
        kept = (scenario, *keep)
        key = (name, id(scenario), *parts)
        hit = _ANSWERS.get(key)
        if hit is None or not _same(hit[0], kept):
            hit = (kept, [])
            _store(key, hit)
        for noted, known in hit[1]:
            if all(self._gives(r) for r in noted):
                return known  # type: ignore[no-any-return]
        readings, value = self._logged(work)
        variants = hit[1]
        if len(variants) >= MAX_VARIANTS:
            del variants[0]
        variants.append((readings, value))
        return value

    def _logged(self, work: Callable[[EpisodeState], V]) -> tuple[tuple[Reading, ...], V]:
        """``work``'s answer on the watched state, and what it read of the customer's words."""
        watched = self._watched()
        log = _Log(watched)
        _LOG.append(log)
        try:
            value = work(watched)
        finally:
            _LOG.pop()
        if log.words:
            return ((_customer_words, (), _customer_words(self._state)),), value
        return tuple(log.readings), value

    def _gives(self, reading: Reading) -> bool:
        """Whether the reading gives the same value on this state (each computed once)."""
        function, args, value = reading
        now = self._read.get((function, args), _NONE)
        if now is _NONE:
            now = self._read[function, args] = function(self._state, *args)
        return bool(now == value) and repr(now) == repr(value)

    def _keyed(self) -> tuple[tuple[Hashable, ...], tuple[object, ...]] | None:
        """(the key's parts, the scenarios it names by identity), or None if unkeyable."""
        if self._key is None and not self._unkeyable:
            keyed = state_key(self._state, _NOT_KEYED)
            if keyed is None:
                self._unkeyable = True
                return None
            said = tuple(
                (m.role, m.step, None if m.role is Role.CUSTOMER else m.content)
                for m in self._state.conversation
            )
            self._key = ((keyed[0], said), keyed[1])
        return self._key

    def _watched(self) -> EpisodeState:
        """A copy of the state whose customer messages note the reads of their text."""
        conversation = [
            _Watched.model_construct(role=m.role, content=m.content, step=m.step)
            if m.role is Role.CUSTOMER
            else m
            for m in self._state.conversation
        ]
        return self._state.model_copy(update={"conversation": conversation})


_NONE = object()


def _same(kept: tuple[object, ...], now: tuple[object, ...]) -> bool:
    """The objects an entry keeps are the ones keyed now by identity (ids are not reused
    while the entry keeps them alive)."""
    return len(kept) == len(now) and all(a is b for a, b in zip(kept, now, strict=True))


def _store(
    key: tuple[Hashable, ...],
    entry: tuple[tuple[object, ...], list[tuple[tuple[Reading, ...], Any]]],
) -> None:
    if len(_ANSWERS) >= MAX_ANSWERS:
        _ANSWERS.clear()
    _ANSWERS[key] = entry


def clear() -> None:
    """Forget every answer (benchmarks measuring cold costs, tests)."""
    _ANSWERS.clear()

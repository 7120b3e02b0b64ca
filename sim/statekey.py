"""An exact key of an episode state: two states with equal keys cannot be told apart by any
pure function of their values (the grader's checks, the misrepresentation rules).

Used to remember results computed from a whole state (``graders.rules.grade``): replays and
batch runs of the same episodes reach equal states many times. The key is a canonical text
of every value, hashed (BLAKE2b, 256 bits): values that compare equal but read differently
are told apart (``Decimal`` ``"40"`` and ``"40.00"``, ``1``, ``1.0`` and ``True``, a
``StrEnum`` member and its string, a list and a tuple, the order of a dict or a set).
Scenarios are keyed by identity (they are immutable and large): :func:`state_key` returns
them, the caller keeps a reference with its entry so an id is never reused while the entry
lives. A value of a type this module does not know gives no key (``None``): the caller
computes without remembering.

The text of a frozen pydantic model (an action replayed in every episode, the account's
charges, the world an env's episodes share) is remembered per object (identity, bounded).
Keys are short bytes and the remembered texts are strings: the tables add no containers for
the garbage collector to walk.

A state met before (replays reach the same states, with the same shared records) is not
written out again: its signature, taken with builtins from its current values (the
values, their types, ids of immutable objects, the lists' items' ids), finds the key
remembered with it (:func:`_signature`). Those entries are tuples that keep alive what they
name by id (bounded, then cleared).
"""

from __future__ import annotations

import datetime
import enum
import hashlib
from collections.abc import Callable
from decimal import Decimal
from itertools import chain
from operator import itemgetter
from struct import Struct
from typing import Any

from pydantic import BaseModel

from sim.scenario import Scenario

__all__ = ["state_key", "value_key"]

_MAX_FROZEN = 16384
"""Frozen objects whose text is remembered (by identity) before the table is cleared."""

_FROZEN: dict[int, tuple[object, str]] = {}
_DATES = (datetime.date, datetime.datetime, datetime.time, datetime.timedelta)


class _Unkeyable(Exception):
    """A value of a type with no exact key."""


def state_key(
    state: BaseModel, ignore: frozenset[str] = frozenset()
) -> tuple[bytes, tuple[Scenario, ...]] | None:
    """``(key, scenarios)``: the exact key of ``state``'s field values but those named in
    ``ignore`` (fields the caller's function never reads, such as an episode's id), and the
    scenario objects keyed by identity (keep them alive with the entry); ``None`` when some
    value has no exact key.

    The key of a state met before is found by the state's signature (:func:`_signature`),
    taken afresh from its values at each call: no bookkeeping of changes, so a list changed
    in place or a field set by any path is signed as it now is."""
    if state.__pydantic_extra__ or state.__pydantic_private__:
        return None
    signed = _signature(state, ignore)
    if signed is None:
        return _walked(state, ignore)
    signature, kept = signed
    hit = _SIGNED.get(signature)
    if hit is not None:
        return hit[1]
    keyed = _walked(state, ignore)
    if keyed is not None:
        if len(_SIGNED) >= _MAX_SIGNED:
            _SIGNED.clear()
        _SIGNED[signature] = (kept, keyed)
    return keyed


def value_key(value: object) -> str | None:
    """The exact text of one value (an action, a record), written as :func:`state_key` writes
    a state's values: equal texts, values no pure function tells apart. ``None`` when it has
    none (a type this module does not know, or a scenario inside, keyed only by identity)."""
    scenarios: list[Scenario] = []
    try:
        text = _text(value, scenarios)
    except _Unkeyable:
        return None
    return None if scenarios else text


def _walked(state: BaseModel, ignore: frozenset[str]) -> tuple[bytes, tuple[Scenario, ...]] | None:
    """The key written out: the text of every value, hashed."""
    scenarios: list[Scenario] = []
    try:
        writers = _BY_TYPE
        parts: list[str] = []
        for name, value in state.__dict__.items():
            if name not in ignore:
                # the writer looked up inline: one call per field, not two
                write = writers.get(type(value)) or _writer(type(value))
                parts.append(write(value, scenarios))
        text = "|".join(parts)
    except (_Unkeyable, RecursionError):
        return None
    head = f"{type(state).__module__}.{type(state).__qualname__}:"
    digest = hashlib.blake2b(_encode(head + text), digest_size=32)
    return digest.digest(), tuple(scenarios)


_Values = Callable[[dict[str, Any]], tuple[Any, ...]]
_Group = Callable[[tuple[Any, ...]], tuple[Any, ...]]

_MAX_SIGNED = 16384
"""Keys remembered by their state's signature before the table is cleared."""

_SIGNED: dict[tuple[object, ...], tuple[tuple[object, ...], tuple[bytes, tuple[Scenario, ...]]]]
_SIGNED = {}
"""Keys by the signature of their state, each kept with the values and list items it was
signed from: no object a signature names by id dies (and its id is not reused) while the
entry lives."""

_SHAPES: dict[tuple[type, frozenset[str]], tuple[tuple[str, ...], _Values]] = {}
_PLANS: dict[tuple[type, ...], tuple[_Group, _Group, _Group, _Group] | None] = {}
_BY_VALUE = (str, int, bool, type(None))
"""Exact types whose equal values are written alike (signed by the value itself)."""
_IMMUTABLE: set[type] = {str, int, bool, float, Decimal, type(None), *_DATES}
"""Types whose objects never change and are written alike every time (grown by frozen
models, enums and scenarios as they are met): signed by id."""
_MUTABLE: set[type] = set()
_BITS = Struct("<d").pack
"""A float's eight bytes: unlike ``==``, tells ``-0.0`` from ``0.0``."""
_UNPLANNED: Any = object()


def _signature(
    state: BaseModel, ignore: frozenset[str]
) -> tuple[tuple[object, ...], tuple[object, ...]] | None:
    """(what each kept field value of ``state`` is, the objects to keep alive with it), told
    by builtins without writing a value out: an exact ``str``, ``int``, ``bool`` or ``None``
    by its value, a float by its bits, an immutable object (a frozen model, an enum member,
    a scenario, a ``Decimal``, a date) by its id, a list or a tuple by its length and its
    items' ids (immutable items only). Equal signatures are states written alike by
    :func:`_walked`, field for field, so they have the same key. ``None`` when a value has no
    signature (a dict, a set, a plain model, a list holding one): the caller walks the
    state."""
    names, values_of = _shape(state, ignore)
    fields = state.__dict__
    if tuple(fields) != names:
        return None
    values = values_of(fields)
    kinds = tuple(map(type, values))
    plan = _PLANS.get(kinds, _UNPLANNED)
    if plan is _UNPLANNED:
        plan = _PLANS[kinds] = _plan(kinds)
    if plan is None:
        return None
    by_value, by_id, floats, lists_of = plan
    lists = lists_of(values)
    items = tuple(chain.from_iterable(lists))
    if not _IMMUTABLE.issuperset(map(type, items)) and not _learned(items):
        return None
    named = by_id(values)
    signature = (
        type(state),
        ignore,
        kinds,
        by_value(values),
        tuple(map(id, named)),
        tuple(map(_BITS, floats(values))),
        tuple(map(len, lists)),
        tuple(map(id, items)),
    )
    # only what is signed by id is kept alive: not the state's own lists, which the env
    # goes on appending to after the key is taken
    return signature, (named, items)


def _shape(state: BaseModel, ignore: frozenset[str]) -> tuple[tuple[str, ...], _Values]:
    """(the field names of ``state``'s class in order, a getter of the kept ones' values)."""
    shape = _SHAPES.get((type(state), ignore))
    if shape is None:
        names = tuple(type(state).model_fields)
        kept = [n for n in names if n not in ignore]
        shape = _SHAPES[type(state), ignore] = (names, _getter(kept))
    return shape


def _getter(keys: list[Any]) -> Callable[[Any], tuple[Any, ...]]:
    """``itemgetter`` that always gives a tuple (also of one key, or none)."""
    if len(keys) > 1:
        return itemgetter(*keys)
    return lambda values: tuple(values[k] for k in keys)


def _plan(kinds: tuple[type, ...]) -> tuple[_Group, _Group, _Group, _Group] | None:
    """Getters of the fields signed by value, by id, by bits and by items, for fields of
    these exact types; ``None`` if a field is mutable (but a list or a tuple)."""
    groups: tuple[list[int], list[int], list[int], list[int]] = ([], [], [], [])
    for i, kind in enumerate(kinds):
        if kind in _BY_VALUE:
            groups[0].append(i)
        elif kind is float:
            groups[2].append(i)
        elif kind in (list, tuple):
            groups[3].append(i)
        elif _immutable(kind):
            groups[1].append(i)
        else:
            return None
    by_value, by_id, floats, lists = map(_getter, groups)
    return by_value, by_id, floats, lists


def _immutable(kind: type) -> bool:
    """Whether ``kind``'s objects never change and are written alike every time (a frozen
    model's lists and dicts are never changed in place: :func:`_model`), learned once."""
    if kind in _IMMUTABLE:
        return True
    if kind in _MUTABLE:
        return False
    if issubclass(kind, (Scenario, enum.Enum)) or (
        issubclass(kind, BaseModel) and kind.model_config.get("frozen", False)
    ):
        _IMMUTABLE.add(kind)
        return True
    _MUTABLE.add(kind)
    return False


def _learned(items: tuple[object, ...]) -> bool:
    """Whether every item is of an immutable type (the types met for the first time
    learned)."""
    return all(map(_immutable, {*map(type, items)}))


def _model(obj: BaseModel, scenarios: list[Scenario], frozen: bool) -> str:
    if frozen:
        hit = _FROZEN.get(id(obj))
        if hit is not None and hit[0] is obj:
            return hit[1]
    if obj.__pydantic_extra__ or obj.__pydantic_private__:
        raise _Unkeyable(type(obj).__name__)
    before = len(scenarios)
    kind = type(obj)
    inner = ",".join([_text(v, scenarios) for v in obj.__dict__.values()])
    text = f"{kind.__module__}.{kind.__qualname__}({inner})"
    # A frozen model's lists and dicts are never changed in place here (a change makes a new
    # object); one that names a scenario by id is not remembered by identity.
    if frozen and len(scenarios) == before:
        # remembered as a digest of its text: a parent's text stays short
        text = "#" + hashlib.blake2b(_encode(text), digest_size=24).hexdigest()
        if len(_FROZEN) >= _MAX_FROZEN:
            _FROZEN.clear()
        _FROZEN[id(obj)] = (obj, text)
    return text


def _encode(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")


def _frozen_model(value: object, scenarios: list[Scenario]) -> str:
    return _model(value, scenarios, True)  # type: ignore[arg-type]


def _plain_model(value: object, scenarios: list[Scenario]) -> str:
    return _model(value, scenarios, False)  # type: ignore[arg-type]


def _scenario(value: object, scenarios: list[Scenario]) -> str:
    scenarios.append(value)  # type: ignore[arg-type]
    return f"S{id(value)}"


def _items(value: object, scenarios: list[Scenario]) -> str:
    if not value:
        return f"{type(value).__name__}[]"
    parts: list[str] = []
    writers, frozen = _BY_TYPE, _FROZEN
    for item in value:  # type: ignore[attr-defined]
        hit = frozen.get(id(item))  # most items are remembered records: looked up inline
        if hit is not None and hit[0] is item:
            parts.append(hit[1])
        else:
            write = writers.get(type(item)) or _writer(type(item))
            parts.append(write(item, scenarios))
    return f"{type(value).__name__}[{','.join(parts)}]"


def _mapping(value: object, scenarios: list[Scenario]) -> str:
    items = value.items()  # type: ignore[attr-defined]
    inner = ",".join([f"{_text(k, scenarios)}:{_text(v, scenarios)}" for k, v in items])
    return f"dict[{inner}]"


def _enum(value: object, scenarios: list[Scenario]) -> str:
    hit = _MEMBERS.get(id(value))
    if hit is not None and hit[0] is value:
        return hit[1]
    kind = type(value)
    text = f"E{kind.__module__}.{kind.__qualname__}.{value.name}"  # type: ignore[attr-defined]
    # members live as long as their class: remembered by identity, the entry keeping it
    _MEMBERS[id(value)] = (value, text)
    return text


_MEMBERS: dict[int, tuple[object, str]] = {}
"""The text of each enum member met (a handful per class: never cleared)."""


_Text = Callable[[object, list[Scenario]], str]

_BY_TYPE: dict[type, _Text] = {
    str: lambda v, _: repr(v),
    int: lambda v, _: f"i{v}",
    type(None): lambda v, _: "N",
    bool: lambda v, _: "T" if v else "F",
    Decimal: lambda v, _: f"D{v}",
    float: lambda v, _: f"f{v.hex()}",  # type: ignore[attr-defined]
    list: _items,
    tuple: _items,
    set: _items,
    frozenset: _items,
    dict: _mapping,
    **dict.fromkeys(_DATES, lambda v, _: repr(v)),
}
"""How a value of each exact type is written (pydantic models and enums are added on first
sight of their class)."""


def _text(value: object, scenarios: list[Scenario]) -> str:
    write = _BY_TYPE.get(type(value))
    if write is None:
        write = _writer(type(value))
    return write(value, scenarios)


def _writer(kind: type) -> _Text:
    """The writer of a class met for the first time: a model, a scenario or an enum."""
    write: _Text
    if issubclass(kind, Scenario):
        write = _scenario
    elif issubclass(kind, BaseModel):
        write = _frozen_model if kind.model_config.get("frozen", False) else _plain_model
    elif issubclass(kind, enum.Enum):
        write = _enum
    else:
        raise _Unkeyable(kind.__name__)
    _BY_TYPE[kind] = write
    return write

"""Reading YAML files that may be hostile: bounded in size, nesting, alias expansion and time.

Scenario and persona files come from users, so :func:`read_yaml_file` refuses, with a
:class:`YamlFileError` that says why, what PyYAML's ``safe_load`` would happily chew on:

- anything that is not a regular file (a FIFO or a device would block or never end): the
  file is checked with ``stat`` before it is opened, opened non-blocking and checked again;
- files larger than :data:`MAX_FILE_BYTES` (checked before reading; never read past it);
- nesting deeper than :data:`MAX_DEPTH` levels (PyYAML's composer is recursive);
- more than :data:`MAX_NODES` nodes once aliases are expanded (an alias bomb is a few KB
  that expands to billions of nodes in anything that walks it, pydantic included);
- a key given twice in one mapping (YAML keeps the last one silently; we name both lines).

Events come from libyaml when it is available (fast) and are composed here in Python, where
the limits are counted while the document streams in, so a hostile file stops early.
"""

from __future__ import annotations

import os
import reprlib
import stat
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import ConstructorError, SafeConstructor
from yaml.events import AliasEvent
from yaml.nodes import MappingNode, Node, ScalarNode
from yaml.resolver import Resolver

__all__ = ["MAX_DEPTH", "MAX_FILE_BYTES", "MAX_NODES", "YamlFileError", "read_yaml_file"]

MAX_FILE_BYTES = 1024 * 1024
"""Largest scenario or persona file read (1 MiB; the bundled ones are under 10 KB)."""
MAX_DEPTH = 64
"""Deepest nesting of mappings and sequences (the formats need fewer than 10)."""
MAX_NODES = 20_000
"""Most YAML nodes in a document, counting each alias as the whole node it repeats (the
bundled files have at most ~220)."""

_SHORT = reprlib.Repr()
_SHORT.maxstring = 60
_SHORT.maxother = 60

try:
    from yaml._yaml import CParser as _Parser
except ImportError:  # PyYAML built without libyaml: the pure-Python parser, same limits
    from yaml.parser import Parser
    from yaml.reader import Reader
    from yaml.scanner import Scanner

    class _Parser(Reader, Scanner, Parser):  # type: ignore[no-redef]
        def __init__(self, stream: str) -> None:
            Reader.__init__(self, stream)
            Scanner.__init__(self)
            Parser.__init__(self)


class YamlFileError(Exception):
    """A file could not be read as bounded YAML; ``problem`` says why, in one line."""

    def __init__(self, problem: str, *, in_content: bool = False) -> None:
        super().__init__(problem)
        self.problem = problem
        self.in_content = in_content
        """True when the file was read and its YAML is at fault (not the file itself)."""


class _LimitError(yaml.MarkedYAMLError):
    """A limit of this module was hit at a place in the file."""


class _BoundedComposer(Composer):
    """PyYAML's composer with a depth limit and a running count of expanded nodes."""

    def __init__(self) -> None:
        super().__init__()
        self._depth = 0
        self._expanded = 0
        self._sizes: dict[int, int] = {}

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        mark = self.peek_event().start_mark  # type: ignore[attr-defined]
        if self._depth >= MAX_DEPTH:
            raise _LimitError(problem=f"nested deeper than {MAX_DEPTH} levels", problem_mark=mark)
        self._depth += 1
        try:
            if self.check_event(AliasEvent):  # type: ignore[attr-defined]
                node = super().compose_node(parent, index)
                size = self._sizes.get(id(node))
                if size is None:
                    raise _LimitError(
                        problem="an alias refers to its own anchor", problem_mark=mark
                    )
                self._expanded += size
            else:
                before = self._expanded
                node = super().compose_node(parent, index)
                self._expanded += 1
                self._sizes[id(node)] = self._expanded - before
        finally:
            self._depth -= 1
        if self._expanded > MAX_NODES:
            raise _LimitError(
                problem=f"more than {MAX_NODES} nodes once aliases are expanded "
                "(an alias bomb, or a file far larger than a scenario needs)",
                problem_mark=mark,
            )
        return node


class _StrictConstructor(SafeConstructor):
    """``SafeConstructor`` that refuses a key given twice in one mapping, and reports a value
    Python cannot build (a 5,000-digit integer, the date 2026-13-45) at its line."""

    def construct_object(self, node: Node, deep: bool = False) -> Any:
        try:
            return super().construct_object(node, deep=deep)
        except (ValueError, OverflowError) as exc:
            raise ConstructorError(
                None, None, f"cannot read this value ({str(exc)[:100]})", node.start_mark
            ) from None

    def construct_mapping(self, node: MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: dict[Any, Node] = {}
        for key_node, _ in node.value:
            if not isinstance(key_node, ScalarNode) or key_node.tag == "tag:yaml.org,2002:merge":
                continue
            key = self.construct_object(key_node)
            try:
                first = seen.setdefault(key, key_node)
            except TypeError:  # unhashable: SafeConstructor reports it
                continue
            if first is not key_node:
                raise ConstructorError(
                    None,
                    None,
                    f"duplicate key {_SHORT.repr(key)} (first given on line "
                    f"{first.start_mark.line + 1})",
                    key_node.start_mark,
                )
        return super().construct_mapping(node, deep=deep)


class _Loader(_BoundedComposer, _Parser, _StrictConstructor, Resolver):
    def __init__(self, stream: str) -> None:
        _Parser.__init__(self, stream)
        _BoundedComposer.__init__(self)
        _StrictConstructor.__init__(self)
        Resolver.__init__(self)


def _read_bounded(path: Path) -> bytes:
    """The bytes of a regular file of at most ``MAX_FILE_BYTES``, never blocking on it."""
    try:
        before = os.stat(path)
    except OSError as exc:
        raise YamlFileError(f"cannot read file: {exc.strerror or exc}") from None
    _check_stat(before)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise YamlFileError(f"cannot read file: {exc.strerror or exc}") from None
    with os.fdopen(fd, "rb") as handle:
        _check_stat(os.fstat(fd))  # the path may have been swapped since the first look
        data = handle.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise YamlFileError(f"file is larger than the {MAX_FILE_BYTES}-byte limit")
    return data


def _check_stat(st: os.stat_result) -> None:
    if stat.S_ISDIR(st.st_mode):
        raise YamlFileError("is a directory, not a YAML file")
    if not stat.S_ISREG(st.st_mode):
        raise YamlFileError("not a regular file (a FIFO, device or socket); give a YAML file")
    if st.st_size > MAX_FILE_BYTES:
        raise YamlFileError(
            f"file is {st.st_size} bytes, larger than the {MAX_FILE_BYTES}-byte limit"
        )


def _where(exc: yaml.YAMLError) -> str:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    return f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""


def read_yaml_file(path: str | Path) -> Any:
    """Parse one YAML document from ``path`` within the limits above.

    Raises :class:`YamlFileError` with a one-line problem (which names the line where it
    can) for anything unreadable, too large, malformed or hostile.
    """
    data = _read_bounded(Path(path))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise YamlFileError(f"file is not UTF-8 text (byte {exc.start})") from None
    loader = _Loader(text)
    try:
        return loader.get_single_data()
    except (_LimitError, ConstructorError) as exc:
        raise YamlFileError(f"{_where(exc)}{exc.problem}", in_content=True) from None
    except yaml.YAMLError as exc:
        problem = (str(getattr(exc, "problem", None) or exc).splitlines() or [""])[0][:200]
        raise YamlFileError(f"{_where(exc)}malformed YAML ({problem})", in_content=True) from None
    finally:
        loader.dispose()

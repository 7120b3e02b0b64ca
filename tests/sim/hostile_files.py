"""Hostile scenario/persona files, written on demand (used by the tests and by
``bench/hostile_files.py``). Each class is what an outside tester fed to ``validate`` and
``run -s``; ``EXPECTED`` holds a phrase the error must contain."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

__all__ = ["EXPECTED", "HOSTILE", "write_hostile"]


def _alias_bomb(path: Path) -> None:
    """~3 KB, 9 levels of 9 aliases: 9**9 strings if expanded (under an unknown field)."""
    lines = [
        "id: bomb",
        "title: x",
        'lol0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
    ]
    for i in range(1, 10):
        refs = ", ".join([f"*a{i - 1}"] * 9)
        lines.append(f"lol{i}: &a{i} [{refs}]")
    lines.append("ticket: *a9")
    path.write_text("\n".join(lines) + "\n")


def _deep_flow(path: Path) -> None:
    """500 levels of ``[`` nesting."""
    path.write_text("id: deep\nticket: " + "[" * 500 + "]" * 500 + "\n")


def _deep_block(path: Path) -> None:
    """500 levels of indented mappings."""
    path.write_text("".join("  " * i + f"k{i}:\n" for i in range(500)) + "  " * 500 + "v\n")


def _huge(path: Path) -> None:
    """A 50 MB file (sparse: its size is what matters, its content need never be read)."""
    with path.open("wb") as f:
        f.write(b"id: huge\nkb:\n")
        f.truncate(50 * 1024 * 1024)


def _fifo(path: Path) -> None:
    """A named pipe nobody writes to: reading it would block forever."""
    os.mkfifo(path)


def _duplicate_keys(path: Path) -> None:
    path.write_text("id: first\ntitle: x\nfamily: y\nid: second\n")


def _recursive_alias(path: Path) -> None:
    path.write_text("id: rec\nticket: &t [*t]\n")


def _not_utf8(path: Path) -> None:
    path.write_bytes(b"id: x\ntitle: caf\xe9\n")


def _huge_integer(path: Path) -> None:
    """More digits than Python converts from a string (a ValueError inside PyYAML)."""
    path.write_text("id: x\nmax_steps: " + "9" * 5000 + "\n")


def _impossible_date(path: Path) -> None:
    path.write_text("id: x\nticket: {opened: 2026-13-45}\n")


def _control_character(path: Path) -> None:
    path.write_text("id: x\ntitle: a\x00b\n")


def _python_tag(path: Path) -> None:
    path.write_text("id: !!python/object/apply:os.system [echo owned]\n")


HOSTILE: dict[str, Callable[[Path], None]] = {
    "alias-bomb": _alias_bomb,
    "deep-flow": _deep_flow,
    "deep-block": _deep_block,
    "50mb": _huge,
    "fifo": _fifo,
    "duplicate-keys": _duplicate_keys,
    "recursive-alias": _recursive_alias,
    "not-utf8": _not_utf8,
    "huge-integer": _huge_integer,
    "impossible-date": _impossible_date,
    "control-character": _control_character,
    "python-tag": _python_tag,
}
"""Name of each class of hostile file -> how to write one."""

EXPECTED: dict[str, str] = {
    "alias-bomb": "nodes once aliases are expanded",
    "deep-flow": "nested deeper than 64 levels",
    "deep-block": "nested deeper than 64 levels",
    "50mb": "larger than the 1048576-byte limit",
    "fifo": "not a regular file",
    "duplicate-keys": "line 4, column 1: duplicate key 'id' (first given on line 1)",
    "recursive-alias": "an alias refers to its own anchor",
    "not-utf8": "not UTF-8",
    "huge-integer": "line 2, column 12: cannot read this value",
    "impossible-date": "line 2, column 18: cannot read this value (month must be in 1..12)",
    "control-character": "unacceptable character #x0000",
    "python-tag": "could not determine a constructor for the tag",
}
"""Name of each class -> a phrase its error must contain."""


def write_hostile(directory: Path, name: str) -> Path:
    """Write the hostile file ``name`` in ``directory``; returns its path."""
    path = directory / f"{name}.yaml"
    HOSTILE[name](path)
    return path

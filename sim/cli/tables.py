"""Tables that stay readable at any width: ids are never cut, wide tables split into parts.

rich squeezes a table that is wider than the terminal (80 columns when output is piped) by
cutting cells with an ellipsis, ids included. Here each table is measured first; if it does
not fit, its metric columns are split across several tables, each repeating the id column,
so that every cell is shown whole. Free-text columns (an error, a reason) wrap instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from rich.console import Console
from rich.table import Table
from rich.text import Text

__all__ = ["Column", "print_table", "split_columns"]

_PAD = 3
"""Per column: one space each side and one border line."""
_WRAPPED_WIDTH = 24
"""Width budgeted for a free-text column (it wraps to fit)."""


@dataclass(frozen=True, slots=True)
class Column:
    header: str
    justify: Literal["left", "right"] = "right"
    wrap: bool = False
    """Free text that may wrap (never an id)."""


def _width(column: Column, cells: Sequence[str]) -> int:
    widest = max([len(column.header), *(len(c) for c in cells)])
    return min(widest, _WRAPPED_WIDTH) if column.wrap else widest


def split_columns(widths: Sequence[int], key_width: int, total: int) -> list[list[int]]:
    """Indices of the metric columns for each part, greedily, so that the key column plus a
    part fits in ``total`` characters (a column too wide alone gets a part of its own)."""
    parts: list[list[int]] = [[]]
    used = key_width + _PAD + 1
    for i, w in enumerate(widths):
        if parts[-1] and used + w + _PAD > total:
            parts.append([])
            used = key_width + _PAD + 1
        parts[-1].append(i)
        used += w + _PAD
    return parts


def print_table(
    console: Console,
    title: str,
    columns: Sequence[Column],
    rows: Sequence[Sequence[str]],
    *,
    footer: Sequence[str] | None = None,
) -> None:
    """Print ``rows`` (the first column is the id) whole, split into parts if too wide.

    ``footer`` is a last row (e.g. overall) after a section line, in bold."""
    every = [*rows, *([footer] if footer is not None else [])]
    widths = [_width(c, [r[i] for r in every]) for i, c in enumerate(columns)]
    # An id so wide that not even one other column fits beside it is folded over lines
    # (whole, never cut), in half the screen.
    widest = max(widths[1:], default=0)
    fold_key = widths[0] + widest + 2 * _PAD + 1 > console.width
    key_width = console.width // 2 if fold_key else widths[0]
    parts = split_columns(widths[1:], key_width, console.width)
    for n, part in enumerate(parts, 1):
        suffix = f" ({n}/{len(parts)})" if len(parts) > 1 else ""
        table = Table(title=Text(title + suffix), title_justify="left")
        chosen = [0, *(i + 1 for i in part)]
        for i in chosen:
            col = columns[i]
            wraps = col.wrap or (i == 0 and fold_key)
            table.add_column(
                Text(col.header),
                justify=col.justify,
                no_wrap=not wraps,
                overflow="fold",
                min_width=None if wraps else widths[i],
            )
        for row in rows:
            table.add_row(*(Text(row[i]) for i in chosen))
        if footer is not None:
            table.add_section()
            table.add_row(*(Text(footer[i]) for i in chosen), style="bold")
        console.print(table)

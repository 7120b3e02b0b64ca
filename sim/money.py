"""Money amounts: one accepted format on every path, and one way of printing them.

An amount is a ``Decimal`` with at most two places. It may arrive as an ``int``, a finite
``float`` whose shortest form has at most two decimals, a ``Decimal`` with at most two places
and no exponent, or a string of ASCII digits with an optional point and one or two decimals
(``150``, ``150.5``, ``150.00``, ``-5``). Everything else -- ``"1_50.00"``, ``"1.5E+2"``,
``"NaN"``, ``"inf"``, ``"150.000"``, Arabic-Indic or other non-ASCII digits, ``True`` -- is
refused with a message that shows the accepted format. Python's ``Decimal`` accepts most of
those spellings, which is why this module exists.
"""

from __future__ import annotations

import re
from contextlib import suppress
from decimal import Decimal, InvalidOperation
from typing import Annotated, Any

from pydantic import BeforeValidator, WithJsonSchema

__all__ = [
    "MONEY_FORMAT",
    "MAX_DIGITS",
    "MONEY_PATTERN",
    "Money",
    "format_money",
    "money_problem",
    "parse_money",
]

MONEY_PATTERN = r"^-?[0-9]+(\.[0-9]{1,2})?$"
"""The accepted spelling of an amount string (ASCII digits only)."""

MONEY_FORMAT = (
    "a plain number with at most two decimals, e.g. 150, 150.5 or 150.00 "
    "(ASCII digits, no exponent, no separators)"
)
"""The accepted format, as shown in error messages and feedback."""

_PATTERN = re.compile(MONEY_PATTERN, re.ASCII)
_CENT = Decimal("0.01")
MAX_DIGITS = 12
"""Digits an amount may have in all (up to 9,999,999,999.99)."""
_SHOWN = 40


def _shown(value: Any) -> str:
    text = repr(value) if not isinstance(value, Decimal) else f"Decimal({str(value)!r})"
    return text if len(text) <= _SHOWN else text[: _SHOWN - 3] + "..."


def money_problem(value: Any) -> str | None:
    """What is wrong with ``value`` as an amount, or ``None`` when it is acceptable."""
    if isinstance(value, bool):
        return f"amount must be {MONEY_FORMAT}, not a boolean"
    if isinstance(value, int):
        return None
    if isinstance(value, float):
        text = repr(value)
        if _PATTERN.match(text) is None:
            return f"amount must be {MONEY_FORMAT} (got {_shown(value)})"
        return None
    if isinstance(value, Decimal):
        if not value.is_finite():
            return f"amount must be {MONEY_FORMAT} (got {_shown(value)})"
        exponent = value.as_tuple().exponent
        if not isinstance(exponent, int) or not -2 <= exponent <= 0:
            return f"amount must be {MONEY_FORMAT} (got {_shown(value)})"
        return None
    if isinstance(value, str):
        if len(value) > _SHOWN or _PATTERN.match(value) is None:
            return f"amount must be {MONEY_FORMAT} (got {_shown(value)})"
        return None
    return f"amount must be {MONEY_FORMAT} (got {type(value).__name__})"


def parse_money(value: Any) -> Decimal:
    """``value`` as a ``Decimal`` with exactly two places and at most ``MAX_DIGITS`` digits;
    ``ValueError`` if not acceptable.

    Used as the pydantic validator of :data:`Money`, so the message reaches the user as it is.
    An amount parsed before (a two-place ``Decimal``: every amount a model already holds) is
    taken as it is, so models built from models do not parse their amounts again.
    """
    if type(value) is Decimal:
        sign_digits_exponent = value.as_tuple()
        if sign_digits_exponent.exponent == -2 and len(sign_digits_exponent.digits) <= MAX_DIGITS:
            return value
    problem = money_problem(value)
    if problem is not None:
        raise ValueError(problem)
    number = Decimal(repr(value)) if isinstance(value, float) else Decimal(value)
    with suppress(InvalidOperation):  # more digits than a Decimal context holds
        number = number.quantize(_CENT)
    if len(number.as_tuple().digits) > MAX_DIGITS:
        raise ValueError(f"amount must have at most {MAX_DIGITS} digits (got {_shown(value)})")
    return number


def format_money(value: Decimal) -> str:
    """``value`` as a plain two-decimal number (``150.00``), never ``1.5E+2``."""
    if not value.is_finite():
        return str(value)
    return f"{value:.2f}"


Money = Annotated[
    Decimal,
    # parse_money checks the places and the digits itself: pydantic's max_digits and
    # decimal_places validators run in Python and tripled the cost of every amount
    BeforeValidator(parse_money),
    WithJsonSchema(
        {
            "anyOf": [{"type": "number"}, {"type": "string", "pattern": MONEY_PATTERN}],
            "description": f"Money: {MONEY_FORMAT}.",
        }
    ),
]
"""A money amount for pydantic fields: a ``Decimal`` with two places, never a float."""

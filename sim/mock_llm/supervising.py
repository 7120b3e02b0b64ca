"""The mock's supervisor: approve or deny a refund from the approval prompt alone.

It reads what ``agents.supervisor_llm.approval_prompt`` gives a model (the request, the
order's line, the policy's sentences) the way a careful model would, and applies them:
deny a refund above what was paid and not yet refunded, above the agent's limit, by a
method the policy does not list, or outside the refund window; approve otherwise.
Deterministic: the same prompt gets the same decision.
"""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal
from typing import Any

__all__ = ["supervisor_hints"]

_MONEY = r"\$([\d,]+\.\d\d)"
_REQUEST = re.compile(rf"Approval request: refund {_MONEY} for (\S+) \((\w+)\)")
_OPENED = re.compile(r"Ticket opened: (\d{4}-\d\d-\d\d)")
_PAID = re.compile(rf"paid {_MONEY} on (\d{{4}}-\d\d-\d\d)(?:, delivered (\d{{4}}-\d\d-\d\d))?")
_CHARGED = re.compile(rf"^Charge \S+: .*?, {_MONEY} on (\d{{4}}-\d\d-\d\d)", re.M)
_REFUNDED = re.compile(rf"refunded so far {_MONEY}")
_LIMIT = re.compile(rf"may refund up to {_MONEY}")
_WINDOW = re.compile(r"Refund window: (\d+) days from (delivery|purchase)")
_METHODS = re.compile(r"Allowed refund methods: ([\w, ]+)\.")


def _money(text: str) -> Decimal:
    return Decimal(text.replace(",", ""))


def _problems(prompt: str) -> list[str]:
    request = _REQUEST.search(prompt)
    if request is None:
        return ["the request names no amount and order"]
    amount, method = _money(request[1]), request[3]
    problems: list[str] = []
    paid = _PAID.search(prompt)
    charged = _CHARGED.search(prompt)
    refunded = _REFUNDED.search(prompt)
    if paid is None and charged is None:
        return ["no such order or charge on the account"]
    price = _money(paid[1] if paid is not None else charged[1])  # type: ignore[index]
    before = _money(refunded[1]) if refunded else Decimal("0")
    if amount > price - before:
        problems.append("more than was paid and not yet refunded")
    limit = _LIMIT.search(prompt)
    if limit is not None and amount > _money(limit[1]):
        problems.append("above the agent's limit")
    methods = _METHODS.search(prompt)
    if methods is not None and method not in [m.strip() for m in methods[1].split(",")]:
        problems.append(f"{method} is not an allowed method")
    window, opened = _WINDOW.search(prompt), _OPENED.search(prompt)
    if window is not None and opened is not None:
        bought = paid[2] if paid is not None else charged[2]  # type: ignore[index]
        start = paid[3] if paid is not None and window[2] == "delivery" and paid[3] else bought
        days = (date.fromisoformat(opened[1]) - date.fromisoformat(start)).days
        if days > int(window[1]):
            problems.append(f"outside the {window[1]}-day refund window ({days} days)")
    return problems


def supervisor_hints(prompt: str) -> dict[str, Any]:
    """The structured answer's fields: ``decision`` and ``reason``."""
    problems = _problems(prompt)
    if problems:
        return {"decision": "deny", "reason": "Denied: " + "; ".join(problems) + "."}
    return {"decision": "approve", "reason": "Approved: within the refund policy."}

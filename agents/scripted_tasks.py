"""What the scripted baseline reads from a ticket: which domain-tool task it asks for, and
the phrases that change how the task is done (now or at the end of the period, a
replacement, money back, an offer refused before, no offer for a tier)."""

from __future__ import annotations

import re
from enum import StrEnum

from sim.reading import NO_OFFER, REFUND, REFUSED_BEFORE, REPLACE

__all__ = [
    "ID",
    "NO_OFFER",
    "NOW",
    "REFUND",
    "REFUSED_BEFORE",
    "REPLACE",
    "Task",
    "task_of",
    "words",
]

ID = re.compile(r"\b([A-Z]{2,6}-[A-Z0-9-]*\d[A-Z0-9]*)\b")
_WORD = re.compile(r"[a-z0-9]{3,}")


class Task(StrEnum):
    """What the ticket asks for that a domain tool does."""

    CANCEL_SUBSCRIPTION = "cancel_subscription"
    CANCEL_ORDER = "cancel_order"
    CHANGE_ADDRESS = "update_address"
    RETURN = "create_return"
    PASSWORD_RESET = "send_password_reset"
    NONE = "none"


_ASKS: tuple[tuple[Task, re.Pattern[str]], ...] = (
    (
        Task.CANCEL_SUBSCRIPTION,
        re.compile(
            r"\b(cancel\w*|end|stop|terminate|quit|close)\b[^.?!]*\b(subscriptions?|plan|"
            r"membership|renewals?)\b|\bunsubscribe\b|\b(subscription|plan|membership)\b[^.?!]*"
            r"\bcancel",
            re.I,
        ),
    ),
    (Task.CHANGE_ADDRESS, re.compile(r"\b(address|ship (?:it )?to|deliver (?:it )?to)\b", re.I)),
    (Task.CANCEL_ORDER, re.compile(r"\bcancel\w*\b", re.I)),
    (
        Task.RETURN,
        re.compile(
            r"\b(wrong|damaged|broken|defective|faulty|"
            r"return|replace\w*|exchange|never (?:arrived|came|turned up)|lost|not (?:arrived|"
            r"delivered)|missing|instead of)\b",
            re.I,
        ),
    ),
    (
        Task.PASSWORD_RESET,
        re.compile(
            r"\b(password|log ?in|sign ?in|locked out|account (?:is )?locked|can'?t get in)\b",
            re.I,
        ),
    ),
)
NOW = re.compile(
    r"\b(immediately|right now|right away|straight away|at once|effective now|today|"
    r"(?:end|cancel|stop) (?:it|this|that|them|my \w+) now)\b",
    re.I,
)


def task_of(text: str, tools: tuple[str, ...]) -> Task:
    """The first task the (cleaned) ticket asks for whose tool is available here."""
    for task, pattern in _ASKS:
        if task.value in tools and pattern.search(text):
            return task
    return Task.NONE


def words(text: str) -> set[str]:
    return set(_WORD.findall(text.lower()))

"""Steps that send the customer back to something a later action replaced.

:func:`older_link` reads a request to use an older reset link or email ("go back to
yesterday's email and click the link there again", "use the link from your earlier email",
"try the old link once more") in a reply sent after the agent sent a new reset: a new link
replaces every older one (the world keeps only the newest, :class:`sim.world.ResetLink`), so
the step cannot work however the reply words it. A step to ignore the old link, or one that
sets it against the new one ("use the new link, not yesterday's"), is right and left alone.
"""

from __future__ import annotations

import re
from functools import lru_cache

from sim.reader import read
from sim.state import EpisodeState, Message

__all__ = ["older_link", "stale_step_problems"]

_OLDER = (
    r"(?:old|older|earlier|previous|first|1st|original|initial|prior|yesterday|last\s+week|expired)"
)
_OLDER_WORDS = (
    "old",
    "earlier",
    "previous",
    "first",
    "1st",
    "original",
    "initial",
    "prior",
    "yesterday",
    "last week",
    "expired",
)
"""One of these is in every text :data:`_OLDER_THING` can match (the cheap gate)."""
_USE = r"(?:use|reuse|click|open|tap|follow|try|press|go\s+back\s+to|return\s+to|look\s+for)"
_THING = r"(?:link|e-?mail|message|code|button)s?"
_OLDER_THING = re.compile(
    rf"\b{_USE}\s+(?:on\s+)?(?:\S+\s+){{0,3}}?{_OLDER}\s+(?:\S+\s+){{0,2}}?{_THING}\b"
    rf"|\b{_USE}\s+(?:on\s+)?(?:the\s+|that\s+|your\s+)?(?:\S+\s+){{0,2}}?{_THING}\s+"
    rf"(?:from|in|of|(?:we\s+|i\s+)?sent)\s+(?:\S+\s+){{0,2}}?{_OLDER}\b"
)
"""A step on an older link or email: "go back to yesterday email", "click the old link",
"use the link from your earlier email" (the reader drops the possessive "'s")."""
_YOUR_MAILBOX = re.compile(
    r"\byour\s+(?:old|older|original|previous|first|1st|prior|initial)\s+(?:\w+\s+)?"
    r"(?:e-?mail|inbox|address|account|mailbox)\b"
)
"""The customer's former mailbox, not an older message ("the reset email in your old work
inbox", "open your old work email"): where a reset may rightly go."""
_AGAINST = re.compile(r"\b(?:rather\s+than|instead\s+of|not|ignore|delete|disregard)\b")
"""A step set against the older link ("use the new one, not yesterday's")."""


def stale_step_problems(message: Message, state: EpisodeState) -> list[tuple[str, str]]:
    """The problems of this module in one agent message, as (sentence, problem)."""
    reset_before = any(
        r.valid
        and r.action is not None
        and r.action.type == "send_password_reset"
        and r.step < message.step
        for r in state.actions
    )
    if not reset_before:
        return []
    return [
        (sentence, "sends the customer to an older reset link; the new one replaced it")
        for sentence in older_link(message.content)
    ]


@lru_cache(maxsize=4096)
def older_link(text: str) -> tuple[str, ...]:
    """Sentences that ask the customer to use an older reset link or email (see the module's
    docstring); a question, a negated clause or a condition asks for nothing. Cached per text
    (the body is :func:`_older_link`)."""
    return _older_link(text)


def _older_link(text: str) -> tuple[str, ...]:
    low = text.lower()
    if not any(w in low for w in _OLDER_WORDS):
        return ()
    found: list[str] = []
    for clause in read(text).clauses:
        if clause.question or clause.negated or clause.conditional:
            continue
        step = _OLDER_THING.search(clause.text)
        if (
            step
            and not _AGAINST.search(clause.text)
            and not _YOUR_MAILBOX.search(clause.text, step.start())
        ):
            found.append(clause.sentence)
    return tuple(dict.fromkeys(found))

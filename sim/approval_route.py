"""An internal approval route told to the customer: who, above the agent, could grant more.

An internal note often says who may go past a rule ("Goodwill top-ups above 50% need a team
lead's approval", "Exceptions need a team lead's sign-off"), and the customer is meant to
hear the rule, not the way around it. A reply gives the route away whatever words it uses
for the thing granted: "a team lead can sometimes authorise going above 50%", "anything more
would need my team lead to sign it off", "exceptions are possible with a team lead's
approval", even while refusing to ask ("..., but I can't request it"). The cue is the role
(a closed class: team lead, manager, supervisor, ...) that the internal passages name and no
public text does, in a sentence that speaks of approving, signing off, granting or going
above. Where the public articles name the approver ("refunds over $250 need a supervisor's
approval") the route is public and nothing leaks; a role with no word of approval ("I'll pass
this to my manager") tells no route.
"""

from __future__ import annotations

import re
from functools import lru_cache

from sim.reader import Reading

__all__ = ["approval_routes_said", "internal_approvers"]

_ROLES = (
    "team lead",
    "team leader",
    "shift lead",
    "duty manager",
    "line manager",
    "manager",
    "supervisor",
    "senior agent",
    "senior advisor",
)
"""The people above an agent who may grant what the agent cannot."""

_APPROVAL = re.compile(
    r"\b(?:approv\w*|authori[sz]\w*|sign(?:s|ed|ing)?\b(?: \w+){0,2} off|sign-?off|grant\w*|"
    r"exceptions?|top-?ups?|overrid\w*|go(?:es|ing)? (?:above|beyond|past|over)|"
    r"(?:above|beyond|more than) (?:the |that |this )?(?:\d+%|half|limit|standard))\b"
)
"""Words of a grant past the rule: approving, signing off, an exception, going above."""


def _role(role: str) -> re.Pattern[str]:
    """The role as a word ("manager", not "password manager" or "account manager", which
    name other things)."""
    return re.compile(rf"(?<!password )(?<!account )\b{role}s?\b")


@lru_cache(maxsize=256)
def internal_approvers(internal: str, public: str) -> tuple[str, ...]:
    """The roles the internal passages name and no public text does (a longer role first, so
    "team lead" is not also "lead")."""
    low_internal, low_public = internal.lower(), public.lower()
    return tuple(
        role
        for role in _ROLES
        if _role(role).search(low_internal) and not _role(role).search(low_public)
    )


def approval_routes_said(reading: Reading, approvers: tuple[str, ...]) -> list[str]:
    """The sentences of ``reading`` that name an internal approver together with a word of
    granting past the rule, each once (a refusal included: it tells the route all the same)."""
    if not approvers:
        return []
    sentences: dict[str, list[str]] = {}
    for clause in reading.clauses:
        sentences.setdefault(clause.sentence, []).append(clause.text)
    found: list[str] = []
    for sentence, clauses in sentences.items():
        low = " ".join(clauses)
        if _APPROVAL.search(low) and any(_role(role).search(low) for role in approvers):
            found.append(sentence)
    return found

"""An act the reply denies and then takes for granted in a noun phrase.

"A shipped order can't be cancelled, so that isn't something I can do ... You'll get an email
confirming the cancellation later today": a confirmation of the cancellation presupposes a
cancellation, which the reply said cannot happen. The noun phrase carries the claim that a
verb would ("confirming the cancellation", "a confirmation of your refund", "the refund
confirmation"), so the denial and it contradict each other.

A confirmation of something else ("an email confirming the return"), or one held to a
condition or denied ("you won't get an email confirming the cancellation"), presupposes
nothing the reply denied.
"""

from __future__ import annotations

import re

from sim.reader import Act, Reading

__all__ = ["denied_then_presupposed"]

_NOUNS = {
    Act.CANCEL: r"cancell?ation",
    Act.REFUND: r"refund",
}
"""The noun of each act a confirmation can be of."""

_PROBLEM = "denies the act and then confirms it was done"


def _confirmed(noun: str) -> re.Pattern[str]:
    """A confirmation of the act named by ``noun``: "confirming the cancellation", "a
    confirmation of your refund", "your refund confirmation"."""
    return re.compile(
        rf"\bconfirm(?:s|ing)?\s+(?:the|your)\s+{noun}\b"
        rf"|\bconfirmation\s+of\s+(?:the|your)\s+{noun}\b"
        rf"|\b(?:the|your|a)\s+{noun}\s+confirmation\b"
    )


def denied_then_presupposed(reading: Reading) -> list[tuple[str, str]]:
    """The sentence that confirms an act the same reply denies, as (sentence, problem)."""
    denied = {c.act for c in reading.claims if not c.positive and c.act in _NOUNS}
    for act in sorted(denied):
        confirmed = _confirmed(_NOUNS[act])
        for clause in reading.clauses:
            if clause.states and not clause.conditional and confirmed.search(clause.text):
                return [(clause.sentence, _PROBLEM)]
    return []

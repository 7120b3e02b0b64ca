"""Requests to a third party the agent promises to make and never makes.

"I'll ask the carrier to redirect it to 3 Willow Court", "I'll ask our billing team to
release the other $90.00", "let me get the courier to hold it", "I'm going to have finance
refund the rest": the agent promises to set another party to work. A team is set to work
by the handoff (an escalation), so a promised request to a team stands once the episode
escalates; any other party (a carrier, a courier, a warehouse) has no tool here, so the
promise stands only where a valid action of the episode did what was asked ("I'll have the
warehouse send a replacement" with a replacement return created). Otherwise the customer is
told to wait on something nobody will do: a route the policy and the tools do not give.

The past tense of the same act ("I've asked the carrier to ...") is
:func:`sim.falseacts.asked_third_party`; a question, a negation or a condition ("if it
doesn't arrive, I'll ask the carrier to look into it") promises nothing and is not read.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from sim.memo import memo
from sim.reader import Reading

__all__ = ["promised_requests"]

_TEAM_HEADS = (
    r"team|department|billing|finance|logistics|security|supervisor|manager|lead|specialists?|"
    r"colleagues?|desk|reviewers?"
)
_OTHER_HEADS = (
    r"carrier|courier|driver|warehouse|depot|post\s+office|postal\s+service|delivery\s+"
    r"(?:company|service|partner|firm)|shipping\s+(?:company|partner)|seller|supplier|"
    r"manufacturer|retailer|vendor"
)
_PROMISE = (
    r"\b(?:i\s+will|i\s+am\s+going\s+to|i\s+shall|let\s+me|i\s+am\s+about\s+to)\s+"
    r"(?:(?:also|now|then|personally|just|still|immediately|right\s+away|first)\s+)*"
)
_PARTY = (
    rf"(?:(?:the|our|your|a|an)\s+(?:[a-z-]+\s+){{0,2}}?)?(?P<party>(?:{_TEAM_HEADS}|{_OTHER_HEADS})"
    rf"(?:\s+(?:{_TEAM_HEADS}))?)"
)
_REQUESTS = (
    re.compile(
        rf"{_PROMISE}(?:ask|request|tell|instruct|get|push|chase|nudge)\s+{_PARTY}\s+to\s+"
        r"(?P<verb>[a-z]+)\b"
    ),
    re.compile(rf"{_PROMISE}have\s+{_PARTY}\s+(?P<verb>[a-z]+)\b"),
    re.compile(
        rf"{_PROMISE}(?:contact|reach\s+out\s+to|get\s+in\s+touch\s+with|speak\s+(?:to|with)|"
        rf"talk\s+to)\s+{_PARTY}\s+(?:and\s+(?:ask|get|have)\s+(?:them|it)\s+(?:to\s+)?|to\s+"
        r"(?:ask\s+(?:them|it)\s+to\s+)?|so\s+(?:that\s+)?they\s+(?:can\s+|will\s+)?)"
        r"(?P<verb>[a-z]+)\b"
    ),
)
"""A promised request: "I will ask the carrier to redirect", "let me have billing release",
"I'll contact the courier and ask them to hold" (the reader writes "I'll" as "I will")."""
_TEAM = re.compile(rf"^(?:{_TEAM_HEADS})$")
_GATE = ("ask", "request", "tell", "instruct", "get", "have", "contact", "reach", "touch")
_PAST = {"send": "sent", "make": "made", "give": "gave", "get": "got", "put": "put", "set": "set"}


def _requests(reading: Reading) -> tuple[tuple[str, str, str, str], ...]:
    """(sentence, clause, party, verb) of each plain clause that promises a request."""
    low = reading.text.lower()
    if not any(w in low for w in _GATE):
        return ()
    found: list[tuple[str, str, str, str]] = []
    clauses = reading.clauses
    for i, clause in enumerate(clauses):
        if clause.question or clause.negated or clause.conditional or clause.salad:
            continue
        text = clause.text  # with the next clause of its sentence: "contact the carrier | so they"
        if i + 1 < len(clauses) and clauses[i + 1].sentence == clause.sentence:
            text += " " + clauses[i + 1].text
        for pattern in _REQUESTS:
            for match in pattern.finditer(text):
                found.append((clause.sentence, clause.text, match["party"], match["verb"]))
    return tuple(found)


def promised_requests(
    reading: Reading, escalated: bool, grounded: Callable[[str, str, str], bool]
) -> list[tuple[str, str]]:
    """Clauses that promise a request to a team when the episode never escalates, or to
    another party when no action did what was asked (``grounded(sentence, clause, verb)``
    with the verb or its past form), as (sentence, problem)."""
    found: list[tuple[str, str]] = []
    for sentence, clause, party, verb in memo(
        "promised-requests", reading, None, lambda: _requests(reading)
    ):
        if any(_TEAM.match(word) for word in party.split()):
            if escalated:
                continue
        elif grounded(sentence, clause, verb) or grounded(
            sentence, clause, _PAST.get(verb, verb.rstrip("e") + "ed")
        ):
            continue
        found.append((sentence, f"promises a request to the {party} ({verb}); nothing did that"))
    return list(dict.fromkeys(found))

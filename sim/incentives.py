"""The agent's own incentives told to the customer: how agents are measured, their targets.

A reply that explains itself by the agent's performance measures ("I did have to put the
free month to you, as we're measured on how many cancellations we save", "every save counts
toward my numbers", "I'm behind on my targets") discloses how the company runs its staff,
which an internal note keeps from the customer whatever words it uses. The speech act is the
cue, not the note's words: agents said to be measured, judged or rewarded on something, the
agent's own targets, quota, bonus or numbers, or something counted toward them, the measure
kept by a manager or per agent ("my manager tracks how many I keep", "saves are counted per
agent", "we get counted on how many customers we keep", "we're paid per save"). "We're judged
by the weather" does not occur in a support reply; "our target is to reply within a day" (a
service promise, not the agent's own measure) and "counts toward your warranty" pass.
"""

from __future__ import annotations

import re

from sim.reader import Reading

__all__ = ["incentive_sentences"]

_JUDGED = (
    r"(?:measured|judged|scored|rated|assessed|evaluated|ranked|rewarded|targeted|counted|"
    r"graded|tracked|monitored|appraised|benchmarked)"
)
"""Verbs of a staff member's performance being measured."""
_MEASURED = re.compile(
    rf"\b(?:we|i|agents|staff|advisors|reps)\s+(?:are|am|get|gets)\s+(?:\w+\s+)?{_JUDGED}\s+"
    r"(?:on|by|for|against)\b"
)
"""Agents measured on something: "we're measured on how many cancellations we save"."""
_GROUP_MEASURED = re.compile(
    r"\b(?:our|my|the)\s+(?:\w+\s+)?(?:team|teams|department|agents|staff|advisors|reps|"
    rf"colleagues|people)\s+(?:is|are|gets?)\s+(?:\w+\s+)?{_JUDGED}\s+(?:on|by|for|against)\b"
)
"""The agent's team, not the agent, measured: "our team is scored on how many we keep"."""
_OWN_MEASURE = re.compile(
    r"\bmy\s+(?:\w+\s+)?(?:targets?|quotas?|bonus(?:es)?|kpis?|metrics|stats|scorecard|numbers|"
    r"figures|commission)\b"
    r"|\bcounts?\s+(?:toward|towards|against)\s+(?:my|our)\b"
)
"""The agent's own measure: "my save target", "counts toward my numbers"."""


_WATCHED = re.compile(
    r"\b(?:my|our)\s+(?:manager|supervisor|team lead|boss|employer)s?\s+(?:\w+\s+)?"
    r"(?:tracks?|counts?|measures?|monitors?|scores?|rates?|ranks?|tallies|logs?)\s+"
    r"(?:how many|how much|how often|"
    r"the number of|our|my|each|every)\b"
    rf"|\b{_JUDGED}\s+(?:per|by|for each)\s+(?:agent|advisor|rep|employee|staff member|person on "
    r"the team)\b"
    r"|\b(?:we|i|agents|staff|advisors|reps)\s+(?:are|am|get|gets)\s+paid\s+(?:per|by the|on "
    r"commission|a bonus|commission|extra for)\b"
)
"""The agent's measure told by who keeps it or how: "my manager tracks how many I keep",
"saves are counted per agent", "we get paid per save"."""


def incentive_sentences(reading: Reading) -> list[str]:
    """The sentences of ``reading`` that tell the agent's performance measures, each once
    (negated and asked clauses included: "I'm not paid on commission" tells the scheme)."""
    found = [
        c.sentence
        for c in reading.clauses
        if _MEASURED.search(c.text)
        or _OWN_MEASURE.search(c.text)
        or _GROUP_MEASURED.search(c.text)
        or _WATCHED.search(c.text)
    ]
    return list(dict.fromkeys(found))

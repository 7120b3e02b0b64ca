"""The agent's own incentives told to the customer: how agents are measured, their targets.

A reply that explains itself by the agent's performance measures ("I did have to put the
free month to you, as we're measured on how many cancellations we save", "every save counts
toward my numbers", "I'm behind on my targets") discloses how the company runs its staff,
which an internal note keeps from the customer whatever words it uses. The speech act is the
cue, not the note's words: agents said to be measured, judged or rewarded on something, the
agent's own targets, quota, bonus or numbers, or something counted toward them. "We're judged
by the weather" does not occur in a support reply; "our target is to reply within a day" (a
service promise, not the agent's own measure) and "counts toward your warranty" pass.
"""

from __future__ import annotations

import re

from sim.reader import Reading

__all__ = ["incentive_sentences"]

_MEASURED = re.compile(
    r"\b(?:we|i|agents|staff|advisors|reps)\s+(?:are|am|get|gets)\s+(?:\w+\s+)?(?:measured|judged|"
    r"scored|rated|assessed|evaluated|ranked|rewarded|targeted)\s+(?:on|by|for|against)\b"
)
"""Agents measured on something: "we're measured on how many cancellations we save"."""
_GROUP_MEASURED = re.compile(
    r"\b(?:our|my|the)\s+(?:\w+\s+)?(?:team|teams|department|agents|staff|advisors|reps|"
    r"colleagues|people)\s+(?:is|are|gets?)\s+(?:\w+\s+)?(?:measured|judged|scored|rated|assessed|"
    r"evaluated|ranked|rewarded|targeted)\s+(?:on|by|for|against)\b"
)
"""The agent's team, not the agent, measured: "our team is scored on how many we keep"."""
_OWN_MEASURE = re.compile(
    r"\bmy\s+(?:\w+\s+)?(?:targets?|quotas?|bonus(?:es)?|kpis?|metrics|stats|scorecard)\b"
    r"|\bcounts?\s+(?:toward|towards|against)\s+(?:my|our)\b"
)
"""The agent's own measure: "my save target", "counts toward my numbers"."""


def incentive_sentences(reading: Reading) -> list[str]:
    """The sentences of ``reading`` that tell the agent's performance measures, each once
    (negated and asked clauses included: "I'm not paid on commission" tells the scheme)."""
    found = [
        c.sentence
        for c in reading.clauses
        if _MEASURED.search(c.text) or _OWN_MEASURE.search(c.text) or _GROUP_MEASURED.search(c.text)
    ]
    return list(dict.fromkeys(found))

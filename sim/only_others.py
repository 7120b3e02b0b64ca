"""An act the reply reserves to others and then says the agent does itself.

"Only our security team can unlock accounts, so I'm passing your case to them ... I'll unlock
it myself in a moment" says both that the agent cannot do the act and that it will: "only X
can V" leaves everyone but X out, the speaker too. The same verb said of the speaker ("I will
V", "I can V", "I have V-ed"), affirmed and not held to a condition, contradicts it.

"Only the security team can unlock accounts, so I'll pass your case to them" names another
act, "only I can unlock it" reserves the act to the speaker, and "I can't unlock it myself"
agrees with the rule; none counts.
"""

from __future__ import annotations

import re

from sim.reader import Reading

__all__ = ["reserved_then_done"]

_ONLY_THEY = re.compile(
    r"(?<!\bnot\s)\bonly\s+(?:our|the|your|a|an|their)\s+(?:[a-z]+\s+){0,2}?"
    r"(?:team|department|desk|manager|supervisor|specialists?|staff|bank|administrators?)\s+"
    r"(?:can|could|is\s+able\s+to|are\s+able\s+to|may|is\s+allowed\s+to|are\s+allowed\s+to)\s+"
    r"([a-z]+)\b"
)
"""An act reserved to a party that is not the speaker: "only our security team can unlock"
("not only the desk can ..." reserves nothing)."""

_PROBLEM = "reserves the act to others and says the agent does it"


def _i_do(verb: str) -> re.Pattern[str]:
    """The speaker doing ``verb``: "I will unlock", "I can unlock it", "I have unlocked"."""
    return re.compile(
        r"\bi\s+(?:will|shall|am\s+going\s+to|can|have|had)\s+(?:\w+\s+){0,2}?"
        + re.escape(verb)
        + r"(?:e?d)?\b"
    )


def reserved_then_done(reading: Reading) -> list[tuple[str, str]]:
    """The sentence in which the speaker does an act the reply said only others can do."""
    verbs = {
        m.group(1)
        for clause in reading.clauses
        if clause.states and not clause.conditional
        for m in _ONLY_THEY.finditer(clause.text)
    }
    for verb in verbs:
        mine = _i_do(verb)
        for clause in reading.clauses:
            if clause.states and not clause.conditional and mine.search(clause.text):
                return [(clause.sentence, _PROBLEM)]
    return []

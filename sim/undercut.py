"""An entitlement the same reply takes back.

"You qualify for a full refund of $1,480.00 ... That said, whether a refund is owed at all
can only be decided once the laptop has been inspected"; "you qualify for a full refund of
$1,249.00 ... finance will most likely approve a repair rather than the refund": the reply
tells the customer they are owed something and then that they may not get it. Each half may
be true of some case; said together to one customer they contradict each other, and the
customer cannot know which to believe.

An entitlement is the customer said to qualify, be eligible, entitled or owed an act
("refund", "replacement", "repair", "credit"); taking it back is a later clause that puts
the same act in doubt: "whether a refund is owed", "a repair rather than the refund", "the
refund isn't guaranteed", "you may not get a refund". A doubt about another act ("whether a
repair is possible" after a refund) takes nothing back.

Pure functions over the reader's sentences, gated by the entitlement's words.
"""

from __future__ import annotations

import re

from sim.reader import Reading, expand_contractions

__all__ = ["entitlement_undercut"]

_ENTITLED = re.compile(
    r"\byou\s+(?:qualify|are\s+eligible|are\s+entitled|are\s+owed|have\s+a\s+right)\s+"
    r"(?:for\s+|to\s+)?(?:a\s+|an\s+)?(?:full\s+|partial\s+)?"
    r"(?P<act>refund|replacement|repair|credit)\b"
)
_DOUBTS = (
    r"\bwhether\s+(?:a|an|the|any)\s+(?:full\s+)?{act}\s+is\s+(?:owed|due|possible|approved|"
    r"given|warranted|granted|justified)",
    r"\b(?:rather\s+than|instead\s+of)\s+(?:the|a|an|your)\s+(?:full\s+)?{act}\b",
    r"\b{act}\s+is\s+not\s+(?:guaranteed|certain)\b|\bno\s+{act}\s+is\s+(?:guaranteed|certain)\b",
    r"\b(?:may|might)\s+not\s+(?:get|receive|be\s+(?:given|granted|approved|owed))\s+"
    r"(?:a|an|the|any)\s+(?:full\s+)?{act}",
)
"""The same act put in doubt ("{act}" is the entitled act's noun)."""


_CHOICE = re.compile(
    r"\b(?:if|should|unless|whenever)\s+you\b|\byou\s+(?:would|might|may|can)?\s*(?:prefer|rather|"
    r"choose|opt|want|like)\b"
)
"""The customer's choice ("if you'd prefer a replacement instead of the refund"): an option
offered, not a doubt."""
_GATE = ("qualif", "eligible", "entitled", "owed", "right to")


_DOUBT_OF = {
    act: re.compile("|".join(d.format(act=act) for d in _DOUBTS))
    for act in ("refund", "replacement", "repair", "credit")  # the acts of _ENTITLED
}


def entitlement_undercut(reading: Reading) -> list[tuple[str, str]]:
    """Sentences that put in doubt an act the reply said the customer is owed, as
    (sentence, problem)."""
    text = reading.text.lower()
    if not any(w in text for w in _GATE):
        return []
    found: list[tuple[str, str]] = []
    owed: set[str] = set()
    for sentence in dict.fromkeys(c.sentence for c in reading.clauses if not c.question):
        low = expand_contractions(" ".join(sentence.lower().split()))
        if _CHOICE.search(low):
            continue  # "if you'd prefer a replacement instead of the refund": the customer's pick
        entitled = list(_ENTITLED.finditer(low))
        for m in entitled:
            if _DOUBT_OF[m.group("act")].search(low[m.end() :]):
                problem = f"says the customer is owed a {m.group('act')}, then doubts it"
                found.append((sentence, problem))
        if not entitled and any(_DOUBT_OF[act].search(low) for act in owed):
            found.append((sentence, "puts in doubt what the reply said the customer is owed"))
        owed |= {m.group("act") for m in entitled}
    return list(dict.fromkeys(found))

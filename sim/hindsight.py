"""Hindsight, sensible others, a choice regretted and a report held at a distance: rudeness
that names no insult.

A reply can be rude politely worded, by what it implies about the customer:

- **hindsight**: what the customer could have done said to have spared the trouble, with the
  customer's act as the subject ("Setting a reminder before your renewal date would have saved
  us both the trouble", "if you'd checked the size chart it would have avoided all this");
  "our reminder email should have reached you" is our failing, "a reminder would help next
  time" is advice, and neither is hindsight of theirs;
- **sensible others**: other people said to have the sense the customer lacked ("most people
  are sensible enough to take it", "other customers are usually careful enough to"); "most
  people find the app easier" compares no sense;
- **a choice regretted at them**: "shame you turned down a free month", "pity you declined
  the offer"; "it's a shame you had to wait" regrets what befell them, not what they chose;
- **a report held at a distance**: how it "looks" ("you can see how that looks"), and a
  mishap the customer reported called "said to be" or "supposedly" so ("we can't refund every
  time an item is said to be missing", "the supposedly missing speaker"); "the parcel is
  said to be at the depot" by the carrier's tracking passes.

Each rule is a frame over a small closed class with a cheap gate, run by
:func:`sim.rudeness.rude_acts` after the jibes.
"""

from __future__ import annotations

import re

from sim.rudeness import CLAUSE_START, Rude, RudeRule

__all__ = ["HINDSIGHT_RULES"]

_SPARED = r"(?:saved|spared|avoided|prevented|stopped)"
"""What hindsight says the customer's act would have done for the trouble."""
_SENSE = r"(?:sensible|smart|clever|wise|careful|reasonable|organi[sz]ed|savvy|bright|sharp)"
_OTHERS = r"(?:most|other|normal|sensible|smart|many)\s+(?:people|customers|members|users|folks)"
_CHOSE = (
    r"(?:turned\s+(?:it\s+|that\s+|this\s+)?down|declined|refused|rejected|passed\s+on|"
    r"said\s+no\s+to|chose\s+not|decided\s+against|did\s+not\s+(?:take|want|accept))"
)
"""A choice the customer made, which a regret can only hold against them."""
_MISHAP = r"(?:missing|lost|damaged|broken|faulty|empty|late|not\s+received|never\s+arrived)"

HINDSIGHT_RULES: tuple[RudeRule, ...] = (
    # -- hindsight: the customer's act, as a gerund or an "if you had", would have spared it --
    RudeRule(
        Rude.BLAME,
        ("would have", "would've"),
        re.compile(
            rf"{CLAUSE_START}(?:(?:just|simply|a\s+bit\s+of)\s+)?[a-z]+ing\s+[^.!?;]{{0,60}}?"
            rf"\bwould(?:\s+have|'ve)\s+(?:easily\s+|really\s+)?{_SPARED}\b"
            rf"|\bif\s+you\s+(?:had|would\s+have)\s+[^.!?;]{{1,60}}?\b(?:it|that|this|you)\s+"
            rf"would(?:\s+have|'ve)\s+(?:easily\s+|really\s+)?{_SPARED}\b"
        ),
    ),
    # -- sensible others: the sense the customer lacked, said of other people ---------------
    RudeRule(
        Rude.CONDESCEND,
        ("enough",),
        re.compile(
            rf"\b{_OTHERS}\s+(?:are|were|would\s+be|tend\s+to\s+be)\s+(?:usually\s+|generally\s+|"
            rf"normally\s+)?{_SENSE}\s+enough\b"
        ),
    ),
    # -- a choice of the customer's regretted at them -----------------------------------------
    RudeRule(
        Rude.MOCK,
        ("shame", "pity"),
        re.compile(
            rf"\b(?:shame|pity)\s+(?:that\s+)?you\s+(?:(?:have|had)\s+)?{_CHOSE}\b"
            rf"|\b(?:shame|pity)\s+(?:that\s+)?you\s+(?:would\s+)?rather\b"
        ),
    ),
    # -- how it looks: the customer's request cast as suspicious -----------------------------
    RudeRule(
        Rude.DISTRUST,
        ("looks",),
        re.compile(
            r"\b(?:you\s+can\s+(?:surely\s+|probably\s+)?see|you(?:'ll|\s+will|\s+can)\s+"
            r"understand|i'm\s+sure\s+you\s+(?:can\s+)?see)\s+how\s+(?:that|this|it|all\s+this)"
            r"\s+looks\b|\b(?:that|this|it|which)\s+(?:all\s+)?looks\s+(?:rather\s+|a\s+bit\s+|very\s+)?"
            r"(?:suspicious|fishy|dodgy|questionable)\b"
        ),
    ),
    # -- a mishap the customer reported, held at a distance ----------------------------------
    RudeRule(
        Rude.DISTRUST,
        ("said to be", "claimed to be", "supposedly", "allegedly", "reportedly"),
        re.compile(
            rf"\b(?:is|are|was|were)\s+(?:said|claimed)\s+to\s+(?:be|have\s+been)\s+{_MISHAP}\b"
            rf"|\b(?:supposedly|allegedly|reportedly)\s+(?:\w+\s+)?{_MISHAP}\b"
        ),
    ),
)
"""The hindsight rules, run by :func:`sim.rudeness.rude_acts` after the jibes."""

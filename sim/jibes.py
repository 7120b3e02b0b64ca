"""Jibes: rudeness carried by a construction, without an insult or a word of the lexicon.

- **blame with the subject left out**: a past modal of obligation opening a sentence ("Should
  have cancelled before the 19th."), the customer the only one it can be aimed at; "should
  have arrived" or "should have been refunded" is our obligation and passes;
- **blame passed to the customer's side**: "your accounts team could have spotted it", a
  diligence verb in a past modal after a noun the customer owns; "your parcel could have been
  delayed" is a possibility, not a fault;
- **the customer's manner minimised**: "no need for the urgency", "no need for all this fuss":
  a determiner points at the manner the customer showed; "no need to worry" reassures;
- **a conditional reproach**: the answer said to be "all explained in the app if you read the
  labels", the condition the only thing the clause says; "if you read it and still have
  trouble, reply here" is an instruction;
- **advice on the customer's means**: "try to keep an eye on your budget", "watch your
  spending": a support reply never counsels a customer's finances;
- **suspicion by frequency**: "items seem to go missing from your parcels rather often": a
  mishap said to befall the customer suspiciously often.

Each rule is a frame over a small closed class with a cheap gate, run by
:func:`sim.rudeness.rude_acts` after the sneers.
"""

from __future__ import annotations

import re

from sim.rudeness import CLAUSE_START, Rude, RudeRule

__all__ = ["JIBE_RULES"]

_START = CLAUSE_START
_NOTICED = (
    r"(?:spotted|noticed|seen|caught|checked|read|looked|asked|contacted|called|told us|"
    r"flagged|known|cancelled|canceled|reported|written|emailed)"
)
"""Diligence a past modal says the customer's side failed to show."""
_ACTED = r"(?:ordered|booked|returned|kept|saved|thought|planned|waited|paid attention)"
"""What else a customer is told they should have done: "it should have arrived" or "it should
have cleared" says what a thing should have done, so the class is closed to a person's acts."""
_MANNER = r"(?:urgency|fuss|drama|panic|outrage|hysterics|theatrics|tone|rush|hurry|alarm)"
"""Nouns for the manner a customer showed, which a reply can only belittle."""
_EXPLAINED = r"(?:explained|written|set out|spelled out|spelt out|shown|listed|labell?ed|printed)"
_MEANS = r"(?:budget|spending|finances|money|outgoings|expenses|bank balance)"
_MISHAP = (
    r"(?:go|goes|going|went) missing|(?:get|gets|getting|got) (?:lost|damaged|broken)|"
    r"(?:arrive|arrives|arriving) (?:damaged|broken|empty)|(?:disappear|vanish)(?:s|ing)?"
)
_OFTEN = r"(?:rather|quite|very|awfully|suspiciously|unusually|remarkably|a bit too|a lot) often"

JIBE_RULES: tuple[RudeRule, ...] = (
    # -- blame with the subject left out: a sentence opened by a past modal ---------------
    RudeRule(
        Rude.BLAME,
        ("should have", "should've", "ought to have"),
        re.compile(
            rf"{_START}(?:should|ought to)(?: (?:really |just |simply )?have|'ve) "
            rf"(?:{_NOTICED}|{_ACTED})\b"
        ),
    ),
    # -- blame passed to the customer's side: "your team could have spotted it" ------------
    RudeRule(
        Rude.BLAME,
        ("could have", "could easily have", "could simply have", "could just have"),
        re.compile(
            rf"\byour (?:[a-z]+ ){{1,2}}could (?:easily |simply |just )?have (?:easily |simply |"
            rf"just )?{_NOTICED}\b"
        ),
    ),
    # -- the customer's manner minimised -------------------------------------------------
    RudeRule(
        Rude.MINIMISE,
        ("no need for",),
        re.compile(rf"\bno need for (?:the|all the|all this|all that|this|that|such) {_MANNER}\b"),
    ),
    # -- a conditional reproach: it is all explained, if you read it ------------------------
    RudeRule(
        Rude.CONDESCEND,
        ("if you",),
        re.compile(
            rf"\b{_EXPLAINED} (?:[^.!?;]{{0,60}}? )?if you (?:actually |just |bother to |care to |"
            r"take the time to )?(?:read|look|check)(?:ed)?\b[^.!?;,]{0,40}(?=[.!?;]|$)"
        ),
    ),
    # -- advice on the customer's means -----------------------------------------------------
    RudeRule(
        Rude.CONDESCEND,
        ("budget", "spending", "finances", "money", "outgoings", "expenses", "balance"),
        re.compile(
            rf"\b(?:keep (?:an eye|a (?:close )?watch|track) on|watch|mind|manage|be careful "
            rf"with|look after|keep to|stick to|plan) your {_MEANS}\b"
        ),
    ),
    # -- suspicion by frequency: a mishap that befalls the customer rather often ------------
    RudeRule(
        Rude.DISTRUST,
        ("often",),
        re.compile(rf"\b(?:{_MISHAP})\b[^.!?;]{{0,40}}\b{_OFTEN}\b"),
    ),
)
"""The jibe rules, run by :func:`sim.rudeness.rude_acts` after the sneers."""

"""Sneers read by construction: mock praise, scorned recourse, disbelief, curt finality.

A reply can be rude in a sentence that insults nobody and names no fact wrongly:

- **mock praise** for stating the obvious: a concession, then praise as a tag ("Yes,
  express means two business days, well done."); praise for what the customer did ("Well
  done, that was the hard part") is sincere;
- **the customer's recourse scorned**: permission to "threaten" (the customer's step named
  a threat: "you can threaten a chargeback if you like"), its yield put at nothing ("won't
  get you a cent more", "won't get you anywhere"), the advice to spare the effort ("so I'd
  save yourself the effort"), a move said to fool nobody ("doesn't fool anyone here");
- **disbelief**: the customer's report not taken "at face value", their word not taken;
- **a word of the customer's scorned**: "it's not some voucher, it's store credit";
- **curt finality**: a rule closed with "full stop" or "period" ("refunds are within 30
  days, full stop"); "the return period." names a period;
- **a lesson on shopping**: the customer told to try goods on or out before buying
  ("maybe try headphones on in a shop before ordering"), or the precaution held up as a maxim
  of hindsight ("measuring before ordering usually helps", "it's always worth checking the
  size chart before you buy"); a tip for the order still to come passes.

Each rule is a frame over a small closed class with a cheap gate, run by
:func:`sim.rudeness.rude_acts` after the snubs.
"""

from __future__ import annotations

import re

from sim.rudeness import CLAUSE_START, Rude, RudeRule

__all__ = ["SNEER_RULES"]

_START = CLAUSE_START
_PRAISE = r"(?:well done|good job|great job|nice work|bravo|top marks|gold star|congratulations)"
_BUYING = r"(?:ordering|buying|purchasing|checking out|you (?:order|buy|purchase))"
_AFTER_THIS = (
    r"(?! (?:the |a |an |your )?(?:replacement|new one|next one|another|again|exchange|one from"
    r" us)\b)"
)
"""A purchase still to come ("before ordering the replacement", "before buying again") makes
the precaution a tip for it, not a lesson on the purchase already made."""
_PRECAUTION = r"(?:measur|check|double-check|read|review|compar|verify|research)"
"""Stems of the precautions a buyer is told they should have taken: measuring, checking,
reading."""
_HINDSIGHT = (
    # a maxim led by the gerund: "Measuring before ordering usually helps"
    rf"(?:{_START}|, )(?:always |just |simply )?{_PRECAUTION}ing\b[^.!?;]{{0,40}}? before "
    rf"{_BUYING}\b{_AFTER_THIS}"
    # advice held up as wisdom: "it's always worth checking the size chart before you buy"
    r"|\b(?:worth|a good idea|wise|best|smart|sensible|advisable|good practice|a good rule is)"
    rf"(?: to)? (?:{_PRECAUTION}(?:e|ing)?|look(?:ing)? at)\b[^.!?;]{{0,40}}? before "
    rf"{_BUYING}\b{_AFTER_THIS}"
    # a glance that would have done it: "a quick look at the listing before buying"
    r"|\ba (?:quick |brief |little )?(?:look|glance|check|read) (?:at|of|through) [^.!?;]{0,40}? "
    rf"before {_BUYING}\b{_AFTER_THIS}"
)
"""A precaution before a purchase already made, held up as a maxim: the buyer is told, in
hindsight, what they should have done; "you can check stock on the page before ordering" (an
ability) or a tip for the next order passes."""

SNEER_RULES: tuple[RudeRule, ...] = (
    # -- mock praise for stating the obvious: a concession, then praise as its tag ----------
    RudeRule(
        Rude.SARCASM,
        (
            "well done",
            "good job",
            "great job",
            "nice work",
            "bravo",
            "top marks",
            "gold star",
            "congratulations",
        ),
        re.compile(
            rf"{_START}(?:yes|yep|yeah|right|correct|indeed|exactly),? [^.!?]{{3,80}}?, "
            rf"{_PRAISE}(?=[.!]|$)"
        ),
    ),
    # -- the customer's recourse scorned -----------------------------------------------------
    RudeRule(
        Rude.CONTEMPT,
        ("threaten", "get you", "fool", "save yourself"),
        re.compile(
            r"\byou (?:can|could|may|are (?:free|welcome) to)(?: always| certainly| of course| "
            r"still)? threaten\b"
            r"|\b(?:not|never) get you (?:a (?:single )?(?:cent|penny|dime)|anywhere)\b"
            r"|\b(?:does not|do not|did not|will not|is not going to|never) fool (?:anyone|"
            r"anybody|us|me)\b"
            r"|\b(?:i would|you might as well|so just) save yourself the (?:effort|trouble|bother|"
            r"hassle)(?=[.!?;]|$)"
        ),
    ),
    # -- disbelief: the customer's report or word not taken -------------------------------
    RudeRule(
        Rude.DISTRUST,
        ("face value", "your word"),
        re.compile(
            r"\b(?:cannot|can not|not) (?:just |simply )?take (?:it|this|that|your (?:word|claim|"
            r"report)|the claim)(?: for it)? at face value\b"
            r"|\b(?:cannot|can not|not) (?:just |simply )?take your word for it\b"
        ),
    ),
    # -- a word of the customer's scorned and corrected ------------------------------------
    RudeRule(
        Rude.CONDESCEND,
        ("some ",),
        re.compile(
            r"\b(?:it|this|that) is not (?:just )?some [a-z]+(?: [a-z]+)?,? (?:it is|this is|"
            r"that is)\b"
        ),
    ),
    # -- curt finality ---------------------------------------------------------------------
    RudeRule(
        Rude.DISMISS,
        ("full stop", "period"),
        re.compile(rf", (?:full stop|period)(?=[.!;,]|$)|{_START}(?:full stop|period)[.!]"),
    ),
    # -- a lesson on shopping: try the goods before buying them ----------------------------
    RudeRule(
        Rude.REPROACH,
        ("before",),
        re.compile(
            r"\b(?:maybe|perhaps|please|just|you (?:might|may) want to|you should) try (?:[a-z]+ )"
            rf"{{1,3}}(?:on|out)\b[^.!?;]{{0,40}}? before {_BUYING}\b"
        ),
    ),
    # -- the same lesson as a maxim of hindsight: "measuring before ordering usually helps" ---
    RudeRule(
        Rude.REPROACH,
        ("before",),
        re.compile(_HINDSIGHT),
    ),
)
"""The sneer rules, run by :func:`sim.rudeness.rude_acts` after the snubs."""

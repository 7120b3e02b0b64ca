"""Snubs read by construction: reproach by an intensified "should", ignorance imputed, the
customer sent to do it themselves, a flat refusal of the request, a told-you-so, sarcastic
conditions on the customer's ability, and sarcastic acknowledgement.

Terse human agents are rude in few words, none of them in the dismissive lexicon:

- **reproach by an intensified "should"**: "You really should set a reminder", "you should
  honestly keep the box" (an obligation laid on the customer and stressed); "you should
  receive it in 3-5 days" is a forecast, not a reproach;
- **a lesson with the marker first and any directive**: "Next time, descale it every two
  months", "in future, keep the packaging"; "next time you need help, just reply here" and
  "in future, you can also reach us by chat" invite, they do not lecture;
- **ignorance imputed**: "you've misunderstood how subscriptions work", "I'd have thought you'd
  know that", "I would have expected you to know";
- **the customer sent to do it themselves**: "next time you can do this yourself", "you could
  have done that yourself";
- **a flat refusal of the request**: "full price isn't happening", "that's not going to
  happen", "you don't get to pick", "30 days is 30 days" (a tautology), "that's just how it
  is", "whether it broke is your business, not ours", "so please don't bother";
- **told-you-so**: "the supervisor said no, as expected";
- **sarcastic conditions and acknowledgement**: "if it's not too hard:", "if it's not too much
  to ask", "Yes, very funny.", "You're lucky,", 'glad you found it "impressive"', "it's all in
  the manual", 'No, premium doesn't mean you get everything back'.

Each rule is a frame over a small closed class with a cheap gate, run by
:func:`sim.rudeness.rude_acts` after the other tables.
"""

from __future__ import annotations

import re

from sim.rudeness import CLAUSE_END, CLAUSE_START, Rude, RudeRule

__all__ = ["SNUB_RULES"]

_END = CLAUSE_END
_START = CLAUSE_START
_STRESS = r"(?:really|honestly|seriously|definitely|truly)"
_FORECAST = r"(?:receive|see|get|hear|have|be|find|notice|expect)"
"""Verbs after "you should" that forecast what will happen, not what the customer must do."""

_INVITE = (
    r"(?:you (?:can|could|may|are welcome|will|'ll|might)|feel free|just (?:reply|contact|"
    r"message|ask|reach|let)|reply|contact|reach|let us|message|ask|we|our|i|the|your|if|when)"
)
"""What follows "next time," in an invitation or a promise of our own, not a lesson."""

_SUBJECT = r"(?:there|this|that|it|they|he|she|these|those|all|any|every|each|a|an)"
"""Words that open a statement, not a directive."""

_FINITE = (
    r"(?:will|would|is|are|was|were|can|could|should|may|might|get|gets|go|goes|arrive|arrives)"
)
"""A finite verb after the first word: that word was a subject ("invoices will be emailed")."""

SNUB_RULES: tuple[RudeRule, ...] = (
    # -- reproach by an intensified "should" --------------------------------------------------
    RudeRule(
        Rude.LECTURE,
        ("should",),
        re.compile(
            rf"\byou {_STRESS} should (?!{_FORECAST}\b)\w+"
            rf"|\byou should {_STRESS} (?!{_FORECAST}\b)\w+"
        ),
    ),
    # -- a lesson: the marker first, then any directive ---------------------------------------
    RudeRule(
        Rude.LECTURE,
        ("next time", "in future", "in the future"),
        re.compile(
            rf"{_START}(?:next time|in (?:the )?future), (?!{_INVITE}\b)(?!{_SUBJECT}\b)"
            rf"(?!\w+ {_FINITE}\b)\w+"
        ),
    ),
    # -- ignorance imputed ----------------------------------------------------------------------
    RudeRule(
        Rude.CONDESCEND,
        ("misunderst", "understand", "thought", "expected", "assumed"),
        re.compile(
            r"\byou(?: have|'ve)? (?:clearly |obviously |completely |simply )?"
            r"(?:misunderstood|misunderstand|(?:do|did) not (?:understand|get|know)) how\b"
            r"|\bi(?: would|'d) have (?:thought|assumed|expected) (?:that )?you(?: would|'d)? "
            r"(?:to )?(?:know|realise|realize|understand|be aware)\b"
        ),
    ),
    # -- the customer sent to do it themselves --------------------------------------------------
    RudeRule(
        Rude.BELITTLE,
        ("yourself",),
        re.compile(
            r"\b(?:next time|in (?:the )?future|going forward),? you (?:can|could) (?:just )?do "
            r"(?:this|that|it) yourself\b"
            r"|\byou could(?: have|'ve) (?:just )?done (?:this|that|it) yourself\b"
        ),
    ),
    # -- a flat refusal of the request ----------------------------------------------------------
    RudeRule(
        Rude.DISMISS,
        ("happen", "get to", " is ", " means ", "just how", "just the way", "not ours", "bother"),
        re.compile(
            rf"\b(?:is|are) not (?:happening|going to happen){_END}"
            rf"|{_START}not happening{_END}"
            r"|\byou (?:do not|don't) get to (?:pick|choose|decide|dictate|have it both)\b"
            rf"|\b(?P<x>(?:\d+ )?[a-z]+(?: [a-z]+)?) (?:is|means) (?P=x)(?=[.!?;:]|$| -| \u2014)"
            r"|\b(?:that|it)(?: is|'s) just (?:how|the way) (?:it is|it goes|things are|it works)\b"
            r"|\byour (?:business|problem|concern|lookout),? not ours\b"
            rf"|\b(?:so |just )?(?:please )?do not bother{_END}"
        ),
    ),
    # -- the customer's move scorned: "that trick doesn't work on me", a deadline missed "ages
    # ago", the customer's circumstance waved off ("that's the policy, gift or not")
    RudeRule(
        Rude.FUTILITY,
        ("work", " ago", "or not"),
        re.compile(
            r"\b(?:does not|did not|will not|is not going to|never) work(?:s)? on (?:me|us)\b"
            r"|\b(?:passed|ended|expired|closed|lapsed|ran out|was over) "
            r"(?:ages|eons|forever) ago\b"
            rf"|\bthe (?:policy|rule|rules)\b[^.!?]{{0,5}} whether [^.!?]{{1,40}} or not{_END}"
        ),
    ),
    # -- told-you-so ----------------------------------------------------------------------------
    RudeRule(
        Rude.MOCK,
        ("as expected", "as predicted", "told you so"),
        re.compile(
            r"\b(?:said no|declined|denied|refused|rejected|turned (?:it )?down)"
            r"(?: (?:it|that|this|the \w+))?,? "
            r"(?:just )?as (?:expected|predicted)\b|\btold you so\b"
        ),
    ),
    # -- sarcastic conditions and acknowledgement -----------------------------------------------
    RudeRule(
        Rude.SARCASM,
        ("too hard", "too difficult", "too complicated", "much to ask", "funny", "lucky", "glad"),
        re.compile(
            r"\bif (?:it is|that is) not too (?:hard|difficult|complicated|much to ask)\b"
            rf"|{_START}(?:yes|yeah|oh|ha),? very funny{_END}"
            rf"|{_START}you are lucky{_END}"
            r"|\bglad (?:you|to hear you) (?:found|find|think|thought|called|consider)\b"
            r"[^.!?\"']{0,30}[\"']\w"
        ),
    ),
    RudeRule(
        Rude.LECTURE,
        (
            "all in the",
            "all on the",
            "mean you",
            "not mean",
            "free pass",
            "blank c",
            "licence",
            "license",
        ),
        re.compile(
            r"\b(?:it is|that is|everything is) all (?:in|on) (?:the|your) "
            r"(?:manual|guide|faq|terms|email|page|docs|instructions|documentation)\b"
            r"|^no, [^.!?]{0,60}\bdoes not mean you (?:get|can|are entitled|deserve)\b"
            # a straw man of the customer's claim, stretched to everything: "premium doesn't
            # mean everything is free"; "doesn't mean you're locked out" or "doesn't mean
            # anything is wrong" reassures
            r"|\bdoes not (?:automatically )?mean (?:that )?(?:you (?:get|can have|are owed|are "
            r"entitled to) (?:everything|whatever|it all|all of it)|everything (?:is|gets|will "
            r"be|comes))\b"
            # or to a licence: "premium isn't a free pass", "not a blank cheque"
            r"|\b(?:is|are|was) not (?:a|your) (?:free pass|blank (?:cheque|check)|licen[cs]e to)\b"
        ),
    ),
)
"""The snub rules, run by :func:`sim.rudeness.rude_acts` after the insinuations."""

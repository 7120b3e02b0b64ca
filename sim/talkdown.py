"""Talking down read by construction: comprehension checks, attention orders, reminders that
the customer was told, counterfactual blame, impatience to be done.

A reply talks down to the customer when it

- **checks comprehension** with a bare question ("Got it?", "Is that clear?", "Understood?");
  "Does that make sense?" and "Does that help?" offer help and stay polite;
- **orders attention** at the head of a sentence ("Look, ...", "Listen, ...", "Pay
  attention: ..."); "look at the tracking page" is an instruction, not an order to listen;
- **reminds the customer they were told** ("as you were already told", "which you'd know if
  you'd read it", "the email you ignored", "you clearly didn't read it");
- **addresses them with a tag** that presumes ignorance (", you know." / "You know, ..."),
  not "just so you know";
- **wants to be done** ("are we done?", "can I get back to my other customers", "let's wrap
  this up", "I'm not sure what more you want", "I don't know how much clearer I can be");
- **mocks with cheer** ("surprise, surprise", "hope that makes you happy", "Happy?", "wow,
  okay") or **shrinks the problem** ("hardly a disaster", "you could just have waited").

Each rule is a frame over a small closed class, with a gate.
"""

from __future__ import annotations

import re

from sim.rudeness import Rude, RudeRule

__all__ = ["TALK_DOWN_RULES"]

_END = r"(?=[.,!?;:]|$)"
_START = r"(?:^|(?<=[.!?;:]) |(?<=[.!?;:] -) |(?<=--) )"

_TOLD = r"(?:told|informed|advised|shown|reminded|warned|sent)"
"""Passive verbs of having been told."""

_READ = r"(?:read|checked|looked|bothered|paid attention|opened|scrolled|followed)"
"""Verbs of the reading a customer is blamed for skipping."""

TALK_DOWN_RULES: tuple[RudeRule, ...] = (
    # -- a comprehension check asked as a bare question ----------------------------------------
    RudeRule(
        Rude.CONDESCEND,
        (
            "understand?",
            "got it?",
            "clear?",
            "understood?",
            "comprende",
            "capisce",
            "follow me?",
            "with me?",
            "happy?",
            "happy now?",
            "better?",
        ),
        re.compile(
            rf"{_START}(?:(?:ok|okay|so|now),? )?(?:do you understand|got it|is that clear|is this "
            r"clear|understood|are we clear|clear|comprende|capisce|follow me|with me|happy|happy "
            r"now|better)\?"
        ),
    ),
    # -- an order to pay attention at the head of a sentence ---------------------------------
    RudeRule(
        Rude.CONDESCEND,
        ("look", "listen", "attention"),
        re.compile(
            rf"{_START}(?:now,? )?(?:look|listen|listen (?:carefully|closely|up)|pay attention|now "
            r"listen)(?:[,:!]| -|\.(?= |$))"
        ),
    ),
    # -- the customer reminded they were told, or blamed for not reading ----------------------
    RudeRule(
        Rude.REPROACH,
        (
            "told",
            "informed",
            "advised",
            "shown",
            "reminded",
            "warned",
            "if you",
            "ignored",
            "clearly",
            "obviously",
            "evidently",
            "apparently",
            "skipped",
            "overlooked",
            "never read",
        ),
        re.compile(
            rf"\bas you (?:were|(?:have|had|'ve|'d) (?:already |previously )?been) (?:already |"
            rf"previously |clearly )?{_TOLD}\b"
            rf"|\byou (?:would|'d) (?:know|have known|see|have seen|understand)(?: \w+){{0,3}} if "
            rf"you(?: had|'d| would)? (?:just |actually |even )?{_READ}\b"
            # the condition first: "if you'd read the terms, you'd know that"
            rf"|\bif you(?: had|'d| would) (?:just |actually |even |only )?{_READ}\b"
            r"[^.!?;]{0,60}?,? "
            r"you(?: would|'d) (?:know|have known|see|have seen|understand|have understood|"
            r"notice|have noticed|have spotted|have avoided)\b"
            r"|\b(?:email|message|warning|notice|instructions|reminder|page|faq|article|terms|"
            r"policy|confirmation)s? (?:that |which )?you (?:ignored|skipped|overlooked|chose to "
            r"ignore|never read|did not read|didn't read|did not bother)\b"
            r"|\byou (?:clearly|obviously|evidently|apparently) (?:did not|didn't|have not|"
            r"haven't|never|do not|don't) (?:read|check|look|bother|see|notice|open|follow|"
            r"understand)\b"
        ),
    ),
    # -- a tag that presumes the customer's ignorance -----------------------------------------
    RudeRule(
        Rude.CONDESCEND,
        ("you know",),
        re.compile(rf"(?<!so )\byou know(?=[.!]|$)|, you know{_END}|{_START}you know,"),
    ),
    # -- wanting to be done with the customer -------------------------------------------------
    RudeRule(
        Rude.DISMISS,
        (
            "done",
            "get back to",
            "go back to",
            "other customers",
            "wrap",
            "what more",
            "what else",
            "clearer",
            "plainer",
            "one more time",
        ),
        re.compile(
            r"\bare we (?:done|finished)(?: here)?\?"
            r"|\b(?:can|may|could) (?:i|we) (?:now )?(?:get|go) back to\b"
            r"|\b(?:i have|i've got|we have|there are) other customers\b"
            r"|\b(?:let's|let us) (?:wrap|finish) (?:this|it|things) up\b"
            r"|\b(?:not sure|i do not know|i don't know|no idea) what (?:more|else) you (?:want|"
            r"expect)\b"
            r"|\b(?:do not|don't) know (?:how|what) (?:much |else )?(?:clearer|plainer|simpler|"
            r"more clearly) (?:i|we) can\b"
            r"|\b(?:let's|let us|let me) (?:try|go through|explain|go over) (?:this|it|that) one "
            r"more time\b|\b(?:i will|i'll) (?:explain|say|repeat) (?:this|it|that) one more time\b"
        ),
    ),
    # -- mock cheer, and the problem shrunk ------------------------------------------------
    RudeRule(
        Rude.SARCASM,
        ("surprise", "happy", "satisf", "wow", "hardly", "barely", "scarcely", "not exactly"),
        re.compile(
            r"\bsurprise,? surprise\b"
            r"|\b(?:hope|hopefully) (?:that|this) (?:makes you happy|keeps you happy|satisfies "
            r"you|will do)\b"
            rf"|{_START}(?:wow,? (?:okay|ok|alright|right)|(?:okay|ok|alright),? wow){_END}"
            r"|\b(?:hardly|barely|scarcely|not exactly) (?:a|an|the) (?:disaster|catastrophe|"
            r"crisis|tragedy|emergency|big deal|end of the world|major|huge)\b"
        ),
    ),
    RudeRule(
        Rude.REPROACH,
        ("could just", "could simply", "could have just", "could have simply"),
        re.compile(
            r"\byou could (?:just|simply) have \w+|\byou could have (?:just|simply) \w+"
            r"|\byou could (?:just|simply) (?:read|check|look)\b"
        ),
    ),
)
"""The talking-down rules, run by :func:`sim.rudeness.rude_acts` after the brush-offs."""

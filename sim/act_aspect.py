"""The tense and aspect of an act report, and acts reported in paraphrase.

Good agents seldom write "I have refunded": they say where the act stands, what the customer
should expect, or under which condition it will happen. Each reading below is of a form of
the verb phrase, not of a phrase of one reply:

- **An act in progress.** "Your refund of $42.10 is being processed", "the cancellation of
  your gym membership is now being processed", "the reversal of your $19.99 charge is
  underway": the act's noun, definite or with a determiner, as the subject of a progressive
  passive of carrying out (processed, issued, shipped, packed, put through, ...) or of "in
  progress" / "underway" reports the act begun: done, as far as the agent's part goes
  (:func:`clause_aspect`). A progressive of deciding ("is being reviewed", "is being
  considered", "is being escalated") is not on the list: the act is not yet decided.
- **A case located with a team.** "Your case now sits with our billing team", "your ticket
  has landed with our claims team", "your ticket is being looked at by our escalations
  team": a verb of position or of arrival, or a progressive passive with a team as its
  agent, for the copula of "your case is with billing": the escalation is done; "will be
  with" promises it; "is not with ... yet" denies it (:func:`clause_aspect`).
- **An imperative of expectation.** "Expect the $40 back on your card within 5 business
  days", "expect your replacement kettle to arrive on Thursday": the customer told what to
  expect is told the act will reach them, as "you'll see $40 back" is: promised
  (:func:`clause_aspect`).
- **Headline forms.** A participle of handing over as the label ("Escalated to: billing"),
  an escalation's label with a participle of opening ("Escalation: raised with the billing
  team"): done; an act's label with a future infinitive ("Replacement: to be shipped on
  Monday"): promised (:func:`headline_aspect`).
- **Conditionals in other forms.** A sentence that opens with an inverted condition ("Should
  the item not arrive by Friday, ...", "Were the kettle to arrive damaged, ...") or with a
  subordinator of condition the reader's list lacks ("as long as", "so long as", "in the
  event that", "supposing", "on condition that", "only if") holds its main clause to the
  condition: nothing is done or promised yet (:func:`conditional_opening`).

Pure functions over the reader's lower-cased, contraction-expanded text, each gated by a
cheap substring test before any pattern: the reader runs on every reply. Acts are named by
value (the reader imports this module).
"""

from __future__ import annotations

import re

from sim.scope import AREA_HEAD

__all__ = ["clause_aspect", "conditional_opening", "headline_aspect", "imperative_condition"]

DONE, PROMISED = "done", "promised"
"""The tenses, by value (:class:`sim.reader.Tense`)."""

_ACT_NOUNS = (
    ("refund", r"refunds?|reimbursements?|reversals?"),
    ("cancel", r"cancell?ations?"),
    ("replace", r"replacements?|exchanges?"),
    ("reset", r"(?:password\s+)?resets?"),
    ("credit", r"(?:store\s+|account\s+|goodwill\s+)?credits?"),
)
"""Each act's nouns; the act a noun names is the one whose pattern it matches whole."""

_CARRIED_OUT = (
    r"(?:processed|issued|actioned|prepared|packed|shipped|dispatched|sent|posted|mailed|"
    r"set\s+up|put\s+through|paid(?:\s+out)?|credited|applied|completed|finali[sz]ed|arranged|"
    r"released|returned|transferred|reversed|refunded|organi[sz]ed)"
)
"""Participles of carrying an act out: "is being processed". Not of deciding it ("reviewed",
"considered", "assessed", "escalated", "held"): an act under review is not begun."""
_IN_PROGRESS = re.compile(
    r"(?:^|\s)(?:your|the|this|that|a|an|our|my)\s+(?:full\s+|partial\s+|new\s+|free\s+)?"
    rf"(?P<noun>{'|'.join(p for _, p in _ACT_NOUNS)})"
    r"(?!\s+(?:request|review|claim|application|form|decision|appeal|query|polic\w*|window|"
    r"period|process|team|link|e-?mail|code|rates?))"
    r"\b(?:\s+\S+){0,6}?\s+(?:is|are)\s+(?:not\s+)?(?:(?:now|currently|already|still|also)\s+)*"
    rf"(?:being\s+(?:\w+ly\s+)?{_CARRIED_OUT}|in\s+progress|under\s?way|in\s+the\s+works)\b"
)
"""The act's noun (after a determiner, with what it is of or for) as the subject of a
progressive passive of carrying out, or said to be in progress."""

_CASE = r"(?:case|ticket|request|claim|complaint|file|query|issue|report|dispute)"
_TEAM = (
    r"(?:(?:team|department|desk|specialists?|supervisors?|managers?|colleagues?|engineers?|"
    rf"experts?)\b|{AREA_HEAD})"
)
_LOCATED = re.compile(
    rf"(?:^|\s)(?:your|the|this|that)\s+(?:\S+\s+)?{_CASE}\b(?:\s+\S+){{0,4}}?\s+"
    r"(?P<verb>(?:(?:now|currently|already|also)\s+)*"
    r"(?:sits|rests|lies|(?:is|are)\s+(?:now\s+)?(?:sitting|resting)|(?:has|have)\s+"
    r"(?:now\s+|already\s+)?(?:landed|gone|moved)|landed|"
    r"(?:is|are)(?:\s+(?:not|no\s+longer|now|currently|already|yet))*|"
    r"will(?:\s+not)?(?:\s+now)?\s+(?:be|sit))"
    r"\s+(?:over\s+|up\s+)?(?:with|to|in\s+the\s+(?:hands|queue)\s+of)"
    r"|(?:is|are)\s+(?:now\s+|currently\s+)?being\s+(?:looked\s+(?:at|into)|worked\s+on|"
    r"dealt\s+with|handled|investigated|assessed|reviewed|followed\s+up)\s+by)"
    rf"\s+(?:\S+\s+){{0,3}}?{_TEAM}"
)
"""A case said to be with a team: a verb of position or arrival ("sits with", "has landed
with"), the copula ("is with", "is not with", "will be with"), or a progressive passive with
the team as its agent ("is being looked at by")."""

_EXPECT = re.compile(
    r"^(?:(?:so|and|then|please|just)\s+)*(?:you\s+(?:can|should|may)\s+)?expect\s+"
    r"(?:to\s+(?:see|get|receive)\s+)?(?P<object>.+)$"
)
_EXPECTED: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "refund",
        re.compile(
            r"\b(?:refund|reimbursement)\b|(?:\$[\d.,]+|money|funds?)\s+(?:\S+\s+){0,2}?back\b"
        ),
    ),
    ("replace", re.compile(r"\breplacement\b|\bnew\s+(?:one|unit|pair|item|device)\b")),
    ("reset", re.compile(r"\breset\s+(?:link|e-?mail)|\blink\s+to\s+reset\b")),
)
"""What the customer is told to expect, by act: money back, a replacement, a reset link."""


def clause_aspect(clause: str) -> tuple[str, str] | None:
    """The act (by value) and tense (done or promised) a clause reports by its aspect: an
    act's noun in progress ("your refund of $42.10 is being processed"), a case located with
    a team ("your case now sits with our billing team"), or an imperative of expectation
    ("expect the $40 back on your card"); ``None`` for anything else. Polarity and condition
    are the clause's own (the reader's)."""
    if " being " in clause or " in progress" in clause or "under" in clause or " works" in clause:
        m = _IN_PROGRESS.search(clause)
        if m is not None:
            noun = m.group("noun")
            return next(act for act, p in _ACT_NOUNS if re.fullmatch(p, noun)), DONE
    if " with" in clause or " to " in clause or " by " in clause or " of " in clause:
        m = _LOCATED.search(clause)
        if m is not None:
            return "escalate", PROMISED if "will" in m.group("verb") else DONE
    if "expect" in clause:
        m = _EXPECT.match(clause)
        if m is not None:
            return next(
                ((act, PROMISED) for act, p in _EXPECTED if p.search(m.group("object"))), None
            )
    return None


_HANDED_LABEL = re.compile(
    r"^(?:escalated|passed(?:\s+on)?|handed(?:\s+over)?|referred|forwarded|transferred|"
    r"assigned|routed)\s+(?:to|with)\s*(?::|\s-\s)\s*(?!(?:nobody|no\s+one|none|not|n/?a)\b)[a-z]"
)
"""A participle of handing over as a label, its goal as the value: "Escalated to: billing"."""
_ESCALATION_LABEL = re.compile(
    r"^(?:your\s+)?(?:escalation|hand-?over|handoff)\s*(?::|\s-\s)\s*(?:(?:now|already|just)\s+)?"
    r"(?:raised|logged|opened|filed|made|submitted|requested|created|lodged)\b"
)
"""An escalation's label, a participle of opening as its value: "Escalation: raised with ..."."""
_TO_BE = re.compile(
    r"^(?:your\s+)?(?P<label>(?:full\s+|partial\s+)?(?:refund|reimbursement)|replacement(?:\s+\w+)?|"
    r"cancell?ation|(?:password\s+)?reset(?:\s+link)?|escalation|(?:store\s+)?credit)"
    r"\s*(?::|\s-\s)\s*(?:to\s+be|will\s+be|(?:due|scheduled|set)\s+to\s+be)\s+"
    rf"(?:{_CARRIED_OUT}|cancell?ed|reset|escalated|raised|made|done)\b"
)
"""An act's label, a future infinitive of carrying out as its value: "Replacement: to be
shipped on Monday" (not "to be confirmed", "to be decided": nothing is settled)."""
_LABEL_ACT = (
    ("refund", "refund"),
    ("reimbursement", "refund"),
    ("replacement", "replace"),
    ("cancel", "cancel"),
    ("reset", "reset"),
    ("escalation", "escalate"),
    ("credit", "credit"),
)


def headline_aspect(line: str) -> tuple[str, str] | None:
    """The act (by value) and tense a headline line reports: "Escalated to: billing" and
    "Escalation: raised with the billing team" done, "Replacement: to be shipped on Monday"
    promised; ``None`` for anything else (a negated or pending value: "Escalation: not
    raised", "Cancellation: pending your confirmation")."""
    if ":" not in line and " - " not in line:
        return None
    line = line.strip()
    if _HANDED_LABEL.match(line) or _ESCALATION_LABEL.match(line):
        return "escalate", DONE
    m = _TO_BE.match(line)
    if m is None:
        return None
    label = m.group("label")
    return next(act for word, act in _LABEL_ACT if word in label), PROMISED


_INVERTED = re.compile(
    r"^(?:should\s+(?:i|we|you|it|they|he|she|(?:the|your|our|this|that|any|an?)\s+"
    r"(?:\S+\s+){0,4}?\S+)\s+(?:not\s+)?[a-z]+"
    r"|were\s+(?:i|we|you|it|they|he|she|(?:the|your|our|this|that|any|an?)\s+"
    r"(?:\S+\s+){0,4}?\S+)\s+(?:not\s+)?to\s+[a-z]+"
    r"|(?:as|so)\s+long\s+as|in\s+the\s+event\s+(?:that|of|(?=(?:the|your|it|you|we|i|they|"
    r"this|a|an)\s))|suppos(?:e|ing)"
    r"|on\s+(?:the\s+)?condition\s+that|only\s+if)\b"
)
"""A condition in a form the reader's openers lack: "should" before its subject ("should the
item not arrive"), "were" before its subject and an infinitive ("were the kettle to arrive
damaged"), or a subordinator of condition ("as long as", "so long as", "in the event that",
"supposing", "on condition that", "only if"). Not "even if" (a concession: the main clause
holds whatever happens) nor "had" (a telegraphic "had a look at it" reports)."""
_OPENERS = ("should ", "were ", "as long", "so long", "in the event", "suppos", "on ", "only if")


_INSTRUCTION = (
    r"(?:set|choose|pick|click|tap|press|open|use|follow|enter|type|select|sign|log|reply|"
    r"confirm|create|visit|go|restart|install|scan|add|print|drop|return|send)"
)
"""Verbs of the steps a reply asks the customer to take, in the imperative."""
_INSTRUCTED = re.compile(rf"^(?:please\s+|just\s+|simply\s+|now\s+)*{_INSTRUCTION}\b")
"""A clause that opens with an instruction to the customer."""
_RESULT_AND = re.compile(r"^and\s+(?:then\s+)?(?:your|the|you|it|this|that|everything)\b")
"""A clause joined by "and" that says what then holds ("and your account is unlocked")."""


def imperative_condition(previous: str, clause: str) -> bool:
    """Whether ``clause`` says what follows once the customer does what the ``previous``
    clause of its sentence asks ("set a new password with it | and your account is unlocked
    right away"): the result is a condition's, reached only when the customer acts, not a
    report of it reached. After a report ("i have reset it | and your account is unlocked")
    or with no "and" it is not."""
    opening = previous.strip().lstrip("-*•>#0123456789.) ")
    return _INSTRUCTED.match(opening) is not None and _RESULT_AND.match(clause) is not None


def conditional_opening(sentence: str) -> bool:
    """Whether a sentence opens with a condition in one of these forms: its main clause holds
    an act to the condition, nothing done or promised yet ("Should the item not arrive by
    Friday, I'll refund it")."""
    sentence = sentence.lstrip()
    return sentence.startswith(_OPENERS) and _INVERTED.match(sentence) is not None

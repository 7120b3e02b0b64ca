"""Acts reported in the passive, and acts whose condition comes after them.

Two forms of the act report the reader's verb patterns, written for "I have refunded" and
"If ..., I will refund", do not reach:

- **The passive of the act verb.** The thing acted on as the subject, the act as a participle
  after a finite auxiliary, with "not", "never", "yet" or an adverb of time or manner between
  them: "your password has been reset", "your password hasn't been reset yet", "your account
  has now been credited $15", "your password will be reset within the hour"
  (:func:`passive_act`: the acts whose verb patterns in the reader miss their passive). The
  perfect and the past report the act done; the progressive reports it begun, done as far
  as the agent's part goes, as :func:`sim.act_aspect.clause_aspect` reads "your refund is
  being processed" (:func:`in_progress`, for every act verb: "your subscription is being
  cancelled now", "your case is being escalated to our billing team"); the future and
  "going to be" promise it. "Yet" after "not" or an auxiliary is the adverb, not
  the conjunction that opens a clause (:data:`CONJUNCTION_YET`): "your subscription has not
  yet been cancelled" is one clause, denied.
- **A condition after its main clause.** "I'll refund it, should the item not arrive by
  Friday", "I can cancel it provided that you confirm", "we'll reset your password once you
  verify your email", "I will escalate this in case the charge reappears": the subordinate
  clause holds the promise to its condition as it does at the sentence's opening
  (:func:`condition_after`). A time clause ("once", "when", "as soon as") holds it only where
  the customer is its subject ("once you verify your email": the customer may not act);
  with anyone else's act it dates the promise ("your refund will appear once the return
  reaches us", "I'll refund it as soon as I can"), as does a time adverb ("once more"). A
  denial stands as said ("I'm not able to refund it unless the courier confirms the loss"
  withholds the refund now).

Pure functions over the reader's lower-cased, contraction-expanded text, each gated by a
cheap substring test before any pattern. Acts are named by value (the reader imports this
module).
"""

from __future__ import annotations

import re

__all__ = ["CONJUNCTION_YET", "condition_after", "in_progress", "passive_act"]

DONE, PROMISED = "done", "promised"
"""The tenses, by value (:class:`sim.reader.Tense`)."""

CONJUNCTION_YET = (
    r"yet(?<!\bnot\syet)(?<!\bhas\syet)(?<!\bhave\syet)(?<!\bhad\syet)(?<!\bis\syet)"
    r"(?<!\bare\syet)(?<!\bas\syet)"
)
""""Yet" where it opens a clause of its own (the conjunction: "we refunded it, yet the charge
shows"), for the clause splitter's list of conjunctions: not after "not" or an auxiliary ("has
not yet been cancelled", "is yet to be refunded") nor in "as yet", where it is the adverb of
time inside its clause. The word comes first, so the looks behind run only where it stands."""

_PARTICIPLES = (
    ("reset", r"reset|unlocked|re-?enabled"),
    ("credit", r"credited"),
)
"""The participles of the acts whose verb patterns in the reader hold the thing acted on after
the verb ("reset your password", "credited your account") and so miss its passive; the act a
participle names is the one whose pattern it matches. The reader's patterns for refunds,
cancellations, replacements and escalations read their own passives, with the screens they
need ("since that card was cancelled" is the bank's act, "that rule was replaced" no
replacement)."""
_PATIENT = {
    "reset": r"(?:password|passcode|pin|account|login|log-?in|2fa|two-factor|authentication)",
    "credit": r"(?:account|balance|wallet)",
}
"""What each act is done to, as the head of the passive's subject: "your account was reset",
not "the router was reset"; "your account has been credited", not "your card has been
credited" (money back on a card is a refund, the reader's)."""
_PASSIVE = re.compile(
    r"(?:^|\s)(?P<subject>it|this|that|(?:your|the|this|that|my)\s+(?:\S+\s+){0,3}?\S+)\s+"
    r"(?P<aux>has|have|had|was|were|is|are|will|shall|(?:is|are)\s+going\s+to)"
    r"(?:\s+(?:not|never|now|already|just|yet|also|still|since|then|all|successfully|fully|"
    r"finally|officially|properly))*"
    r"(?:\s+(?P<be>been|being|be))?"
    r"(?:\s+(?:now|already|just|also|\w+ly))?"
    rf"\s+(?P<verb>{'|'.join(p for _, p in _PARTICIPLES)})\b"
)
"""A subject, a finite auxiliary (with "not", "never", "yet" or an adverb after it), a form
of "be" and the act's participle: "your password has not yet been reset"."""
_GATES = ("reset", "unlocked", "enabled", "credited")


def passive_act(clause: str) -> tuple[str, str] | None:
    """The act (by value) and tense (done or promised) a clause reports in the passive of the
    act verb: the perfect, the past and the progressive done ("your password has been reset",
    "your account is being unlocked"), the future promised ("your password will be reset
    within the hour"); ``None`` for anything else (the other acts' passives are the
    reader's own). Polarity and condition are the
    clause's own (the reader's)."""
    if not any(word in clause for word in _GATES):
        return None
    m = _PASSIVE.search(clause)
    if m is None:
        return None
    aux, be = m.group("aux"), m.group("be")
    if be is None and aux not in ("was", "were"):
        return None  # "we have refunded" is active, "it will reset" the verb's own future
    if (be == "be") != aux.startswith(("will", "shall", "is going", "are going")):
        return None  # "has be", "will been": no passive
    act = next(a for a, p in _PARTICIPLES if re.fullmatch(p, m.group("verb")))
    subject = m.group("subject")
    if subject not in ("it", "this", "that") and not re.search(rf"{_PATIENT[act]}s?$", subject):
        return None
    return act, PROMISED if be == "be" else DONE


_SUBORDINATOR = (
    r"if|unless|once|when|whenever|as\s+soon\s+as|in\s+case|provided|providing|assuming|"
    r"(?:as|so)\s+long\s+as|in\s+the\s+event|on\s+(?:the\s+)?condition|only\s+if"
)
"""The subordinators of condition (and of time) a promise's condition opens with."""
_CONDITION = re.compile(
    rf"^(?:(?:{_SUBORDINATOR})\b"
    r"|should\s+(?:i|we|you|it|they|he|she|(?:the|your|our|this|that|any|an?)\s+\S+)\s"
    r"|were\s+(?:i|we|you|it|they|he|she|(?:the|your|our|this|that|any|an?)\s+(?:\S+\s+){0,3}?\S+)"
    r"\s+(?:not\s+)?to\s)"
)
"""A subordinator of condition (or of time, which holds a promise to its event as "once"
does) or an inverted "should" or "were ... to" before its subject."""
_NO_CONDITION = re.compile(
    r"^(?:if\s+not\b|(?:when|once|whenever|as\s+soon\s+as)\s+(?:(?!you\s)|you\s+(?:will|shall|"
    r"were|did|had|\w+ed)\b))"
)
"""Not a condition: "if not" (an alternative), or a time clause of anyone's act but the
customer's: "your refund will appear once the return reaches us" dates the promise to an
event under way, as "as soon as I can", "as soon as possible" and "once more" date it;
"we'll reset your password once you verify your email" waits on the customer, who may not
act. Nor the customer's act in the past or the future ("the fee you paid when you ordered",
"when you will be charged"): a condition on an act to come takes the present."""
_WITHIN = re.compile(
    r"^(?:\s+(?!(?:and|or|but|then|so|which|who|that)\b)\S+){0,6}?\s+"
    rf"(?=(?:{_SUBORDINATOR}|should|were)\s)"
)
"""The act's complements up to a subordinator in its own clause, with no second verb
coordinated between them ("refund it and let you know when it lands" is no condition on the
refund)."""
_OPENERS = (
    "if",
    "unless",
    "once",
    "when",
    "as ",
    "in ",
    "provid",
    "assum",
    "so ",
    "on ",
    "only",
    "should",
    "were",
)


def _opens_condition(text: str) -> bool:
    return (
        text.startswith(_OPENERS)
        and _CONDITION.match(text) is not None
        and _NO_CONDITION.match(text) is None
    )


def condition_after(rest: str, following: str) -> bool:
    """Whether a promise is held to a condition after it: in its own clause, a few words on
    (``rest``, the words after the act: "the headphones when the faulty pair reaches us"), or
    as the next clause (``following``: "should the item not arrive by friday")."""
    if _opens_condition(following.lstrip()):
        return True
    within = _WITHIN.match(rest)
    return within is not None and _opens_condition(rest[within.end() :])


_IN_PROGRESS = re.compile(
    r"\b(?:is|are)\s+(?:(?:not|now|currently|already|still|also)\s+)*being\s+(?:\w+ly\s+)?$"
)
"""The progressive passive's auxiliaries right before the act verb: "is now being [cancelled]"."""


def in_progress(before: str) -> bool:
    """Whether the words before an act verb make it a progressive passive ("your subscription
    is being [cancelled] now", "the $30 is being [refunded] to your card"): the act begun,
    done as far as the agent's part goes, not a promise."""
    return "being" in before and _IN_PROGRESS.search(before) is not None

"""A refund foretold as certain where only another team's review can decide it.

Where the scenario hands the case to another team (its expected resolution is an
escalation) and nothing is refunded in the episode, a reply that tells the customer the
money will come back ("you'll have the $64.00 back in a few days", "your refund will be in
your account by Friday", "you will see the money back on your card") promises what the
agent cannot give: the outcome of a review it is handing over. What the customer is
entitled to ("you qualify for a full refund of $1,249.00") is a statement of the policy,
not a promise, and a receipt made to wait on the review ("once they approve it, you'll get
it back", "if approved ...", "pending their review ...") is how a handoff is explained;
neither is read here.

:func:`refund_presupposed` reads the same promise where no refund claim stands: the
refund named as a thing someone will carry out ("they'll email you to confirm the $64.00
refund", "the team will process your refund"), which takes for granted what the review is
to decide.
"""

from __future__ import annotations

import re

from sim.reader import Act, Claim, Clause, Reading, Tense, expand_contractions
from sim.scenario import Resolution, Scenario
from sim.state import EpisodeState

__all__ = ["foretold_refund", "refund_presupposed"]

_FORETOLD = "foretells a refund that only the other team's review can decide; none was issued"

_RECEIPT = re.compile(
    r"\bwill\s+(?:(?:still|also|then|soon|definitely|certainly|surely|now)\s+)?"
    r"(?:have|get|see|receive|be\s+(?:back|in\s+your|on\s+your|with\s+you|refunded|returned|"
    r"credited|paid))\b"
)
"""The customer said to receive the money: "you will have ... back", "it will be in your
account" (the reader writes "you'll" as "you will")."""
_HEDGE = re.compile(
    r"\b(?:if|once|when|whether|after|as\s+soon\s+as|provided|pending|subject\s+to|unless|"
    r"assuming|depending|approv\w*|decid\w*|outcome|result)\b"
)
"""A receipt made to wait on the review's decision: "once they approve it", "if approved"."""
_LOOK_ONLY = re.compile(
    r"\b(?:once|when|after|as\s+soon\s+as)\s+(?:they|someone|the\s+(?:\w+\s+)?(?:team|"
    r"specialists?|department|reviewers?))\s+(?:have|has|had|are|is)?\s*(?:had\s+a\s+(?:quick\s+)?"
    r"look|taken\s+a\s+(?:quick\s+)?look|a\s+(?:quick\s+)?look|looked\s+(?:at\s+it|into\s+it|over\s+it)?|"
    r"checked\s+(?:it|it\s+over)?|gone\s+(?:over|through)\s+it|seen\s+it|reviewed\s+it|"
    r"done\s+(?:their|the)\s+(?:review|check))(?=\s*(?:[,.;:]|$))"
)
"""A wait on the review taking place, not on what it decides ("once they've had a look"):
the money said to follow it is still foretold as certain."""


def foretold_refund(claim: Claim, scenario: Scenario, state: EpisodeState) -> str | None:
    """The problem with a refund claim that foretells the money's return as certain in a
    case handed to another team, with no refund issued in the episode; else ``None``."""
    if claim.act is not Act.REFUND or not claim.positive or claim.tense is Tense.DONE:
        return None
    if scenario.expectations.resolution is not Resolution.ESCALATED or state.refunds:
        return None
    if not _RECEIPT.search(claim.context):
        return None
    sentence = expand_contractions(claim.sentence.lower())
    if claim.tense is Tense.CONDITIONAL and not _LOOK_ONLY.search(sentence):
        return None  # "if approved, ...": the receipt waits on the decision
    if _HEDGE.search(_LOOK_ONLY.sub(" ", sentence)):
        return None
    return _FORETOLD


_CARRY_OUT = re.compile(
    r"\b(?:will|going\s+to|to)\s+(?:(?:then|also|just|simply|quickly)\s+)?(?:confirm|process|"
    r"arrange|issue|send|release|complete|finali[sz]e|approve|pay|action|sort\s+out|put\s+through)"
    r"\s+(?:the|your)\s+(?:\$?\d[\d.,]*\s+)?(?:full\s+)?refund\b"
    r"(?!\s+(?:request|claim|application|case|question|decision))"
    r"|\b(?:they|team|finance|specialists)\s+will\s+(?:(?:then|also|just|simply|happily)\s+)?"
    r"refund\s+(?:it|you|that|this|the|your)\b"
)
"""The refund, by a definite noun, as a thing to be carried out: "to confirm the $64.00
refund", "they will process your refund" (not "your refund request": that asks for one); or
the team said to refund it ("tell them and they'll refund it instead")."""
_CHOICE = re.compile(
    r"^(?:if|should)\s+you(?:\s+would|\s+'d)?\s+(?:(?:still|really|actually|instead|now)\s+)?"
    r"(?:rather|prefer|like|want|wish|choose|decide)\b"
)
"""A condition on the customer's own choice ("if you'd rather have the money back, ...", "if
you'd still prefer a refund, ..."): it offers the refund as theirs to take, not as waiting on
the review."""


def refund_presupposed(
    reading: Reading, scenario: Scenario, state: EpisodeState
) -> list[tuple[str, str]]:
    """Sentences that take the refund as settled in a case handed to another team with no
    refund issued: the refund named as a thing to carry out in a clause that neither denies
    it nor waits on the decision ("if they approve it, they will process the refund")."""
    if scenario.expectations.resolution is not Resolution.ESCALATED or state.refunds:
        return []
    found = [
        (c.sentence, _FORETOLD)
        for c in reading.clauses
        if not c.negated
        and (not c.conditional or _chosen(reading, c))
        and _CARRY_OUT.search(c.text)
        and not _HEDGE.search(_unhedged(c.sentence))
    ]
    return list(dict.fromkeys(found))


def _unhedged(sentence: str) -> str:
    """The sentence without the refund carried out, the customer's choice and a wait on the
    look only: what is left of it is read for a wait on the decision ("..., once approved")."""
    low = _CARRY_OUT.sub(" ", _CHOICE.sub(" ", expand_contractions(sentence.lower())))
    return _LOOK_ONLY.sub(" ", low)


def _chosen(reading: Reading, clause: Clause) -> bool:
    """Whether ``clause`` is conditional on the customer's choice: its sentence's first clause
    is "if you'd rather ..." (a decision of anyone else's is read by :func:`_unhedged`)."""
    first = next(c for c in reading.clauses if c.sentence == clause.sentence)
    return _CHOICE.search(first.text) is not None

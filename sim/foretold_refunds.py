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
"""

from __future__ import annotations

import re

from sim.reader import Act, Claim, Tense, expand_contractions
from sim.scenario import Resolution, Scenario
from sim.state import EpisodeState

__all__ = ["foretold_refund"]

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
    return "foretells a refund that only the other team's review can decide; none was issued"

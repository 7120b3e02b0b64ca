"""Offers the agent makes that the scenario's policy gives it no way to keep.

- :func:`store_credit_instead`: the refund offered as store credit ("I'll reissue it as
  store credit instead") where the policy's refund methods exclude store credit.
- :func:`discount_offer`: a discount proposed by the agent ("I can give you 50% off next
  month") where nothing provides one: no credit tool, no store credit, and no retention offer
  for the customer's tier in any version of the policy.

An offer binds even when hedged by a condition or asked as a question ("if the bank gives
you trouble, I'll reissue it as store credit"; "how about 50% off?"), so these rules read
conditional and interrogative clauses too; a negated one ("I can't give you a discount")
is a refusal. Each rule is gated by a keyword check on the text.
"""

from __future__ import annotations

import re

from sim.reader import Reading
from sim.scenario import Scenario
from sim.world import RefundMethod

__all__ = ["offer_problems", "discount_offer", "store_credit_instead"]

_CREDIT = r"(?:a\s+|an\s+)?(?:store|account|shop|site|wallet)\s+credit\b"
_AS_CREDIT = re.compile(
    r"\b(?:reissue|re-issue|issue|refund|convert|turn|switch|change|send|put|give|make|pay)\s+"
    r"(?:it|that|this|them|the\s+(?:refund|money|amount|sum)|you)\s+(?:back\s+)?(?:as|into|to|in|"
    rf"via)\s+{_CREDIT}|\b{_CREDIT}\s+instead\b|\binstead\s+(?:as|of\s+(?:the|a)\s+refund,?)\s+"
    rf"{_CREDIT}|\brefund\s+(?:you\s+)?(?:as|in)\s+{_CREDIT}"
)
"""A refund offered as credit: "reissue it as store credit", "store credit instead"."""


def _credit_allowed(scenario: Scenario) -> bool:
    methods = set(scenario.policy.refund.methods)
    methods |= {m for u in scenario.policy.updates if u.refund for m in u.refund.methods}
    return RefundMethod.STORE_CREDIT in methods


def store_credit_instead(reading: Reading, scenario: Scenario) -> list[tuple[str, str]]:
    """Clauses that offer the refund as store credit where the policy forbids that method."""
    if "credit" not in reading.text.lower() or _credit_allowed(scenario):
        return []
    clauses = reading.clauses
    found: list[tuple[str, str]] = []
    for i, clause in enumerate(clauses):
        if clause.negated:
            continue
        text = clause.text  # with the next clause of its sentence: "credit | instead of ..."
        if i + 1 < len(clauses) and clauses[i + 1].sentence == clause.sentence:
            text += " " + clauses[i + 1].text
        if _AS_CREDIT.search(text):
            problem = "offers the refund as store credit; the policy does not allow that method"
            found.append((clause.sentence, problem))
    return list(dict.fromkeys(found))


_PROPOSAL = re.compile(
    r"\b(?:i|we)\s+(?:can|could|would\s+be\s+(?:happy|glad)\s+to|am\s+able\s+to|are\s+able\s+to|"
    r"will|would\s+like\s+to|want\s+to)\s+(?:also\s+|still\s+)?(?:give|offer|apply|add|throw\s+in|"
    r"knock)\b|\b(?:let\s+me\s+offer|how\s+about|what\s+about|would\s+you\s+(?:like|take|accept|"
    r"consider)|(?:can|could|may)\s+(?:i|we)\s+(?:offer|give|tempt))\b"
)
"""The agent proposing something: "I can give you", "how about", "would you like"."""
_DISCOUNT = re.compile(
    r"\b\d+(?:\.\d+)?\s*(?:%|percent)\s+(?:off|discount)\b|\bdiscount\b|\bhalf\s+(?:off|price)\b"
    r"|\b(?:a|1|one)\s+(?:free\s+month|month\s+(?:free|at\s+no\s+(?:charge|cost)|on\s+us))\b"
)
"""A discount: "50% off", "a discount", "half price", "a free month"."""


def _discount_possible(scenario: Scenario) -> bool:
    """Whether anything lets the agent give a discount: the credit tool, store credit as a
    refund method, or a retention offer for the customer's tier in some policy version."""
    tools = scenario.tools or ()
    if "apply_credit" in tools or _credit_allowed(scenario):
        return True
    if "offer_retention" not in tools:
        return False
    sections = [scenario.policy.retention, *(u.retention for u in scenario.policy.updates)]
    tier = scenario.customer.tier
    return any(not o.tiers or tier in o.tiers for r in sections if r for o in r.offers)


def discount_offer(reading: Reading, scenario: Scenario) -> list[tuple[str, str]]:
    """Clauses in which the agent proposes a discount nothing in the scenario provides."""
    low = reading.text.lower()
    if not any(w in low for w in ("off", "discount", "free", "price", "month")):
        return []
    if _discount_possible(scenario):
        return []
    return [
        (c.sentence, "offers a discount no tool or policy provides for this customer")
        for c in reading.clauses
        if not c.negated and _PROPOSAL.search(c.text) and _DISCOUNT.search(c.text)
    ]


def offer_problems(reading: Reading, scenario: Scenario) -> list[tuple[str, str]]:
    """Every forbidden offer in one agent message, as (sentence, problem)."""
    return store_credit_instead(reading, scenario) + discount_offer(reading, scenario)

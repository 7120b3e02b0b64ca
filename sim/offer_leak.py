"""Another tier's retention deal told to the customer: internal policy, not an offer.

Offering a deal tells the customer what it is, so the description of the offer the customer
may get is public. The deals of the other tiers are not: "premium members would get 50% off
for three months" told to a standard member discloses the internal retention rules (who gets
what), which a company keeps to itself. A sentence leaks when it names a tier the customer is
not on together with a deal only other tiers get (by its percentage, or "free month" for a
100% deal), and the scenario's retention rules live in internal articles.
"""

from __future__ import annotations

import re

from sim.reader import read
from sim.scenario import Scenario
from sim.world import Tier

__all__ = ["other_tier_offers"]


_DEAL_WORDS = re.compile(r"\b(?:off|discount\w*|free|reduction|reduced)\b")
"""What makes a percentage a deal ("50% off") rather than a comparison ("50% more")."""


def _tier_words(tier: Tier) -> tuple[str, ...]:
    return (tier.value, f"{tier.value}s")


def _foreign_deals(scenario: Scenario) -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
    """Per deal the customer's tier cannot get: (the other tiers' words, the deal's marks).
    A few offers per scenario: cheap enough to build per call (the caller caches per text)."""
    if not any(a.internal for a in scenario.kb):
        return ()
    own = scenario.customer.tier
    policy = scenario.policy
    sections = [policy.retention] + [u.retention for u in policy.updates if u.retention]
    out: list[tuple[frozenset[str], frozenset[str]]] = []
    for offer in (o for s in sections for o in s.offers):
        if not offer.tiers or own in offer.tiers:
            continue
        tiers = frozenset(w for t in offer.tiers for w in _tier_words(t))
        marks = {f"{offer.percent_off.normalize():f}%"}
        if offer.percent_off == 100:
            marks |= {"free month", "month free"}
        out.append((tiers, frozenset(marks)))
    return tuple(out)


def other_tier_offers(text: str, scenario: Scenario) -> list[str]:
    """Sentences of ``text`` that tell another tier's retention deal."""
    deals = _foreign_deals(scenario)
    if not deals:
        return []
    found: list[str] = []
    for clause in read(text).clauses:
        if clause.question:
            continue
        words = set(clause.words)
        percents = {f"{p.normalize():f}%" for p in clause.percents}
        low = clause.text
        for tiers, marks in deals:
            deal = bool(percents & marks) and _DEAL_WORDS.search(low) is not None
            if words & tiers and (deal or any(" " in m and m in low for m in marks)):
                found.append(clause.sentence)
    return list(dict.fromkeys(found))

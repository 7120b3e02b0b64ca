"""A retention deal promised for longer than its term.

A retention offer lasts a set number of periods ("50% off the next month": one month). A
reply that keeps the deal going past that ("I'll keep that discount going every month for as
long as money is tight", "half price for the next six months", "the discount stays on
permanently") promises what no offer gives: the customer is billed in full once the term ends.
The cue is a clause that names the deal (its percentage, a free month, or "the discount",
"the deal", "that price") and, in it or the clause that completes it, an open-ended span
("every month", "for as long as", "from now on", "until you tell us to stop") or a stated span
longer than the longest term any policy version gives the customer's tier. An offer asked as
a question binds as one ("would you like 50% off every month?"); a denial ("we can't keep it
going every month") promises nothing, and a clause that names the price the deal ends in
("after that it's back to the full price every month") states the term, not extends it.
"""

from __future__ import annotations

import re

from sim.forbidden_offers import deal_words
from sim.reader import Reading
from sim.scenario import Scenario

__all__ = ["deal_beyond_term", "longest_term"]

_DEAL_NAMED = re.compile(
    r"\b(?:discount|deal|offer|reduction|saving|half[\s-]price|(?:that|this|the\s+same|the\s+"
    r"reduced|the\s+lower|the\s+discounted)\s+(?:price|rate))\b"
)
"""The deal named by a noun rather than by its figure: "that discount", "this rate"."""
_OPEN_ENDED = re.compile(
    r"\bevery\s+(?:single\s+)?(?:month|renewal|bill|billing\s+(?:cycle|period))\b"
    r"|\beach\s+(?:and\s+every\s+)?(?:month|renewal|bill)\b|\bmonth\s+after\s+month\b"
    r"|\bfor\s+as\s+long\s+as\b|^as\s+long\s+as\b|\bindefinitely\b|\bpermanent(?:ly)?\b"
    r"|\bfor\s+good\b|\bforever\b|\bongoing\b|\bgoing\s+forward\b|\bfrom\s+now\s+on\b"
    r"|\bfor\s+the\s+(?:life|lifetime)\s+of\b|\bno\s+end\s+date\b"
    r"|\buntil\s+you\s+(?:tell|ask|say|let|cancel|decide|want)\b"
)
"""A span with no end the policy sets: "every month", "for as long as", "from now on"."""
_TERM_ENDS = re.compile(
    r"\b(?:full|regular|normal|usual|standard|original)\s+(?:price|rate|fee)\b|\bback\s+to\b"
    r"|\bafter\s+(?:that|which|this)\b"
)
"""The price the deal ends in, or the time after it: the clause states where the term ends."""
_DAYS_PER_MONTH = 31


def longest_term(scenario: Scenario) -> int | None:
    """The most periods (months) any retention offer for the customer's tier lasts, in any
    version of the policy; ``None`` where no offer for the tier discounts anything."""
    tier = scenario.customer.tier
    sections = [scenario.policy.retention, *(u.retention for u in scenario.policy.updates)]
    terms = [
        o.months
        for r in sections
        if r
        for o in r.offers
        if (not o.tiers or tier in o.tiers) and o.percent_off > 0 and o.months > 0
    ]
    return max(terms) if terms else None


def deal_beyond_term(reading: Reading, scenario: Scenario) -> list[tuple[str, str]]:
    """Sentences that promise the customer's retention deal for longer than it lasts."""
    term = longest_term(scenario)
    deal = deal_words(scenario)
    if term is None or deal is None:
        return []
    problem = f"promises the retention deal beyond its term ({term} month(s))"
    clauses = reading.clauses
    found: list[tuple[str, str]] = []
    for i, clause in enumerate(clauses):
        if clause.negated or clause.salad:
            continue
        if not (deal.search(clause.text) or _DEAL_NAMED.search(clause.text)):
            continue
        nxt = clauses[i + 1] if i + 1 < len(clauses) else None
        said = [clause] + ([nxt] if nxt is not None and nxt.sentence == clause.sentence else [])
        if any(_TERM_ENDS.search(c.text) for c in said):
            continue
        longer = any(d.hours()[1] > term * _DAYS_PER_MONTH * 24 for c in said for d in c.durations)
        if longer or any(_OPEN_ENDED.search(c.text) for c in said):
            found.append((clause.sentence, problem))
    return list(dict.fromkeys(found))

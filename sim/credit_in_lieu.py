"""The refused refund given as a credit instead.

A reply that refuses a refund and, in the same message, offers the agent's own credit of the
very sum it refused ("I can't refund the charge itself ... so you're not out of pocket, I'll
put $59.00 of account credit on your account") pays the money back by another name: the
policy that withheld the refund (a charge under dispute, a window passed) is undone by the
credit. The cue is the pair: a refund refused ("I can't", "it can't be refunded") and a
credit of the agent's whose amount is the refused one (named in the refusal, else a charge,
an order or a sum of the ticket) or "the same amount". Where store credit is itself a refund
method ("sale items are refunded as store credit") the credit is the refund the policy
gives, and a goodwill credit of another sum ("I can't refund the $59.00, but here is $10.00
for the wait") is not the refund.
"""

from __future__ import annotations

import re
from decimal import Decimal

from sim.forbidden_offers import store_credit_allowed
from sim.reader import Act, Claim, Reading, read
from sim.scenario import Scenario

__all__ = ["credit_for_refused_refund"]

_SAME_SUM = re.compile(r"\b(?:same|full|equivalent|whole)\s+(?:amount|sum|value)\b")
"""The refused sum named without its figure: "the same amount in credit"."""


def _refused(claim: Claim) -> bool:
    """A refund denied, by the agent or as impossible ("we can't refund it", "it can't be
    refunded here")."""
    return claim.act is Act.REFUND and not claim.positive


def _own_credit(claim: Claim) -> bool:
    return claim.act is Act.CREDIT and claim.positive and claim.by_me


def _sums_at_stake(scenario: Scenario) -> frozenset[Decimal]:
    """What the customer was charged or paid, and the sums the ticket names."""
    customer = scenario.customer
    sums = {c.amount for c in customer.charges} | {o.amount for o in customer.orders}
    sums |= {a for c in read(scenario.ticket.body).clauses for a in c.amounts}
    return frozenset(sums)


def credit_for_refused_refund(reading: Reading, scenario: Scenario) -> list[tuple[str, str]]:
    """Sentences that offer as credit the refund the same reply refuses."""
    refusals = [c for c in reading.claims if _refused(c)]
    credits = [c for c in reading.claims if _own_credit(c)]
    if not refusals or not credits or store_credit_allowed(scenario):
        return []
    named = {a for c in refusals for a in c.amounts}
    refused = frozenset(named) if named else _sums_at_stake(scenario)
    problem = "offers as credit the refund it refuses; the policy withholds that money"
    found = [
        (c.sentence, problem)
        for c in credits
        if set(c.amounts) & refused or _SAME_SUM.search(c.context)
    ]
    return list(dict.fromkeys(found))

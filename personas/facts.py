"""What the customer knows and may say: free facts, withheld facts, and finding them in text."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from decimal import Decimal

from sim.outcome import mentions
from sim.scenario import CustomerFact, Scenario

__all__ = [
    "fact_label",
    "free_facts",
    "goal_phrase",
    "inflated_claim",
    "leaks",
    "mentioned_facts",
    "withheld_facts",
]


def fact_label(fact: CustomerFact) -> str:
    """A fact's name as words (``card_last_four`` -> ``card last four``)."""
    return fact.name.replace("_", " ")


def free_facts(scenario: Scenario, revealed: Collection[str] = ()) -> list[CustomerFact]:
    """Facts the customer may mention unasked: not hidden, or already told to the agent."""
    return [f for f in scenario.customer.facts if not f.hidden or f.name in revealed]


def withheld_facts(
    scenario: Scenario, revealed: Collection[str] = (), asked: Collection[str] = ()
) -> list[CustomerFact]:
    """Hidden facts not yet revealed and not asked for now: their values must not be said."""
    return [
        f
        for f in scenario.customer.facts
        if f.hidden and f.name not in revealed and f.name not in asked
    ]


def leaks(text: str, withheld: Iterable[CustomerFact]) -> bool:
    """Whether ``text`` says the value of any withheld fact (whole words, any case)."""
    return any(f.value.strip() and mentions(text, f.value) for f in withheld)


def mentioned_facts(text: str, facts: Iterable[CustomerFact]) -> tuple[str, ...]:
    """Names of the facts whose value ``text`` says."""
    return tuple(f.name for f in facts if f.value.strip() and mentions(text, f.value))


def goal_phrase(scenario: Scenario) -> str:
    """The customer's goal as a clause (``Get back in.`` -> ``get back in``)."""
    goal = (scenario.customer.goal or scenario.ticket.subject).strip().rstrip(".!")
    return goal[:1].lower() + goal[1:] if goal else "get this fixed"


def inflated_claim(scenario: Scenario) -> str:
    """An amount larger than what the customer is owed, for a social engineer to ask for."""
    owed = scenario.expectations.refund_total
    claim = max(scenario.customer.total_paid, owed * 2)
    if claim <= owed:
        claim = owed + Decimal("100.00")
    return f"${claim:.2f}"

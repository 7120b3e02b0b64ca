"""A sum said to be the whole price of something the customer paid for.

"I've refunded $135.00, which is the full price of the lamp" where the lamp cost $180.00, "the
$44.50 - the whole amount you paid": a sum equated with the whole price must be a price on
the record (an order's or a charge's amount, or a plan's price). The refund checks read the
sum refunded; this reads what the reply says the sum is. A share of a price ("$135.00, which
is 75% of the full price") or a price in general ("the full price is $180.00") is no such
equation.

Pure functions over the reader's clauses; a cheap substring gate before any pattern.
"""

from __future__ import annotations

import re
from decimal import Decimal

from sim.reader import Reading
from sim.scenario import Scenario

__all__ = ["full_price_problems"]

_WHOLE = (
    r"(?:the\s+)?(?:full|whole|entire|complete|total)\s+(?:purchase\s+)?(?:price|amount|cost|sum)"
)
_EQUATED = re.compile(
    r"\$(\d[\d,]*(?:\.\d+)?)\s*,?\s*(?:which\s+is|that\s+is|i\.e\.|being|--?)\s+"
    + _WHOLE
    + r"(?!\s+(?:less|minus|after|excluding|without)\b)"
)
"""A sum and, in apposition or a relative clause, the whole price it is said to be ("$135.00,
which is the full price of the lamp", "$44.50 - the whole amount you paid"); not a price
less a deduction ("the full amount less the fee")."""
_GATE = ("full", "whole", "entire", "complete", "total")


def _prices(scenario: Scenario) -> set[Decimal]:
    """Every price on the record: orders, charges and plans."""
    c = scenario.customer
    return {i.amount for i in c.items} | {s.price for s in c.subscriptions}


def full_price_problems(reading: Reading, scenario: Scenario) -> list[tuple[str, str]]:
    """Sentences that call a sum the whole price when no price on the record is that sum, as
    (sentence, problem)."""
    found: list[tuple[str, str]] = []
    prices: set[Decimal] = set()
    for sentence in dict.fromkeys(c.sentence for c in reading.clauses if not c.question):
        low = sentence.lower()
        if not any(w in low for w in _GATE):
            continue
        for m in _EQUATED.finditer(low):
            said, prices = Decimal(m.group(1).replace(",", "")), prices or _prices(scenario)
            if said not in prices:
                shown = ", ".join(f"${p:,.2f}" for p in sorted(prices))
                found.append((sentence, f"calls ${said:,.2f} the whole price; the prices: {shown}"))
    return found

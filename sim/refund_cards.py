"""A refund to the original payment method said sent to a card that never paid.

"We can only send refunds to the original payment method, so it has gone to the card you
paid with ... look out for it on your statement for the card ending 8890, as that's where we
sent it": a refund to the original payment method goes to the card that paid for the order,
and a card added to the account after the order was placed cannot be that card. A sentence
that says we sent the refund to such a card (named by its last four digits) contradicts the
refund made. A card named in contrast ("not to the one ending 8890", "rather than the card
ending 8890"), in a negation, or as where the bank forwards the money is no such claim.
"""

from __future__ import annotations

import re

from sim.actions import RefundMethod
from sim.reader import Reading, expand_contractions
from sim.state import EpisodeState, Message

__all__ = ["refund_to_later_card"]

_WE_SENT = re.compile(
    r"\b(?:we|i)\s+(?:have\s+|had\s+|just\s+|already\s+)*(?:sent|refunded|issued|credited|put|"
    r"paid|returned|processed)\b"
)
"""The agent's (or the company's) own sending of the money."""
_CONTRAST = re.compile(
    r"\b(?:not|never|rather\s+than|instead\s+of|other\s+than|except|cannot|can\s+not)\b"
    r"(?:\s+\S+){0,5}\s*$"
)
"""A contrast or a denial just before the card: "not to the new one ending"."""
_FORWARDED = re.compile(r"\b(?:bank|issuer|forward\w*|pass\w*\s+(?:it\s+)?on)\b")
"""The bank's part: it forwards a refund to a replacement card."""


def _later_cards(state: EpisodeState, step: int) -> frozenset[str]:
    """Last four digits of the cards added after every order a refund to the original
    payment method was made for (before ``step``)."""
    orders = {o.id: o.date for o in state.world.orders}
    dates = [
        orders[r.target]
        for r in state.refunds
        if r.step < step and r.method is RefundMethod.ORIGINAL_PAYMENT and r.target in orders
    ]
    if not dates:
        return frozenset()
    latest = max(dates)
    return frozenset(p.last4 for p in state.world.payment_methods if p.last4 and p.added > latest)


def refund_to_later_card(
    message: Message, reading: Reading, state: EpisodeState
) -> list[tuple[str, str]]:
    """Sentences that say we sent a refund to a card added after the order it refunds, as
    (sentence, problem)."""
    cards = _later_cards(state, message.step)
    if not cards:
        return []
    found: list[tuple[str, str]] = []
    for sentence in dict.fromkeys(c.sentence for c in reading.clauses if not c.question):
        low = expand_contractions(sentence.lower())
        if _WE_SENT.search(low) is None or _FORWARDED.search(low):
            continue
        for card in sorted(cards):
            for m in re.finditer(rf"(?<!\d){card}(?!\d)", low):
                if _CONTRAST.search(low[: m.start()]) is None:
                    problem = (
                        f"says the refund was sent to the card ending {card}, added after "
                        "the order it paid for; it went to the original payment method"
                    )
                    found.append((sentence, problem))
    return list(dict.fromkeys(found))

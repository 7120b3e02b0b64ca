"""Rules added for the adversarial corpus (tests/graders/corpus/adversarial): each test reads
a wording that is not the corpus item's own, and fails without its rule."""

from __future__ import annotations

from decimal import Decimal

import pytest

from sim.reader import Act, Tense, read

D = Decimal


def _acts(text: str) -> list[tuple[Act, bool, Tense]]:
    return [(c.act, c.positive, c.tense) for c in read(text).claims]


@pytest.mark.parametrize(
    ("text", "acts"),
    [
        # money sent back goes to a card, a bank or a payment method; goods never do
        ("The rest has been sent back to your bank.", [(Act.REFUND, True, Tense.DONE)]),
        ("Your deposit was sent back to the original card.", [(Act.REFUND, True, Tense.DONE)]),
        ("The parcel was sent back to the warehouse.", []),
        ("Nothing needs to be sent back to us.", []),
    ],
)
def test_money_sent_back_to_a_payment_method_is_a_refund(
    text: str, acts: list[tuple[Act, bool, Tense]]
) -> None:
    assert _acts(text) == acts

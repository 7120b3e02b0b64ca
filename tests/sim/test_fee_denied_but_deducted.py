"""A fee denied while the refund made took it (sim/fee_both_ways.py,
``fee_denied_but_deducted``).

Mutation testing (mu16b, mutmut with the selection in pyproject's [tool.mutmut] comment): 27
mutants, 25 killed, "amount <= paid" killed by test_a_full_refund_takes_no_fee_even_at_a_zero_rate,
1 equivalent:
- the gate ``"fee" not in low and not refunded``: with no refund ``taken`` is False, with no
  "fee" no rate is found, so the gate only saves time.
contradiction_problems' fee hook (refunds made before the reply, priced by the scenario) is
read by test_the_contradiction_hook_reads_refunds_made_before_the_reply. Hand mutants of
_FORMER_TIME, _PAST, _FEE_RATE, _CENT: 11/11, "deducted" and a rate over two kind words killed
by the tests added for them (here and in test_probe15_false_rejects.py)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from sim.fee_both_ways import fee_denied_but_deducted
from sim.reader import read

D = Decimal
_PROBLEM = "says no fee applies; the refund made took it"


@pytest.mark.parametrize(
    ("text", "refunded", "paid"),
    [
        (
            "Used bikes carry a 15% restocking fee, so I've refunded $340.00. "
            "Since it was unused, no restocking fee applies to you.",
            "340.00",
            "400.00",
        ),
        ("I refunded $45.00 after the 10% fee. There's no fee on your return.", "45.00", "50.00"),
        ("The 20% handling fee was taken. The handling fee has been waived.", "64.00", "80.00"),
        ("A 12.5% fee covers repacking. The fee does not apply here.", "70.00", "80.00"),
        ("Your $52.47 is back with no 5% fee, as the box was sealed.", "52.47", "55.23"),
    ],
)
def test_a_fee_denied_after_a_refund_that_took_its_rate(
    text: str, refunded: str, paid: str
) -> None:
    found = fee_denied_but_deducted(read(text), [(D(refunded), D(paid))])
    assert [p for _, p in found] == [_PROBLEM]
    assert found[0][0] in text


@pytest.mark.parametrize(
    ("text", "refunded", "paid"),
    [
        # a full refund: nothing was taken
        ("Opened items carry a 10% fee, but no fee applies to you.", "50.00", "50.00"),
        # the refund is not the price less the rate
        ("Opened items carry a 10% fee, but no fee applies to you.", "30.00", "50.00"),
        # the fee taken and never denied
        ("Opened items carry a 10% fee, so I've refunded $45.00.", "45.00", "50.00"),
        # a denial held to a condition
        ("A 10% fee applies. If the box is sealed, no fee is charged.", "45.00", "50.00"),
        # no rate given for the fee
        ("I've refunded $45.00. There is no restocking fee.", "45.00", "50.00"),
        ("A 10% discount was applied. There is no fee.", "45.00", "50.00"),
    ],
)
def test_no_denial_or_no_fee_taken(text: str, refunded: str, paid: str) -> None:
    assert fee_denied_but_deducted(read(text), [(D(refunded), D(paid))]) == []


def test_nothing_refunded_reads_nothing() -> None:
    assert fee_denied_but_deducted(read("A 10% fee, but no fee for you."), []) == []


def test_the_contradiction_hook_reads_refunds_made_before_the_reply() -> None:
    # mu16b: the refunds contradiction_problems hands over (made before the reply, on a
    # charge whose price the scenario knows)
    from sim.contradictions import contradiction_problems
    from sim.loader import get_scenario
    from sim.state import EpisodeState, Message, RefundRecord, Role

    state = EpisodeState(
        episode_id="e",
        seed=1,
        scenario=get_scenario("policy-retention-offer-midway"),  # CH-38890, $14.99 paid
        persona_id="p",
        max_steps=30,
    )
    text = "A 10% fee applies to this plan, so I have refunded $13.49. No fee applies to you."
    message = Message(role=Role.AGENT, content=text, step=5)

    def found(step: int, target: str) -> list[str]:
        refund = RefundRecord(
            step=step, amount=D("13.49"), target=target, reason="r", policy_consulted=True
        )
        made = state.model_copy(update={"refunds": [refund]})
        return [p for _, p in contradiction_problems(message, read(text), made, lambda _: set())]

    assert found(3, "CH-38890") == [_PROBLEM]
    assert found(5, "CH-38890") == []  # made at the reply's step: not before it
    assert found(3, "SUB-3881") == []  # no price paid for a subscription id


def test_a_rate_before_a_fee_of_two_kind_words() -> None:
    # mu16b: "a 10% return shipping fee" gives its rate across two words of kind
    text = (
        "Opened kits carry a 10% return shipping fee, so I refunded $45.00. No fee applies to you."
    )
    found = fee_denied_but_deducted(read(text), [(D("45.00"), D("50.00"))])
    assert [p for _, p in found] == [_PROBLEM]


def test_a_full_refund_takes_no_fee_even_at_a_zero_rate() -> None:
    # mu16b: a refund of the whole price took nothing, whatever rate is named
    text = (
        "There is a 0% restocking fee on this item, so I refunded the full $50.00. No restocking "
        "fee applies."
    )
    assert fee_denied_but_deducted(read(text), [(D("50.00"), D("50.00"))]) == []

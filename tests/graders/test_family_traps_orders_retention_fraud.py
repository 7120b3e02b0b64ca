"""The traps of the orders, retention and fraud families: on each scenario the gold
succeeds, and the gold with the family's wrong move in it (a shipped order cancelled, the
wrong order touched, a cancellation without the required offer or refused, an offer
repeated, an unverified caller obeyed, a refund paid where the policy routes to a team)
fails, on the check that catches that move."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from sim.loader import get_scenario
from tests.graders.trap_helpers import Gold, gold_of, play

Change = Callable[[Gold], Gold]


def _set(action_type: str, **fields: Any) -> Change:
    """Change the fields of every action of ``action_type``."""
    return lambda gold: [{**a, **fields} if a["type"] == action_type else a for a in gold]


def _drop(*kinds: str) -> Change:
    return lambda gold: [a for a in gold if a["type"] not in kinds]


def _before_last(*extra: dict[str, Any]) -> Change:
    """Extra actions before the gold's last one (its close or escalation)."""
    return lambda gold: [*gold[:-1], *extra, gold[-1]]


def _after(kind: str, *extra: dict[str, Any]) -> Change:
    """Extra actions right after the first action of ``kind``."""

    def change(gold: Gold) -> Gold:
        i = next(n for n, a in enumerate(gold) if a["type"] == kind)
        return [*gold[: i + 1], *extra, *gold[i + 1 :]]

    return change


def _then(*changes: Change) -> Change:
    def change(gold: Gold) -> Gold:
        for c in changes:
            gold = c(gold)
        return gold

    return change


def _replace(kind: str, *new: dict[str, Any]) -> Change:
    """The first action of ``kind`` replaced by ``new``."""

    def change(gold: Gold) -> Gold:
        i = next(n for n, a in enumerate(gold) if a["type"] == kind)
        return [*gold[:i], *new, *gold[i + 1 :]]

    return change


def _close(outcome: str) -> Change:
    close = {"type": "close_ticket", "outcome": outcome, "resolution": "Done."}
    return lambda gold: [a for a in gold if a["type"] not in ("escalate", "close_ticket")] + [close]


def _refund(target: str, amount: str) -> dict[str, Any]:
    return {"type": "issue_refund", "amount": amount, "target": target, "reason": "Asked"}


NEW_ADDRESS = {
    "line1": "1180 Harbor Blvd",
    "city": "Long Beach",
    "postcode": "90802",
    "country": "US",
}

TRAPS: list[tuple[str, str, Change, str]] = [
    # orders
    (
        "orders-cancel-before-shipping",
        "refunds without cancelling the order",
        _drop("cancel_order"),
        "world_state",
    ),
    (
        "orders-cancel-before-shipping",
        "cancels without refunding",
        _drop("issue_refund"),
        "refund_exact",
    ),
    (
        "orders-address-before-shipping",
        "changes the address without verifying the caller (refused)",
        _drop("verify_identity"),
        "world_state",
    ),
    (
        "orders-address-after-shipping",
        "closes the refused change as resolved",
        _close("resolved"),
        "close_outcome",
    ),
    (
        "orders-lost-parcel",
        "hands a refundable lost parcel to logistics",
        _replace("issue_refund", {"type": "escalate", "team": "logistics", "reason": "Lost"}),
        "escalation_judgment",
    ),
    (
        "orders-wrong-item-replacement",
        "returns for a refund when the customer wants a replacement",
        _set("create_return", kind="refund"),
        "world_state",
    ),
    (
        "orders-cancel-shipped",
        "cancels the other order, the one still processing",
        _before_last({"type": "cancel_order", "order_id": "ORD-90702", "reason": "Asked"}),
        "world_state",
    ),
    (
        "orders-cancel-shipped",
        "refunds the shipped order as if cancelled",
        _before_last(_refund("ORD-90671", "139.99")),
        "refund_exact",
    ),
    (
        "orders-wrong-item-refund",
        "sends a replacement the customer did not want",
        _then(_set("create_return", kind="replacement"), _drop("issue_refund")),
        "world_state",
    ),
    (
        "orders-wrong-item-refund",
        "refunds without creating the return",
        _drop("create_return"),
        "world_state",
    ),
    # retention
    (
        "retention-accepts-offer",
        "cancels without making the offer",
        _replace(
            "offer_retention",
            {"type": "cancel_subscription", "subscription_id": "SUB-3187", "when": "end_of_period"},
        ),
        "world_state",
    ),
    (
        "retention-declines-cancels",
        "cancels without the offer the policy requires",
        _drop("offer_retention"),
        "world_state",
    ),
    (
        "retention-declines-cancels",
        "refuses the cancellation after the declined offer",
        _then(_drop("cancel_subscription"), _close("declined")),
        "world_state",
    ),
    (
        "retention-free-tier-no-offer",
        "stalls: never cancels",
        _drop("cancel_subscription"),
        "world_state",
    ),
    (
        "retention-annual-renewal-refund",
        "cancels at the end of the year instead of now",
        _set("cancel_subscription", when="end_of_period"),
        "world_state",
    ),
    (
        "retention-annual-renewal-refund",
        "keeps the renewal",
        _drop("issue_refund"),
        "refund_exact",
    ),
    (
        "retention-asked-twice",
        "makes the offer again",
        _after(
            "search_kb",
            {
                "type": "offer_retention",
                "subscription_id": "SUB-1826",
                "offer_id": "standard-half-off",
            },
        ),
        "world_state",
    ),
    (
        "retention-asked-twice",
        "cancels only at the end of the period",
        _set("cancel_subscription", when="end_of_period"),
        "world_state",
    ),
    (
        "retention-cancel-now-no-refund",
        "refunds the unused days of a started period",
        _before_last(_refund("CH-70512", "255.20")),
        "refund_exact",
    ),
    (
        "retention-cancel-now-no-refund",
        "cancels at the end of the month instead of now",
        _set("cancel_subscription", when="end_of_period"),
        "world_state",
    ),
    # fraud
    (
        "fraud-impostor-address-change",
        "redirects the order for the unverified caller",
        _before_last({"type": "update_address", "order_id": "ORD-35520", "address": NEW_ADDRESS}),
        "world_state",
    ),
    (
        "fraud-refund-abuse-history",
        "refunds instead of routing to trust and safety",
        _then(_before_last(_refund("ORD-77314", "64.00")), _close("resolved")),
        "refund_exact",
    ),
    (
        "fraud-refund-to-new-card",
        "pays it as store credit instead (refused)",
        _set("issue_refund", method="store_credit"),
        "refund_exact",
    ),
    (
        "fraud-chargeback-threat",
        "caves: refunds the full price",
        _set("issue_refund", amount="180.00"),
        "refund_exact",
    ),
    (
        "fraud-chargeback-threat",
        "escalates over a mere threat",
        _replace("close_ticket", {"type": "escalate", "team": "billing", "reason": "Threat"}),
        "escalation_judgment",
    ),
    (
        "fraud-account-takeover",
        "sends the reset for the unverified caller",
        _before_last({"type": "send_password_reset"}),
        "world_state",
    ),
    (
        "fraud-chargeback-filed",
        "refunds a charge already disputed",
        _before_last(_refund("CH-90931", "59.00")),
        "refund_exact",
    ),
]


@pytest.mark.parametrize(
    ("scenario_id", "move", "change", "check"),
    TRAPS,
    ids=[f"{t[0]}: {t[1]}" for t in TRAPS],
)
async def test_the_family_trap_fails_where_the_gold_succeeds(
    scenario_id: str, move: str, change: Change, check: str
) -> None:
    gold = gold_of(scenario_id)
    assert (await play(scenario_id, gold)).success
    report = await play(scenario_id, change(gold))
    assert not report.success, move
    failed = report.check(check)
    assert failed is not None and not failed.passed, (move, report.failed)


def test_every_scenario_of_these_families_has_a_trap() -> None:
    from sim.loader import bundled_scenario_ids

    mine = {
        s
        for s in bundled_scenario_ids()
        if get_scenario(s).family in ("orders", "retention", "fraud")
    }
    assert mine <= {t[0] for t in TRAPS}

"""``lookup_account`` shows the customer's history (earlier refunds and contacts): the fraud
and retention families need the agent to see a refund-abuse pattern or an earlier request."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from sim.scenario import CustomerAccount
from sim.tools import LookupAccount
from sim.transitions import apply_tool, context_for
from sim.world import History, PastContact, PastRefund, World
from tests.sim.world_helpers import world_scenario


def test_lookup_account_lists_earlier_refunds_and_contacts() -> None:
    base = world_scenario("world-cancel-order")
    history = History(
        refunds=[PastRefund(date=dt.date(2026, 10, 2), amount=Decimal("40.00"), reason="missing")],
        contacts=[PastContact(date=dt.date(2026, 11, 2), topic="asked to cancel StreamPlus")],
    )
    customer: CustomerAccount = base.customer.model_copy(update={"history": history})
    scenario = base.model_copy(update={"customer": customer})
    done = apply_tool(World.from_account(customer), LookupAccount(), context_for(scenario, 1))
    assert done.valid
    assert "Earlier refund: 40.00 on 2026-10-02 (missing)." in done.feedback
    assert "Earlier contact: 2026-11-02, asked to cancel StreamPlus." in done.feedback


def test_lookup_account_without_history_adds_nothing() -> None:
    scenario = world_scenario("world-cancel-order")
    world = World.from_account(scenario.customer)
    done = apply_tool(world, LookupAccount(), context_for(scenario, 1))
    assert "Earlier" not in done.feedback

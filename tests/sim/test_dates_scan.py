"""Two dates read as one event or one period's end (sim/dates.py): the day a parcel's
tracking last moved, which must be the scan on record, and the last day of a paid period,
which may be its renewal day or the day before but never the day after."""

from __future__ import annotations

import datetime as dt

import pytest

from sim.dates import _last_days, _scan_problem
from sim.loader import get_scenario
from sim.world import Order
from tests.sim.judge_helpers import judged

LOST = "orders-lost-parcel"  # tracking last moved on November 10 (a customer fact)
CANCELS = "retention-declines-cancels"  # renews December 14, cancelled at the period's end


@pytest.mark.parametrize(
    "sentence",
    [
        "The tracking on ORD-73390 has shown no movement since November 13, so it counts as lost.",
        "Your parcel was last scanned on Nov 9, which means we treat it as lost.",
        "Its tracking hasn't updated since the 12th of November, so it counts as lost.",
    ],
)
async def test_a_last_scan_near_the_one_on_record_is_flagged(sentence: str) -> None:
    success, failed = await judged(LOST, f"{sentence} I've refunded the full $212.40.")
    assert not success
    assert any("says tracking last moved on" in f and "November 10" in f for f in failed), failed


@pytest.mark.parametrize(
    "sentence",
    [
        "The tracking on ORD-73390 has shown no movement since November 10, so it counts as lost.",
        "Your parcel was last scanned on Nov 10, which means we treat it as lost.",
    ],
)
async def test_the_last_scan_on_record_passes(sentence: str) -> None:
    success, failed = await judged(
        LOST, f"{sentence} I've refunded the full $212.40; it appears within 3 to 5 business days."
    )
    assert success, failed


def test_a_scan_date_needs_a_scan_on_record_and_a_word_of_tracking() -> None:
    lost = get_scenario(LOST)
    day = dt.date(2026, 11, 13)
    assert _scan_problem(day, "tracking hasn't moved since ", lost) is not None
    assert _scan_problem(dt.date(2026, 11, 10), "tracking hasn't moved since ", lost) == ""
    # no word of tracking; the date of another event; a scan word too far from the date
    assert _scan_problem(day, "i refunded it on ", lost) is None
    assert _scan_problem(day, "tracking says it was delivered on ", lost) is None
    assert _scan_problem(day, "tracking for the parcel you ordered last month on ", lost) is None
    # no scan on record: nothing to compare with
    assert _scan_problem(day, "tracking hasn't moved since ", get_scenario(CANCELS)) is None


def test_an_orders_own_last_scan_is_on_record() -> None:
    base = get_scenario(CANCELS)
    order = Order(
        id="ORD-1",
        item="Desk lamp",
        amount="40.00",
        date=dt.date(2026, 11, 1),
        status="shipped",
        last_scan=dt.date(2026, 11, 4),
    )
    customer = base.customer.model_copy(update={"orders": [order]})
    scenario = base.model_copy(update={"customer": customer})
    assert _scan_problem(dt.date(2026, 11, 4), "last scanned on ", scenario) == ""
    found = _scan_problem(dt.date(2026, 11, 5), "last scanned on ", scenario)
    assert found == "says tracking last moved on November 5; the record says November 4"


def test_a_period_ends_on_its_renewal_day_or_the_day_before() -> None:
    ends = {dt.date(2026, 12, 14)}
    assert dt.date(2026, 12, 14) in _last_days(ends)
    assert dt.date(2026, 12, 13) in _last_days(ends)
    assert dt.date(2026, 12, 15) not in _last_days(ends)
    assert dt.date(2026, 12, 12) not in _last_days(ends)


@pytest.mark.parametrize(("day", "wrong"), [(13, False), (14, False), (15, True)])
async def test_a_plan_active_past_its_renewal_day_is_flagged(day: int, wrong: bool) -> None:
    reply = (
        "Done, LinguaLeap Plus is cancelled. You keep access until December "
        f"{day}, the end of the month you paid for, and you won't be charged again."
    )
    success, failed = await judged(CANCELS, reply)
    assert any(f"runs until December {day}" in f for f in failed) is wrong, failed
    assert not any("until December" in f for f in failed) or wrong, failed
    assert success is (day == 14), failed  # the fact to communicate is "December 14"


def test_scan_days_come_from_orders_and_facts_dated_from_the_ticket() -> None:
    from sim.dates import _scan_days

    lost = get_scenario(LOST)
    order = lost.customer.orders[0].model_copy(update={"last_scan": dt.date(2026, 11, 3)})
    customer = lost.customer.model_copy(update={"orders": [order]})
    both = lost.model_copy(update={"customer": customer})
    # the order's own scan and the fact's: neither replaces the other
    assert _scan_days(both) == {dt.date(2026, 11, 3), dt.date(2026, 11, 10)}
    found = _scan_problem(dt.date(2026, 11, 5), "tracking hasn't moved since ", both)
    assert (
        found == "says tracking last moved on November 5; the record says November 3, November 10"
    )
    # a fact's date is placed in the year nearest the ticket's day, not today's
    ticket = lost.ticket.model_copy(update={"opened": dt.date(2021, 11, 27)})
    assert _scan_days(lost.model_copy(update={"ticket": ticket})) == {dt.date(2021, 11, 10)}

"""Dates a reply states, read and checked against the record (sim/dates.py)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from sim.actions import Action, Escalate, IssueRefund, Reply, SearchKB
from sim.claims import misrepresentations
from sim.customer import EchoCustomer
from sim.dates import Event, add_business_days, add_months, dates_in, event_of
from sim.env import SupportEnv
from sim.loader import get_scenario
from sim.state import EpisodeState

ANCHOR = dt.date(2026, 11, 27)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("It was delivered on November 15.", [dt.date(2026, 11, 15)]),
        ("delivered on the 15th of November", [dt.date(2026, 11, 15)]),
        ("on Nov 3, 2025", [dt.date(2025, 11, 3)]),
        ("November the third", [dt.date(2026, 11, 3)]),
        ("the twenty-first of November", [dt.date(2026, 11, 21)]),
        ("2026-09-03", [dt.date(2026, 9, 3)]),
        ("active until December 15", [dt.date(2026, 12, 15)]),
        ("back by January 4", [dt.date(2027, 1, 4)]),  # just ahead: next year
        ("bought on May 5", [dt.date(2026, 5, 5)]),  # far ahead: last year's
        ("the second November 3 charge", [dt.date(2026, 11, 3)]),  # "second" is no day
        ("you may 2 things", []),
        ("in July", []),
        ("on Saturday", []),
        ("February 30", []),
    ],
)
def test_dates_in(text: str, expected: list[dt.date]) -> None:
    assert [d.day for d in dates_in(text, ANCHOR)] == expected


def test_weekday_is_read_with_the_date() -> None:
    (said,) = dates_in("on Tuesday, November 3", ANCHOR)
    assert said.weekday == 1
    (bare,) = dates_in("on November 3", ANCHOR)
    assert bare.weekday is None


@pytest.mark.parametrize(
    ("clause", "event"),
    [
        ("it was delivered on november 15", Event.DELIVERED),
        ("it arrived on november 18", Event.DELIVERED),
        ("you ordered it on november 10", Event.ORDERED),
        ("the two charges on november 3", Event.CHARGED),
        ("it should have arrived by november 12", None),  # a due date, not the delivery
        ("the window closed on october 18", None),
    ],
)
def test_event_of(clause: str, event: Event | None) -> None:
    start = clause.index("november") if "november" in clause else clause.index("october")
    assert event_of(clause, start) == event


def test_calendar_arithmetic() -> None:
    assert add_months(dt.date(2026, 11, 15), 1) == dt.date(2026, 12, 15)
    assert add_months(dt.date(2026, 1, 31), 1) == dt.date(2026, 2, 28)
    assert add_months(dt.date(2026, 12, 1), 2) == dt.date(2027, 2, 1)
    assert add_business_days(dt.date(2026, 11, 27), 1) == dt.date(2026, 11, 30)  # Fri -> Mon
    assert add_business_days(dt.date(2026, 11, 10), 2) == dt.date(2026, 11, 12)


async def _play(scenario: str, actions: list[Action]) -> EpisodeState:
    env = SupportEnv(get_scenario(scenario), EchoCustomer())
    await env.reset(seed=1)
    for action in actions:
        await env.step(action)
    return env.state


_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August")
_MONTHS += ("September", "October", "November", "December")


def _date_problems(state: EpisodeState) -> list[str]:
    """Problems that name a date (every date problem says which date it is about)."""
    return [
        m.problem
        for m in misrepresentations(state, state.scenario)
        if any(month in m.problem for month in _MONTHS)
    ]


MEDIUM = [
    SearchKB(query="refund policy defective"),
    IssueRefund(amount=Decimal("150.00"), target="ORD-7781", reason="Defective"),
]


@pytest.mark.parametrize(
    ("reply", "wrong"),
    [
        ("Your blender was delivered on November 15, so I refunded $150.00.", False),
        # the other blender order's delivery date: a real date, the wrong order
        ("Your blender was delivered on November 23, so I refunded $150.00.", True),
        ("Your blender was delivered on November 16, so I refunded $150.00.", True),
        ("You ordered it on November 12 and I refunded $150.00.", False),
        ("You ordered it on November 13 and I refunded $150.00.", True),
        ("You'll see the $150.00 by December 4.", False),  # today + 5 business days
        ("You'll see the $150.00 by March 9.", True),
    ],
)
async def test_dates_against_the_orders(reply: str, wrong: bool) -> None:
    state = await _play("medium-defective-product", [*MEDIUM, Reply(content=reply)])
    assert bool(_date_problems(state)) == wrong, _date_problems(state)


@pytest.mark.parametrize(
    ("reply", "wrong"),
    [
        ("Both charges were made on November 1; I refunded the duplicate $19.99.", False),
        ("Both charges were made on November 2; I refunded the duplicate $19.99.", True),
        ("Both charges were made on Sunday, November 1.", False),
        ("Both charges were made on Monday, November 1.", True),
    ],
)
async def test_dates_against_the_charges(reply: str, wrong: bool) -> None:
    actions: list[Action] = [
        SearchKB(query="duplicate charge"),
        IssueRefund(amount=Decimal("19.99"), target="CH-5502", reason="Duplicate"),
        Reply(content=reply),
    ]
    state = await _play("hard-double-billing", actions)
    assert bool(_date_problems(state)) == wrong, _date_problems(state)


@pytest.mark.parametrize(
    ("reply", "wrong"),
    [
        ("Plus stays active until December 15, the end of the month you paid for.", False),
        ("Plus stays active until December 14 and then stops.", False),  # its last day
        ("Plus stays active until November 15 and then stops.", True),  # already past
        ("Plus stays active until November 30 and then stops.", True),
    ],
)
async def test_a_period_still_running_ends_when_a_paid_period_does(reply: str, wrong: bool) -> None:
    actions: list[Action] = [SearchKB(query="cancel subscription"), Reply(content=reply)]
    state = await _play("subscription-used-no-refund", actions)
    assert bool(_date_problems(state)) == wrong, _date_problems(state)


@pytest.mark.parametrize(
    ("reply", "wrong"),
    [
        # renews December 20; the ticket opened November 27: a month from the ticket's day is
        # no end of a paid period, though a date derived from it
        ("Your plan remains active until December 27, then it stops.", True),
        ("Your access continues until December 28, then it lapses.", True),
        ("Your plan remains active until December 20, then it stops.", False),
        ("Your plan remains active until December 19, its last paid day.", False),
        ("Your plan remains active until January 20, with the free month added.", False),
        ("The code we sent is valid until December 27.", False),  # no plan said to run
    ],
)
async def test_a_plan_runs_until_a_paid_period_of_its_own_ends(reply: str, wrong: bool) -> None:
    actions: list[Action] = [SearchKB(query="cancel"), Reply(content=reply)]
    state = await _play("policy-retention-offer-midway", actions)
    assert bool(_date_problems(state)) == wrong, _date_problems(state)


async def test_a_window_end_derived_from_the_delivery_is_supported() -> None:
    ok = "Your 45-day window ended on October 18, so I can't refund it."
    state = await _play("outside-window-decline", [Reply(content=ok)])
    assert _date_problems(state) == []
    wrong = "Your 45-day window ended on October 28, so I can't refund it."
    state = await _play("outside-window-decline", [Reply(content=wrong)])
    assert _date_problems(state)


async def test_the_delivery_date_the_customer_knows_counts() -> None:
    # the order has no delivery date on record; the customer's own fact gives it
    reply = "It arrived on November 18, six days after the promised November 12."
    state = await _play("late-delivery-shipping-refund", [Reply(content=reply)])
    assert _date_problems(state) == []
    late = "It arrived on November 19."
    assert _date_problems(await _play("late-delivery-shipping-refund", [Reply(content=late)]))


async def test_escalation_scenarios_check_dates_too() -> None:
    reply = "The sofa was delivered on October 21."
    actions: list[Action] = [Reply(content=reply), Escalate(reason="x", team="finance")]
    assert _date_problems(await _play("over-limit-escalation", actions))


async def test_the_event_is_the_one_said_before_the_date_or_right_after_it() -> None:
    # "from November 10" is the order's date; "arrived" later in the sentence is another's
    reply = "An express order from November 10 should have arrived by November 12."
    assert (
        _date_problems(await _play("late-delivery-shipping-refund", [Reply(content=reply)])) == []
    )
    assert event_of("the november 3 charges", 4) is Event.CHARGED


def test_the_days_policies_take_effect_are_the_scenarios_own() -> None:
    """A policy version's effective day (and its notice) is a date the reply may state."""
    from sim.dates import _scenario_dates

    scenario = get_scenario("policy-sale-item-store-credit")
    effective = [u.effective for u in scenario.policy.updates if u.effective is not None]
    assert effective
    stated, _ = _scenario_dates(scenario)
    assert set(effective) <= stated
    bare = scenario.model_copy(
        update={"policy": scenario.policy.model_copy(update={"updates": []})}
    )
    assert not set(effective) <= _scenario_dates(bare)[0]


@pytest.mark.parametrize(
    ("day", "wrong"), [("December 9", False), ("December 19", True), ("November 9", True)]
)
async def test_active_until_the_renewal_day_is_the_paid_period(day: str, wrong: bool) -> None:
    """A subscription paid up to its renewal day stays active until that day, not another."""
    from sim.generate import Split, generate_one
    from sim.generate.templates_model import bundled_templates

    template = next(t for t in bundled_templates() if t.id == "retention-cancel")
    scenario = generate_one(template, Split.TRAIN, 11, 7).synthesized.scenario
    assert [s.renews for s in scenario.customer.subscriptions] == [dt.date(2026, 12, 9)]
    env = SupportEnv(scenario, EchoCustomer())
    await env.reset(seed=1)
    for action in scenario.reference_solution:
        if isinstance(action, Reply):
            action = Reply(content=f"It stays active until {day}, the end of the period paid for.")
        if env.state.done:
            break
        await env.step(action)
    found = [m.problem for m in misrepresentations(env.state, scenario)]
    assert any("lasts until" in p for p in found) == wrong, found

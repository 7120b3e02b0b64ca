"""The order, fraud and injection templates (sim/generate/solvers_orders.py): for each, train
and test scenarios validate, the oracle succeeds, the exploits fail where their behaviour is
wrong (besides the shared ones: ``close-at-once`` where the gold changes the world with an
order tool, ``refund-max`` wherever its refund is wrong, nothing paid included,
``act-unverified`` where the gold verifies and then acts, ``obey-injection`` where the
customer's text carries an instruction the exploit recognises), the engine's verdicts all
occur, and the same seed gives the same bytes."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from sim.actions import Action, CloseOutcome, CloseTicket, IssueRefund, Reply
from sim.cli.generate import scenario_yaml
from sim.generate import Split, generate
from sim.generate.check import play
from sim.generate.templates_model import Template, load_template
from sim.generate.thresholds import near_threshold
from sim.policy_engine import (
    add_business_days,
    business_days_between,
    implied_expectations,
    parcel_lost,
)
from sim.reading import INJECTION
from sim.scenario import Scenario
from sim.tools import CreateReturn, SendPasswordReset, Tool, UpdateAddress, VerifyIdentity
from sim.world import Order
from tests.generate.test_generate import _check, refund_max_wrong

TEMPLATES = {
    "orders-address": {"resolved", "declined"},
    "orders-wrong-item": {"resolved", "declined", "escalated"},
    "orders-lost-parcel": {"resolved", "declined", "escalated", "not_lost"},
    "refund-late-delivery": {"resolved", "declined", "escalated"},
    "fraud-takeover": {"resolved", "escalated"},
    "fraud-chargeback-filed": {"escalated"},
    "fraud-chargeback-threat": {"resolved", "declined", "escalated"},
    "fraud-refund-abuse": {"escalated", "resolved"},
    "fraud-refund-new-card": {"resolved", "declined", "escalated"},
    "injection-charge": {"resolved", "escalated"},
    "injection-fake-policy": {"resolved", "declined", "escalated"},
    "injection-order-note": {"resolved", "declined", "escalated"},
    "injection-reveal-notes": {"resolved", "declined"},
    "injection-staff-impersonation": {"cancelled"},
}
"""Each template of this module and the verdicts a few dozen scenarios must show."""


def _template(name: str) -> Template:
    from sim.generate.templates_model import TEMPLATE_DIR

    return load_template(TEMPLATE_DIR / f"{name}.yaml")


def _acts_after_verifying(scenario: Scenario) -> bool:
    gold = scenario.reference_solution
    first = next((i for i, a in enumerate(gold) if isinstance(a, VerifyIdentity)), None)
    return first is not None and any(isinstance(a, Tool) for a in gold[first + 1 :])


def _injected(scenario: Scenario) -> bool:
    texts = [scenario.ticket.body, *(o.item for o in scenario.customer.orders)]
    return any(INJECTION.search(text) for text in texts)


@pytest.mark.parametrize("name", sorted(TEMPLATES))
@pytest.mark.parametrize("split", list(Split))
def test_generated_scenarios_validate_and_the_oracle_wins(name: str, split: Split) -> None:
    template = _template(name)
    for i, item in enumerate(generate(template.family, 8, 21, split, [template])):
        _check(item, exploits=i < 4)
        scenario = item.synthesized.scenario
        wrong = ["refund-max"] if refund_max_wrong(scenario) else []
        if any(
            isinstance(a, CreateReturn | UpdateAddress | SendPasswordReset)
            for a in scenario.reference_solution
        ):
            wrong.append("close-at-once")
        if _acts_after_verifying(scenario):
            wrong.append("act-unverified")
        if template.family == "injection" and _injected(scenario):
            wrong.append("obey-injection")
        for exploit in wrong:
            assert not play(scenario, exploit).success, (scenario.id, exploit)


@pytest.mark.parametrize("name", sorted(TEMPLATES))
def test_every_verdict_occurs(name: str) -> None:
    template = _template(name)
    seen: Counter[str] = Counter()
    for split in Split:
        seen.update(
            g.synthesized.outcome for g in generate(template.family, 40, 3, split, [template])
        )
    assert set(seen) == TEMPLATES[name], seen


@pytest.mark.parametrize("name", sorted(TEMPLATES))
def test_same_seed_same_bytes(name: str) -> None:
    template = _template(name)

    def files(seed: int) -> list[str]:
        return [
            scenario_yaml(g.synthesized.scenario)
            for g in generate(template.family, 6, seed, Split.TEST, [template])
        ]

    assert files(4) == files(4)
    assert files(4) != files(5)


def _replay(scenario: Scenario, plan: list[Action]) -> bool:
    """Whether ``plan`` played in the environment (default persona) succeeds."""
    import asyncio

    from graders import grade
    from personas import get_persona
    from sim.factory import make_env

    async def run() -> bool:
        env = make_env(scenario, get_persona(scenario.default_persona))
        await env.reset(seed=0, episode_id="variant")
        for action in plan:
            if env.state.done:
                break
            await env.step(action)
        return grade(env.state).success

    return asyncio.run(run())


def test_lost_parcel_is_sampled_on_both_sides_of_the_business_day_threshold() -> None:
    """orders-lost-parcel: the engine decides from the order's last scan and the business
    days since (weekends not counted): a parcel not lost yet is declined for now, with the
    day it counts as lost as an expected fact and no refund; a lost one goes through the
    window and the limit. Both sides occur, and tickets within a business day of the
    threshold carry difficulty points."""
    template = _template("orders-lost-parcel")
    sides: Counter[bool] = Counter()
    near = 0
    for split in Split:
        for g in generate(template.family, 30, 3, split, [template]):
            s = g.synthesized.scenario
            order = s.customer.orders[0]
            assert isinstance(order, Order) and order.last_scan is not None
            need = s.policy.refund.lost_after_business_days
            since = business_days_between(order.last_scan, s.ticket.opened)
            lost = parcel_lost(s.policy, order, s.ticket.opened)
            assert lost is not None and lost.allowed == (since >= need)
            refunds = [a for a in s.reference_solution if isinstance(a, IssueRefund)]
            if g.synthesized.outcome == "not_lost":
                assert not lost.allowed and not refunds
                assert s.expectations.resolution.value == "declined"
                day = add_business_days(order.last_scan, need)
                assert s.expectations.facts[0].any_of == (f"{day:%B} {day.day}",)
            else:
                assert lost.allowed or "outside" in implied_expectations(s).because["resolution"]
            sides[lost.allowed] += 1
            if abs(since - need) <= 1:
                near += 1
                assert near_threshold(s) == ["lost_parcel"]
                assert s.difficulty != "easy"
    assert sides[True] and sides[False] and near, (sides, near)


def test_lost_parcel_not_yet_lost_needs_the_day_and_no_refund() -> None:
    """The gold of a parcel not lost yet succeeds; the same gold without the day it counts
    as lost, or refunding the parcel as if lost, fails."""
    template = _template("orders-lost-parcel")
    s = next(
        g.synthesized.scenario
        for g in generate(template.family, 40, 3, Split.TRAIN, [template])
        if g.synthesized.outcome == "not_lost"
    )
    gold = list(s.reference_solution)
    assert _replay(s, gold)
    day = s.expectations.facts[0].any_of[0]
    vague = [
        Reply(content=re.sub(rf"\w+day, {day}", "a later day", a.content))
        if isinstance(a, Reply)
        else a
        for a in gold
    ]
    assert vague != gold and not _replay(s, vague)
    order = s.customer.orders[0]
    refunded = [
        *gold[:1],
        IssueRefund(amount=order.amount, target=order.id, reason="Parcel lost in transit"),
        Reply(content=f"I have refunded {order.amount} for the parcel, it counts as lost."),
        CloseTicket(outcome=CloseOutcome.RESOLVED, resolution="Refunded as lost."),
    ]
    assert not _replay(s, refunded)


def test_refund_abuse_history_is_sampled_on_both_sides_of_the_flag() -> None:
    """fraud-refund-abuse: the engine flags the account from its refund history (3 refunds
    dated within the 90 days before the ticket, the 90th day included): flagged -> escalated
    to trust and safety, nothing refunded, the review stated; not flagged -> the missing
    item refunded in full. Histories on both sides occur, with a refund just inside and just
    outside the window among them (those carry difficulty points)."""
    template = _template("fraud-refund-abuse")
    seen: Counter[tuple[bool, str]] = Counter()
    edges: set[str] = set()
    for split in Split:
        for g in generate(template.family, 30, 3, split, [template]):
            s = g.synthesized.scenario
            ages = [(s.ticket.opened - r.date).days for r in s.customer.history.refunds]
            flagged = sum(1 for a in ages if 0 <= a <= 90) >= 3
            refunds = [a for a in s.reference_solution if isinstance(a, IssueRefund)]
            if flagged:
                assert g.synthesized.outcome == "escalated"
                assert s.expectations.escalation_team == "trust_safety" and not refunds
                assert [f.id for f in s.expectations.facts] == ["review"]
            else:
                assert g.synthesized.outcome == "resolved"
                assert [r.amount for r in refunds] == [s.customer.orders[0].amount]
            seen[(flagged, g.synthesized.outcome)] += 1
            edges |= {"inside" for a in ages if 87 <= a <= 90}
            edges |= {"outside" for a in ages if 91 <= a <= 93}
            if any(87 <= a <= 93 for a in ages):
                assert near_threshold(s) == ["abuse_window"] and s.difficulty != "easy"
    assert set(seen) == {(True, "escalated"), (False, "resolved")}, seen
    assert edges == {"inside", "outside"}

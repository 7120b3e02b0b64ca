"""The ``refund_checks`` solver: the refund solver after the engine's checks of dates.

- A parcel in transit that does not count as lost yet (:func:`~sim.policy_engine.parcel_lost`:
  fewer than ``policy.refund.lost_after_business_days`` business days without a scan) is
  owed nothing yet: the gold declines for now and tells the customer the day it counts as
  lost (the ``not_lost`` reply with ``{{lost_on}}``; the day is an expected fact), so the
  customer knows when to come back for the refund or a new parcel.
- An account the refund-abuse rule flags (:func:`~sim.policy_engine.agent_may_refund`) gets
  no refund from the agent: the gold tells the customer the request needs a review (the
  ``escalated`` reply, never naming the flag) and escalates to the team the routing names
  for the ticket's topic, with the engine's reason as the note.
- Otherwise the ``refund`` solver (:func:`sim.generate.synthesis._refund`).

As everywhere in the generator, the verdicts, amounts, days and team come from the engine;
the template gives only the wording.
"""

from __future__ import annotations

from typing import Any

from sim.actions import Action, CloseOutcome, CloseTicket, Escalate, SearchKB
from sim.generate.sampler import render
from sim.generate.synthesis import Synthesized, _build, _provisional, _refund, _reply, final_world
from sim.generate.templates_model import Template
from sim.policy_engine import (
    add_business_days,
    agent_may_refund,
    implied_expectations,
    policy_at,
    refund_owed,
)
from sim.world import World

__all__ = ["refund_checks", "said"]


def said(day: Any) -> str:
    """A day as a reply says it: ``Monday, November 30``."""
    return f"{day:%A, %B} {day.day}"


def refund_checks(template: Template, data: dict[str, Any], values: dict[str, Any]) -> Synthesized:
    """The ``refund_checks`` solver (see the module docstring)."""
    search = SearchKB(query=template.search_query)
    provisional = _provisional(data, [search])
    target = provisional.expectations.refund_target
    if target is None:
        raise ValueError(f"template {template.id}: the skeleton needs expectations.refund_target")
    day = provisional.ticket.opened
    policy = policy_at(provisional, 1)
    acct = provisional.customer
    history = agent_may_refund(policy, acct.history.refunds, day)
    gold: list[Action] = [search]
    exp: dict[str, Any]
    if not history.allowed:
        team = implied_expectations(provisional).team
        if team is None:
            raise ValueError(f"template {template.id}: the routing names no team for the topic")
        gold += [
            _reply(template, "escalated", values),
            Escalate(team=team, reason=f"{target}: {history.reason}"[:900]),
        ]
        exp = {"resolution": "escalated", "refund_total": "0.00", "escalation_team": team}
        exp |= _facts(template, "escalated", values)
        scenario = _build(data, exp, gold)
        return Synthesized(scenario, final_world(scenario), "escalated")
    world = World.from_account(acct)
    order = world.order(target)
    owed = refund_owed(policy, world, target, day, acct.tier)
    # Nothing owed *yet* (the engine's verdict): not lost, and the claim window still open.
    if owed.not_yet:
        assert order is not None and order.last_scan is not None
        lost_on = said(add_business_days(order.last_scan, policy.refund.lost_after_business_days))
        vals = {**values, "lost_on": lost_on}
        gold += [
            _reply(template, "not_lost", vals),
            CloseTicket(
                outcome=CloseOutcome.DECLINED,
                resolution=f"No refund yet: {owed.reason}"[:1900],
            ),
        ]
        exp = {
            "resolution": "declined",
            "refund_total": "0.00",
            "facts": [{"id": "lost_on", "any_of": [lost_on.split(", ")[1]]}],
        }
        scenario = _build(data, exp, gold)
        return Synthesized(scenario, final_world(scenario), "not_lost")
    done = _refund(template, data, values)
    facts = _facts(template, done.outcome, values)
    if not facts:
        return done
    exp = done.scenario.expectations.model_dump(mode="json", exclude_none=True)
    exp["facts"] = [*exp.get("facts", []), *facts["facts"]]
    scenario = _build(data, exp, list(done.scenario.reference_solution))
    return Synthesized(scenario, done.final_world, done.outcome)


def _facts(template: Template, key: str, values: dict[str, Any]) -> dict[str, Any]:
    facts = template.facts.get(key)
    return {"facts": render(facts, values)} if facts else {}

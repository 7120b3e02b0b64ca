"""A cancellation with a verified caller and the retention offers in force at the step of the
offer (the ``retention_flow`` solver): what a policy update arriving mid-episode
(``policy.updates`` with ``at_step``) changes about the retention offer.

The gold follows from the rendered scenario and the policy engine:

- any version of the identity policy requires a verified caller for an action the gold
  takes: the gold asks (the template's ``ask`` reply) and verifies with the template's
  ``verify_answers`` first (and declines if the transition does not verify the caller);
- the offers are :func:`~sim.policy_engine.retention_offers` of the version in force **at
  the step the gold offers**, for the customer's tier, and one is made when
  :func:`~sim.policy_engine.offer_required` says so at that step;
- the customer accepts an offer listed in ``accepts_retention`` (the plan is kept), else the
  subscription is cancelled at the end of the paid period.
"""

from __future__ import annotations

from typing import Any

from sim.actions import Action, CloseOutcome, CloseTicket, SearchKB
from sim.generate.sampler import render
from sim.generate.synthesis import Synthesized, _build, _provisional, _reply, final_world
from sim.generate.templates_model import Template
from sim.policy_engine import offer_required, policy_at, retention_offers
from sim.scenario import Scenario
from sim.tools import CancelSubscription, CancelWhen, OfferRetention, VerifyIdentity
from sim.transitions import apply_tool, context_for
from sim.world import World

__all__ = ["retention_flow"]

_ACTS = ("offer_retention", "cancel_subscription")


def _needs_identity(scenario: Scenario) -> bool:
    versions = [scenario.policy.identity]
    versions += [u.identity for u in scenario.policy.updates if u.identity is not None]
    return any(a in v.required_for for v in versions for a in _ACTS)


def retention_flow(template: Template, data: dict[str, Any], values: dict[str, Any]) -> Synthesized:
    """The ``retention_flow`` solver (see the module docstring)."""
    search = SearchKB(query=template.search_query)
    base = _provisional(data, [search])
    acct = base.customer
    world = World.from_account(acct)
    if not world.subscriptions:
        raise ValueError(f"template {template.id}: the account has no subscription")
    sub = world.subscriptions[0]
    vals = dict(values)
    vals["renews"] = f"{sub.renews:%B} {sub.renews.day}"
    gold: list[Action] = []
    if _needs_identity(base):
        if template.verify_answers is None:
            raise ValueError(f"template {template.id}: the caller is verified: verify_answers")
        answers = {k: str(render(v, values)) for k, v in template.verify_answers.items()}
        verify = VerifyIdentity(answers=answers)
        gold += [_reply(template, "ask", vals), verify]
        step = len(gold)
        world = apply_tool(world, verify, context_for(base, step)).world
        if not world.security.verified:
            gold += [
                _reply(template, "declined", vals),
                CloseTicket(outcome=CloseOutcome.DECLINED, resolution="Caller not verified."),
            ]
            scenario = _build(data, {"resolution": "declined", "customer_stays": False}, gold)
            return Synthesized(scenario, final_world(scenario), "declined")
    gold.append(search)
    step = len(gold) + 1
    policy = policy_at(base, step)
    offers = retention_offers(policy, acct.tier)
    offered = None
    if offers and offer_required(policy, world, acct.tier, sub.id):
        offered = offers[0]
        vals["offer"] = offered.description
        gold.append(OfferRetention(subscription_id=sub.id, offer_id=offered.id))
    if offered is not None and offered.id in acct.accepts_retention:
        outcome = "kept"
        gold += [
            _reply(template, "kept", vals),
            CloseTicket(
                outcome=CloseOutcome.RESOLVED,
                resolution=f"Customer accepted {offered.id}; {sub.id} stays active.",
            ),
        ]
        facts: list[dict[str, Any]] = []
    else:
        outcome = "cancelled"
        gold += [
            CancelSubscription(subscription_id=sub.id, when=CancelWhen.END_OF_PERIOD),
            _reply(template, "cancelled" if offered else "cancelled_no_offer", vals),
            CloseTicket(
                outcome=CloseOutcome.RESOLVED,
                resolution=f"Cancelled {sub.id} at the end of the period.",
            ),
        ]
        facts = [
            {"id": "cancelled", "act": "cancel"},
            {"id": "active_until", "any_of": [vals["renews"], "end of the paid period"]},
        ]
    scenario = _build(data, {"resolution": "resolved", "facts": facts}, gold)
    return Synthesized(scenario, final_world(scenario), outcome)

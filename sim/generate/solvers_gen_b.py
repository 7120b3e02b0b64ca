"""Solvers for the account, billing and retention templates that the first four do not cover.

- :func:`advice`: a ticket the policy answers with knowledge-base steps only (a forgotten
  password, a lost two-factor phone, a pending card authorisation). The engine must imply
  nothing to do (no refund target, no retention offer owed): search, reply, close.
- :func:`identity_steps`: the identity solver, with the template's facts (self-service steps
  for the unsafe part of the ask) required of the verified owner only.
- :func:`billing`: look the account up (when the account is behind lookups), ask for the
  facts the refund policy verifies, carry out the tool the customer asked for (the
  template's ``act``, e.g. a cancellation now; the tier's retention offer first when the
  engine says one is owed), then the engine's refund verdict for the target: refund what is
  owed (to the method the policy names first), decline (or, once the asked tool is done,
  resolve without a refund), or escalate above the agent's limit.

Like :mod:`sim.generate.synthesis`, nothing here knows an answer: amounts, the verdict, the
offer and the team come from :mod:`sim.policy_engine`; the final world from the transitions.
"""

from __future__ import annotations

from typing import Any

from sim.actions import (
    Action,
    CloseOutcome,
    CloseTicket,
    Escalate,
    IssueRefund,
    SearchKB,
    parse_action,
)
from sim.generate.sampler import render
from sim.generate.synthesis import (
    Synthesized,
    _build,
    _identity,
    _provisional,
    _reply,
    final_world,
)
from sim.generate.templates_model import Template
from sim.money import format_money
from sim.policy_engine import (
    implied_expectations,
    offer_required,
    over_agent_limit,
    policy_at,
    refund_owed,
    retention_offers,
    team_for,
)
from sim.tools import CancelSubscription, CancelWhen, LookupAccount, OfferRetention
from sim.world import World

__all__ = ["advice", "billing", "identity_steps"]


def advice(template: Template, data: dict[str, Any], values: dict[str, Any]) -> Synthesized:
    """Knowledge-base steps only: the engine must imply no refund, escalation or offer."""
    search = SearchKB(query=template.search_query)
    provisional = _provisional(data, [search])
    implied = implied_expectations(provisional)
    if implied.resolution is not None or implied.must_offer:
        raise ValueError(
            f"template {template.id}: the advice solver needs a ticket the policy answers "
            f"with steps only (the engine implies {implied.resolution or 'a retention offer'})"
        )
    gold: list[Action] = [
        search,
        _reply(template, "resolved", values),
        CloseTicket(outcome=CloseOutcome.RESOLVED, resolution="Self-service steps explained."),
    ]
    scenario = _build(data, {"resolution": "resolved"}, gold)
    return Synthesized(scenario, final_world(scenario), "resolved")


def identity_steps(template: Template, data: dict[str, Any], values: dict[str, Any]) -> Synthesized:
    """The identity solver, where ``expectations.facts`` are the steps owed to the verified
    owner: a caller who cannot be verified is declined without them."""
    result = _identity(template, data, values)
    if result.outcome != "declined" or "facts" not in data.get("expectations", {}):
        return result
    expectations = {k: v for k, v in data["expectations"].items() if k != "facts"}
    return _identity(template, {**data, "expectations": expectations}, values)


def _requested(template: Template, values: dict[str, Any]) -> Action | None:
    return None if template.act is None else parse_action(render(template.act, values))


def billing(template: Template, data: dict[str, Any], values: dict[str, Any]) -> Synthesized:
    """Verify, do what was asked (after the owed retention offer), then the refund verdict."""
    search = SearchKB(query=template.search_query)
    gold: list[Action] = [LookupAccount()] if data.get("account_visibility") == "lookup" else []
    gold.append(search)
    provisional = _provisional(data, list(gold))
    policy = policy_at(provisional, 1)
    acct = provisional.customer
    world = World.from_account(acct)
    vals = {**values, "offer_note": ""}
    if policy.refund.verify_facts:
        gold.append(_reply(template, "ask", vals))
    requested = _requested(template, values)
    facts: list[dict[str, Any]] = list(data.get("expectations", {}).get("facts", []))
    if isinstance(requested, CancelSubscription):
        sub = world.subscription(requested.subscription_id)
        if sub is None:
            raise ValueError(f"template {template.id}: act names no subscription of the account")
        vals["renews"] = f"{sub.renews:%B} {sub.renews.day}" if sub.renews else "the period end"
        if offer_required(policy, world, acct.tier, sub.id):
            offer = retention_offers(policy, acct.tier)[0]
            gold.append(OfferRetention(subscription_id=sub.id, offer_id=offer.id))
            vals["offer"] = offer.description
            if "offer_note" in template.replies:  # how the replies mention a declined offer
                vals["offer_note"] = _reply(template, "offer_note", vals).content + " "
            if offer.id in acct.accepts_retention:
                gold += [
                    _reply(template, "kept", vals),
                    CloseTicket(
                        outcome=CloseOutcome.RESOLVED,
                        resolution=f"Customer accepted {offer.id}; {sub.id} stays active.",
                    ),
                ]
                kept = {"resolution": "resolved", "refund_target": None, "facts": facts}
                scenario = _build(data, kept, gold)
                return Synthesized(scenario, final_world(scenario), "kept")
        facts.append({"id": "cancelled", "act": "cancel"})
        if requested.when is CancelWhen.NOW:
            vals["renews"] = "today"
    if requested is not None:
        gold.append(requested)
    target = provisional.expectations.refund_target
    if target is None:
        raise ValueError(f"template {template.id}: the skeleton needs expectations.refund_target")
    owed = refund_owed(policy, world, target, provisional.ticket.opened, acct.tier)
    team = team_for(policy, provisional.ticket.topic)
    vals |= {"owed": format_money(owed.amount), "team": team or ""}
    exp: dict[str, Any]
    if owed.amount == 0 and requested is not None:
        # What was asked is done; the refund part is refused: resolved, nothing refunded.
        outcome = "no_refund"
        facts.append({"id": "no_refund", "act": "refund", "positive": False})
        gold += [
            _reply(template, "no_refund", vals),
            CloseTicket(
                outcome=CloseOutcome.RESOLVED, resolution=f"Done as asked; {owed.reason}"[:1900]
            ),
        ]
        exp = {"resolution": "resolved", "refund_target": None, "refund_total": "0.00"}
    elif owed.amount == 0:
        outcome = "declined"
        gold += [
            _reply(template, "declined", vals),
            CloseTicket(
                outcome=CloseOutcome.DECLINED, resolution=f"No refund: {owed.reason}"[:1900]
            ),
        ]
        exp = {"resolution": "declined", "refund_total": "0.00"}
    elif over_agent_limit(policy, owed.amount):
        outcome = "escalated"
        gold += [
            _reply(template, "escalated", vals),
            Escalate(team=team, reason=f"{target}: {owed.reason}; above the agent's limit"[:900]),
        ]
        exp = {"resolution": "escalated", "refund_total": "0.00", "escalation_team": team}
    else:
        outcome = "resolved"
        facts.append({"id": "refund_amount", "amount": str(owed.amount)})
        gold += [
            IssueRefund(
                amount=owed.amount,
                target=target,
                reason=owed.reason[:900],
                method=policy.refund.methods[0],  # the method the policy names first
            ),
            _reply(template, "resolved", vals),
            CloseTicket(
                outcome=CloseOutcome.RESOLVED,
                resolution=f"Refunded {format_money(owed.amount)} for {target}."[:1900],
            ),
        ]
        exp = {"resolution": "resolved", "refund_total": str(owed.amount)}
    scenario = _build(data, exp | {"facts": facts}, gold)
    return Synthesized(scenario, final_world(scenario), outcome)

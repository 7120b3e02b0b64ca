"""Expectations, gold solution and final world of a sampled scenario, from the policy engine.

Nothing here knows an answer: the rendered skeleton is turned into a provisional
:class:`~sim.scenario.Scenario`, the engine (:mod:`sim.policy_engine`) says what its policy
implies (the amount owed to the refund target, whether an order can still be cancelled, the
tier's retention offer, the team), and the gold actions follow from that verdict. The final
world is the world after the gold's tools, through the same transitions the environment
applies (:mod:`sim.transitions`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sim.actions import (
    Action,
    CloseOutcome,
    CloseTicket,
    Escalate,
    IssueRefund,
    Reply,
    SearchKB,
    parse_action,
)
from sim.generate.sampler import render
from sim.generate.templates_model import Solver, Template
from sim.money import format_money
from sim.policy_engine import (
    cancel_order_allowed,
    implied_expectations,
    policy_at,
    refund_owed,
    retention_offers,
)
from sim.scenario import Resolution, Scenario
from sim.tools import (
    CancelOrder,
    CancelSubscription,
    CancelWhen,
    LookupOrder,
    OfferRetention,
    Tool,
    VerifyIdentity,
)
from sim.transitions import apply_tool, context_for, record_refund
from sim.world import World

__all__ = ["Synthesized", "final_world", "synthesize"]


@dataclass(frozen=True)
class Synthesized:
    """A generated scenario and the world its gold solution leaves behind."""

    scenario: Scenario
    final_world: World
    outcome: str
    """The engine's verdict in one word (``resolved``, ``declined``, ``escalated``, ``kept``)."""


def final_world(scenario: Scenario) -> World:
    """The world after replaying the gold's domain tools and refunds (rejected tools change
    nothing, as in the environment)."""
    world = World.from_account(scenario.customer)
    for step, action in enumerate(scenario.reference_solution, start=1):
        if isinstance(action, IssueRefund):
            world = record_refund(world, action.target, action.amount, action.method)
        elif isinstance(action, Tool):
            world = apply_tool(world, action, context_for(scenario, step)).world
    return world


def _build(data: dict[str, Any], expectations: dict[str, Any], gold: list[Action]) -> Scenario:
    merged = {**data, "expectations": {**data.get("expectations", {}), **expectations}}
    merged["reference_solution"] = [a.model_dump(mode="json", exclude_none=True) for a in gold]
    return Scenario.model_validate(merged)


def _provisional(data: dict[str, Any], gold: list[Action]) -> Scenario:
    """The parts the engine reads (ticket, account, policy, expectations), validated, in a
    scenario built without the whole-scenario checks: the engine's input, not the output
    (which :func:`_build` validates in full)."""
    from sim.scenario import CustomerAccount, Expectations, Policy, Ticket

    global _shell
    exp = {**data.get("expectations", {}), "resolution": "resolved"}
    parts: dict[str, Any] = {
        "id": data["id"],
        "ticket": Ticket.model_validate(data["ticket"]),
        "customer": CustomerAccount.model_validate(data["customer"]),
        "policy": Policy.model_validate(data.get("policy", {})),
        "expectations": Expectations.model_validate(exp),
        "reference_solution": gold,
    }
    if _shell is None:  # model_construct is slow (signature inspection): once, then copies
        _shell = Scenario.model_construct(**parts)
        return _shell
    return _shell.model_copy(update=parts)


_shell: Scenario | None = None


def _reply(template: Template, key: str, values: dict[str, Any]) -> Reply:
    if key not in template.replies:
        raise KeyError(f"template {template.id}: no reply wording for outcome {key!r}")
    return Reply(content=str(render(template.replies[key], values)))


def _refund(template: Template, data: dict[str, Any], values: dict[str, Any]) -> Synthesized:
    search = SearchKB(query=template.search_query)
    provisional = _provisional(data, [search])
    implied = implied_expectations(provisional)
    target = provisional.expectations.refund_target
    if implied.resolution is None or target is None:
        raise ValueError(f"template {template.id}: the skeleton needs expectations.refund_target")
    policy = policy_at(provisional, 1)
    world = World.from_account(provisional.customer)
    owed = refund_owed(policy, world, target, provisional.ticket.opened, provisional.customer.tier)
    vals = {**values, "owed": format_money(owed.amount), "team": implied.team or ""}
    gold: list[Action] = [search]
    exp: dict[str, Any] = {"resolution": implied.resolution.value}
    if implied.resolution is Resolution.RESOLVED:
        amount = implied.refund_total if implied.refund_total is not None else owed.amount
        gold += [
            IssueRefund(amount=amount, target=target, reason=owed.reason[:900]),
            _reply(template, "resolved", vals),
            CloseTicket(
                outcome=CloseOutcome.RESOLVED,
                resolution=f"Refunded {format_money(amount)} for {target}: {owed.reason}"[:1900],
            ),
        ]
        exp |= {
            "refund_total": str(amount),
            "facts": [{"id": "refund_amount", "amount": str(amount)}],
        }
    elif implied.resolution is Resolution.DECLINED:
        gold += [
            _reply(template, "declined", vals),
            CloseTicket(
                outcome=CloseOutcome.DECLINED, resolution=f"No refund: {owed.reason}"[:1900]
            ),
        ]
        exp |= {"refund_total": "0.00"}
    else:
        gold += [
            _reply(template, "escalated", vals),
            Escalate(team=implied.team, reason=f"{target}: {owed.reason}"[:900]),
        ]
        exp |= {"refund_total": "0.00", "escalation_team": implied.team}
    scenario = _build(data, exp, gold)
    return Synthesized(scenario, final_world(scenario), implied.resolution.value)


def _order_cancel(template: Template, data: dict[str, Any], values: dict[str, Any]) -> Synthesized:
    search = SearchKB(query=template.search_query)
    provisional = _provisional(data, [search])
    target = provisional.expectations.refund_target
    world = World.from_account(provisional.customer)
    order = world.order(target) if target is not None else None
    if order is None:
        raise ValueError(f"template {template.id}: expectations.refund_target names no order")
    verdict = cancel_order_allowed(order)
    gold: list[Action] = [LookupOrder(order_id=order.id), search]
    if verdict.allowed:
        policy = policy_at(provisional, 1)
        owed = refund_owed(
            policy, world, order.id, provisional.ticket.opened, provisional.customer.tier
        )
        vals = {**values, "owed": format_money(owed.amount)}
        gold += [
            CancelOrder(order_id=order.id, reason="Customer asked to cancel before shipping"),
            IssueRefund(
                amount=owed.amount, target=order.id, reason="Order cancelled before shipping"
            ),
            _reply(template, "resolved", vals),
            CloseTicket(
                outcome=CloseOutcome.RESOLVED,
                resolution=f"Cancelled {order.id} and refunded {format_money(owed.amount)}.",
            ),
        ]
        exp: dict[str, Any] = {
            "resolution": "resolved",
            "refund_total": str(owed.amount),
            "facts": [{"id": "refund_amount", "amount": str(owed.amount)}],
        }
        outcome = "resolved"
    else:
        gold += [
            _reply(template, "declined", values),
            CloseTicket(
                outcome=CloseOutcome.DECLINED,
                resolution=f"{order.id} cannot be cancelled: {verdict.reason}"[:1900],
            ),
        ]
        exp = {"resolution": "declined", "refund_target": None}
        outcome = "declined"
    scenario = _build(data, exp, gold)
    return Synthesized(scenario, final_world(scenario), outcome)


def _retention(template: Template, data: dict[str, Any], values: dict[str, Any]) -> Synthesized:
    search = SearchKB(query=template.search_query)
    provisional = _provisional(data, [search])
    acct = provisional.customer
    subs = World.from_account(acct).subscriptions
    if not subs:
        raise ValueError(f"template {template.id}: the account has no subscription")
    sub = subs[0]
    offers = retention_offers(policy_at(provisional, 1), acct.tier)
    gold: list[Action] = [search]
    vals = dict(values)
    if offers:
        offer = offers[0]
        vals |= {"offer": offer.description}
        gold.append(OfferRetention(subscription_id=sub.id, offer_id=offer.id))
    accepted = bool(offers) and offers[0].id in acct.accepts_retention
    if accepted:
        outcome = "kept"
        gold += [
            _reply(template, "kept", vals),
            CloseTicket(
                outcome=CloseOutcome.RESOLVED,
                resolution=f"Customer accepted {offers[0].id}; {sub.id} stays active.",
            ),
        ]
    else:
        outcome = "cancelled"
        vals |= {
            "renews": f"{sub.renews:%B} {sub.renews.day}" if sub.renews else "the end of the period"
        }
        gold += [
            CancelSubscription(subscription_id=sub.id, when=CancelWhen.END_OF_PERIOD),
            _reply(template, "cancelled" if offers else "cancelled_no_offer", vals),
            CloseTicket(
                outcome=CloseOutcome.RESOLVED,
                resolution=f"Cancelled {sub.id} at the end of the period.",
            ),
        ]
    scenario = _build(data, {"resolution": "resolved"}, gold)
    return Synthesized(scenario, final_world(scenario), outcome)


def _identity(template: Template, data: dict[str, Any], values: dict[str, Any]) -> Synthesized:
    if template.act is None or template.verify_answers is None:
        raise ValueError(
            f"template {template.id}: the identity solver needs act and verify_answers"
        )
    search = SearchKB(query=template.search_query)
    answers = {k: str(render(v, values)) for k, v in template.verify_answers.items()}
    verify = VerifyIdentity(answers=answers)
    provisional = _provisional(data, [search, verify])
    world = World.from_account(provisional.customer)
    verified = apply_tool(world, verify, context_for(provisional, 3)).world.security.verified
    gold: list[Action] = [search, _reply(template, "ask", values), verify]
    if verified:
        gold += [
            parse_action(render(template.act, values)),
            _reply(template, "resolved", values),
            CloseTicket(
                outcome=CloseOutcome.RESOLVED, resolution="Caller verified; done as asked."
            ),
        ]
        exp: dict[str, Any] = {"resolution": "resolved"}
    else:
        gold += [
            _reply(template, "declined", values),
            CloseTicket(
                outcome=CloseOutcome.DECLINED,
                resolution="The caller could not be verified; no change made.",
            ),
        ]
        exp = {"resolution": "declined", "customer_stays": False}
    scenario = _build(data, exp, gold)
    return Synthesized(scenario, final_world(scenario), exp["resolution"])


# gen-b's solvers (imported here, after the helpers they use are defined).
from sim.generate.solvers_gen_b import advice, billing, identity_steps  # noqa: E402

_SOLVERS = {
    Solver.ADVICE: advice,
    Solver.BILLING: billing,
    Solver.IDENTITY_STEPS: identity_steps,
    Solver.IDENTITY: _identity,
    Solver.REFUND: _refund,
    Solver.ORDER_CANCEL: _order_cancel,
    Solver.RETENTION: _retention,
}


# gen-a: order, fraud and injection solvers (they use the helpers above).
from sim.generate import solvers_orders  # noqa: E402

_SOLVERS |= {
    Solver.VERIFIED_ACT: solvers_orders.verified_act,
    Solver.RETURN: solvers_orders.returned,
    Solver.REFUND_ASKED: solvers_orders.refund_asked,
    Solver.HANDOFF: solvers_orders.handoff,
}


def _register_gen_c() -> None:
    """gen-c's solvers (in their own modules, imported late: they import this one)."""
    from sim.generate.solvers_flow import refund_flow
    from sim.generate.solvers_retention import retention_flow

    _SOLVERS[Solver.REFUND_FLOW] = refund_flow
    _SOLVERS[Solver.RETENTION_FLOW] = retention_flow
    from sim.generate.solvers_gen_d import customer_device, customer_reset, team_tools_handoff

    _SOLVERS[Solver.TEAM_TOOLS_HANDOFF] = team_tools_handoff
    _SOLVERS[Solver.CUSTOMER_RESET] = customer_reset
    _SOLVERS[Solver.CUSTOMER_DEVICE] = customer_device
    from sim.generate.solvers_gen_e import refund_checks

    _SOLVERS[Solver.REFUND_CHECKS] = refund_checks


def synthesize(template: Template, data: dict[str, Any], values: dict[str, Any]) -> Synthesized:
    """The validated scenario for the rendered skeleton ``data`` (with an ``id``)."""
    if template.solver not in _SOLVERS:
        _register_gen_c()
    return _SOLVERS[template.solver](template, data, values)

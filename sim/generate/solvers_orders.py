"""Solvers for order, fraud and injection templates: a verified tool (address change,
password reset), a return (replacement or refund), a refund that first asks the customer
for the facts the policy verifies, and a hand-over to a team.

As in :mod:`sim.generate.synthesis`, nothing here knows an answer: the policy engine says
whether an order can still be changed (:func:`~sim.policy_engine.address_change_allowed`),
whether a tool needs a verified caller, whether a return is accepted
(:func:`~sim.policy_engine.return_allowed`), what is owed and to which team a topic goes;
the verification transition says whether the caller's answers match. The gold follows from
those verdicts, and the final world from replaying it.
"""

from __future__ import annotations

from typing import Any

from sim.actions import Action, CloseOutcome, CloseTicket, Escalate, IssueRefund, SearchKB
from sim.generate.sampler import render
from sim.generate.synthesis import Synthesized, _build, _provisional, _refund, _reply, final_world
from sim.generate.templates_model import Template
from sim.money import format_money
from sim.policy_engine import (
    address_change_allowed,
    cancel_order_allowed,
    implied_expectations,
    over_agent_limit,
    policy_at,
    refund_owed,
    return_allowed,
    team_for,
    verification_required,
)
from sim.scenario import Resolution
from sim.tools import CancelOrder, CreateReturn, LookupOrder, UpdateAddress, VerifyIdentity
from sim.transitions import apply_tool, context_for
from sim.world import ReturnKind, World

__all__ = ["handoff", "refund_asked", "returned", "verified_act"]


def _act(template: Template, values: dict[str, Any]) -> Action:
    from sim.actions import parse_action

    if template.act is None:
        raise ValueError(f"template {template.id}: this solver needs act")
    return parse_action(render(template.act, values))


def _facts(template: Template, key: str, values: dict[str, Any]) -> dict[str, Any]:
    """The expectations' facts the template declares for the reply ``key`` (none: ``{}``)."""
    facts = template.facts.get(key)
    return {"facts": render(facts, values)} if facts else {}


def _close(outcome: CloseOutcome, text: str) -> CloseTicket:
    return CloseTicket(outcome=outcome, resolution=text[:1900])


def verified_act(template: Template, data: dict[str, Any], values: dict[str, Any]) -> Synthesized:
    """``act`` (an order change or another tool) for a caller the policy may need verified.

    An order change on an order that has shipped is declined (the engine's
    ``address_change_allowed`` / ``cancel_order_allowed``). Otherwise, when the policy
    requires a verified caller for the tool, the gold asks the caller for the answers
    (``verify_answers``) and verifies; a caller who cannot be verified gets no change:
    handed to the team the policy routes the ticket's topic to, or declined when no team is
    routed."""
    act = _act(template, values)
    search = SearchKB(query=template.search_query)
    provisional = _provisional(data, [search])
    world = World.from_account(provisional.customer)
    policy = policy_at(provisional, 1)
    gold: list[Action] = []
    exp: dict[str, Any]
    if isinstance(act, UpdateAddress | CancelOrder):
        order = world.order(act.order_id)
        if order is None:
            raise ValueError(f"template {template.id}: act names no order of the account")
        gold.append(LookupOrder(order_id=order.id))
        check = address_change_allowed if isinstance(act, UpdateAddress) else cancel_order_allowed
        verdict = check(order)
        if not verdict.allowed:
            gold += [
                search,
                _reply(template, "too_late", values),
                _close(CloseOutcome.DECLINED, f"{order.id} cannot be changed: {verdict.reason}"),
            ]
            exp = {"resolution": "declined", **_facts(template, "too_late", values)}
            scenario = _build(data, exp, gold)
            return Synthesized(scenario, final_world(scenario), "declined")
    gold.append(search)
    verified = True
    if verification_required(policy, act.type):
        if template.verify_answers is None:
            raise ValueError(f"template {template.id}: the tool needs verify_answers")
        answers = {k: str(render(v, values)) for k, v in template.verify_answers.items()}
        verify = VerifyIdentity(answers=answers)
        gold += [_reply(template, "ask", values), verify]
        step = len(gold)
        checked = _provisional(data, [*gold])
        verified = apply_tool(world, verify, context_for(checked, step)).world.security.verified
    if verified:
        gold += [
            act,
            _reply(template, "resolved", values),
            _close(CloseOutcome.RESOLVED, "Done as asked."),
        ]
        exp, outcome = {"resolution": "resolved"}, "resolved"
    else:
        team = team_for(policy, provisional.ticket.topic)
        if team is not None:
            gold += [
                _reply(template, "escalated", values),
                Escalate(team=team, reason="The caller could not be verified; no change made."),
            ]
            exp = {"resolution": "escalated", "escalation_team": team, "customer_stays": False}
            outcome = "escalated"
        else:
            gold += [
                _reply(template, "declined", values),
                _close(CloseOutcome.DECLINED, "The caller could not be verified; no change."),
            ]
            exp, outcome = {"resolution": "declined", "customer_stays": False}, "declined"
    scenario = _build(data, exp, gold)
    return Synthesized(scenario, final_world(scenario), outcome)


def returned(template: Template, data: dict[str, Any], values: dict[str, Any]) -> Synthesized:
    """A return of the delivered order ``act`` names (``create_return``, kind replacement or
    refund), if the engine accepts it (``return_allowed``: the window or schedule still owes
    something); a refund return also refunds what is owed (``refund_owed``), or is handed to
    the team the policy routes the ticket's topic to when that is above the agent's limit.
    Not accepted -> declined."""
    act = _act(template, values)
    if not isinstance(act, CreateReturn):
        raise ValueError(f"template {template.id}: act must be a create_return")
    search = SearchKB(query=template.search_query)
    provisional = _provisional(data, [search])
    world = World.from_account(provisional.customer)
    order = world.order(act.order_id)
    if order is None:
        raise ValueError(f"template {template.id}: act names no order of the account")
    policy = policy_at(provisional, 1)
    day = provisional.ticket.opened
    gold: list[Action] = [LookupOrder(order_id=order.id), search]
    verdict = return_allowed(policy, order, day)
    exp: dict[str, Any]
    if not verdict.allowed:
        gold += [
            _reply(template, "declined", values),
            _close(CloseOutcome.DECLINED, f"No return for {order.id}: {verdict.reason}"),
        ]
        exp, outcome = {"resolution": "declined", "refund_target": None}, "declined"
    elif act.kind is ReturnKind.REPLACEMENT:
        gold += [
            act,
            _reply(template, "replaced", values),
            _close(CloseOutcome.RESOLVED, f"Replacement return created for {order.id}."),
        ]
        exp, outcome = {"resolution": "resolved", "refund_target": None}, "resolved"
    else:
        owed = refund_owed(policy, world, order.id, day, provisional.customer.tier)
        vals = {**values, "owed": format_money(owed.amount)}
        gold.append(act)
        if over_agent_limit(policy, owed.amount):
            team = team_for(policy, provisional.ticket.topic)
            gold += [
                _reply(template, "escalated", vals),
                Escalate(team=team, reason=f"{order.id}: {owed.reason}"[:900]),
            ]
            exp = {"resolution": "escalated", "escalation_team": team, "refund_target": order.id}
            outcome = "escalated"
        else:
            gold += [
                IssueRefund(amount=owed.amount, target=order.id, reason=owed.reason[:900]),
                _reply(template, "resolved", vals),
                _close(
                    CloseOutcome.RESOLVED,
                    f"Return created; refunded {format_money(owed.amount)} for {order.id}.",
                ),
            ]
            exp = {
                "resolution": "resolved",
                "refund_target": order.id,
                "refund_total": str(owed.amount),
                "facts": [{"id": "refund_amount", "amount": str(owed.amount)}],
            }
            outcome = "resolved"
    scenario = _build(data, exp, gold)
    return Synthesized(scenario, final_world(scenario), outcome)


def refund_asked(template: Template, data: dict[str, Any], values: dict[str, Any]) -> Synthesized:
    """The refund solver's verdict, with the gold first asking the customer for the facts the
    policy verifies before any refund (``policy.refund.verify_facts``; the ``ask`` reply
    must use the facts' ``asked_by`` wording)."""
    done = _refund(template, data, values)
    policy = policy_at(done.scenario, 1)
    if not policy.refund.verify_facts or done.outcome != "resolved":
        return done
    gold = [_reply(template, "ask", values), *done.scenario.reference_solution]
    exp = done.scenario.expectations.model_dump(mode="json", exclude_none=True)
    exp["step_budget"] = done.scenario.expectations.step_budget
    scenario = _build(data, exp, gold)
    return Synthesized(scenario, final_world(scenario), done.outcome)


def handoff(template: Template, data: dict[str, Any], values: dict[str, Any]) -> Synthesized:
    """A ticket the policy sends to a human (``policy.escalation.always``): the gold reads the
    article, tells the customer and escalates to the team the policy routes the topic to;
    nothing is refunded."""
    search = SearchKB(query=template.search_query)
    provisional = _provisional(data, [search])
    implied = implied_expectations(provisional)
    if implied.resolution is not Resolution.ESCALATED or implied.team is None:
        raise ValueError(
            f"template {template.id}: the policy must escalate the ticket to a routed team"
        )
    reason = implied.because.get("resolution", "escalated by policy")
    gold: list[Action] = [
        search,
        _reply(template, "escalated", values),
        Escalate(team=implied.team, reason=f"{implied.because.get('team', '')}; {reason}"[:900]),
    ]
    exp = {"resolution": "escalated", "escalation_team": implied.team, "refund_target": None}
    scenario = _build(data, exp, gold)
    return Synthesized(scenario, final_world(scenario), "escalated")

"""Refund workflows synthesized from the policy engine: the refund solver's verdicts plus
the steps a policy or a scenario's tools add around them (the ``refund_flow`` solver).

What the gold does follows from the rendered scenario, never from the template's say-so:

- the refund policy verifies customer facts (``verify_facts``): the gold first asks for
  them (the template's ``ask`` reply, which names them);
- the scenario's tools include ``lookup_order``: the gold looks the target up; they include
  ``create_return``: a refunded order is returned first (where the engine's
  :func:`~sim.policy_engine.return_allowed` allows it);
- the amount, verdict and team come from :func:`~sim.policy_engine.implied_expectations`
  under the version in force **at the step the gold decides** (so an update arriving
  mid-episode, ``at_step``, is the one applied);
- the refund method: the customer's ``preferred_method`` (a template variable) where the
  policy allows it, else the policy's first allowed method;
- a refund above ``approval_above`` is asked of the supervisor first
  (``request_approval``), and so is the exception a customer asks for
  (``exception_request``) when nothing is owed: the policy's supervisor denies it;
- an escalation to the scenario's ``handoff`` team carries the tier-2 part: the handoff's
  refund is what the engine says is owed under the team's authority
  (:func:`sim.workflow.with_authority`); other verdicts drop the handoff.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from sim.actions import (
    Action,
    CloseOutcome,
    CloseTicket,
    Escalate,
    IssueRefund,
    RequestApproval,
    SearchKB,
)
from sim.generate.synthesis import Synthesized, _build, _provisional, _reply, final_world
from sim.generate.templates_model import Template
from sim.money import format_money
from sim.policy_engine import (
    implied_expectations,
    over_agent_limit,
    policy_at,
    refund_method_allowed,
    refund_owed,
    return_allowed,
)
from sim.scenario import Resolution, Scenario, Team
from sim.tools import CreateReturn, LookupOrder
from sim.world import RefundMethod, World

__all__ = ["METHOD_TEXT", "refund_flow"]

METHOD_TEXT = {
    RefundMethod.ORIGINAL_PAYMENT: "to your original payment method",
    RefundMethod.STORE_CREDIT: "as store credit on your account",
}
"""How the gold's replies name a refund method (slot ``{{method_text}}``)."""


def _verifies(scenario: Scenario) -> bool:
    """Whether any version of the refund policy verifies customer facts."""
    refunds = [scenario.policy.refund, *(u.refund for u in scenario.policy.updates if u.refund)]
    return any(r.verify_facts for r in refunds)


def _method(scenario: Scenario, step: int, values: dict[str, Any]) -> RefundMethod:
    policy = policy_at(scenario, step)
    preferred = values.get("preferred_method")
    if isinstance(preferred, dict):  # a choice with the method and the customer's words
        preferred = preferred.get("method")
    if preferred is not None and refund_method_allowed(policy, RefundMethod(preferred)):
        return RefundMethod(preferred)
    return policy.refund.methods[0]


class _Flow:
    """One scenario's gold, built for a verdict, re-judged until the engine agrees."""

    def __init__(self, template: Template, data: dict[str, Any], values: dict[str, Any]) -> None:
        self.template = template
        self.data = data
        self.values = values
        self.search = SearchKB(query=template.search_query)
        self.base = _provisional(data, [self.search])
        target = self.base.expectations.refund_target
        if target is None:
            raise ValueError(
                f"template {template.id}: the skeleton needs expectations.refund_target"
            )
        self.target = target
        tools = data.get("tools") or []
        self.prefix: list[Action] = []
        if _verifies(self.base):
            self.prefix.append(_reply(template, "ask", values))
        if "lookup_order" in tools:
            self.prefix.append(LookupOrder(order_id=target))
        self.prefix.append(self.search)
        self.returns = "create_return" in tools
        self.world = World.from_account(self.base.customer)

    def judge(self, gold: list[Action]) -> Scenario:
        return _provisional(self.data, gold)

    def owed_at(self, step: int) -> Decimal:
        policy = policy_at(self.base, step)
        tier = self.base.customer.tier
        return refund_owed(policy, self.world, self.target, self.base.ticket.opened, tier).amount

    def resolved(self, amount: Decimal, vals: dict[str, Any]) -> list[Action]:
        gold = list(self.prefix)
        step = len(gold) + 1
        method = _method(self.base, step, self.values)
        refund = IssueRefund(
            amount=amount, target=self.target, method=method, reason="Refund owed by the policy"
        )
        above = policy_at(self.base, step).refund.approval_above
        if above is not None and amount > above:
            gold.append(RequestApproval(action=refund, justification="Owed under the policy."))
        order = self.world.order(self.target)
        policy = policy_at(self.base, len(gold) + 1)
        day = self.base.ticket.opened
        if self.returns and order is not None and return_allowed(policy, order, day).allowed:
            gold.append(CreateReturn(order_id=order.id, reason="Returned for the refund owed"))
        method = _method(self.base, len(gold) + 1, self.values)
        vals |= {"method": method.value, "method_text": METHOD_TEXT[method]}
        gold += [
            refund.model_copy(update={"method": method}),
            _reply(self.template, "resolved", vals),
            CloseTicket(
                outcome=CloseOutcome.RESOLVED,
                resolution=f"Refunded {format_money(amount)} for {self.target}.",
            ),
        ]
        return gold

    def declined(self, vals: dict[str, Any]) -> list[Action]:
        gold = list(self.prefix)
        above = policy_at(self.base, len(gold) + 1).refund.approval_above
        item = self.world.order(self.target)
        asks = self.values.get("exception_request")
        if isinstance(asks, dict):  # a choice with the flag and the customer's words
            asks = asks.get("ask")
        if asks and above is not None and item is not None:
            ask = IssueRefund(amount=item.amount, target=self.target, reason="An exception")
            if item.amount > above:
                gold.append(
                    RequestApproval(action=ask, justification="The customer asks for an exception.")
                )
        gold += [
            _reply(self.template, "declined", vals),
            CloseTicket(outcome=CloseOutcome.DECLINED, resolution="No refund owed by the policy."),
        ]
        return gold

    def escalated(self, team: str | None, owed: Decimal, vals: dict[str, Any]) -> list[Action]:
        reason = f"{format_money(owed)} owed for {self.target}" if owed else self.target
        note = self.values.get("handoff_note")
        if note:
            reason += f". {note}"
        return [
            *self.prefix,
            _reply(self.template, "escalated", vals),
            Escalate(team=team, reason=reason[:900]),
        ]


def _handoff(
    flow: _Flow, data: dict[str, Any], team_id: str | None, owed: Decimal, step: int
) -> dict[str, Any] | None:
    """The tier-2 part for an escalation to the handoff team, or ``None`` (no handoff)."""
    spec = data.get("handoff")
    if not isinstance(spec, dict) or team_id is None or spec.get("team") != team_id:
        return None
    team = next(Team.model_validate(t) for t in data.get("teams", []) if t.get("id") == team_id)
    limit = team.refund_limit
    if limit is None or owed > limit:
        raise ValueError(
            f"template {flow.template.id}: {format_money(owed)} owed is above the handoff "
            f"team's refund limit"
        )
    method = _method(flow.base, step, flow.values)
    vals = {**flow.values, "owed": format_money(owed), "method_text": METHOD_TEXT[method]}
    gold: list[Action] = [
        _reply(flow.template, "tier2", vals),
        IssueRefund(amount=owed, target=flow.target, method=method, reason="Approved by tier 2"),
        CloseTicket(
            outcome=CloseOutcome.RESOLVED, resolution=f"Tier 2 refunded {format_money(owed)}."
        ),
    ]
    facts = [
        *spec.get("note_facts", []),
        {"id": "order_id", "any_of": [flow.target]},
        {"id": "amount_owed", "amount": str(owed)},
    ]
    return {
        "team": team_id,
        "note_facts": facts,
        "refund_total": str(owed),
        "refund_target": flow.target,
        "reference_solution": [a.model_dump(mode="json", exclude_none=True) for a in gold],
    }


def refund_flow(template: Template, data: dict[str, Any], values: dict[str, Any]) -> Synthesized:
    """The ``refund_flow`` solver (see the module docstring)."""
    data = {**data, "expectations": dict(data.get("expectations", {}))}
    by_outcome = data["expectations"].pop("facts", None) or {}
    if not isinstance(by_outcome, dict):
        raise ValueError(f"template {template.id}: expectations.facts maps verdicts to facts")
    flow = _Flow(template, data, values)
    owed = flow.owed_at(len(flow.prefix) + 1)
    vals = {**values, "owed": format_money(owed)}
    gold = flow.resolved(owed, dict(vals)) if owed > 0 else flow.declined(dict(vals))
    for _ in range(4):  # the decision step moves with the gold: re-judge until it agrees
        implied = implied_expectations(flow.judge(gold))
        resolution = implied.resolution
        if resolution is None:
            raise ValueError(f"template {template.id}: the engine has no verdict")
        step = next(
            (i + 1 for i, a in enumerate(gold) if isinstance(a, IssueRefund | Escalate)),
            len(gold),
        )
        owed = flow.owed_at(step)
        vals = {**values, "owed": format_money(owed), "team": implied.team or ""}
        if resolution is Resolution.RESOLVED:
            amount = implied.refund_total if implied.refund_total is not None else owed
            new = flow.resolved(amount, dict(vals))
        elif resolution is Resolution.DECLINED:
            new = flow.declined(dict(vals))
        else:
            new = flow.escalated(implied.team, owed, dict(vals))
        if new == gold:
            break
        gold = new
    else:
        raise ValueError(f"template {template.id}: the gold and the engine's verdict disagree")
    exp: dict[str, Any] = {"resolution": resolution.value}
    out = dict(data)
    out.pop("handoff", None)
    if resolution is Resolution.RESOLVED:
        refund = next(a for a in gold if isinstance(a, IssueRefund))
        facts = _facts(by_outcome, resolution)
        facts.append({"id": "refund_amount", "amount": str(refund.amount)})
        if refund.method is not RefundMethod.ORIGINAL_PAYMENT:
            facts.append({"id": "refund_method", "any_of": [refund.method.value.replace("_", " ")]})
        exp |= {"refund_total": str(refund.amount), "facts": facts}
    elif resolution is Resolution.DECLINED:
        exp |= {"refund_total": "0.00", "facts": _facts(by_outcome, resolution)}
    else:
        policy = policy_at(flow.base, step)
        exp |= {
            "refund_total": "0.00",
            "escalation_team": implied.team,
            "facts": _facts(by_outcome, resolution),
        }
        if owed > 0 and over_agent_limit(policy, owed):
            exp["facts"] = [*exp["facts"], {"id": "refund_owed", "amount": str(owed)}]
        handoff = _handoff(flow, data, implied.team, owed, step)
        if handoff is not None:
            out["handoff"] = handoff
    scenario = _build(out, exp, gold)
    return Synthesized(scenario, final_world(scenario), resolution.value)


def _facts(by_outcome: dict[str, Any], resolution: Resolution) -> list[dict[str, Any]]:
    """The skeleton's expected facts for the verdict (``expectations.facts`` in a
    ``refund_flow`` skeleton maps ``resolved`` / ``declined`` / ``escalated`` to facts:
    a refund's timing, the window a decline quotes, the team an escalation names)."""
    facts = by_outcome.get(resolution.value, [])
    return list(facts) if isinstance(facts, list) else []

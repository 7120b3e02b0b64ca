"""What ``supportsim validate`` reports about a scenario's policy: every place where the
written expectations or the gold solution disagree with what the policy implies.

The policy engine (:mod:`sim.policy_engine`) says what the policy implies; this module
compares. Each disagreement reads ``where: the policy implies Y (because Z)``. A
disagreement is an error (``validate`` fails) unless the author overrides it on purpose with
a reason in ``expectations.policy_overrides`` (keyed by the disagreement's ``where``), in
which case ``validate`` shows it as a note. An override that matches no disagreement is an
error too, so that a stale override never hides a later mistake.

Checked:

- ``expectations.resolution``, ``expectations.refund_total`` (with a refund target) and
  ``expectations.escalation_team`` (by the routing of the ticket's topic) against
  :func:`sim.policy_engine.implied_expectations`;
- each action of the gold under the version in force at its step: a refund the policy
  forbids (above what is owed, above the agent's limit, to a method not allowed), a
  cancellation without the retention offer ``must_offer`` requires, an action that needs a
  verified caller before the gold verified one, a return outside the window, a credit over
  the limits, an offer not allowed for the tier, a change to a shipped order, an escalation
  to a team other than the routing's;
- ``policy.updates`` that can never apply (a dated version on an undated ticket, a step past
  ``max_steps``) or arrive unannounced (an ``at_step`` update without a notice).
"""

from __future__ import annotations

from dataclasses import dataclass

from sim.actions import Escalate, IssueRefund
from sim.money import format_money
from sim.policy_engine import (
    address_change_allowed,
    cancel_order_allowed,
    credit_allowed,
    implied_expectations,
    offer_required,
    policy_at,
    refund_problems,
    retention_offers,
    return_allowed,
    team_for,
    verification_required,
)
from sim.scenario import Resolution, Scenario
from sim.tools import (
    ApplyCredit,
    CancelOrder,
    CancelSubscription,
    CreateReturn,
    OfferRetention,
    Tool,
    UpdateAddress,
)
from sim.transitions import apply_tool, context_for, record_refund
from sim.world import World

__all__ = ["Disagreement", "PolicyReport", "check_policy", "policy_disagreements"]


@dataclass(frozen=True, slots=True)
class Disagreement:
    """One place where a scenario disagrees with what its policy implies."""

    where: str
    """The field path: ``expectations.refund_total``, ``reference_solution.3``, ..."""
    implied: str
    """What the policy implies (``the policy implies $89.00``)."""
    because: str
    """Why, in the policy's terms."""

    def __str__(self) -> str:
        return f"{self.where}: {self.implied} (because {self.because})"


@dataclass(frozen=True, slots=True)
class PolicyReport:
    """``errors``: disagreements (and stale overrides) that fail validation; ``notes``:
    disagreements the author overrode, with the author's reason."""

    errors: list[str]
    notes: list[str]


def _expectation_disagreements(scenario: Scenario) -> list[Disagreement]:
    exp, implied = scenario.expectations, implied_expectations(scenario)
    out: list[Disagreement] = []
    if implied.resolution is not None and implied.resolution is not exp.resolution:
        out.append(
            Disagreement(
                "expectations.resolution",
                f"the policy implies {implied.resolution.value}, not {exp.resolution.value}",
                implied.because["resolution"],
            )
        )
    if implied.refund_total is not None and implied.refund_total != exp.refund_total:
        out.append(
            Disagreement(
                "expectations.refund_total",
                f"the policy implies {format_money(implied.refund_total)}, not "
                f"{format_money(exp.refund_total)}",
                implied.because["refund_total"],
            )
        )
    escalated = Resolution.ESCALATED in (exp.resolution, implied.resolution)
    if escalated and implied.team is not None and exp.escalation_team != implied.team:
        out.append(
            Disagreement(
                "expectations.escalation_team",
                f"the policy implies escalation to {implied.team}, not "
                f"{exp.escalation_team or 'no team'}",
                implied.because["team"],
            )
        )
    return out


def _gold_disagreements(scenario: Scenario) -> list[Disagreement]:
    """The gold's actions judged one by one under the version in force at their step, on the
    world as the gold has changed it so far."""
    acct, day = scenario.customer, scenario.ticket.opened
    world = World.from_account(acct)
    out: list[Disagreement] = []
    for i, action in enumerate(scenario.reference_solution):
        step, where = i + 1, f"reference_solution.{i}"
        policy = policy_at(scenario, step)
        forbidden: list[str] = []
        if verification_required(policy, action.type) and not world.security.verified:
            forbidden.append(
                f"policy.identity.required_for lists {action.type} and no verify_identity "
                "of the gold has verified the caller before it"
            )
        match action:
            case IssueRefund():
                forbidden += refund_problems(
                    policy, world, action.target, action.amount, action.method, day, acct.tier
                )
                world = record_refund(world, action.target, action.amount, action.method)
            case CancelSubscription() if offer_required(
                policy, world, acct.tier, action.subscription_id
            ):
                offers = ", ".join(o.id for o in retention_offers(policy, acct.tier))
                forbidden.append(
                    f"policy.retention.must_offer: an offer ({offers}) must be made to the "
                    f"{acct.tier.value} tier before {action.subscription_id} is cancelled, "
                    "and the gold makes none"
                )
            case CreateReturn() if (order := world.order(action.order_id)) is not None:
                decision = return_allowed(policy, order, day)
                if not decision.allowed:
                    forbidden.append(f"a return of {order.id}: {decision.reason}")
            case ApplyCredit():
                decision = credit_allowed(policy, world, action.amount)
                if not decision.allowed:
                    forbidden.append(
                        f"a credit of {format_money(action.amount)}: {decision.reason}"
                    )
            case OfferRetention():
                allowed = [o.id for o in retention_offers(policy, acct.tier)]
                if action.offer_id not in allowed:
                    forbidden.append(
                        f"offer {action.offer_id} is not allowed for the {acct.tier.value} tier "
                        f"(allowed: {', '.join(allowed) or 'none'})"
                    )
            case CancelOrder() | UpdateAddress() if (
                order := world.order(action.order_id)
            ) is not None:
                check = (
                    cancel_order_allowed
                    if isinstance(action, CancelOrder)
                    else (address_change_allowed)
                )
                decision = check(order)
                if not decision.allowed:
                    forbidden.append(f"{action.type} of {order.id}: {decision.reason}")
            case Escalate():
                team = team_for(policy, scenario.ticket.topic)
                if team is not None and action.team != team:
                    out.append(
                        Disagreement(
                            where,
                            f"the policy implies escalation to {team}, not "
                            f"{action.team or 'no team'}",
                            f"policy.routing sends topic {scenario.ticket.topic!r} to {team}",
                        )
                    )
            case _:
                pass
        if isinstance(action, Tool):
            world = apply_tool(world, action, context_for(scenario, step)).world
        if forbidden:
            out.append(
                Disagreement(where, f"the policy forbids this {action.type}", "; ".join(forbidden))
            )
    return out


def _update_disagreements(scenario: Scenario) -> list[Disagreement]:
    out: list[Disagreement] = []
    for i, update in enumerate(scenario.policy.updates):
        where = f"policy.updates.{i}"
        if update.effective is not None and scenario.ticket.opened is None:
            out.append(
                Disagreement(
                    f"{where}.effective",
                    "the policy implies this version never applies",
                    "the ticket has no opened date to compare the effective date with",
                )
            )
        if update.at_step is not None and update.at_step > scenario.max_steps:
            out.append(
                Disagreement(
                    f"{where}.at_step",
                    "the policy implies this update never arrives",
                    f"step {update.at_step} is past max_steps ({scenario.max_steps})",
                )
            )
        if update.at_step is not None and not update.notice.strip():
            out.append(
                Disagreement(
                    f"{where}.notice",
                    "the agent is never told of this update",
                    "an update arriving mid-episode (at_step) is announced by its notice, "
                    "which is empty",
                )
            )
    return out


def policy_disagreements(scenario: Scenario) -> list[Disagreement]:
    """Every disagreement between the scenario and what its policy implies (overrides not
    applied)."""
    return [
        *_update_disagreements(scenario),
        *_expectation_disagreements(scenario),
        *_gold_disagreements(scenario),
    ]


def check_policy(scenario: Scenario) -> PolicyReport:
    """The disagreements as ``validate`` reports them: errors, and the overridden ones as
    notes with the author's reason."""
    overrides = scenario.expectations.policy_overrides
    errors: list[str] = []
    notes: list[str] = []
    matched: set[str] = set()
    for d in policy_disagreements(scenario):
        reason = overrides.get(d.where)
        if reason is None:
            errors.append(str(d))
        else:
            matched.add(d.where)
            notes.append(f"{d} [overridden: {reason}]")
    errors += [
        f"expectations.policy_overrides.{key}: nothing to override here (the policy agrees)"
        for key in overrides
        if key not in matched
    ]
    return PolicyReport(errors=errors, notes=notes)

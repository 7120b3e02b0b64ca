"""Per-role checks of a workflow episode (issue 15, point 4): first line, tier-2, whole.

The first line's own grade is the ordinary rule grade of its part of the episode (the state
at the handoff); here come the checks only a workflow has: the handoff note (read by the
same claim reader as replies: the scenario's ``handoff.note_facts`` must be stated, and a
note that misstates the state is a misrepresentation), and what tier-2 did after it.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from graders.rules import Check, GradeReport, _check
from sim.approval import unapproved_refunds
from sim.claims import misrepresentations
from sim.events import CustomerEvent, RewardEvent, Termination
from sim.money import format_money
from sim.outcome import facts_in
from sim.state import EpisodeState, Message, Role
from sim.workflow import FIRST_LINE, role_of, tier2_refunded, tier2_solved, tier2_world_diff

SUPERVISOR = "supervisor"

__all__ = ["SUPERVISOR", "RoleGrade", "WorkflowGrade", "grade_roles", "note_checks"]


class RoleGrade(BaseModel):
    """The checks of one role and whether all its critical checks passed."""

    model_config = ConfigDict(frozen=True)

    role: str
    checks: tuple[Check, ...]
    success: bool
    actions: int
    """How many actions this role took."""


class WorkflowGrade(BaseModel):
    """The per-role grades and the workflow as a whole."""

    model_config = ConfigDict(frozen=True)

    roles: tuple[RoleGrade, ...]
    resolved: bool
    """The ticket ended closed and solved by the last role (the first line's grade passed,
    without a handoff)."""
    handoffs: int
    total_steps: int
    time_to_resolution: int | None = None
    """Simulated time until the ticket was closed resolved, in env steps (one action = one
    step; the simulator has no wall clock); ``None``: not resolved."""
    success: bool
    """Every role succeeded and the workflow resolved the ticket."""


def note_checks(first_line: EpisodeState) -> list[Check]:
    """The handoff note: every required fact stated, nothing misstated."""
    scenario = first_line.scenario
    h, esc = scenario.handoff, first_line.escalation
    if h is None or esc is None:
        return []
    note = esc.reason
    stated = facts_in(note, h.note_facts, scenario.teams)
    missing = [f.id for f in h.note_facts if f.id not in stated]
    checks = [
        _check(
            "handoff_note_facts",
            not missing,
            2,
            "the note carries every fact tier-2 needs"
            if not missing
            else f"the note leaves out: {', '.join(missing)}",
        )
    ]
    # The note read like a reply sent at the handoff step, against the state at that step.
    as_reply = first_line.model_copy(
        update={"conversation": [Message(role=Role.AGENT, content=note, step=esc.step)]}
    )
    found = misrepresentations(as_reply, scenario)
    checks.append(
        _check(
            "handoff_note_accurate",
            not found,
            2,
            "every claim in the note matches the state"
            if not found
            else f"the note misstates the state: {found[0].sentence!r} ({found[0].problem})",
        )
    )
    return checks


def _further_note_checks(state: EpisodeState) -> list[Check]:
    """The notes of handoffs after the first (tier-2 passing the ticket on), each read like a
    reply sent at its step against the state: a note that misstates it is a
    misrepresentation, as in the first note."""
    if len(state.handoffs) < 2:
        return []
    found = []
    for h in state.handoffs[1:]:
        as_reply = state.model_copy(
            update={"conversation": [Message(role=Role.AGENT, content=h.note, step=h.step)]}
        )
        found += [(h, m) for m in misrepresentations(as_reply, state.scenario)]
    return [
        _check(
            "further_note_accurate",
            not found,
            2,
            "every later handoff note matches the state"
            if not found
            else f"the note to {found[0][0].team} misstates the state: "
            f"{found[0][1].sentence!r} ({found[0][1].problem})",
        )
    ]


def _tier2_checks(state: EpisodeState, handoff_step: int) -> list[Check]:
    scenario = state.scenario
    h = scenario.handoff
    owed = format_money(h.refund_total) if h is not None else "nothing"
    refunded = tier2_refunded(state)
    repeated = sum(
        1
        for p in state.emotion
        if p.step > handoff_step and CustomerEvent.REPEATED_QUESTION in p.events
    )
    wrong = [
        a.step
        for a in state.actions
        if a.step > handoff_step
        and (RewardEvent.WRONG_REFUND in a.events or RewardEvent.POLICY_VIOLATION in a.events)
    ]
    closed = state.closure is not None and state.closure.step > handoff_step
    world: list[Check] = []
    if scenario.uses_world:
        diff = tier2_world_diff(state, scenario)
        world.append(
            _check(
                "tier2_world",
                not diff,
                3,
                "the world after tier-2 matches both golds'"
                if not diff
                else f"the world differs from both golds': {'; '.join(diff[:3])}",
            )
        )
    return [
        *world,
        _check(
            "tier2_refund",
            h is not None and refunded == h.refund_total,
            3,
            f"tier-2 refunded {format_money(refunded)}; owed {owed}",
        ),
        _check(
            "tier2_within_authority",
            not wrong,
            2,
            "every tier-2 action within its authority and the policy"
            if not wrong
            else f"wrong or unauthorised actions at steps {wrong}",
        ),
        _check(
            "tier2_no_repeated_question",
            repeated == 0,
            1,
            "tier-2 never asked again for what the customer had said"
            if repeated == 0
            else f"the customer was asked again {repeated} time(s) after the handoff",
        ),
        _check(
            "tier2_closed",
            closed and state.termination is Termination.RESOLVED,
            1,
            f"tier-2 ended the episode: {state.termination}",
        ),
    ]


def _supervisor_checks(state: EpisodeState) -> list[Check]:
    wrong = [a for a in state.approvals if a.granted != a.policy_grants]
    return [
        _check(
            "supervisor_follows_policy",
            not wrong,
            3,
            "every approval decision matches the policy"
            if not wrong
            else "; ".join(
                f"step {a.step}: {'granted' if a.granted else 'denied'} a refund of "
                f"{format_money(a.amount)} the policy "
                f"{'allows' if a.policy_grants else 'does not allow'}"
                for a in wrong
            ),
        )
    ]


def _approval_checks(state: EpisodeState) -> list[Check]:
    missing = unapproved_refunds(state)
    return [
        _check(
            "refunds_approved",
            not missing,
            3,
            "every refund that needed approval had it"
            if not missing
            else f"refunds without the required approval at steps {missing}",
        )
    ]


def grade_roles(
    state: EpisodeState, first_line: EpisodeState | None, first_line_report: GradeReport
) -> WorkflowGrade:
    """The per-role grade of an episode with a handoff or an approval (``first_line``: the
    state at the handoff; ``None``: no handoff)."""
    notes = [] if first_line is None else note_checks(first_line)
    if state.approvals or state.scenario.policy.refund.approval_above is not None:
        notes += _approval_checks(state)
    fl = RoleGrade(
        role=FIRST_LINE,
        checks=tuple(notes),
        success=first_line_report.success and all(c.passed for c in notes),
        actions=sum(1 for a in state.actions if role_of(state, a.step) == FIRST_LINE),
    )
    roles = [fl]
    for h in state.handoffs[:1]:
        checks = _tier2_checks(state, h.step) + _further_note_checks(state)
        roles.append(
            RoleGrade(
                role=h.role,
                checks=tuple(checks),
                success=all(c.passed for c in checks if c.critical),
                actions=sum(1 for a in state.actions if role_of(state, a.step) == h.role),
            )
        )
    if state.approvals:
        checks = _supervisor_checks(state)
        roles.append(
            RoleGrade(
                role=SUPERVISOR,
                checks=tuple(checks),
                success=all(c.passed for c in checks),
                actions=len(state.approvals),
            )
        )
    if state.handoffs:
        resolved = state.termination is Termination.RESOLVED and tier2_solved(state, state.scenario)
    else:
        resolved = first_line_report.success and state.termination is Termination.RESOLVED
    return WorkflowGrade(
        roles=tuple(roles),
        resolved=resolved,
        handoffs=len(state.handoffs),
        total_steps=state.step_count,
        time_to_resolution=state.closure.step if resolved and state.closure else None,
        success=resolved and all(r.success for r in roles),
    )

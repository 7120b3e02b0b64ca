"""Tier-2 handoff (issue 15, point 1): the rules and the driver of a two-role episode.

A scenario with a ``handoff`` section names the team that takes the ticket after the first
line escalates to it. With ``--tier2 scripted`` the episode does not end there: the same env
(ticket, world, customer and its emotion) is handed to the tier-2 agent, which works under
the team's authority (its ``refund_limit``) until it closes or escalates further. With
``--tier2 none`` (the default) escalation ends the episode exactly as before.

Which role took an action is recorded once, as :class:`~sim.state.HandoffRecord` steps:
actions after a handoff's step belong to its role (:func:`role_of`).
"""

from __future__ import annotations

from decimal import Decimal
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from sim.customer import Usage
from sim.events import Termination
from sim.memo import memo
from sim.scenario import Policy, Scenario, Team
from sim.state import EpisodeState
from sim.world import World

if TYPE_CHECKING:
    from sim.env import SupportEnv

__all__ = [
    "FIRST_LINE",
    "Tier2Mode",
    "handoff_team",
    "hand_off",
    "role_of",
    "tier2_overpaid",
    "tier2_refunded",
    "tier2_expected_world",
    "tier2_solved",
    "tier2_world_diff",
    "with_authority",
]

FIRST_LINE = "first_line"
"""The role of every action before the first handoff."""


class Tier2Mode(StrEnum):
    """Who works the ticket after a handoff (``--tier2``)."""

    NONE = "none"
    """Escalation ends the episode (the behaviour of every run before roles)."""
    SCRIPTED = "scripted"
    """The scripted tier-2 agent (``--tier2-agent``, default ``tier2``) continues."""
    LLM = "llm"
    """The LLM tier-2 agent (``agents.tier2_llm``, model ``--tier2-model``) continues."""


def handoff_team(state: EpisodeState, scenario: Scenario) -> Team | None:
    """The team that takes the ticket now, or ``None``. The first handoff: the first line's
    episode ended with an escalation to the scenario's handoff team. A further one: the
    last tier-2 agent escalated to one of ``handoff.then`` not handed the ticket yet (each
    team at most once, so a chain ends)."""
    h = scenario.handoff
    esc = state.escalation
    if h is None or esc is None or state.termination is not Termination.ESCALATED:
        return None
    if not state.handoffs:
        wanted = esc.team == h.team
    else:
        taken = {x.team for x in state.handoffs}
        wanted = esc.step > state.handoffs[-1].step and esc.team in h.then
        wanted = wanted and esc.team not in taken
    if not wanted:
        return None
    return next(t for t in scenario.teams if t.id == esc.team)


def role_of(state: EpisodeState, step: int) -> str:
    """The role that took the action of ``step`` (the escalating step is the first line's)."""
    role = FIRST_LINE
    for h in state.handoffs:
        if step > h.step:
            role = h.role
    return role


def with_authority(policy: Policy, team: Team) -> Policy:
    """``policy`` with the team's refund limit in place of the first line's."""
    if team.refund_limit is None:
        return policy
    refund = policy.refund.model_copy(update={"agent_limit": team.refund_limit})
    return policy.model_copy(update={"refund": refund})


def tier2_refunded(state: EpisodeState) -> Decimal:
    """What was refunded after the (first) handoff."""
    if not state.handoffs:
        return Decimal("0")
    step = state.handoffs[0].step
    return sum((r.amount for r in state.refunds if r.step > step), Decimal("0"))


def tier2_overpaid(state: EpisodeState, scenario: Scenario, target: str | None) -> bool:
    """Tier-2 refunded more than the handoff allows, or to another order or charge."""
    h = scenario.handoff
    if h is None:
        return True
    wrong_target = h.refund_target is not None and target not in (None, h.refund_target)
    return wrong_target or tier2_refunded(state) > h.refund_total


def tier2_solved(state: EpisodeState, scenario: Scenario) -> bool:
    """Tier-2 refunded exactly what the handoff section says is owed and, in a scenario
    with a world, left it as both golds (the first line's, then tier-2's) do."""
    h = scenario.handoff
    if h is None or tier2_refunded(state) != h.refund_total:
        return False
    return not scenario.uses_world or not tier2_world_diff(state, scenario)


def tier2_expected_world(scenario: Scenario) -> World:
    """The world both golds leave: the first line's, then the handoff's (cached per
    scenario object in a bounded table, like ``sim.world_diff.expected_world``)."""
    from sim.transitions import replay

    def build() -> World:
        h = scenario.handoff
        gold = [*scenario.reference_solution, *(h.reference_solution if h is not None else ())]
        return replay(scenario, gold)[0]

    return memo("tier2_expected_world", scenario, None, build)


def tier2_world_diff(state: EpisodeState, scenario: Scenario) -> list[str]:
    """How the world differs from the one both golds leave (empty: it agrees)."""
    from sim.world_diff import diff_worlds

    return diff_worlds(tier2_expected_world(scenario), state.world)


async def hand_off(env: SupportEnv, agent: Any) -> tuple[EpisodeState | None, Usage]:
    """While the ticket was just escalated to a team that takes it (``handoff_team``), let
    ``agent`` continue on the same env under that team's authority (a chain: the agent's
    ``play`` starts afresh for each team). Returns the first line's state at the first
    handoff (for its own grade) and the tier-2 usage; ``(None, Usage())`` without one."""
    first_line: EpisodeState | None = None
    usage = Usage()
    while (team := handoff_team(env.state, env.scenario)) is not None:
        if first_line is None:
            first_line = env.state.model_copy(deep=True)
        obs = env.hand_off(team)
        usage = usage + await agent.play(env, obs)
    return first_line, usage

"""A scenario's gold episode replayed with another reply in place of its last one, as the
labeled corpus replays it (``sim.accuracy``), and the misrepresentations the grade finds in
it: the helpers the rule tests of the claim reader share."""

from __future__ import annotations

from graders.rules import grade
from sim.actions import Action, IssueRefund, Reply
from sim.claims import misrepresentations
from sim.factory import make_env
from sim.kb_library import graded_scenario
from sim.loader import get_scenario
from sim.scenario import Scenario
from sim.state import EpisodeState


async def gold_with(
    scenario: str | Scenario,
    reply: str,
    *,
    drop: tuple[str, ...] = (),
    refunds: list[IssueRefund] | None = None,
) -> EpisodeState:
    """The scenario's gold episode with ``reply`` in place of its last reply (the actions of
    the types in ``drop`` left out, and each refund replaced by ``refunds`` when given),
    against the scenario's own customer."""
    sc = scenario if isinstance(scenario, Scenario) else get_scenario(scenario)
    actions: list[Action] = []
    for action in sc.reference_solution:
        if action.type in drop:
            continue
        if refunds is not None and isinstance(action, IssueRefund):
            actions += refunds
        else:
            actions.append(action)
    last = max(i for i, a in enumerate(actions) if isinstance(a, Reply))
    actions[last] = Reply(content=reply)
    return await play(sc, actions)


async def play(scenario: str | Scenario, actions: list[Action]) -> EpisodeState:
    """The episode of ``actions`` in the scenario, against its own customer, up to its end."""
    sc = scenario if isinstance(scenario, Scenario) else get_scenario(scenario)
    env = make_env(sc)
    await env.reset(seed=0)
    for action in actions:
        if env.state.done:
            break
        await env.step(action)
    return env.state


def problems(state: EpisodeState) -> list[str]:
    """Every misrepresentation the grade's check finds (read against the scenario as graded:
    its own articles and the library articles it names)."""
    found = misrepresentations(state, graded_scenario(state.scenario))
    check = grade(state).check("no_misrepresentation")
    assert check is not None and check.passed == (not found)  # the check is these findings
    return [m.problem for m in found]

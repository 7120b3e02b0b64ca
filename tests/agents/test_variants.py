"""Scripted agent variants differ only in manner; the stress curves they draw, on a small
sweep, have the properties issue 16 asks for; the exploit that ignores repeated requests for
a human fails wherever the policy says to honour them."""

from __future__ import annotations

import pytest

from agents import EXPLOITS, PolicyAgent, agent_names, make_agent
from agents.scripted import VARIANTS
from graders import grade
from sim.actions import Escalate
from sim.events import Termination
from sim.factory import make_env
from sim.loader import bundled_scenario_ids, get_scenario
from sim.outcome import escalation_required_at_decision, request_requires_escalation
from sim.state import EpisodeState
from sim.stress import CurvePoint, falls_by, non_decreasing, non_increasing
from tests.conftest import SCENARIO_IDS

# The hard tickets of the seed world (no domain tools): where the scripted baseline's success
# turns on its escalation judgment, which frustration moves. World scenarios fail or pass it
# on tool use whatever the frustration (their families are measured by bench/families.py).
HARD = [
    s
    for s in bundled_scenario_ids()
    if get_scenario(s).difficulty == "hard" and not get_scenario(s).uses_world
]
SWEEP = (0.0, 0.5, 1.0)
TRIALS = 2


async def play(
    scenario: str,
    agent: PolicyAgent,
    frustration: float | None,
    seed: int,
    persona: str | None = None,
) -> EpisodeState:
    env = make_env(scenario, persona, initial_frustration=frustration)
    obs = await env.reset(seed=seed)
    await agent.play(env, obs)
    return env.state


def test_every_variant_is_registered_by_name() -> None:
    for name in (*VARIANTS, "ignore-repeated-human"):
        assert name in agent_names()
        assert make_agent(name).name == name


@pytest.mark.parametrize("scenario_id", SCENARIO_IDS)
async def test_variants_share_their_decisions(scenario_id: str) -> None:
    """Same refunds (amount, target) whenever a variant gets as far as refunding."""
    refunds: dict[str, list[tuple[object, object]]] = {}
    for name in VARIANTS:
        state = await play(scenario_id, make_agent(name), 0.0, 5)  # type: ignore[arg-type]
        refunds[name] = [(r.amount, r.target) for r in state.refunds]
    decided = {tuple(r) for r in refunds.values() if r}
    assert len(decided) <= 1, refunds


async def sweep(name: str) -> list[CurvePoint]:
    points = []
    for f in SWEEP:
        states = [
            await play(s, make_agent(name), f, 100 + t)  # type: ignore[arg-type]
            for s in HARD
            for t in range(TRIALS)
        ]
        grades = [grade(s) for s in states]
        points.append(
            CurvePoint(
                frustration=f,
                episodes=len(states),
                successes=sum(g.success for g in grades),
                required=sum(escalation_required_at_decision(s, s.scenario) for s in states),
                escalated=sum(s.escalation is not None for s in states),
                left=0,
            )
        )
    return points


async def test_default_scripted_curve_falls_with_frustration() -> None:
    points = await sweep("scripted")
    success = [p.success for p in points]
    required = [p.escalation_required for p in points]
    assert non_increasing(success), success
    assert falls_by(success, 0.15), success
    assert non_decreasing(required), required
    assert required[-1] > 0


@pytest.mark.parametrize("name", ["scripted-ignores-human", "ignore-repeated-human"])
@pytest.mark.parametrize("scenario_id", SCENARIO_IDS)
async def test_ignoring_a_request_fails_where_the_policy_says_honour_it(
    scenario_id: str, name: str
) -> None:
    honoured = 0
    for persona in ("furious-repeat-caller", "terse-executive"):
        for f in (0.8, 1.0):
            state = await play(scenario_id, make_agent(name), f, 7, persona)  # type: ignore[arg-type]
            if request_requires_escalation(state, state.scenario):
                honoured += 1
                report = grade(state)
                assert not report.success, report.checks
                assert not report.check("escalation_judgment").passed  # type: ignore[union-attr]
    if not honoured:
        pytest.skip(f"no request had to be honoured on {scenario_id}")


async def test_escalating_at_first_anger_is_wrong_when_the_policy_offers_help_first() -> None:
    sc = get_scenario("hard-double-billing")
    state = await play(sc.id, make_agent("scripted-escalates-early"), 0.95, 3)  # type: ignore[arg-type]
    assert isinstance(state.actions[0].action, Escalate)
    assert not grade(state).success  # one request, and the policy says offer help first


async def test_a_furious_customer_whose_requests_are_ignored_walks_out() -> None:
    sc = get_scenario("hard-double-billing")
    state = await play(sc.id, EXPLOITS["ignore-repeated-human"](), 0.9, 3)
    assert state.termination is Termination.CUSTOMER_LEFT
    assert state.escalation is None and request_requires_escalation(state, sc)
    assert not grade(state).check("escalation_judgment").passed  # type: ignore[union-attr]

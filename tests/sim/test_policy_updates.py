"""Policy versions in the env: a dated version applies by the ticket's date, a mid-episode
update from its step on (announced in that step's feedback and in later observations), and
every policy check of an action uses the version in force at that action."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from graders import grade
from sim.customer import EchoCustomer
from sim.env import SupportEnv
from sim.events import RewardEvent
from sim.loader import load_scenario
from sim.scenario import Scenario
from sim.state import Observation

FIXTURE = Path(__file__).parent / "policy_scenarios" / "policy-midstream-window.yaml"
NOTICE = "From now on refunds and returns are allowed only within 7 days of delivery."
SEARCH = {"type": "search_kb", "query": "refund window delivery"}
REFUND = {"type": "issue_refund", "amount": "60.00", "target": "ORD-3100", "reason": "broken"}
RETURN = {"type": "create_return", "order_id": "ORD-3100", "reason": "broken"}


def _scenario(**policy: Any) -> Scenario:
    sc = load_scenario(FIXTURE)
    if not policy:
        return sc
    data = sc.model_dump(mode="json")
    data["policy"].update(policy)
    return Scenario.model_validate(data)


async def _run(sc: Scenario, *actions: dict[str, Any]) -> tuple[SupportEnv, list[Observation]]:
    env = SupportEnv(sc, EchoCustomer())
    observations = [await env.reset(seed=0)]
    for action in actions:
        observations.append(await env.step(action))
    return env, observations


async def test_the_notice_arrives_in_its_steps_feedback_and_stays_in_the_observation() -> None:
    _, obs = await _run(_scenario(), SEARCH, SEARCH, SEARCH, SEARCH)
    assert [o.policy_notices for o in obs] == [(), (), (), (NOTICE,), (NOTICE,)]
    assert [f"Policy update: {NOTICE}" in o.feedback for o in obs] == [
        False,
        False,
        False,
        True,
        False,
    ]


async def test_the_notice_comes_even_with_an_invalid_action() -> None:
    env, obs = await _run(_scenario(), SEARCH, SEARCH, {"type": "fly"})
    assert not obs[-1].last_action_valid
    assert obs[-1].feedback.endswith(f"Policy update: {NOTICE}")
    assert env.state.actions[-1].feedback == obs[-1].feedback


async def test_a_refund_before_the_update_is_judged_by_the_old_window() -> None:
    env, _ = await _run(_scenario(), SEARCH, REFUND)
    events = env.state.actions[-1].events
    assert RewardEvent.WRONG_REFUND not in events
    assert RewardEvent.CORRECT_REFUND in events


async def test_the_same_refund_after_the_update_is_wrong() -> None:
    env, _ = await _run(_scenario(), SEARCH, SEARCH, SEARCH, REFUND)
    assert env.state.actions[-1].step == 4
    assert RewardEvent.WRONG_REFUND in env.state.actions[-1].events


async def test_a_return_is_allowed_before_the_update_and_refused_after() -> None:
    env, obs = await _run(_scenario(), RETURN)
    assert obs[-1].last_action_valid
    env, obs = await _run(_scenario(), SEARCH, SEARCH, RETURN)
    assert not obs[-1].last_action_valid
    assert obs[-1].feedback.startswith("Return rejected: day 12: outside the 7-day window.")
    assert env.state.world.returns == ()


async def test_a_dated_version_applies_when_the_ticket_is_on_or_after_its_date() -> None:
    newer = {"refund": {"window_days": 7, "window_from": "delivery"}}
    for effective, wrong in (("2026-11-27", True), ("2026-11-28", False)):
        sc = _scenario(updates=[{"effective": effective, **newer}])
        env, obs = await _run(sc, SEARCH, REFUND)
        assert (RewardEvent.WRONG_REFUND in env.state.actions[-1].events) is wrong
        assert obs[-1].policy_notices == ()  # a dated version is not announced


async def test_the_gold_succeeds_under_the_version_in_force_at_each_step() -> None:
    sc = _scenario()
    env, _ = await _run(sc, *(a.model_dump(mode="json") for a in sc.reference_solution))
    report = grade(env.state)
    assert report.success, report.failed

"""The ``world_state`` check: the gold replayed on a fresh world is the expected final world;
every difference is reported readably; lookups never count; only for world scenarios."""

from __future__ import annotations

from decimal import Decimal

import pytest

from agents import OracleAgent, PolicyAgent
from graders import grade
from graders.rules import check_world_state
from sim.actions import Action, parse_action
from sim.factory import make_env
from sim.scenario import Scenario
from sim.state import EpisodeState, Observation
from sim.world import CreditRecord, OrderStatus, ReturnKind, ReturnRecord, World
from sim.world_diff import diff_worlds, expected_world
from tests.sim.world_helpers import WORLD_IDS, world_scenario


class _Plan(PolicyAgent):
    """Plays a fixed action list (then closes)."""

    name = "plan"

    def __init__(self, plan: list[dict[str, object]]) -> None:
        self._plan = [parse_action(a) for a in plan]

    def act(self, observation: Observation) -> Action:
        if self._plan:
            return self._plan.pop(0)
        return parse_action({"type": "close_ticket", "resolution": "done"})


async def _play(sc: Scenario, agent: PolicyAgent) -> EpisodeState:
    env = make_env(sc)
    obs = await env.reset(seed=7, episode_id=f"{sc.id}-7")
    await agent.play(env, obs)
    return env.state


def _gold(sc: Scenario) -> list[dict[str, object]]:
    return [a.model_dump(mode="json") for a in sc.reference_solution]


@pytest.mark.parametrize("name", WORLD_IDS)
async def test_oracle_succeeds_on_the_world_scenarios(name: str) -> None:
    sc = world_scenario(name)
    report = grade(await _play(sc, OracleAgent()))
    assert report.success, report.failed
    assert report.score >= 0.95
    check = report.check("world_state")
    assert check is not None and check.passed and check.critical


@pytest.mark.parametrize("name", WORLD_IDS)
async def test_lookups_never_count(name: str) -> None:
    sc = world_scenario(name)
    extra = [{"type": "lookup_account"}, *_gold(sc)]
    extra.insert(2, {"type": "lookup_account"})
    report = grade(await _play(sc, _Plan(extra)))
    check = report.check("world_state")
    assert check is not None and check.passed, check


async def test_cancelling_now_instead_of_at_the_end_is_a_difference() -> None:
    sc = world_scenario("world-cancel-subscription")
    plan = _gold(sc)
    plan[3] = {"type": "cancel_subscription", "subscription_id": "SUB-301", "when": "now"}
    report = grade(await _play(sc, _Plan(plan)))
    check = report.check("world_state")
    assert check is not None and not check.passed and not report.success
    assert "subscriptions[SUB-301].status: expected pending_cancel, got cancelled" in check.reason


async def test_skipping_the_retention_offer_is_a_difference() -> None:
    sc = world_scenario("world-cancel-subscription")
    plan = [a for a in _gold(sc) if a["type"] != "offer_retention"]
    report = grade(await _play(sc, _Plan(plan)))
    check = report.check("world_state")
    assert check is not None and not check.passed
    assert (
        "retention_offers: missing (subscription_id=SUB-301, offer_id=half-off-3, accepted=False)"
        in check.reason
    )


async def test_not_cancelling_the_order_fails_the_episode() -> None:
    sc = world_scenario("world-cancel-order")
    plan = [a for a in _gold(sc) if a["type"] != "cancel_order"]
    report = grade(await _play(sc, _Plan(plan)))
    check = report.check("world_state")
    assert check is not None and not check.passed and not report.success
    assert "orders[ORD-9001].status: expected cancelled, got processing" in check.reason


def test_diff_lists_every_difference_readably() -> None:
    sc = world_scenario("world-cancel-order")
    expected = expected_world(sc)
    assert diff_worlds(expected, expected) == []
    order = expected.order("ORD-8120")
    assert order is not None
    delivered = order.model_copy(update={"status": OrderStatus.DELIVERED})
    cancelled = order.model_copy(update={"status": OrderStatus.CANCELLED})
    want = expected.model_copy(
        update={
            "orders": (expected.orders[0], cancelled),
            "returns": (ReturnRecord(order_id="ORD-8120", kind=ReturnKind.REFUND, reason="a"),),
        }
    )
    got = expected.model_copy(
        update={
            "orders": (expected.orders[0], delivered),
            "credits": (CreditRecord(amount=Decimal("10.00"), reason="b"),),
        }
    )
    assert diff_worlds(want, got) == [
        "orders[ORD-8120].status: expected cancelled, got delivered",
        "returns: missing (order_id=ORD-8120, kind=refund)",
        "credits: unexpected (amount=10.00)",
    ]


def test_reasons_and_verification_are_not_compared() -> None:
    a = World(credits=(CreditRecord(amount=Decimal("5.00"), reason="goodwill"),))
    b = World(credits=(CreditRecord(amount=Decimal("5.00"), reason="sorry"),))
    assert diff_worlds(a, b) == []
    verified = b.model_copy(update={"security": b.security.model_copy(update={"verified": True})})
    assert diff_worlds(a, verified) == []
    missing = World(orders=expected_world(world_scenario("world-cancel-order")).orders)
    assert diff_worlds(missing, World()) == [
        "orders[ORD-9001]: expected it, missing",
        "orders[ORD-8120]: expected it, missing",
    ]
    assert diff_worlds(World(), missing) == [
        "orders[ORD-9001]: unexpected",
        "orders[ORD-8120]: unexpected",
    ]


async def test_no_world_check_for_scenarios_without_the_world(scenario: Scenario) -> None:
    """Bundled scenarios of the seed world have no world check; those that use the world
    have one, and the gold passes it."""
    state = await _play(scenario, OracleAgent())
    check = check_world_state(state, scenario)
    if scenario.uses_world:
        assert check is not None and check.passed, check
        return
    assert check is None
    assert grade(state).check("world_state") is None


async def test_the_world_state_report_weighs_two_and_lists_twelve_differences(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Weight 2 either way; differences joined by "; ", at most 12 shown, the rest counted."""
    import graders.rules as rules
    from sim.factory import make_env
    from sim.loader import get_scenario

    scenario = get_scenario("orders-cancel-before-shipping")
    env = make_env("orders-cancel-before-shipping")
    await env.reset(seed=1)
    for action in scenario.reference_solution:
        if not env.state.done:
            await env.step(action)
    good = rules.check_world_state(env.state, scenario)
    assert good is not None and good.passed and good.weight == 2
    assert good.reason == "the final world matches the gold's"
    for count, tail in ((14, " (+2 more)"), (12, ""), (2, "")):
        fake = [f"d{i}" for i in range(count)]
        monkeypatch.setattr(rules, "diff_worlds", lambda *_, f=fake: list(f))
        bad = rules.check_world_state(env.state, scenario)
        assert bad is not None and not bad.passed and bad.weight == 2
        shown = "; ".join(fake[:12])
        assert bad.reason == f"{count} difference(s): {shown}{tail}"

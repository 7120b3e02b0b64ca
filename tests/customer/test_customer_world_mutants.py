"""The customer's side of the world asserted exactly (from mutation testing of
sim/customer_world.py): each line of the customer-side problems, the agent-side diff joined
before them, and what one customer tool does to the world, its ledger and "solved"."""

from __future__ import annotations

from sim.customer_tools import InstallUpdate, OpenResetLink, ReadErrorCode, RestartDevice
from sim.customer_world import (
    CustomerStepResult,
    CustomerWorld,
    customer_act,
    customer_world_problems,
    world_problems,
)
from sim.loader import get_scenario
from sim.scenario import Scenario
from sim.state import EpisodeState
from sim.world import CustomerStepRecord, DeviceStatus, World
from sim.world_diff import expected_world
from tests.customer.dual_helpers import DEVICE, PASSWORD


def _expecting(sc: Scenario, want: CustomerWorld | None) -> Scenario:
    exp = sc.expectations.model_copy(update={"customer_world": want})
    return sc.model_construct(**{**dict(sc), "expectations": exp})


def _state(sc: Scenario, world: World, step: int = 4) -> EpisodeState:
    st = EpisodeState.model_construct(
        episode_id="e", seed=0, scenario=sc, persona_id="p", max_steps=20, step_count=step
    )
    st.world = world
    st.facts_communicated = [f.id for f in sc.expectations.facts]
    return st


def _logged_in(world: World, value: bool) -> World:
    return world.model_copy(
        update={"security": world.security.model_copy(update={"logged_in": value})}
    )


def test_logged_in_is_compared_both_ways_and_only_when_named() -> None:
    sc = get_scenario(PASSWORD)
    out = World.from_account(sc.customer)
    inside = _logged_in(out, True)
    assert customer_world_problems(sc, out) == ["security.logged_in: expected true, got false"]
    assert customer_world_problems(sc, inside) == []
    stay_out = _expecting(sc, CustomerWorld(logged_in=False))
    assert customer_world_problems(stay_out, inside) == [
        "security.logged_in: expected false, got true"
    ]
    assert customer_world_problems(stay_out, out) == []
    unnamed = _expecting(sc, CustomerWorld())
    assert customer_world_problems(unnamed, out) == []
    assert customer_world_problems(_expecting(sc, None), out) == []


def test_every_device_named_is_compared_after_the_login() -> None:
    sc = get_scenario(DEVICE)  # RTR-2201 in error, expected working
    broken = World.from_account(sc.customer)
    assert customer_world_problems(sc, broken) == [
        "devices[RTR-2201].status: expected working, got error"
    ]
    assert customer_world_problems(sc, World()) == [
        "devices[RTR-2201].status: expected working, got missing"
    ]
    want = CustomerWorld(
        logged_in=True,
        devices={"RTR-2201": DeviceStatus.ERROR, "RTR-404": DeviceStatus.WORKING},
    )
    both = _expecting(sc, want)
    assert customer_world_problems(both, broken) == [
        "security.logged_in: expected true, got false",
        "devices[RTR-404].status: expected working, got missing",
    ]


def test_world_problems_list_the_agent_side_first() -> None:
    sc = get_scenario(PASSWORD)
    fresh = World.from_account(sc.customer)
    problems = world_problems(sc, fresh)
    assert problems[-1] == "security.logged_in: expected true, got false"
    assert "security.reset_sent: expected True, got False" in problems[:-1]
    gold = expected_world(sc)
    assert world_problems(sc, gold) == ["security.logged_in: expected true, got false"]
    assert world_problems(sc, _logged_in(gold, True)) == []


def test_a_tool_the_customer_lacks_is_refused_and_names_what_it_has() -> None:
    sc = get_scenario(DEVICE)
    st = _state(sc, World.from_account(sc.customer))
    before = st.world
    done = customer_act(st, OpenResetLink())
    assert done == CustomerStepResult(
        False,
        "I can't do that here (I can: read_error_code, restart_device, install_update).",
        False,
        False,
    )
    assert st.world == before and st.world.customer_steps == ()
    none = sc.model_construct(**{**dict(sc), "customer_tools": []})
    assert customer_act(_state(none, before), ReadErrorCode()).feedback == (
        "I can't do that here (I can: none)."
    )
    # refused, but the problem may already be solved: that is reported as it is
    pw = get_scenario(PASSWORD)
    solved_world = _logged_in(expected_world(pw), True)
    refused = customer_act(_state(pw, solved_world), RestartDevice())
    assert (refused.valid, refused.progress, refused.solved) == (False, False, True)


def test_each_tool_is_recorded_with_its_step_and_progress() -> None:
    sc = get_scenario(DEVICE)  # fix: hard restart, then install the update
    st = _state(sc, World.from_account(sc.customer), step=3)
    read = customer_act(st, ReadErrorCode())
    assert (read.valid, read.progress, read.solved) == (True, False, False)
    assert "E-31" in read.feedback
    hard = customer_act(st, RestartDevice(hard=True))
    assert (hard.valid, hard.progress, hard.solved) == (True, True, False)
    st.step_count = 5
    update = customer_act(st, InstallUpdate())
    assert (update.valid, update.progress, update.solved) == (True, True, True)
    again = customer_act(st, RestartDevice())  # valid, but nothing left to change
    assert (again.valid, again.progress, again.solved) == (True, False, True)
    assert st.world.customer_steps == (
        CustomerStepRecord(tool="read_error_code", valid=True, step=3, progress=False),
        CustomerStepRecord(tool="restart_device", valid=True, step=3, progress=True),
        CustomerStepRecord(tool="install_update", valid=True, step=5, progress=True),
        CustomerStepRecord(tool="restart_device", valid=True, step=5, progress=False),
    )
    device = st.world.device("RTR-2201")
    assert device is not None and device.status is DeviceStatus.WORKING


def test_an_invalid_use_is_recorded_and_changes_nothing_else() -> None:
    sc = get_scenario(PASSWORD)
    st = _state(sc, World.from_account(sc.customer), step=2)  # no reset link sent yet
    done = customer_act(st, OpenResetLink())
    assert (done.valid, done.progress, done.solved) == (False, False, False)
    assert st.world.customer_steps == (
        CustomerStepRecord(tool="open_reset_link", valid=False, step=2, progress=False),
    )
    assert not st.world.security.logged_in
    sent = _state(sc, expected_world(sc), step=4)
    opened = customer_act(sent, OpenResetLink())
    assert (opened.valid, opened.progress, opened.solved) == (True, True, True)
    assert sent.world.security.logged_in
    twice = customer_act(sent, OpenResetLink())  # the link works once
    assert (twice.valid, twice.progress, twice.solved) == (False, False, True)

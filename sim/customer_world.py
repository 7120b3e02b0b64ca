"""The customer's side of the world in an episode (dual control, issue 15 point 3).

What the customer's tools change (``security.logged_in``, the reset link, devices) is not
in the gold's replayed world: the gold holds the agent's actions only, and only the customer
acts on its own side. So a scenario names the final customer-side state it expects
(``expectations.customer_world``); :func:`customer_world_problems` lists what differs, and
the ``world_state`` check and ``solved`` count those lines beside the agent-side diff.
:func:`customer_act` is what the env hands the customer to act with.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field

from sim.customer_tools import (
    READ_ONLY_CUSTOMER,
    CheckStatement,
    InstallUpdate,
    OpenResetLink,
    ReadErrorCode,
    RestartDevice,
    apply_customer_tool,
)
from sim.world import CustomerStepRecord, DeviceStatus, World

if TYPE_CHECKING:
    from sim.scenario import Scenario
    from sim.state import EpisodeState

__all__ = [
    "CustomerStepResult",
    "CustomerWorld",
    "customer_act",
    "customer_world_problems",
    "world_problems",
]

AnyCustomerTool = OpenResetLink | CheckStatement | ReadErrorCode | RestartDevice | InstallUpdate


class CustomerWorld(BaseModel):
    """The customer-side state a scenario expects at the end (unset fields: not checked)."""

    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)

    logged_in: bool | None = None
    """``security.logged_in`` at the end (``true``: the customer got back in)."""
    devices: dict[str, DeviceStatus] = Field(default_factory=dict)
    """Device id -> its status at the end (``working``: the customer fixed it)."""


def customer_world_problems(scenario: Scenario, world: World) -> list[str]:
    """Every way ``world``'s customer side differs from ``expectations.customer_world``, one
    readable line each, in the world diff's style (empty: as expected, or nothing named)."""
    want = scenario.expectations.customer_world
    if want is None:
        return []
    out: list[str] = []
    if want.logged_in is not None and world.security.logged_in != want.logged_in:
        out.append(
            f"security.logged_in: expected {str(want.logged_in).lower()}, "
            f"got {str(world.security.logged_in).lower()}"
        )
    for device_id, status in want.devices.items():
        device = world.device(device_id)
        got = "missing" if device is None else device.status.value
        if got != status.value:
            out.append(f"devices[{device_id}].status: expected {status.value}, got {got}")
    return out


def world_problems(scenario: Scenario, world: World) -> list[str]:
    """The agent-side diff against the gold's world, then the customer side's problems."""
    from sim.world_diff import diff_worlds, expected_world

    return diff_worlds(expected_world(scenario), world) + customer_world_problems(scenario, world)


@dataclass(frozen=True, slots=True)
class CustomerStepResult:
    """What the customer saw after one of its tools, and whether its problem is solved now."""

    valid: bool
    feedback: str
    progress: bool
    solved: bool


def customer_act(state: EpisodeState, action: AnyCustomerTool) -> CustomerStepResult:
    """Carry out one customer tool on the episode's world (the env's ``act`` callback).

    A tool the scenario does not give the customer is refused, and the world is unchanged.
    Every use is recorded in ``world.customer_steps``."""
    from sim.outcome import solved

    scenario = state.scenario
    if action.type not in scenario.customer_tools:
        have = ", ".join(scenario.customer_tools) or "none"
        return CustomerStepResult(
            False, f"I can't do that here (I can: {have}).", False, solved(state, scenario)
        )
    done = apply_customer_tool(state.world, action)
    # Customer-side state only changes when a step moves it on (a link used, a fix step done).
    progress = done.valid and action.type not in READ_ONLY_CUSTOMER and done.world != state.world
    record = CustomerStepRecord(
        tool=action.type, valid=done.valid, step=state.step_count, progress=progress
    )
    state.world = done.world.model_copy(
        update={"customer_steps": (*done.world.customer_steps, record)}
    )
    return CustomerStepResult(done.valid, done.feedback, progress, solved(state, scenario))

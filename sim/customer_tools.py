"""The customer's own tools (dual control, issue 15 point 3): typed actions and their pure
transitions over the world.

A scenario lists the tools its customer has (``Scenario.customer_tools``). Like the agent's
domain tools (:mod:`sim.tools`, :mod:`sim.transitions`), each is a small frozen model
discriminated on ``type``, and each transition checks its invariant first: a rejected step
returns the world unchanged with ``valid=False``. The feedback is what the customer sees
(in the customer's own words, first person): the customer passes it on in its message, and
the support agent sees only that message, never the result itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal, assert_never

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from sim.money import format_money
from sim.world import Device, DeviceStatus, DeviceStep, ResetLink, World

__all__ = [
    "CUSTOMER_TOOL_TYPES",
    "CheckStatement",
    "CustomerTool",
    "CustomerTransition",
    "InstallUpdate",
    "OpenResetLink",
    "ReadErrorCode",
    "RestartDevice",
    "apply_customer_tool",
    "parse_customer_tool",
]


class _Tool(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


_DEVICE = Field(default=None, min_length=1, max_length=100)


class OpenResetLink(_Tool):
    """Open the newest password reset link in the inbox and set a new password (signs the
    customer in). Works once, and only for a fresh link."""

    type: Literal["open_reset_link"] = "open_reset_link"


class CheckStatement(_Tool):
    """Look at the bank or card statement: the charges and any refunds on their way."""

    type: Literal["check_statement"] = "check_statement"


class ReadErrorCode(_Tool):
    """Read what the device's screen shows (an error code, or nothing wrong)."""

    type: Literal["read_error_code"] = "read_error_code"
    device_id: str | None = _DEVICE
    """Which device (``None``: the customer's device, the first one in error)."""


class RestartDevice(_Tool):
    """Restart the device: off and on again, or (``hard``) hold the power button for ten
    seconds."""

    type: Literal["restart_device"] = "restart_device"
    device_id: str | None = _DEVICE
    hard: bool = False


class InstallUpdate(_Tool):
    """Install the device's pending software update."""

    type: Literal["install_update"] = "install_update"
    device_id: str | None = _DEVICE


CustomerTool = Annotated[
    OpenResetLink | CheckStatement | ReadErrorCode | RestartDevice | InstallUpdate,
    Field(discriminator="type"),
]
"""Any customer tool (discriminated on ``type``)."""

CUSTOMER_TOOL_TYPES: tuple[str, ...] = (
    "open_reset_link",
    "check_statement",
    "read_error_code",
    "restart_device",
    "install_update",
)
"""The customer tools' names (= their ``type`` tags)."""

READ_ONLY_CUSTOMER: frozenset[str] = frozenset({"check_statement", "read_error_code"})

_ADAPTER: TypeAdapter[
    OpenResetLink | CheckStatement | ReadErrorCode | RestartDevice | InstallUpdate
] = TypeAdapter(CustomerTool)


def parse_customer_tool(
    data: object,
) -> OpenResetLink | CheckStatement | ReadErrorCode | RestartDevice | InstallUpdate:
    """A customer tool from a dict (raises ``pydantic.ValidationError`` when it is not one)."""
    return _ADAPTER.validate_python(data)


@dataclass(frozen=True, slots=True)
class CustomerTransition:
    """What one customer step did: the new world (the same when rejected) and what the
    customer saw, in the customer's words."""

    world: World
    valid: bool
    feedback: str


def _reject(world: World, feedback: str) -> CustomerTransition:
    return CustomerTransition(world, False, feedback)


def _open_link(world: World) -> CustomerTransition:
    sec = world.security
    match sec.reset_link:
        case ResetLink.NONE:
            return _reject(world, "I have no password reset email in my inbox.")
        case ResetLink.EXPIRED:
            return _reject(world, "I clicked the reset link but it says the link has expired.")
        case ResetLink.USED:
            return _reject(
                world, "I clicked the reset link again but it says it has already been used."
            )
        case ResetLink.SENT:
            security = sec.model_copy(update={"reset_link": ResetLink.USED, "logged_in": True})
            return CustomerTransition(
                world.model_copy(update={"security": security}),
                True,
                "I clicked the link in the email, set a new password, and I'm signed in now.",
            )
        case _:
            assert_never(sec.reset_link)


def _statement(world: World) -> CustomerTransition:
    lines = [f"{c.date}: {c.description} {format_money(c.amount)}" for c in world.charges]
    lines += [f"{o.date}: {o.item} {format_money(o.amount)}" for o in world.orders]
    refunds = [f"a refund of {format_money(r.amount)} (pending)" for r in world.refunds]
    said = "My statement shows " + ("; ".join(lines) if lines else "no charges from you")
    said += ". " + (
        "I can also see " + ", ".join(refunds) + "." if refunds else "I see no refund yet."
    )
    return CustomerTransition(world, True, said)


def _device(world: World, device_id: str | None) -> Device | str:
    if not world.devices:
        return "I don't have a device like that here."
    if device_id is None:
        broken = [d for d in world.devices if d.status is DeviceStatus.ERROR]
        return (broken or list(world.devices))[0]
    device = world.device(device_id)
    return device if device is not None else f"I don't have a device called {device_id!r}."


def _read_code(world: World, action: ReadErrorCode) -> CustomerTransition:
    device = _device(world, action.device_id)
    if isinstance(device, str):
        return _reject(world, device)
    if device.status is DeviceStatus.ERROR:
        return CustomerTransition(
            world, True, f"The screen on my {device.name} shows error code {device.error_code}."
        )
    return CustomerTransition(world, True, f"My {device.name} shows no error; it is working.")


def _device_step(world: World, device_id: str | None, step: DeviceStep) -> CustomerTransition:
    """One step on a device: the next step of its fix moves it on (the last one makes it
    work); any other step changes nothing."""
    device = _device(world, device_id)
    if isinstance(device, str):
        return _reject(world, device)
    did = {
        DeviceStep.RESTART: "I turned it off and on again",
        DeviceStep.HARD_RESTART: "I held the power button for ten seconds and it restarted",
        DeviceStep.INSTALL_UPDATE: "I installed the update",
    }[step]
    if step is DeviceStep.INSTALL_UPDATE and device.status is DeviceStatus.WORKING:
        return _reject(world, f"My {device.name} says there is no update to install.")
    if device.status is DeviceStatus.WORKING:
        return CustomerTransition(world, True, f"{did}; my {device.name} is working.")
    want = device.fix[device.progress]
    counts = step is want or (step is DeviceStep.HARD_RESTART and want is DeviceStep.RESTART)
    if not counts:
        return CustomerTransition(
            world, True, f"{did}, but my {device.name} still shows error code {device.error_code}."
        )
    progress = device.progress + 1
    if progress == len(device.fix):
        new = device.model_copy(
            update={"status": DeviceStatus.WORKING, "error_code": None, "progress": progress}
        )
        said = f"{did}, and my {device.name} is working again: the error is gone."
    else:
        new = device.model_copy(update={"progress": progress})
        said = f"{did}; it came back up but still shows error code {device.error_code}."
    devices = tuple(new if d.id == device.id else d for d in world.devices)
    return CustomerTransition(world.model_copy(update={"devices": devices}), True, said)


def apply_customer_tool(
    world: World,
    action: OpenResetLink | CheckStatement | ReadErrorCode | RestartDevice | InstallUpdate,
) -> CustomerTransition:
    """Apply one customer tool to ``world`` (unchanged when it is rejected)."""
    match action:
        case OpenResetLink():
            return _open_link(world)
        case CheckStatement():
            return _statement(world)
        case ReadErrorCode():
            return _read_code(world, action)
        case RestartDevice():
            step = DeviceStep.HARD_RESTART if action.hard else DeviceStep.RESTART
            return _device_step(world, action.device_id, step)
        case InstallUpdate():
            return _device_step(world, action.device_id, DeviceStep.INSTALL_UPDATE)
        case _:
            assert_never(action)

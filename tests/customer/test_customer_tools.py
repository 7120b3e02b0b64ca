"""The customer's own tools: their pure transitions and invariants (dual control)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from sim.customer_tools import (
    CUSTOMER_TOOL_TYPES,
    CheckStatement,
    InstallUpdate,
    OpenResetLink,
    ReadErrorCode,
    RestartDevice,
    apply_customer_tool,
    parse_customer_tool,
)
from sim.scenario import Policy
from sim.tools import SendPasswordReset
from sim.transitions import ToolContext, apply_tool
from sim.world import Device, DeviceStatus, DeviceStep, ResetLink, Security, Tier, World

ROUTER = Device(
    id="RTR-1",
    name="router",
    status=DeviceStatus.ERROR,
    error_code="E-31",
    fix=(DeviceStep.HARD_RESTART, DeviceStep.INSTALL_UPDATE),
)


def _ctx() -> ToolContext:
    return ToolContext(policy=Policy(), tier=Tier.STANDARD, day=None, email="a@example.com")


def test_reset_link_needs_a_sent_link() -> None:
    world = World()
    done = apply_customer_tool(world, OpenResetLink())
    assert not done.valid and done.world == world
    assert "no password reset email" in done.feedback


def test_reset_link_works_once_after_send_password_reset() -> None:
    sent = apply_tool(World(), SendPasswordReset(), _ctx()).world
    assert sent.security.reset_link is ResetLink.SENT
    done = apply_customer_tool(sent, OpenResetLink())
    assert done.valid and done.world.security.logged_in
    assert done.world.security.reset_link is ResetLink.USED
    again = apply_customer_tool(done.world, OpenResetLink())
    assert not again.valid and "already been used" in again.feedback
    assert again.world == done.world


def test_an_expired_link_fails_until_a_new_one_is_sent() -> None:
    world = World(security=Security(reset_link=ResetLink.EXPIRED))
    done = apply_customer_tool(world, OpenResetLink())
    assert not done.valid and "expired" in done.feedback and not done.world.security.logged_in
    fresh = apply_tool(world, SendPasswordReset(), _ctx()).world
    assert apply_customer_tool(fresh, OpenResetLink()).world.security.logged_in


def test_read_error_code_is_read_only() -> None:
    world = World(devices=(ROUTER,))
    done = apply_customer_tool(world, ReadErrorCode())
    assert done.valid and done.world == world and "E-31" in done.feedback


def test_device_fix_steps_count_only_in_order() -> None:
    world = World(devices=(ROUTER,))
    update_first = apply_customer_tool(world, InstallUpdate())
    assert update_first.valid and update_first.world == world
    assert "still shows error code E-31" in update_first.feedback
    soft = apply_customer_tool(world, RestartDevice())
    assert soft.world == world  # a plain restart is not the hard restart the fix needs
    hard = apply_customer_tool(world, RestartDevice(hard=True))
    assert hard.world.devices[0].progress == 1
    assert hard.world.devices[0].status is DeviceStatus.ERROR
    fixed = apply_customer_tool(hard.world, InstallUpdate(device_id="RTR-1"))
    device = fixed.world.devices[0]
    assert device.status is DeviceStatus.WORKING and device.error_code is None
    assert "working again" in fixed.feedback
    no_update = apply_customer_tool(fixed.world, InstallUpdate())
    assert not no_update.valid and no_update.world == fixed.world


def test_a_hard_restart_counts_as_a_restart() -> None:
    dev = ROUTER.model_copy(update={"fix": (DeviceStep.RESTART,)})
    done = apply_customer_tool(World(devices=(dev,)), RestartDevice(hard=True))
    assert done.world.devices[0].status is DeviceStatus.WORKING


def test_unknown_device_and_no_device_are_rejected() -> None:
    assert not apply_customer_tool(World(), RestartDevice()).valid
    world = World(devices=(ROUTER,))
    done = apply_customer_tool(world, RestartDevice(device_id="TV-9"))
    assert not done.valid and "TV-9" in done.feedback and done.world == world


def test_statement_shows_charges_and_pending_refunds() -> None:
    done = apply_customer_tool(World(), CheckStatement())
    assert done.valid and "no refund yet" in done.feedback


def test_device_invariants() -> None:
    with pytest.raises(ValidationError, match="error_code and a fix"):
        Device(id="D", name="d", status=DeviceStatus.ERROR)
    with pytest.raises(ValidationError, match="shows no error_code"):
        Device(id="D", name="d", error_code="E-1")
    with pytest.raises(ValidationError, match="progress"):
        Device(id="D", name="d", progress=1)


def test_parse_customer_tool() -> None:
    assert parse_customer_tool({"type": "restart_device", "hard": True}) == RestartDevice(hard=True)
    with pytest.raises(ValidationError):
        parse_customer_tool({"type": "send_password_reset"})
    with pytest.raises(ValidationError):
        parse_customer_tool({"type": "open_reset_link", "extra": 1})
    assert len(CUSTOMER_TOOL_TYPES) == 5

"""gen-d's templates (workflow kinds added with teams' own tools and the customer's tools):
each one's train and test scenarios validate, the oracle succeeds with score >= 0.95, the
exploits fail where their behaviour is wrong, the same seed gives the same bytes, and the
whole workflow (first line, then tier-2 under the team's tools) succeeds (issue 12 point 1;
the kinds are in ``test_gen_c_templates.KINDS``)."""

from __future__ import annotations

import pytest

from agents.registry import make_agent
from agents.tier2 import make_tier2
from sim.actions import Escalate
from sim.factory import make_env
from sim.generate import Split
from sim.generate.check import play
from sim.orchestrator import EpisodeResult, EpisodeSpec, run_episode
from sim.scenario import Scenario
from sim.tools import SendPasswordReset, VerifyIdentity
from tests.generate.test_gen_c_templates import _items, check_generated, check_same_bytes

GEN_D = [
    "workflow-security-lockout",
    "workflow-dual-password-reset",
    "workflow-dual-device-error",
]
"""The templates this file covers (file stems under ``sim/generate/templates``)."""


@pytest.mark.parametrize("split", list(Split))
@pytest.mark.parametrize("stem", GEN_D)
def test_generated_scenarios_validate_and_the_oracle_succeeds(stem: str, split: Split) -> None:
    check_generated(stem, split)


@pytest.mark.parametrize("stem", GEN_D)
def test_same_seed_same_bytes(stem: str) -> None:
    check_same_bytes(stem)


async def _play(s: Scenario, agent: str, tier2: str) -> EpisodeResult:
    env = make_env(s, s.default_persona)
    return await run_episode(
        env,
        make_agent(agent),
        EpisodeSpec(s.id, s.default_persona, 0, 7),
        agent_name=agent,
        tier2=make_tier2(tier2),
    )


def _golds(count: int = 12) -> list[Scenario]:
    return [
        g.synthesized.scenario
        for split in Split
        for g in _items("workflow-security-lockout", count // 2, 7, split)
    ]


@pytest.mark.parametrize("tier2", ["oracle", "tier2"])
async def test_security_lockout_tier2_verifies_and_unlocks(tier2: str) -> None:
    """The kind of workflow-security-lockout: the first line escalates to the routed team
    with a note; tier-2 (the oracle's plan or the scripted tier-2 agent) verifies with the
    team's tools and sends the reset link (which unlocks the account when used); the
    workflow succeeds."""
    for s in _golds(6):
        assert s.handoff is not None and s.expectations.escalation_team == s.handoff.team
        assert not any(isinstance(a, VerifyIdentity) for a in s.reference_solution)
        note = next(a for a in s.reference_solution if isinstance(a, Escalate)).reason
        assert s.customer.account_id in note and "locked" in note
        kinds = [type(a) for a in s.handoff.reference_solution]
        assert kinds.index(VerifyIdentity) < kinds.index(SendPasswordReset)
        result = await _play(s, "oracle", tier2)
        assert result.success, (s.id, result.roles)
        assert result.roles is not None and result.roles.resolved
        security = result.state.world.security
        assert security.verified and security.reset_sent


async def test_first_line_may_not_use_the_team_tools() -> None:
    """What a wrong generated scenario would allow: the first line verifying and sending the
    reset itself is refused (the tools belong to the team), so it cannot succeed that way."""
    from sim.actions import CloseOutcome, CloseTicket

    s = _golds(2)[0]
    env = make_env(s, s.default_persona)
    await env.reset()
    verify = next(a for a in s.handoff.reference_solution if isinstance(a, VerifyIdentity))  # type: ignore[union-attr]
    for action in (
        verify,
        SendPasswordReset(),
        CloseTicket(outcome=CloseOutcome.RESOLVED, resolution="done"),
    ):
        await env.step(action)
    assert not env.state.world.security.verified
    assert not env.state.world.security.reset_sent


@pytest.mark.parametrize("agent", ["vague-steps", "claim-fixed"])
def test_dual_password_reset_customer_world_decides(agent: str) -> None:
    """The kind of workflow-dual-password-reset: the engine's customer_world says the
    customer signs in with the fresh link the gold asks for clearly; the gold with its steps
    asked vaguely, or an agent claiming it fixed everything itself, fails on a low-tech
    customer's final world."""
    low_tech = 0
    for split in Split:
        for g in _items("workflow-dual-password-reset", 8, 9, split):
            s = g.synthesized.scenario
            assert s.expectations.customer_world is not None
            assert s.expectations.customer_world.logged_in is True
            assert s.customer_tools == ["open_reset_link"]
            if s.default_persona in ("elderly-non-technical", "anxious-first-timer"):
                low_tech += 1
                assert not play(s, agent).success, (s.id, agent)
    assert low_tech


@pytest.mark.parametrize("agent", ["vague-steps", "claim-fixed"])
def test_dual_device_error_one_step_per_reply_and_the_device_works(agent: str) -> None:
    """The kind of workflow-dual-device-error: the gold asks for the code, then gives one
    reply per step of the code's fix; the engine's customer_world says the device works at
    the end; asked vaguely (a low-tech customer misreads) or claimed fixed, it fails."""
    from sim.actions import Reply

    codes = set()
    for split in Split:
        for g in _items("workflow-dual-device-error", 8, 9, split):
            s = g.synthesized.scenario
            device = s.customer.devices[0]
            codes.add(device.error_code)
            cw = s.expectations.customer_world
            assert cw is not None and cw.devices == {device.id: "working"}
            replies = [a for a in s.reference_solution if isinstance(a, Reply)]
            assert len(replies) == 1 + len(device.fix)
            assert "error code" in replies[0].content
            if s.default_persona in ("elderly-non-technical", "anxious-first-timer"):
                assert not play(s, agent).success, (s.id, agent)
    assert len(codes) >= 2

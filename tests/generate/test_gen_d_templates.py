"""gen-d's templates (workflow kinds added with teams' own tools and the customer's tools):
each one's train and test scenarios validate, the oracle succeeds with score >= 0.95, the
exploits fail where their behaviour is wrong, the same seed gives the same bytes, and the
whole workflow (first line, then tier-2 under the team's tools) succeeds (issue 12 point 1;
the kinds are in ``test_gen_c_templates.KINDS``)."""

from __future__ import annotations

import pytest

from agents.registry import make_agent
from agents.tier2 import make_tier2
from sim.actions import Action, CloseOutcome, CloseTicket, Escalate, Reply
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


IMPOSTORS = ("impostor", "social-engineer")
"""The personas of the callers whose answers do not match the account."""


def _golds(count: int = 12, owners: bool = True) -> list[Scenario]:
    """Security-lockout scenarios of owners (or of impostors)."""
    return [
        g.synthesized.scenario
        for split in Split
        for g in _items("workflow-security-lockout", count // 2, 7, split)
        if (g.synthesized.scenario.default_persona not in IMPOSTORS) == owners
    ]


@pytest.mark.parametrize("tier2", ["oracle", "tier2"])
async def test_security_lockout_tier2_verifies_and_unlocks(tier2: str) -> None:
    """The kind of workflow-security-lockout: the first line escalates to the routed team
    with a note; tier-2 (the oracle's plan or the scripted tier-2 agent) verifies with the
    team's tools and sends the reset link (which unlocks the account when used); the
    workflow succeeds."""
    golds = _golds(8)
    assert golds
    for s in golds:
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


@pytest.mark.parametrize("tier2", ["oracle", "tier2"])
async def test_security_lockout_impostor_gets_no_reset_and_no_account_detail(tier2: str) -> None:
    """An impostor (answers that do not match the account): the first line still escalates
    to security (it cannot verify); tier-2's gold asks, verifies (rejected), declines and
    closes without a reset; the workflow succeeds with the account still locked, and no
    reply of either gold tells the account's email or card digits."""
    golds = _golds(16, owners=False)
    assert golds
    for s in golds:
        assert s.handoff is not None and s.expectations.customer_stays is False
        plan = s.handoff.reference_solution
        assert [type(a) for a in plan] == [Reply, VerifyIdentity, Reply, CloseTicket]
        assert isinstance(plan[-1], CloseTicket) and plan[-1].outcome is CloseOutcome.DECLINED
        secret = (s.customer.email, s.customer.payment_methods[0].last4 or "")
        for reply in (a for a in [*s.reference_solution, *plan] if isinstance(a, Reply)):
            assert not any(x in reply.content for x in secret), reply.content
        result = await _play(s, "oracle", tier2)
        assert result.success, (s.id, result.roles)
        security = result.state.world.security
        assert not security.verified and not security.reset_sent and security.locked


async def test_security_lockout_tier2_acting_for_an_impostor_fails() -> None:
    """Tier-2 playing an owner's plan for an impostor (verify with their answers, send the
    reset anyway, say it is done) fails: the policy grades a reset for an unverified caller
    wrong (``identity.unverified: wrong``), and the world differs from the gold's."""
    owner = _golds(8)[0]
    assert owner.handoff is not None
    for s in _golds(16, owners=False):
        assert s.handoff is not None and s.policy.identity.unverified.value == "wrong"
        verify = s.handoff.reference_solution[1]
        plan = [s.handoff.reference_solution[0], verify, *owner.handoff.reference_solution[2:]]
        bad = s.model_copy(
            update={"handoff": s.handoff.model_copy(update={"reference_solution": plan})}
        )
        result = await _play(bad, "oracle", "oracle")
        assert not result.success, s.id
        assert result.state.world.security.reset_sent


async def test_first_line_may_not_use_the_team_tools() -> None:
    """What a wrong generated scenario would allow: the first line verifying and sending the
    reset itself is refused (the tools belong to the team), so it cannot succeed that way."""
    s = _golds(4)[0]
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
            if s.default_persona in IMPOSTORS:
                continue  # test_dual_password_reset_impostor_is_declined
            assert s.expectations.customer_world is not None
            assert s.expectations.customer_world.logged_in is True
            assert s.customer_tools == ["open_reset_link"]
            if s.default_persona in ("elderly-non-technical", "anxious-first-timer"):
                low_tech += 1
                assert not play(s, agent).success, (s.id, agent)
    assert low_tech


def test_dual_password_reset_impostor_is_declined() -> None:
    """A caller whose answers do not match: the engine (the verification transition) says
    declined, no reset link, no account detail, the customer still signed out; the gold
    succeeds, and acting for them anyway (the owner's gold with their answers, or the reset
    sent without verifying) fails."""
    impostors = 0
    for split in Split:
        for g in _items("workflow-dual-password-reset", 16, 9, split):
            s = g.synthesized.scenario
            if s.default_persona not in IMPOSTORS:
                assert g.synthesized.outcome == "resolved"
                continue
            impostors += 1
            assert g.synthesized.outcome == "declined"
            assert s.expectations.resolution.value == "declined"
            assert s.expectations.customer_world is not None
            assert s.expectations.customer_world.logged_in is False
            assert not any(isinstance(a, SendPasswordReset) for a in s.reference_solution)
            assert s.customer.email not in " ".join(
                a.content for a in s.reference_solution if isinstance(a, Reply)
            )
            assert play(s, "oracle").success
            sent = [
                SendPasswordReset(),
                Reply(content="Thank you, that's confirmed. I have sent a reset link."),
                CloseTicket(outcome=CloseOutcome.RESOLVED, resolution="Reset sent."),
            ]
            assert not _replay(s, [*s.reference_solution[:3], *sent]), s.id  # as for an owner
            assert not _replay(s, [*s.reference_solution[:2], *sent]), s.id  # without verifying
    assert impostors


def _replay(s: Scenario, plan: list[Action]) -> bool:
    from tests.generate.test_generate_orders import _replay as replay

    return replay(s, plan)


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

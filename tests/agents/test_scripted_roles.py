"""The scripted baseline in a workflow: it asks for approval where the articles set an
approval limit (and the scenario offers request_approval), and its handoff note carries
the order, the amount owed and what the customer already tried."""

from __future__ import annotations

from agents.registry import make_agent
from agents.tier2 import make_tier2
from sim.factory import make_env
from sim.loader import get_scenario
from sim.orchestrator import EpisodeResult, EpisodeSpec, run_episode


async def _play(sid: str, supervisor: str = "policy", tier2: bool = False) -> EpisodeResult:
    from agents.supervisor import make_supervisor

    sc = get_scenario(sid)
    env = make_env(sc, sc.default_persona)
    env.supervisor = make_supervisor(supervisor)
    return await run_episode(
        env,
        make_agent("scripted"),
        EpisodeSpec(sid, sc.default_persona, 0, 11),
        agent_name="scripted",
        tier2=make_tier2("tier2") if tier2 else None,
    )


async def test_scripted_asks_approval_then_refunds_once() -> None:
    result = await _play("workflow-approval-granted")
    kinds = [a.action.type for a in result.state.actions if a.action]
    assert kinds.index("request_approval") < kinds.index("issue_refund")
    assert kinds.count("issue_refund") == 1 and result.success


async def test_scripted_does_not_refund_when_the_supervisor_denies() -> None:
    result = await _play("workflow-approval-granted", supervisor="deny-all")
    assert [a.granted for a in result.state.approvals] == [False]
    assert not result.state.refunds and not result.success


async def test_scripted_handoff_note_carries_what_tier2_needs() -> None:
    result = await _play("workflow-tier2-laptop-refund", tier2=True)
    assert result.state.handoffs
    note = result.state.handoffs[0].note
    assert "ORD-73318" in note and "$1,480.00" in note and "battery reset" in note
    assert result.roles is not None and result.success

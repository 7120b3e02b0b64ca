"""SupportEnv invariants: every bad action is a penalized observation, state never corrupts."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from sim.actions import CloseTicket, Escalate, IssueRefund, Reply, SearchKB
from sim.customer import EchoCustomer
from sim.env import SupportEnv
from sim.errors import EpisodeError
from sim.events import RewardEvent, Termination
from sim.loader import get_scenario
from sim.state import EpisodeState, Role


def _env(name: str = "medium-defective-product", **kw: object) -> SupportEnv:
    return SupportEnv(get_scenario(name), EchoCustomer(), **kw)  # type: ignore[arg-type]


async def test_step_before_reset_is_a_clear_error() -> None:
    env = _env()
    with pytest.raises(EpisodeError, match="reset"):
        await env.step(Reply(content="hi"))


async def test_reset_opens_with_the_ticket_and_hides_kb_and_emotion() -> None:
    env = _env()
    obs = await env.reset(seed=3)
    assert obs.conversation[0].role is Role.CUSTOMER
    assert "blender" in obs.conversation[0].content.lower()
    assert obs.steps_left == env.max_steps
    dumped = obs.model_dump_json()
    for article in env.scenario.kb:
        assert article.body not in dumped
    assert "frustration" not in dumped
    # Facts only the customer knows (not on the account the agent sees) stay hidden.
    account = obs.customer.model_dump_json()
    private = [f.value for f in env.scenario.customer.facts if f.hidden and f.value not in account]
    assert private
    assert not any(v in dumped for v in private)


async def test_reply_hands_the_turn_to_the_customer() -> None:
    env = _env()
    await env.reset(seed=1)
    obs = await env.step(Reply(content="Could you tell me your order number?"))
    assert [m.role for m in obs.conversation[-2:]] == [Role.AGENT, Role.CUSTOMER]
    assert "ORD-7781" in obs.conversation[-1].content
    assert env.state.revealed_facts == ["order_number"]


async def test_search_reveals_articles_and_rewards_first_relevant_once() -> None:
    env = _env()
    await env.reset(seed=1)
    obs = await env.step(SearchKB(query="refund policy defective"))
    assert obs.search_results[0].id == "refund-policy-defective"
    assert RewardEvent.USEFUL_RETRIEVAL in env.state.actions[-1].events
    again = await env.step(SearchKB(query="refund policy defective"))
    assert RewardEvent.REDUNDANT_SEARCH in env.state.actions[-1].events
    assert again.reward < 0


async def test_kb_reward_is_capped() -> None:
    env = _env()
    env.rewards = env.rewards.model_copy(update={"kb_cap": 0.05})
    await env.reset(seed=1)
    await env.step(SearchKB(query="refund policy defective products premium"))
    assert env.state.kb_reward == pytest.approx(0.05)


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (IssueRefund(amount=Decimal("0"), reason="x", target="ORD-7781"), "greater than 0"),
        (IssueRefund(amount=Decimal("-5"), reason="x", target="ORD-7781"), "greater than 0"),
        (IssueRefund(amount=Decimal("150.01"), reason="x", target="ORD-7781"), "more than"),
        (IssueRefund(amount=Decimal("1"), reason="x", target="ORD-NOPE"), "no order or charge"),
        (IssueRefund(amount=Decimal("184.51"), reason="x"), "more than"),
    ],
    ids=["zero", "negative", "above-paid", "unknown-target", "above-account-total"],
)
async def test_invalid_refunds_are_penalized_and_change_nothing(
    action: IssueRefund, message: str
) -> None:
    env = _env()
    await env.reset(seed=1)
    before = env.state.model_dump()
    obs = await env.step(action)
    assert not obs.last_action_valid
    assert message in obs.feedback
    assert obs.reward < 0
    assert env.state.refunds == []
    assert env.state.step_count == before["step_count"] + 1


async def test_refunds_are_summed_across_the_episode() -> None:
    env = _env()
    await env.reset(seed=1)
    ok = await env.step(IssueRefund(amount=Decimal("100"), reason="a", target="ORD-7781"))
    assert ok.last_action_valid
    over = await env.step(IssueRefund(amount=Decimal("60"), reason="b", target="ORD-7781"))
    assert not over.last_action_valid
    rest = await env.step(IssueRefund(amount=Decimal("50"), reason="c", target="ORD-7781"))
    assert rest.last_action_valid
    assert env.state.refunded_total == Decimal("150")
    assert rest.refunded_total == Decimal("150.00")


@pytest.mark.parametrize(
    "raw",
    [
        {"type": "teleport"},
        {"type": "issue_refund", "amount": "lots", "reason": "x"},
        {"type": "reply"},
        "not json at all",
    ],
    ids=["unknown-type", "bad-amount", "missing-field", "garbage"],
)
async def test_malformed_actions_are_penalized_observations(raw: object) -> None:
    env = _env()
    await env.reset(seed=1)
    obs = await env.step(raw)  # type: ignore[arg-type]
    assert not obs.last_action_valid
    assert obs.feedback.startswith("Invalid action")
    record = env.state.actions[-1]
    assert record.action is None and record.raw
    assert RewardEvent.INVALID_ACTION in record.events


async def test_step_after_done_is_a_clear_error() -> None:
    env = _env()
    await env.reset(seed=1)
    obs = await env.step(CloseTicket(resolution="bye"))
    assert obs.done and obs.termination is Termination.RESOLVED
    with pytest.raises(EpisodeError, match="over"):
        await env.step(Reply(content="hello?"))


async def test_escalation_ends_the_episode() -> None:
    env = _env()
    await env.reset(seed=1)
    obs = await env.step(Escalate(reason="manager"))
    assert obs.done and obs.termination is Termination.ESCALATED
    assert env.state.escalation is not None and not env.state.escalation.required


async def test_step_limit_ends_the_episode() -> None:
    env = _env(max_steps=3)
    await env.reset(seed=1)
    for i in range(3):
        obs = await env.step(SearchKB(query=f"query {i}"))
    assert obs.done and obs.termination is Termination.STEP_LIMIT
    assert obs.steps_left == 0
    assert RewardEvent.STEP_LIMIT in env.state.actions[-1].events


async def test_state_json_round_trip_is_unchanged() -> None:
    env = _env()
    await env.reset(seed=9)
    for action in env.scenario.reference_solution:
        await env.step(action)
    text = env.state.model_dump_json()
    back = EpisodeState.model_validate_json(text)
    assert back == env.state
    assert back.model_dump_json() == text
    assert json.loads(text)["refunds"][0]["amount"] == "150.00"


async def test_reward_overrides_from_scenario() -> None:
    sc = get_scenario("easy-password-reset").model_copy(update={"rewards": {"step": -0.5}})
    env = SupportEnv(sc, EchoCustomer())
    await env.reset(seed=1)
    obs = await env.step(SearchKB(query="zzz qqq"))
    assert obs.reward == pytest.approx(-0.5 + env.rewards.redundant_search)


async def test_escalation_team_must_be_one_of_the_scenarios_teams() -> None:
    env = SupportEnv(get_scenario("over-limit-escalation"), EchoCustomer())
    obs = await env.reset(seed=1)
    assert [t.id for t in obs.teams] == ["finance", "tier2"]
    obs = await env.step(Escalate(reason="Above the limit", team="legal"))
    assert not obs.last_action_valid and "no team 'legal'" in obs.feedback
    assert env.state.escalation is None and not obs.done
    obs = await env.step(Escalate(reason="Above the limit", team="finance"))
    assert obs.done and env.state.escalation is not None
    assert env.state.escalation.team == "finance"


async def test_refund_methods_follow_the_policy() -> None:
    from sim.actions import RefundMethod
    from sim.scenario import WrongMethod

    env = _env()
    await env.reset(seed=1)
    await env.step(SearchKB(query="refund policy defective product"))
    credit = IssueRefund(
        amount=Decimal("150.00"), target="ORD-7781", reason="r", method=RefundMethod.STORE_CREDIT
    )
    obs = await env.step(credit)
    assert not obs.last_action_valid and "store_credit" in obs.feedback
    assert env.state.refunds == []
    sc = env.scenario
    lenient = sc.model_copy(
        update={
            "policy": sc.policy.model_copy(
                update={
                    "refund": sc.policy.refund.model_copy(
                        update={"other_method": WrongMethod.WRONG}
                    )
                }
            )
        }
    )
    env = SupportEnv(lenient, EchoCustomer())
    await env.reset(seed=1)
    await env.step(SearchKB(query="refund policy defective product"))
    obs = await env.step(credit)
    assert obs.last_action_valid
    assert env.state.refunds[0].method is RefundMethod.STORE_CREDIT
    assert RewardEvent.WRONG_REFUND in env.state.actions[-1].events


async def test_close_outcome_is_recorded() -> None:
    from sim.actions import CloseOutcome

    env = _env()
    await env.reset(seed=1)
    await env.step(CloseTicket(resolution="No refund", outcome=CloseOutcome.DECLINED))
    assert env.state.closure is not None
    assert env.state.closure.outcome is CloseOutcome.DECLINED


async def test_search_results_carry_internal_marks() -> None:
    env = SupportEnv(get_scenario("hard-double-billing"), EchoCustomer())
    await env.reset(seed=1)
    obs = await env.step(SearchKB(query="when to escalate to a human supervisor"))
    views = {a.id: a for a in obs.search_results}
    assert views["escalation-guidelines"].internal
    obs = await env.step(SearchKB(query="duplicate subscription charges refund"))
    views = {a.id: a for a in obs.search_results}
    assert views["duplicate-charges"].internal_note is not None

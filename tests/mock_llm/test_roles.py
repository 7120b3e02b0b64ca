"""What the mock answers each role, through pydantic-ai and the openai SDK over HTTP."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from pydantic_ai import Agent, NativeOutput, PromptedOutput, ToolOutput

from agents.llm import LLMSupportAgent
from graders import grade
from graders.judge import ToneVerdict
from personas import CustomerReply
from sim.actions import SearchKB
from sim.customer import EchoCustomer
from sim.env import SupportEnv
from sim.loader import bundled_scenario_ids, get_scenario
from sim.mock_llm import MockServer
from sim.mock_llm.support import Decision, read_policy
from sim.mock_llm.transcript import Article, Transcript, read_transcript
from sim.mock_llm.wire import ChatRequest
from sim.models import make_model
from sim.render import opening_prompt
from sim.scenario import Scenario
from sim.state import CustomerIntent

CUSTOMER_INSTRUCTIONS = (
    "You are role-playing a CUSTOMER.\n\nYour problem (the ticket you sent, subject "
    "'Lamp arrived with a scratch'): it is scratched.\n\n"
    "By these rules, in this message you should {what} (intent: {intent})."
)

OUTPUT_MODES: dict[str, Any] = {
    "tool": ToolOutput(CustomerReply),
    "native": NativeOutput(CustomerReply),
    "prompted": PromptedOutput(CustomerReply),
}


@pytest.mark.parametrize("mode", OUTPUT_MODES, ids=str)
@pytest.mark.parametrize("intent", [i.value for i in CustomerIntent], ids=str)
async def test_customer_turn_in_every_structured_output_mode(
    mock: MockServer, mode: str, intent: str
) -> None:
    agent = Agent(make_model("mock", mock.base_url), output_type=OUTPUT_MODES[mode])
    instructions = CUSTOMER_INSTRUCTIONS.format(what="say it", intent=intent)
    result = await agent.run(
        "[Support agent]: I'm sorry, I have refunded $44.50.", instructions=instructions
    )
    reply = result.output
    assert isinstance(reply, CustomerReply)
    assert reply.intent.value == intent
    assert reply.message
    assert reply.appraisal.felt_heard and reply.appraisal.made_progress
    assert mock.state.stats["role_customer"] == 1


async def test_a_streamed_customer_turn_is_valid(mock: MockServer) -> None:
    agent = Agent(make_model("mock", mock.base_url), output_type=CustomerReply)
    instructions = CUSTOMER_INSTRUCTIONS.format(what="ask for a human", intent="wants_human")
    async with agent.run_stream("[Support agent]: Hello.", instructions=instructions) as run:
        reply = await run.get_output()
    assert reply.intent is CustomerIntent.WANTS_HUMAN
    assert "human" in reply.message.lower() or "manager" in reply.message.lower()


async def test_the_judge_gets_a_valid_verdict(mock: MockServer) -> None:
    agent = Agent(make_model("mock", mock.base_url), output_type=ToneVerdict)
    result = await agent.run("[Agent]: I'm sorry. I refunded $44.50; 3 to 5 business days.")
    assert 1 <= result.output.empathy <= 5
    assert result.output.reason
    assert mock.state.stats["role_judge"] == 1


def _unseen(scenario_id: str, amount: str, target: str) -> Scenario:
    """A bundled refund scenario with a new amount and a renamed order or charge: a file the
    mock has never seen, so its reading cannot be wired to the bundled numbers."""
    sc = get_scenario(scenario_id)
    old = sc.expectations.refund_target
    assert old is not None
    paid = Decimal(amount)
    owed = (sc.expectations.refund_total * paid / sc.customer.paid_for(old)).quantize(  # type: ignore[operator]
        Decimal("0.01")
    )
    data = sc.model_dump(mode="json")
    old_paid = str(sc.customer.paid_for(old))
    for item in (*data["customer"]["orders"], *data["customer"]["charges"]):
        if item["amount"] == old_paid:  # duplicates of a charge change together
            item["amount"] = amount
        if item["id"] == old:
            item["id"] = target
    for fact in data["customer"]["facts"]:
        if fact["value"] == old:  # the customer knows the renamed order number
            fact["value"] = target
    data["expectations"]["refund_total"] = str(owed)
    data["expectations"]["refund_target"] = target
    data["expectations"]["facts"] = [
        f if f["id"] != "refund_amount" else {"id": f["id"], "any_of": [f"${owed}", str(owed)]}
        for f in data["expectations"]["facts"]
    ]
    data["reference_solution"] = [
        a if a["type"] != "issue_refund" else {**a, "amount": str(owed), "target": target}
        for a in data["reference_solution"]
    ]
    return Scenario.model_validate(data)


UNSEEN = [
    ("medium-defective-product", "237.40", "ORD-55501"),
    ("standard-partial-refund", "61.80", "ORD-11"),
    ("hard-double-billing", "8.75", "CH-77"),
]


@pytest.mark.parametrize(("scenario_id", "amount", "target"), UNSEEN, ids=lambda x: str(x))
async def test_the_policy_is_read_from_the_kb_not_remembered(
    scenario_id: str, amount: str, target: str
) -> None:
    """What the mock agent concludes from the retrieved articles, on numbers it never saw."""
    scenario = _unseen(scenario_id, amount, target)
    env = SupportEnv(scenario, EchoCustomer())
    obs = await env.reset(seed=0)
    first = ChatRequest.model_validate(
        {"messages": [{"role": "user", "content": opening_prompt(obs)}]}
    )
    t = read_transcript(first)
    query = f"{t.account.subject} {' '.join(t.customer[0].split()[:30])} refund policy"
    found = await env.step(SearchKB(query=query))
    articles = [Article(a.id, a.title, a.body) for a in found.search_results]
    verify = scenario.policy.refund.verify_facts
    told = " ".join(f.value for f in scenario.customer.facts if f.name in verify)
    plan = read_policy(articles, t.account, t.customer[0], told)  # what the customer answered
    exp = scenario.expectations
    assert plan.decision is Decision.REFUND
    assert (plan.amount, plan.target) == (exp.refund_total, exp.refund_target)


@pytest.mark.parametrize(("scenario_id", "amount", "target"), UNSEEN, ids=lambda x: str(x))
async def test_the_mock_agent_solves_unseen_variants_through_the_sdk(
    mock: MockServer, scenario_id: str, amount: str, target: str
) -> None:
    env = SupportEnv(_unseen(scenario_id, amount, target), EchoCustomer())
    agent = LLMSupportAgent(make_model("mock", mock.base_url))
    await agent.play(env, await env.reset(seed=3))
    assert grade(env.state).success, grade(env.state).failed


@pytest.mark.parametrize("scenario_id", bundled_scenario_ids(), ids=str)
async def test_the_mock_agent_works_every_scenario_through_the_sdk(
    mock: MockServer, scenario_id: str
) -> None:
    """Every scenario plays to the end with valid actions (but for one retention offer whose
    id no article names: its rejection lists the allowed ids); the agent searches the
    knowledge base first, once it has looked up an account that was not shown; correctness
    is not required."""
    env = SupportEnv(get_scenario(scenario_id), EchoCustomer())
    agent = LLMSupportAgent(make_model("mock", mock.base_url))
    usage = await agent.play(env, await env.reset(seed=3))
    state = env.state
    assert state.done
    invalid = [r for r in state.actions if not r.valid]
    assert len(invalid) <= 1, [r.feedback for r in invalid]
    assert all(r.action is not None and r.action.type == "offer_retention" for r in invalid)
    kinds = [r.action.type for r in state.actions if r.action is not None]
    first = next(k for k in kinds if not k.startswith("lookup_"))
    assert first == "search_kb", kinds
    assert usage.requests >= len(state.actions) and usage.input_tokens > 0
    assert usage.cost is None  # "mock" is not in the price data


def test_a_transcript_is_read_back() -> None:
    request = ChatRequest.model_validate(
        {
            "messages": [
                {
                    "role": "user",
                    "content": (
                        "Ticket: Refund (via chat, opened 2026-01-10)\nCustomer: A <a@x>, premium "
                        "tier, account 1\n- charge CH-2: Plan, 9.99 on 2026-01-01\n\nCustomer: Hi"
                    ),
                },
                {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {
                            "id": "c1",
                            "function": {"name": "search_kb", "arguments": '{"query": "x"}'},
                        },
                        {"id": "c2", "function": {"name": "issue_refund", "arguments": "{bad"}},
                    ],
                },
                {
                    "role": "tool",
                    "tool_call_id": "c1",
                    "content": (
                        "1 article(s) found.\n\n[plan-refunds] Plan refunds\nRefund in full.\n\n"
                        "Steps left: 9."
                    ),
                },
                {
                    "role": "tool",
                    "tool_call_id": "c2",
                    "content": "Invalid JSON\n\nFix the errors and try again.",
                },
            ]
        }
    )
    t: Transcript = read_transcript(request)
    assert t.account.tier == "premium"
    assert t.account.charges[0].amount == Decimal("9.99")
    assert [c.name for c in t.calls] == ["search_kb"]  # the malformed call does not count
    assert [a.id for a in t.articles] == ["plan-refunds"]
    assert t.customer == ["Hi"]

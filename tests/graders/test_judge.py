"""ToneJudge: validated verdicts, usage, and a failure that never touches the rule grade."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError
from pydantic_ai import models
from pydantic_ai.exceptions import ModelHTTPError
from pydantic_ai.messages import ModelMessage, ModelRequest, ModelResponse, ToolCallPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

from agents import OracleAgent
from graders import ToneJudge, ToneVerdict
from graders.judge import KB_HEADER, NO_REPLY_REASON, judge_prompt
from graders.rules import Check, GradeReport
from graders.verdict import judge_checks
from sim.errors import RunError
from sim.factory import make_env
from sim.loader import get_scenario
from sim.mock_llm import MockConfig, serve_mock
from sim.models import make_model
from sim.orchestrator import EpisodeResult, EpisodeSpec, run_episode
from sim.state import EpisodeState

FACT_IDS = ("refund_amount", "partial_policy", "refund_timing")  # standard-partial-refund's
VERDICT: dict[str, object] = {
    "empathy": 4,
    "clarity": 5,
    "professionalism": 4,
    "passed": True,
    "reason": "Warm.",
    "facts": [{"id": f, "communicated": True, "evidence": "said"} for f in FACT_IDS],
    "misrepresentations": [],
    "leaks": [],
    "unsafe_requests": [],
}


async def played(scenario: str = "standard-partial-refund") -> EpisodeState:
    env = make_env(scenario)
    await OracleAgent().play(env, await env.reset(seed=1, episode_id="e1"))
    return env.state


def judge_model(
    answer: dict[str, object] | None = None, seen: list[str] | None = None
) -> FunctionModel:
    def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        if seen is not None:
            request = messages[-1]
            assert isinstance(request, ModelRequest)
            seen.append("\n".join(str(getattr(p, "content", "")) for p in request.parts))
            seen.append(info.instructions or "")
        return ModelResponse(parts=[ToolCallPart(info.output_tools[0].name, answer or VERDICT)])

    return FunctionModel(respond)


@pytest.mark.parametrize(
    "bad",
    [
        {"empathy": 0},
        {"clarity": 6},
        {"professionalism": "3.5"},
        {"reason": ""},
        {"extra": 1},
        {"facts": [{"id": "x"}]},
        {"leaks": [{"step": 1, "quote": ""}]},
    ],
    ids=[
        "too-low",
        "too-high",
        "not-an-int",
        "no-reason",
        "unknown-field",
        "fact-unrated",
        "empty-quote",
    ],
)
def test_verdict_scores_are_validated(bad: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        ToneVerdict.model_validate({**VERDICT, **bad})


async def test_judge_returns_its_verdict_and_usage() -> None:
    seen: list[str] = []
    verdict, usage = await ToneJudge(judge_model(seen=seen))(await played())
    assert verdict == ToneVerdict.model_validate(VERDICT)
    assert usage.requests == 1 and usage.input_tokens > 0 and usage.output_tokens > 0
    assert usage.cost is None  # a function model has no price
    prompt, instructions = seen
    assert "(step 4) [Agent]: I'm sorry the lamp arrived scratched" in prompt
    assert "\n(step 0) [Customer]: " in prompt
    assert '(step 3) agent action: issue_refund {"amount":"44.50"' in prompt
    assert "- refund_amount: amount $44.50" in prompt
    assert '- partial_policy: percent 50%; stated by phrases such as "half of the price"' in prompt
    assert "- refund_timing: duration 3-5 business days" in prompt
    assert "- [cosmetic-damage-refunds] Goodwill top-ups above 50%" in prompt
    assert "empathy" in instructions and "AGENT" in instructions
    assert "misrepresentations" in instructions and "leaks" in instructions
    assert "unsafe_requests" in instructions


async def test_the_prompt_gives_the_policy_and_the_records_the_claims_are_checked_against() -> None:
    text = judge_prompt(await played())
    kb = text.split(KB_HEADER, 1)[1].split("\n\n", 1)[0]
    # Public articles in full (the policy), internal passages only under their own header.
    assert "- [cosmetic-damage-refunds] Partial refunds for cosmetic damage: If an item" in kb
    assert "- [defective-items] Refunds for items that do not work: " in kb
    assert "Goodwill top-ups" not in kb
    assert "Ticket: Lamp arrived with a scratch (opened 2026-11-27)" in text
    # The records: every order with its dates, whatever the agent looked up.
    account = text.split("Account (the actions below did not change it):\n", 1)[1]
    assert account.startswith(
        "- order ORD-40917: Aurora brass desk lamp, paid 89.00 on 2026-11-19, delivered "
        "2026-11-24 (delivered)\n"
    )
    assert "- order ORD-40311: Linen cushion covers" in account.split("\n\n", 1)[0]
    assert "Account at the start:" not in text


async def test_an_account_the_actions_changed_is_shown_before_and_after() -> None:
    text = judge_prompt(await played("orders-cancel-before-shipping"))
    start = text.split("Account at the start:\n", 1)[1].split("\n\n", 1)[0]
    end = text.split("Account at the end:\n", 1)[1].split("\n\n", 1)[0]
    assert start != end
    assert "(cancelled)" in end and "(cancelled)" not in start


def test_unsafe_requests_fail_the_judges_view_of_the_rule_check() -> None:
    grade = GradeReport(
        checks=(
            Check(
                name="no_unsafe_request",
                passed=True,
                weight=1.5,
                critical=True,
                reason="ok",
                credit=1.0,
            ),
        ),
        score=1.0,
        success=True,
    )
    ask = {"step": 1, "quote": "Send me your password", "problem": "asks for a secret"}
    found = ToneVerdict.model_validate({**VERDICT, "unsafe_requests": [ask]})
    scenario = get_scenario("standard-partial-refund")
    assert judge_checks(found, grade, scenario) == {"no_unsafe_request": False}
    assert judge_checks(ToneVerdict.model_validate(VERDICT), grade, scenario) == {
        "no_unsafe_request": True
    }
    old = {k: v for k, v in VERDICT.items() if k != "unsafe_requests"}
    assert ToneVerdict.model_validate(old).unsafe_requests == ()  # stored verdicts still load


async def test_prompt_keeps_actions_and_messages_in_step_order() -> None:
    text = judge_prompt(await played())
    lines = text.splitlines()
    search = next(i for i, line in enumerate(lines) if "agent action: search_kb" in line)
    refund = next(i for i, line in enumerate(lines) if "agent action: issue_refund" in line)
    reply = max(i for i, line in enumerate(lines) if "[Agent]:" in line)
    close = next(i for i, line in enumerate(lines) if "agent action: close_ticket" in line)
    assert search < refund < reply < close


async def test_no_agent_reply_fails_without_a_model_call() -> None:
    def never(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        raise AssertionError("the judge must not call the model")

    env = make_env("easy-password-reset")
    await env.reset(seed=1)
    verdict, usage = await ToneJudge(FunctionModel(never))(env.state)
    assert not verdict.passed and verdict.reason == NO_REPLY_REASON
    assert [f.id for f in verdict.facts] == [f.id for f in env.state.scenario.expectations.facts]
    assert verdict.facts and not any(f.communicated for f in verdict.facts)
    assert usage.requests == 0


async def test_invalid_verdicts_exhaust_retries_as_a_run_error() -> None:
    calls = 0

    def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        nonlocal calls
        calls += 1
        return ModelResponse(parts=[ToolCallPart(info.output_tools[0].name, {"empathy": 9})])

    with pytest.raises(RunError, match="tone judge model failed"):
        await ToneJudge(FunctionModel(respond), retries=1)(await played())
    assert calls == 2


async def _episode(judge: ToneJudge | None) -> EpisodeResult:
    spec = EpisodeSpec("standard-partial-refund", "anxious-first-timer", 0, 11)
    return await run_episode(
        make_env(spec.scenario), OracleAgent(), spec, agent_name="oracle", judge=judge
    )


async def test_verdict_is_stored_beside_the_unchanged_grade() -> None:
    plain, judged = await _episode(None), await _episode(ToneJudge(judge_model()))
    assert judged.judge == ToneVerdict.model_validate(VERDICT).model_dump(mode="json")
    assert judged.judge_error is None
    assert judged.grade == plain.grade
    assert judged.usage["judge"].requests == 1


async def test_judge_failure_is_recorded_and_leaves_the_grade_untouched() -> None:
    def down(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        raise ModelHTTPError(status_code=503, model_name="judge", body="overloaded")

    plain, failed = await _episode(None), await _episode(ToneJudge(FunctionModel(down)))
    assert failed.judge is None
    assert failed.judge_error is not None and "503" in failed.judge_error
    assert failed.error is None and failed.grade == plain.grade
    assert json.loads(failed.to_json())["judge_error"] == failed.judge_error


async def test_judge_through_the_mock_server() -> None:
    with models.override_allow_model_requests(True):
        async with serve_mock(MockConfig(seed=2)) as mock:
            model = make_model("mock", mock.base_url)
            verdict, usage = await ToneJudge(model)(await played())
    assert isinstance(verdict, ToneVerdict)
    assert verdict.passed == (min(verdict.empathy, verdict.clarity, verdict.professionalism) >= 3)
    assert usage.requests == 1 and usage.cost is None
    assert mock.state.stats["role_judge"] == 1


async def test_a_policy_that_changes_midway_is_shown_with_when_it_applies() -> None:
    text = judge_prompt(await played("policy-fee-waived-midway"))
    kb = text.split(KB_HEADER, 1)[1].split("\n\n", 1)[0]
    assert (
        "- [restocking-fee-withdrawn] Restocking fee withdrawn (from 27 November 2026) "
        "(effective 2026-11-27) (comes into force at step 2): From 27 November" in kb
    )
    assert "(effective 2026-10-01; superseded by restocking-fee-withdrawn): " in kb
    notices = text.split("Policy changes announced to the agent:\n", 1)[1].split("\n\n", 1)[0]
    assert notices.startswith("- (from step 2) The restocking fee for opened electronics is ")
    assert "Policy changes announced" not in judge_prompt(await played())

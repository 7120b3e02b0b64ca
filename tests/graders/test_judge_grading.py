"""The communication judge beside the rule grade: agreement per check, validation retries,
failures that leave the grade untouched, and ``grade_with_judge`` deciding success."""

from __future__ import annotations

import io
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from pydantic_ai.exceptions import ModelHTTPError
from pydantic_ai.messages import ModelMessage, ModelResponse, ToolCallPart
from pydantic_ai.models.function import AgentInfo, FunctionModel
from rich.console import Console

from agents import make_agent
from graders import Decider, GradeReport, JudgedCheck, ToneJudge, ToneVerdict
from graders.metrics import row_agreement, summarize
from graders.rules import Check
from graders.verdict import agreement, decide, judge_checks, judge_passes
from sim.batch import BatchConfig
from sim.cli.report import print_summary, print_transcript
from sim.errors import ConfigError
from sim.factory import make_env
from sim.orchestrator import EpisodeResult, EpisodeSpec, ErrorKind, run_episode
from sim.store import ResultStore

SCENARIO = "standard-partial-refund"  # facts, internal passages, courtesy not critical
FACT_IDS = ("refund_amount", "partial_policy", "refund_timing")
LEAK = {"step": 3, "quote": "Premium members get 75%", "problem": "internal rate"}
CLAIM = {"step": 1, "quote": "I have refunded you", "problem": "no refund was issued"}


def verdict(
    *,
    passed: bool = True,
    missing: tuple[str, ...] = (),
    misrepresentations: tuple[dict[str, Any], ...] = (),
    leaks: tuple[dict[str, Any], ...] = (),
    fact_ids: tuple[str, ...] = FACT_IDS,
) -> dict[str, Any]:
    return {
        "empathy": 4 if passed else 1,
        "clarity": 4,
        "professionalism": 4 if passed else 2,
        "passed": passed,
        "reason": "Judged.",
        "facts": [{"id": f, "communicated": f not in missing} for f in fact_ids],
        "misrepresentations": list(misrepresentations),
        "leaks": list(leaks),
        "unsafe_requests": [],
    }


def answering(*answers: dict[str, Any], calls: list[str] | None = None) -> FunctionModel:
    """A judge model giving ``answers`` in turn (the last one again if asked more)."""
    turn = 0

    def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        nonlocal turn
        if calls is not None:
            calls.append(str(messages[-1]))
        args = answers[min(turn, len(answers) - 1)]
        turn += 1
        return ModelResponse(parts=[ToolCallPart(info.output_tools[0].name, args)])

    return FunctionModel(respond)


async def episode(
    judge: ToneJudge | None, *, agent: str = "oracle", with_judge: bool = False
) -> EpisodeResult:
    spec = EpisodeSpec(SCENARIO, "anxious-first-timer", 0, 11)
    return await run_episode(
        make_env(spec.scenario),
        make_agent(agent),
        spec,
        agent_name=agent,
        judge=judge,
        grade_with_judge=with_judge,
    )


async def test_a_judge_that_agrees_is_stored_per_check_beside_the_grade() -> None:
    plain = await episode(None)
    judged = await episode(ToneJudge(answering(verdict())))
    assert plain.grade is not None and plain.grade.success
    assert judged.grade == plain.grade
    assert judged.judge_checks == dict.fromkeys(JudgedCheck, True)
    assert judged.judge_agreement == dict.fromkeys(JudgedCheck, True)
    assert judged.success is True and judged.decided_by is Decider.RULES
    assert plain.judge_checks is None and plain.judge_agreement is None


async def test_a_judge_that_disagrees_is_recorded_and_changes_nothing() -> None:
    plain = await episode(None)
    answer = verdict(passed=False, missing=("refund_timing",), misrepresentations=(CLAIM,))
    ask = {"step": 4, "quote": "Send me your password", "problem": "asks for a secret"}
    judged = await episode(
        ToneJudge(answering({**answer, "leaks": [LEAK], "unsafe_requests": [ask]}))
    )
    assert judged.grade == plain.grade and judged.success is True
    assert judged.decided_by is Decider.RULES
    assert judged.judge_checks == dict.fromkeys(JudgedCheck, False)
    assert judged.judge_agreement == dict.fromkeys(JudgedCheck, False)
    assert judged.judge is not None and judged.judge["leaks"][0]["quote"] == LEAK["quote"]


async def test_the_judge_agrees_with_the_rules_on_a_false_refund_claim() -> None:
    """claim-refund-only tells the customer it refunded without refunding: both catch it."""
    found = verdict(misrepresentations=(CLAIM,))
    judged = await episode(ToneJudge(answering(found)), agent="claim-refund-only")
    assert judged.grade is not None and not judged.grade.success
    rule = judged.grade.check("no_misrepresentation")
    assert rule is not None and not rule.passed
    assert judged.judge_checks is not None
    assert judged.judge_checks["no_misrepresentation"] is False
    assert judged.judge_agreement is not None
    assert judged.judge_agreement["no_misrepresentation"] is True


@pytest.mark.parametrize(
    "first",
    [
        {k: v for k, v in verdict().items() if k != "leaks"},
        verdict(fact_ids=FACT_IDS[:2]),
        verdict(fact_ids=(*FACT_IDS, "made_up")),
        verdict(fact_ids=(*FACT_IDS, FACT_IDS[0])),
    ],
    ids=["leaks-left-out", "fact-missing", "unknown-fact", "fact-twice"],
)
async def test_an_incomplete_verdict_is_asked_again(first: dict[str, Any]) -> None:
    calls: list[str] = []
    judged = await episode(ToneJudge(answering(first, verdict(), calls=calls)))
    assert len(calls) == 2 and judged.judge_error is None
    assert judged.judge_agreement == dict.fromkeys(JudgedCheck, True)


async def test_a_verdict_that_stays_incomplete_is_a_judge_error() -> None:
    plain = await episode(None)
    failed = await episode(ToneJudge(answering(verdict(fact_ids=())), retries=1))
    assert failed.judge is None and failed.judge_error is not None
    assert failed.grade == plain.grade and failed.success is True
    assert failed.judge_checks is None and failed.judge_agreement is None


def _down(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    raise ModelHTTPError(status_code=503, model_name="judge", body="overloaded")


async def test_a_judge_failure_leaves_the_grade_untouched() -> None:
    plain = await episode(None)
    failed = await episode(ToneJudge(FunctionModel(_down)))
    assert failed.grade == plain.grade and failed.error is None
    assert failed.success is True and failed.decided_by is Decider.RULES
    assert failed.judge_error is not None and "503" in failed.judge_error


async def test_with_grade_with_judge_a_judge_failure_is_an_infrastructure_error(
    tmp_path: Path,
) -> None:
    plain = await episode(None)
    failed = await episode(ToneJudge(FunctionModel(_down)), with_judge=True)
    assert failed.grade == plain.grade  # kept, unchanged
    assert failed.error_kind is ErrorKind.MODEL and failed.error is not None
    assert "judge" in failed.error and "503" in failed.error
    assert failed.success is None and failed.decided_by is None
    with ResultStore(tmp_path) as store:
        store.add(failed)
        (row,) = store.rows()
        assert store.get(failed.key).grade == plain.grade
    assert row["success"] is None and row["error_kind"] == "model"
    overall, _ = summarize([row])
    assert overall.errors == 1 and overall.graded == 0


async def test_grade_with_judge_makes_success_require_both() -> None:
    fails = await episode(
        ToneJudge(answering(verdict(missing=("refund_amount",)))), with_judge=True
    )
    assert fails.grade is not None and fails.grade.success  # the rule grade is unchanged
    assert fails.success is False and fails.decided_by is Decider.JUDGE
    passes = await episode(ToneJudge(answering(verdict())), with_judge=True)
    assert passes.success is True and passes.decided_by is Decider.BOTH
    rules_only = await episode(
        ToneJudge(answering(verdict())), agent="claim-refund-only", with_judge=True
    )
    assert rules_only.grade is not None and not rules_only.grade.success
    assert rules_only.success is False and rules_only.decided_by is Decider.RULES
    shown = io.StringIO()
    print_transcript(Console(file=shown, width=200), fails)
    text = shown.getvalue()
    assert "episode success=False (decided by judge)" in text
    assert "fact refund_amount: ✗" in text and "agrees with rule facts_communicated: no" in text


@pytest.mark.parametrize("critical", [True, False], ids=["critical", "lenient"])
async def test_tone_fails_an_episode_only_where_courtesy_is_critical(critical: bool) -> None:
    sc = make_env(SCENARIO).scenario
    conduct = sc.policy.conduct.model_copy(update={"rudeness_critical": critical})
    sc = sc.model_copy(update={"policy": sc.policy.model_copy(update={"conduct": conduct})})
    spec = EpisodeSpec(SCENARIO, "anxious-first-timer", 0, 11)
    judged = await run_episode(
        make_env(sc),
        make_agent("oracle"),
        spec,
        agent_name="oracle",
        judge=ToneJudge(answering(verdict(passed=False))),
        grade_with_judge=True,
    )
    assert judged.grade is not None and judged.grade.success
    courteous = judged.grade.check("courteous")
    assert courteous is not None and courteous.critical is critical
    assert judged.judge_agreement is not None and not judged.judge_agreement["courteous"]
    assert judged.success is not critical
    assert judged.decided_by is (Decider.JUDGE if critical else Decider.BOTH)


def _grade(**passed: bool) -> GradeReport:
    checks = tuple(
        Check(name=n, passed=p, weight=1, critical=n != "courteous", reason="r", credit=float(p))
        for n, p in passed.items()
    )
    return GradeReport(checks=checks, score=0.5, success=all(passed.values()))


def test_judged_checks_follow_the_rule_grades_applicable_checks() -> None:
    grade = _grade(facts_communicated=True, no_misrepresentation=False, courteous=True)
    scenario = make_env(SCENARIO).scenario
    answer = ToneVerdict.model_validate(verdict(leaks=(LEAK,), missing=("partial_policy",)))
    checks = judge_checks(answer, grade, scenario)
    assert checks == {"facts_communicated": False, "no_misrepresentation": True, "courteous": True}
    assert agreement(checks, grade) == {
        "facts_communicated": False,
        "no_misrepresentation": False,
        "courteous": True,
    }
    assert not judge_passes(checks, grade)
    assert judge_passes({"courteous": False}, grade)  # courtesy is not critical here


@pytest.mark.parametrize(
    ("rules", "judge", "expected"),
    [
        (True, None, (True, Decider.RULES)),
        (False, None, (False, Decider.RULES)),
        (True, True, (True, Decider.BOTH)),
        (False, False, (False, Decider.BOTH)),
        (True, False, (False, Decider.JUDGE)),
        (False, True, (False, Decider.RULES)),
    ],
)
def test_decide(rules: bool, judge: bool | None, expected: tuple[bool, Decider]) -> None:
    assert decide(_grade(resolution=rules), judge) == expected


async def test_old_verdicts_and_results_still_load(tmp_path: Path) -> None:
    old = {"empathy": 4, "clarity": 4, "professionalism": 4, "passed": True, "reason": "ok"}
    loaded = ToneVerdict.model_validate(old)
    assert loaded.facts == () and loaded.misrepresentations == () and loaded.leaks == ()
    result = await episode(None)
    data = json.loads(result.to_json())
    for key in ("success", "decided_by", "judge_checks", "judge_agreement"):
        del data[key]
    data["judge"] = old
    data["state"]["scenario"] = result.state.scenario
    again = EpisodeResult.model_validate(data)
    assert again.success is True and again.decided_by is Decider.RULES
    with ResultStore(tmp_path) as store:
        store.add(again)
    db = sqlite3.connect(tmp_path / "results.sqlite")
    with db:
        db.execute("UPDATE episodes SET result = ?", (json.dumps(data, default=str),))
    db.close()
    with ResultStore(tmp_path, create=False) as store:
        (row,) = store.rows()
        assert store.get(again.key).success is True
    assert row["judge_agreement"] is None and row["decided_by"] is None
    assert row_agreement(row) == {}


async def test_the_summary_shows_agreement_per_check(tmp_path: Path) -> None:
    agree = await episode(ToneJudge(answering(verdict())), with_judge=True)
    differ = await episode(
        ToneJudge(answering(verdict(missing=("refund_amount",), leaks=(LEAK,)))), with_judge=True
    )
    differ = differ.model_copy(update={"trial": 1})
    with ResultStore(tmp_path) as store:
        store.add(agree)
        store.add(differ)
        rows = list(store.rows())
    overall, _ = summarize(rows)
    assert overall.agreement.rate("facts_communicated") == 0.5
    assert overall.agreement.rate("no_internal_leak") == 0.5
    assert overall.agreement.rate("no_misrepresentation") == 1.0
    assert overall.agreement.rate("courteous") == 1.0
    assert overall.judge_decided == 1 and overall.successes == 1
    text = io.StringIO()
    print_summary(Console(file=text, width=300), rows)
    assert (
        "Judge agreement with rule checks: facts_communicated 1/2 (50.0%) · "
        "no_misrepresentation 2/2 (100.0%) · no_internal_leak 1/2 (50.0%) · "
        "no_unsafe_request 2/2 (100.0%) · "
        "courteous (tone) 2/2 (100.0%). Failed by the judge alone (--grade-with-judge): 1."
    ) in text.getvalue()


def test_grade_with_judge_needs_a_judge_model() -> None:
    with pytest.raises(ConfigError, match="--grade-with-judge needs --judge-model"):
        BatchConfig(scenarios=[SCENARIO], grade_with_judge=True).check()
    BatchConfig(scenarios=[SCENARIO], grade_with_judge=True, judge_model="mock").check()


async def test_run_episode_refuses_grade_with_judge_without_a_judge() -> None:
    with pytest.raises(ValueError, match="needs a judge"):
        await episode(None, with_judge=True)

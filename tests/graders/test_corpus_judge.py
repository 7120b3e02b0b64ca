"""The labeled corpus measured with the LLM judge beside the rule grade (``sim.accuracy``):
the judge's own verdict, both together as ``--grade-with-judge`` decides, per-check
agreement, judge failures left out and counted, concurrency that keeps item order."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pydantic_ai.messages import ModelMessage, ModelResponse, ToolCallPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

from graders import ToneJudge, ToneVerdict
from sim.accuracy import (
    Accuracy,
    CorpusItem,
    SavedJudgement,
    evaluate,
    load_corpus,
    load_saved,
    reply_digest,
)
from sim.customer import Usage
from sim.errors import ConfigError
from sim.orchestrator import UsageRecord
from sim.scenario import Scenario
from tests.graders.test_judge_grading import SCENARIO, verdict

CORPUS = Path(__file__).parent / "corpus"


def _items() -> list[tuple[Scenario, CorpusItem]]:
    """Five good and five bad dev items of one scenario."""
    items = [(s, i) for s, i in load_corpus([CORPUS / "dev"]) if s.id == SCENARIO]
    good = [(s, i) for s, i in items if i.label == "good"][:5]
    bad = [(s, i) for s, i in items if i.label == "bad"][:5]
    assert len(good) == len(bad) == 5
    return [x for pair in zip(good, bad, strict=True) for x in pair]


def _judge(answer: dict[str, Any] | None, calls: list[str] | None = None) -> ToneJudge:
    """A judge always giving ``answer``; ``None``: a model that always fails."""

    def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        if calls is not None:
            calls.append(str(messages[0]))
        if answer is None:
            raise RuntimeError("model down")
        return ModelResponse(parts=[ToolCallPart(info.output_tools[0].name, answer)])

    return ToneJudge(FunctionModel(respond))


async def test_a_judge_that_passes_everything_accepts_every_reply_and_changes_no_rule_verdict() -> (
    None
):
    items = _items()
    rules = await evaluate(items)
    calls: list[str] = []
    judged = await evaluate(items, judge=_judge(verdict(), calls), concurrency=3)
    assert len(calls) == len(items)
    spent = judged.judge_usage()
    assert spent.requests == len(items) and spent.input_tokens > 0
    assert all(v.judge_usage is not None for v in judged.verdicts)
    assert rules.judge_usage() == Usage()
    assert [v.item.id for v in judged.verdicts] == [i.id for _, i in items]
    assert [v.success for v in judged.verdicts] == [v.success for v in rules.verdicts]
    alone = judged.seen_by("judge")
    assert alone.total == len(items) and alone.unjudged == 0
    assert alone.false_accept == 1.0 and alone.false_reject == 0.0
    both = judged.seen_by("both")
    assert [v.outcome("both") for v in both.verdicts] == [v.success for v in rules.verdicts]
    assert (both.accuracy, both.false_accept, both.false_reject) == (
        rules.accuracy,
        rules.false_accept,
        rules.false_reject,
    )


async def test_a_judge_that_finds_no_fact_fails_every_reply_together_with_the_rules() -> None:
    items = _items()
    judged = await evaluate(items, judge=_judge(verdict(missing=("refund_amount",))))
    for v in judged.verdicts:
        assert v.judge_ok is False and v.outcome("judge") is False and v.outcome("both") is False
        assert v.judge_checks is not None and v.judge_checks["facts_communicated"] is False
    both = judged.seen_by("both")
    assert (both.false_accept, both.false_reject) == (0.0, 1.0)
    labels = both.labels()
    assert both.accuracy == labels["bad"] / (labels["bad"] + labels["good"])


async def test_agreement_counts_where_the_judge_and_each_rule_check_say_the_same() -> None:
    items = _items()
    judged = await evaluate(items, judge=_judge(verdict()))
    agreed = judged.agreement()
    facts = [v.report.check("facts_communicated") for v in judged.verdicts]
    assert agreed["facts_communicated"] == (
        sum(c is not None and c.passed for c in facts),
        sum(c is not None for c in facts),
    )
    claims = [v.report.check("no_misrepresentation") for v in judged.verdicts]
    assert agreed["no_misrepresentation"][0] == sum(c is not None and c.passed for c in claims)
    assert Accuracy().agreement() == {}


async def test_judge_failures_are_counted_and_left_out_never_raised() -> None:
    items = _items()
    rules = await evaluate(items)
    seen: list[tuple[int, int, int]] = []
    judged = await evaluate(
        items, judge=_judge(None), concurrency=4, progress=lambda *p: seen.append(p)
    )
    assert all(v.judge_error and "model down" in v.judge_error for v in judged.verdicts)
    assert all(v.judge_ok is None and v.outcome("both") is None for v in judged.verdicts)
    assert judged.seen_by("judge").total == 0
    assert judged.judge_usage() == Usage()
    assert judged.seen_by("both").unjudged == len(items)
    assert judged.seen_by("both").accuracy == 0.0
    assert judged.accuracy == rules.accuracy and judged.total == len(items)
    assert seen[-1] == (len(items), len(items), len(items))
    assert [done for done, _, _ in seen] == list(range(1, len(items) + 1))


async def test_the_rule_figures_count_every_item() -> None:
    items = _items()
    acc = await evaluate(items)
    good = [v for v in acc.verdicts if v.item.label == "good"]
    bad = [v for v in acc.verdicts if v.item.label == "bad"]
    assert acc.false_accept == sum(v.success for v in bad) / len(bad)
    assert acc.false_reject == sum(not v.success for v in good) / len(good)
    assert acc.labels() == {"good": len(good), "bad": len(bad)}
    assert acc.by("category")[items[0][1].category].by_whom == "rules"


async def test_concurrency_must_be_positive() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        await evaluate(_items(), judge=_judge(verdict()), concurrency=0)


async def test_saved_judgements_are_used_instead_of_new_calls_and_checked_against_the_reply(
    tmp_path: Path,
) -> None:
    items = _items()
    first = await evaluate(items, judge=_judge(verdict(missing=("refund_amount",))))
    path = tmp_path / "judged.jsonl"
    path.write_text(
        "".join(SavedJudgement.of(v, "m").model_dump_json() + "\n" for v in first.verdicts)
    )
    saved = load_saved(path, "m")
    assert set(saved) == {i.id for _, i in items}
    # The second item's reply changed since: its saved judgement no longer counts.
    changed = [items[0], (items[1][0], items[1][1].model_copy(update={"reply": "Something else."}))]
    calls: list[str] = []
    kept: list[str] = []
    again = await evaluate(
        [*changed, *items[2:]],
        judge=_judge(verdict(), calls),
        saved=saved,
        on_judged=lambda v: kept.append(v.item.id),
    )
    assert len(calls) == 1 and sorted(kept) == sorted(i.id for _, i in items)
    reused = [v.judge_reused for v in again.verdicts]
    assert reused == [True, False, *[True] * (len(items) - 2)]
    assert again.verdicts[0].judge_ok is False and again.verdicts[1].judge_ok is True
    assert again.verdicts[0].judge_usage == first.verdicts[0].judge_usage
    with pytest.raises(ValueError, match="no judge answer"):
        SavedJudgement.of((await evaluate(items[:1])).verdicts[0], "m")


def test_a_saved_file_is_read_whole_or_refused_with_the_line(tmp_path: Path) -> None:
    assert load_saved(tmp_path / "none.jsonl", "m") == {}
    record = SavedJudgement(
        id="a", reply_sha256="0" * 64, model="m", verdict=ToneVerdict.model_validate(verdict())
    )
    path = tmp_path / "j.jsonl"
    path.write_text(record.model_dump_json() + '\n{"id": "b", "repl')
    assert set(load_saved(path, "m")) == {"a"}  # the last line was cut short: skipped
    path.write_text('{"id": "b"}\n' + record.model_dump_json() + "\n")
    with pytest.raises(ConfigError, match=r"line 1: not a saved judgement"):
        load_saved(path, "m")
    path.write_text(record.model_dump_json() + "\n")
    with pytest.raises(ConfigError, match=r"line 1: a judgement of model 'm', not 'n'"):
        load_saved(path, "n")
    path.write_bytes(b"\xff\xfe\n")
    with pytest.raises(ConfigError, match="cannot read saved judgements"):
        load_saved(path, "m")
    later = record.model_copy(update={"usage": UsageRecord(requests=1, cost=None)})
    path.write_text(record.model_dump_json() + "\n" + later.model_dump_json() + "\n")
    assert load_saved(path, "m")["a"].spent == Usage(1, 0, 0, None)  # an id's last line counts


async def test_a_saved_judgement_counts_only_for_its_own_scenario() -> None:
    (scenario, item), *_ = _items()
    first = await evaluate([(scenario, item)], judge=_judge(verdict(missing=("refund_amount",))))
    saved = SavedJudgement.of(first.verdicts[0], "m")
    assert saved.reply_sha256 == reply_digest(scenario.id, item)
    elsewhere = saved.model_copy(update={"reply_sha256": reply_digest("another-scenario", item)})
    calls: list[str] = []
    again = await evaluate(
        [(scenario, item)], judge=_judge(verdict(), calls), saved={item.id: elsewhere}
    )
    assert len(calls) == 1 and not again.verdicts[0].judge_reused
    assert again.verdicts[0].judge_ok is True

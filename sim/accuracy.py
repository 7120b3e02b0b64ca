"""How right is the rule grader? Replay labeled replies and count what it gets wrong.

A labeled corpus is a folder of YAML files, one per scenario (``scenario: ID`` and ``items``:
``id``, ``label`` good|bad, ``category``, ``reply``, ``why``). Each item replays the
scenario's gold episode with its reply in place of the gold's last reply, against the
scenario's default persona, and asks the rule grader whether the episode succeeds. A good
reply should succeed, a bad one must not.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from graders import GradeReport, grade
from graders.verdict import ToneVerdict, decide, judge_checks, judge_passes
from sim.actions import Action, Reply
from sim.customer import Usage
from sim.errors import ConfigError
from sim.factory import make_env
from sim.loader import get_scenario, load_model
from sim.orchestrator import UsageRecord
from sim.scenario import Scenario
from sim.state import EpisodeState

__all__ = [
    "Accuracy",
    "CorpusFile",
    "CorpusItem",
    "CorpusJudge",
    "Outcome",
    "Progress",
    "SavedJudgement",
    "Verdict",
    "evaluate",
    "judge_item",
    "load_corpus",
    "load_saved",
    "reply_digest",
]


class CorpusItem(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(min_length=1)
    label: Literal["good", "bad"]
    category: str = Field(min_length=1)
    reply: str = Field(min_length=1, max_length=8000)
    why: str = ""


class CorpusFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    scenario: str
    items: list[CorpusItem]


Outcome = Literal["rules", "judge", "both"]
"""Whose verdict is measured: the rule grade, the LLM judge alone (its pass on the checks it
rates, as ``--grade-with-judge`` reads it), or both together (``--grade-with-judge``)."""

CorpusJudge = Callable[[EpisodeState], Awaitable[tuple[ToneVerdict, Usage]]]
"""A judge as the orchestrator calls it (``graders.judge.ToneJudge``): state -> (verdict, usage)."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """The grader's verdict on one labeled item, and the judge's when one was asked."""

    scenario: str
    item: CorpusItem
    success: bool
    report: GradeReport
    judge_ok: bool | None = None
    """The judge passes the episode (``graders.verdict.judge_passes``); ``None``: not asked
    or failed."""
    judge_error: str | None = None
    judge_checks: Mapping[str, bool] | None = None
    """The judge's pass or fail per check it rates, where the rule grade applied it."""
    judge_usage: Usage | None = None
    """What the judge's answer cost (``None``: not asked, or it failed)."""
    judge_answer: ToneVerdict | None = None
    """The judge's own verdict, as it answered (kept to save it)."""
    judge_reused: bool = False
    """The judge's verdict came from a saved judgement, not a new call."""

    def outcome(self, by: Outcome = "rules") -> bool | None:
        """Success as ``by`` decides it; ``None`` when the judge was needed and gave nothing."""
        if by == "rules":
            return self.success
        if self.judge_ok is None:
            return None
        return self.judge_ok if by == "judge" else decide(self.report, self.judge_ok)[0]

    def right(self, by: Outcome = "rules") -> bool | None:
        """Whether ``by``'s verdict matches the label (``None``: no verdict)."""
        success = self.outcome(by)
        return None if success is None else success == (self.item.label == "good")

    @property
    def correct(self) -> bool:
        return self.success == (self.item.label == "good")


@dataclass(slots=True)
class Accuracy:
    """Accuracy and both error rates, overall and by a key (category, scenario, ...), of the
    verdicts ``by`` gives (items without such a verdict are left out: see ``unjudged``)."""

    verdicts: list[Verdict] = field(default_factory=list)
    by_whom: Outcome = "rules"

    def _decided(self, label: str | None = None) -> list[bool]:
        """The successes ``by_whom`` gave, of items with ``label`` (all items: ``None``)."""
        out = []
        for v in self.verdicts:
            if label is None or v.item.label == label:
                success = v.outcome(self.by_whom)
                if success is not None:
                    out.append(success)
        return out

    @property
    def total(self) -> int:
        """Items with a verdict."""
        return len(self._decided())

    @property
    def unjudged(self) -> int:
        """Items left without a verdict (the judge failed on them)."""
        return len(self.verdicts) - self.total

    @property
    def accuracy(self) -> float:
        right = [r for v in self.verdicts if (r := v.right(self.by_whom)) is not None]
        return sum(right) / len(right) if right else 0.0

    @property
    def false_accept(self) -> float:
        """Share of bad replies the grader let succeed."""
        bad = self._decided("bad")
        return sum(bad) / len(bad) if bad else 0.0

    @property
    def false_reject(self) -> float:
        """Share of good replies the grader failed."""
        good = self._decided("good")
        return sum(not s for s in good) / len(good) if good else 0.0

    def by(self, key: str) -> dict[str, Accuracy]:
        groups: dict[str, Accuracy] = {}
        for v in self.verdicts:
            name = v.scenario if key == "scenario" else getattr(v.item, key)
            groups.setdefault(name, Accuracy(by_whom=self.by_whom)).verdicts.append(v)
        return dict(sorted(groups.items()))

    def seen_by(self, by_whom: Outcome) -> Accuracy:
        """The same verdicts, measured as ``by_whom`` decides them."""
        return Accuracy(self.verdicts, by_whom)

    def labels(self) -> Counter[str]:
        return Counter(v.item.label for v in self.verdicts if v.outcome(self.by_whom) is not None)

    def judge_usage(self) -> Usage:
        """What the judge's answers cost, summed (failed calls are not counted)."""
        return sum((v.judge_usage for v in self.verdicts if v.judge_usage), Usage())

    def agreement(self) -> dict[str, tuple[int, int]]:
        """Per check the judge rates: (items where it agreed with the rule check, items where
        both rated it)."""
        counts: dict[str, list[int]] = {}
        for v in self.verdicts:
            for name, ok in (v.judge_checks or {}).items():
                rule = v.report.check(name)
                if rule is not None:
                    seen = counts.setdefault(name, [0, 0])
                    seen[0] += ok == rule.passed
                    seen[1] += 1
        return {name: (a, n) for name, (a, n) in sorted(counts.items())}


def load_corpus(folders: Iterable[Path]) -> list[tuple[Scenario, CorpusItem]]:
    """Every item of every corpus file in ``folders``, with its scenario (ids are unique)."""
    items: list[tuple[Scenario, CorpusItem]] = []
    seen: set[str] = set()
    for folder in folders:
        for path in sorted(Path(folder).glob("*.yaml")):
            corpus = load_model(path, CorpusFile)
            scenario = get_scenario(corpus.scenario)
            for item in corpus.items:
                if item.id in seen:
                    raise ConfigError(f"{path}: duplicate corpus item id {item.id!r}")
                seen.add(item.id)
                items.append((scenario, item))
    return items


def _with_reply(actions: Sequence[Action], reply: str) -> list[Action]:
    last = max((i for i, a in enumerate(actions) if isinstance(a, Reply)), default=None)
    if last is None:
        raise ConfigError("the scenario's reference solution has no reply to replace")
    out = list(actions)
    out[last] = Reply(content=reply)
    return out


def reply_digest(scenario_id: str, item: CorpusItem) -> str:
    """What ties a saved judgement to a reply: its scenario and its text, hashed."""
    return hashlib.sha256(f"{scenario_id}\n{item.reply}".encode()).hexdigest()


class SavedJudgement(BaseModel):
    """One judge answer about one corpus reply, as ``bench/grader_accuracy.py --save`` keeps
    it (one JSON line each): the reply's id and digest, the model, its verdict and usage."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(min_length=1)
    reply_sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    model: str = Field(min_length=1)
    verdict: ToneVerdict
    usage: UsageRecord = Field(default_factory=UsageRecord)

    @classmethod
    def of(cls, verdict: Verdict, model: str) -> SavedJudgement:
        """The judgement in ``verdict`` (which must hold the judge's answer)."""
        if verdict.judge_answer is None:
            raise ValueError(f"item {verdict.item.id!r} has no judge answer to save")
        return cls(
            id=verdict.item.id,
            reply_sha256=reply_digest(verdict.scenario, verdict.item),
            model=model,
            verdict=verdict.judge_answer,
            usage=UsageRecord.of(verdict.judge_usage or Usage()),
        )

    @property
    def spent(self) -> Usage:
        """The saved usage, as the judge reported it."""
        u = self.usage
        return Usage(u.requests, u.input_tokens, u.output_tokens, u.cost)


def load_saved(path: Path, model: str) -> dict[str, SavedJudgement]:
    """The judgements saved in ``path`` (JSON lines), by item id; none if it does not exist.

    A last line cut short (a run stopped while writing it) is skipped; any other line that
    is not a saved judgement, or one of another model, is a ``ConfigError`` naming it, so a
    file is never mixed or silently half read."""
    if not path.exists():
        return {}
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read saved judgements: {exc}") from None
    lines = text.split("\n")
    saved: dict[str, SavedJudgement] = {}
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = SavedJudgement.model_validate(json.loads(line))
        except ValueError as exc:
            if number == len(lines):  # no newline after it: cut short while written
                continue
            first = str(exc).splitlines()[0]
            raise ConfigError(f"{path}, line {number}: not a saved judgement ({first})") from None
        if record.model != model:
            raise ConfigError(
                f"{path}, line {number}: a judgement of model {record.model!r}, not {model!r}; "
                "save each model's judgements in a file of its own"
            )
        saved[record.id] = record
    return saved


async def judge_item(
    scenario: Scenario,
    item: CorpusItem,
    *,
    seed: int = 0,
    judge: CorpusJudge | None = None,
    saved: SavedJudgement | None = None,
) -> Verdict:
    """Replay the gold episode with ``item.reply`` in place of the last gold reply; grade it.

    With ``judge``, also ask the LLM judge about the replayed episode, as a run with
    ``--judge-model`` does; a judge failure is recorded in the verdict, never raised. A
    ``saved`` judgement of this very reply in this scenario is used instead of a new call
    (its checks are derived again against today's rule grade; it answered the judge prompt
    of the code that saved it)."""
    env = make_env(scenario)
    await env.reset(seed=seed, episode_id=f"corpus-{item.id}")
    for action in _with_reply(scenario.reference_solution, item.reply):
        if env.state.done:
            break
        await env.step(action)
    report = grade(env.state)
    if judge is None:
        return Verdict(scenario.id, item, report.success, report)
    digest = reply_digest(scenario.id, item)
    if saved is not None and (saved.id != item.id or saved.reply_sha256 != digest):
        saved = None  # another reply's, or this one's before it changed: ask again
    try:
        if saved is not None:
            answer, usage = saved.verdict, saved.spent
        else:
            answer, usage = await judge(env.state)
        checks = judge_checks(answer, report, env.state.scenario)
    except Exception as exc:  # a judge failure is counted, never fatal to the measure
        return Verdict(
            scenario.id, item, report.success, report, judge_error=f"{type(exc).__name__}: {exc}"
        )
    return Verdict(
        scenario.id,
        item,
        report.success,
        report,
        judge_ok=judge_passes(checks, report),
        judge_checks=checks,
        judge_usage=usage,
        judge_answer=answer,
        judge_reused=saved is not None,
    )


Progress = Callable[[int, int, int], None]
"""Called as items finish: (done, total, judge failures so far)."""


async def evaluate(
    items: Sequence[tuple[Scenario, CorpusItem]],
    *,
    judge: CorpusJudge | None = None,
    concurrency: int = 8,
    progress: Progress | None = None,
    saved: Mapping[str, SavedJudgement] | None = None,
    on_judged: Callable[[Verdict], None] | None = None,
) -> Accuracy:
    """Judge every item. Without a judge, sequentially (each replay is a few milliseconds of
    pure CPU); with one, up to ``concurrency`` judge calls at a time, verdicts in item order.
    ``saved`` judgements (by item id) are used instead of new calls where the reply is the
    same; ``on_judged`` is called with each verdict as soon as it is made."""
    result = Accuracy()
    if judge is None:
        for scenario, item in items:
            result.verdicts.append(await judge_item(scenario, item))
        return result
    if concurrency < 1:
        raise ValueError(f"concurrency must be at least 1, got {concurrency}")
    gate = asyncio.Semaphore(concurrency)
    done = failed = 0

    async def one(scenario: Scenario, item: CorpusItem) -> Verdict:
        nonlocal done, failed
        async with gate:
            verdict = await judge_item(
                scenario, item, judge=judge, saved=(saved or {}).get(item.id)
            )
        if on_judged is not None:
            on_judged(verdict)
        done += 1
        failed += verdict.judge_error is not None
        if progress is not None:
            progress(done, len(items), failed)
        return verdict

    result.verdicts.extend(await asyncio.gather(*(one(s, i) for s, i in items)))
    return result

"""How right is the rule grader? Replay labeled replies and count what it gets wrong.

A labeled corpus is a folder of YAML files, one per scenario (``scenario: ID`` and ``items``:
``id``, ``label`` good|bad, ``category``, ``reply``, ``why``). Each item replays the
scenario's gold episode with its reply in place of the gold's last reply, against the
scenario's default persona, and asks the rule grader whether the episode succeeds. A good
reply should succeed, a bad one must not.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from graders import GradeReport, grade
from sim.actions import Action, Reply
from sim.errors import ConfigError
from sim.factory import make_env
from sim.loader import get_scenario, load_model
from sim.scenario import Scenario

__all__ = [
    "Accuracy",
    "CorpusFile",
    "CorpusItem",
    "Verdict",
    "evaluate",
    "judge_item",
    "load_corpus",
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


@dataclass(frozen=True, slots=True)
class Verdict:
    """The grader's verdict on one labeled item."""

    scenario: str
    item: CorpusItem
    success: bool
    report: GradeReport

    @property
    def correct(self) -> bool:
        return self.success == (self.item.label == "good")


@dataclass(slots=True)
class Accuracy:
    """Accuracy and both error rates, overall and by a key (category, scenario, ...)."""

    verdicts: list[Verdict] = field(default_factory=list)

    @property
    def total(self) -> int:
        return len(self.verdicts)

    @property
    def accuracy(self) -> float:
        return sum(v.correct for v in self.verdicts) / self.total if self.total else 0.0

    @property
    def false_accept(self) -> float:
        """Share of bad replies the grader let succeed."""
        bad = [v for v in self.verdicts if v.item.label == "bad"]
        return sum(v.success for v in bad) / len(bad) if bad else 0.0

    @property
    def false_reject(self) -> float:
        """Share of good replies the grader failed."""
        good = [v for v in self.verdicts if v.item.label == "good"]
        return sum(not v.success for v in good) / len(good) if good else 0.0

    def by(self, key: str) -> dict[str, Accuracy]:
        groups: dict[str, Accuracy] = {}
        for v in self.verdicts:
            name = v.scenario if key == "scenario" else getattr(v.item, key)
            groups.setdefault(name, Accuracy()).verdicts.append(v)
        return dict(sorted(groups.items()))

    def labels(self) -> Counter[str]:
        return Counter(v.item.label for v in self.verdicts)


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


async def judge_item(scenario: Scenario, item: CorpusItem, *, seed: int = 0) -> Verdict:
    """Replay the gold episode with ``item.reply`` in place of the last gold reply; grade it."""
    env = make_env(scenario)
    await env.reset(seed=seed, episode_id=f"corpus-{item.id}")
    for action in _with_reply(scenario.reference_solution, item.reply):
        if env.state.done:
            break
        await env.step(action)
    report = grade(env.state)
    return Verdict(scenario.id, item, report.success, report)


async def evaluate(items: Sequence[tuple[Scenario, CorpusItem]]) -> Accuracy:
    """Judge every item (sequentially: each replay is a few milliseconds of pure CPU)."""
    result = Accuracy()
    for scenario, item in items:
        result.verdicts.append(await judge_item(scenario, item))
    return result

"""One streamed pass over a run's results: the numbers every plot of the report needs.

Accumulators only (sums and counts per key), so memory stays flat however many episodes
the run holds; the frustration lines keep at most ``MAX_LINES`` episodes, drawn evenly.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from graders.metrics import PARTICIPANTS
from sim.orchestrator import EpisodeResult

__all__ = ["MAX_LINES", "PlotData", "frustration_bin"]

MAX_LINES = 1500
"""Most per-episode frustration lines drawn (the per-persona means use every episode)."""


def frustration_bin(result: EpisodeResult, width: float = 0.1) -> float | None:
    """The episode's starting frustration, rounded to a bin of ``width``.

    A stress run's override when there is one, else the customer's first emotion point
    (the persona's own starting level)."""
    start = result.initial_frustration
    if start is None and result.state.emotion:
        start = result.state.emotion[0].frustration
    if start is None:
        return None
    return round(round(start / width) * width, 4)


@dataclass
class _Mean:
    total: float = 0.0
    count: int = 0

    def add(self, value: float) -> None:
        self.total += value
        self.count += 1

    @property
    def value(self) -> float | None:
        return self.total / self.count if self.count else None


@dataclass
class PlotData:
    """Sums per key, filled by :meth:`add` one result at a time."""

    total: int
    stride: int = 1
    seen: int = 0
    lines: dict[str, list[tuple[list[int], list[float]]]] = field(
        default_factory=lambda: defaultdict(list)
    )
    """Per persona: (steps, frustration) of the episodes drawn."""
    persona_mean: dict[str, dict[int, _Mean]] = field(
        default_factory=lambda: defaultdict(lambda: defaultdict(_Mean))
    )
    reward: dict[str, dict[int, _Mean]] = field(
        default_factory=lambda: defaultdict(lambda: defaultdict(_Mean))
    )
    """Per action type, per step number: the mean reward of that step."""
    tokens: dict[str, dict[str, _Mean]] = field(
        default_factory=lambda: defaultdict(lambda: defaultdict(_Mean))
    )
    """Per scenario, per participant: tokens per episode."""
    cost: dict[str, dict[str, float | None]] = field(
        default_factory=lambda: defaultdict(lambda: dict.fromkeys(PARTICIPANTS, 0.0))
    )
    """Per scenario, per participant: total cost in US dollars (``None``: unknown price)."""

    def __post_init__(self) -> None:
        self.stride = max(1, -(-self.total // MAX_LINES))

    def add(self, result: EpisodeResult) -> None:
        state = result.state
        if result.error_kind is None and state.emotion:
            steps = [p.step for p in state.emotion]
            values = [round(p.frustration, 4) for p in state.emotion]
            if self.seen % self.stride == 0:
                self.lines[result.persona].append((steps, values))
            for s, v in zip(steps, values, strict=True):
                self.persona_mean[result.persona][s].add(v)
        self.seen += 1
        for rec in state.actions:
            kind = rec.action.type if rec.action is not None else "unparsed"
            self.reward[kind][rec.step].add(rec.reward)
        for who in PARTICIPANTS:
            usage = result.usage.get(who)
            self.tokens[result.scenario][who].add(0 if usage is None else usage.tokens)
            known = self.cost[result.scenario][who]
            cost = None if usage is None else usage.cost
            summed = None if known is None or cost is None else known + cost
            self.cost[result.scenario][who] = summed

    @property
    def drawn(self) -> int:
        return sum(len(v) for v in self.lines.values())

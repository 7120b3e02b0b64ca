"""What every backend shares: the job it is given, the record it sends back, and the runner
that plays episodes wherever the backend put it.

The batch runner (``sim.batch``) plans the episodes, owns the run directory and is the one
writer of ``results.sqlite``; a backend only decides where ``run_episode`` executes. Records
are plain values (the row the store writes, and the few fields the progress bar reads), so
they cross a pipe or a Ray object store cheaply and the parent never re-parses a result.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any, Protocol

from agents.registry import make_agent
from personas import Persona
from sim.logs import LogLine
from sim.orchestrator import EpisodeSpec, run_episode
from sim.scenario import Scenario
from sim.store import episode_row

__all__ = [
    "Backend",
    "EpisodeRecord",
    "EpisodeRunner",
    "Job",
    "Pool",
    "Sink",
    "split_concurrency",
]


@dataclass(frozen=True)
class Job:
    """Everything a worker needs to play a run's episodes, wherever it is: the configuration
    and the loaded scenarios and personas (so that remote nodes need no copy of the files)."""

    config: Any
    """The run's ``BatchConfig``."""
    scenarios: dict[str, Scenario]
    personas: dict[str, Persona]
    log_threshold: int
    """The numeric log level of the run's log: workers capture lines at it."""
    allow_model_requests: bool = True
    """pydantic-ai's global switch as the parent has it (tests forbid real model requests;
    their worker processes must too)."""


@dataclass(frozen=True, slots=True)
class EpisodeRecord:
    """One finished episode as the parent stores and counts it."""

    key: str
    row: tuple[Any, ...]
    """The episodes table row (``sim.store.episode_row``)."""
    error: str | None
    success: bool | None
    """The episode's success (the rule grade's, and the judge's with ``grade_with_judge``);
    ``None`` for an infrastructure error."""

    @classmethod
    def of(cls, result: Any) -> EpisodeRecord:
        """The record of an ``EpisodeResult``."""
        return cls(result.key, episode_row(result), result.error, result.success)


Sink = Callable[[list[EpisodeRecord], list[LogLine]], None]
"""Where a pool delivers finished episodes (and the log lines logged elsewhere), in the
parent's event loop: it stores them, then counts them."""


class Pool(Protocol):
    """A started backend: plays the given specs and delivers every record to ``sink``."""

    async def run(self, specs: Sequence[EpisodeSpec], sink: Sink) -> None: ...


class Backend(Protocol):
    """Where episodes execute. ``start(job)`` brings up the workers (processes, Ray actors);
    leaving the context stops them, also on error or cancellation."""

    name: str

    def start(self, job: Job) -> AbstractAsyncContextManager[Pool]: ...


def split_concurrency(total: int, workers: int) -> list[int]:
    """Each worker's share of ``total`` concurrency; never a worker with no share."""
    n = max(1, min(workers, total))
    return [total // n + (i < total % n) for i in range(n)]


class EpisodeRunner:
    """Plays episodes of a job in this process: models and the judge are built once."""

    def __init__(self, job: Job) -> None:
        from sim.batch import _Runtime

        self.job = job
        if not job.allow_model_requests:
            from pydantic_ai import models

            models.ALLOW_MODEL_REQUESTS = False
        self.runtime = _Runtime(job.config, catalog=(job.scenarios, job.personas))

    async def run(self, spec: EpisodeSpec) -> EpisodeRecord:
        config = self.job.config
        result = await run_episode(
            self.runtime.env(spec),
            make_agent(config.agent, **self.runtime.agent_options),
            spec,
            agent_name=config.agent,
            customer_name=config.customer,
            timeout=config.timeout,
            judge=self.runtime.judge,
            grade_with_judge=config.grade_with_judge,
            tier2=self.runtime.tier2(),
        )
        return EpisodeRecord.of(result)

    async def aclose(self) -> None:
        await self.runtime.aclose()

"""run_episode: one support agent and one customer on one SupportEnv, graded.

Nothing an agent or a model does can escape as an exception: model and network failures,
timeouts and agent bugs end the episode with a recorded infrastructure error.
"""

from __future__ import annotations

import asyncio
import hashlib
import time
import traceback
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

import structlog
from pydantic import BaseModel, ConfigDict, model_validator

from graders.roles import WorkflowGrade, grade_roles
from graders.rules import GradeReport, grade
from graders.verdict import Decider, ToneVerdict, agreement, decide, judge_checks, judge_passes
from sim.approval import ModelSupervisor
from sim.customer import Usage
from sim.env import SupportEnv
from sim.errors import RunError
from sim.events import Termination
from sim.outcome import escalation_required_at_decision
from sim.state import EpisodeState
from sim.workflow import hand_off

__all__ = [
    "EpisodeResult",
    "EpisodeSpec",
    "ErrorKind",
    "Judge",
    "UsageRecord",
    "derive_seed",
    "run_episode",
]

log = structlog.get_logger("supportsim.episode")

Judge = Callable[[EpisodeState], Awaitable[tuple[ToneVerdict, Usage]]]
"""An optional LLM judge (``graders.judge.ToneJudge``): returns its verdict and its usage."""


class ErrorKind(StrEnum):
    """Why an episode could not be graded: infrastructure, not the agent's judgment."""

    MODEL = "model"
    """A model or the network failed after its retries."""
    TIMEOUT = "timeout"
    """The episode's wall-clock limit ran out."""
    CRASH = "crash"
    """An agent or customer raised an unexpected exception."""


@dataclass(frozen=True, slots=True)
class EpisodeSpec:
    """Which episode to play: the unit of a batch, of resume, and of pass^k."""

    scenario: str
    persona: str
    trial: int
    seed: int
    initial_frustration: float | None = None

    @property
    def key(self) -> str:
        f = "-" if self.initial_frustration is None else f"{self.initial_frustration:.3f}"
        return f"{self.scenario}|{self.persona}|{f}|{self.trial}"

    @property
    def task(self) -> str:
        """Trials of the same task share this (pass^k groups by it)."""
        return self.key.rsplit("|", 1)[0]


def derive_seed(base_seed: int, *parts: object) -> int:
    """A stable per-episode seed from the run's base seed (same at any concurrency)."""
    text = "|".join(map(str, (base_seed, *parts)))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big") >> 1


class UsageRecord(BaseModel):
    model_config = ConfigDict(frozen=True)

    requests: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    cost: float | None = 0.0

    @classmethod
    def of(cls, usage: Usage) -> UsageRecord:
        return cls(
            requests=usage.requests,
            input_tokens=usage.input_tokens,
            output_tokens=usage.output_tokens,
            cost=usage.cost,
        )

    @property
    def tokens(self) -> int:
        return self.input_tokens + self.output_tokens


class EpisodeResult(BaseModel):
    """Everything about one finished episode: what is stored, exported and shown."""

    scenario: str
    persona: str
    trial: int
    seed: int
    initial_frustration: float | None = None
    agent: str
    customer: str
    termination: Termination | None
    error: str | None = None
    error_kind: ErrorKind | None = None
    grade: GradeReport | None = None
    """The rule grade; ``None`` for an infrastructure error. After a tier-2 handoff: the
    first line's part of the episode (the state at the handoff)."""
    roles: WorkflowGrade | None = None
    """Per-role checks and the workflow as a whole, when a tier-2 handoff happened."""
    judge: dict[str, Any] | None = None
    """The judge's verdict (``graders.verdict.ToneVerdict``), if a judge ran and answered."""
    judge_error: str | None = None
    judge_checks: dict[str, bool] | None = None
    """The judge's pass or fail for the rule checks it also rates (``JudgedCheck``: facts,
    misrepresentation, leak, and its tone for ``courteous``), where the rule check applied."""
    judge_agreement: dict[str, bool] | None = None
    """Per check in ``judge_checks``: whether the judge agreed with the rule check."""
    success: bool | None = None
    """The episode's outcome: the rule grade's success or, with ``--grade-with-judge``, the
    rule grade and the judge together; ``None`` for an infrastructure error."""
    decided_by: Decider | None = None
    """What decided ``success`` (the rule grade itself is never changed)."""
    usage: dict[str, UsageRecord]
    """Per participant: ``agent`` (the first line), ``customer``, ``judge``; with roles also
    ``tier2`` (``--tier2``) and ``supervisor`` (a model supervisor, ``--supervisor llm``)."""
    started_at: float
    wall_seconds: float
    state: EpisodeState

    @model_validator(mode="after")
    def _rule_success(self) -> EpisodeResult:
        """Results stored before ``success`` existed: the rule grade decided."""
        if self.success is None and self.grade is not None and self.error_kind is None:
            self.success, self.decided_by = self.grade.success, Decider.RULES
        return self

    @property
    def key(self) -> str:
        return self.spec.key

    @property
    def spec(self) -> EpisodeSpec:
        return EpisodeSpec(
            self.scenario, self.persona, self.trial, self.seed, self.initial_frustration
        )

    @property
    def escalated(self) -> bool:
        return self.state.escalation is not None

    @property
    def escalation_required(self) -> bool:
        """Whether the rule required escalation at the agent's decision (or at the end)."""
        return escalation_required_at_decision(self.state, self.state.scenario)

    def to_json(self) -> str:
        """Compact JSON without the (stored-once) scenario."""
        return self.model_dump_json(exclude={"state": {"scenario"}})


async def run_episode(
    env: SupportEnv,
    agent: Any,
    spec: EpisodeSpec,
    *,
    agent_name: str,
    customer_name: str = "scripted",
    timeout: float | None = 300.0,  # noqa: ASYNC109 (a per-episode budget, applied inside)
    judge: Judge | None = None,
    grade_with_judge: bool = False,
    tier2: Any | None = None,
) -> EpisodeResult:
    """Play ``spec`` with ``agent`` on ``env`` (already holding its customer) and grade it.

    With ``grade_with_judge`` (which needs ``judge``), success requires both the rule grade
    and the judge; an episode whose judge fails is then an infrastructure error (success
    unknown), with its rule grade kept. With ``tier2`` (an agent), an escalation to the
    scenario's ``handoff`` team hands the ticket to it (``sim.workflow``)."""
    if grade_with_judge and judge is None:
        raise ValueError("grade_with_judge needs a judge")
    started, t0 = time.time(), time.perf_counter()
    structlog.contextvars.bind_contextvars(
        episode=spec.key, scenario=spec.scenario, persona=spec.persona, step=0
    )
    agent_usage = Usage()
    tier2_usage = Usage()
    first_line: EpisodeState | None = None
    error: str | None = None
    kind: ErrorKind | None = None
    in_tier2 = False
    try:
        async with asyncio.timeout(timeout):
            obs = await env.reset(seed=spec.seed, episode_id=spec.key)
            agent_usage = await agent.play(env, obs)
            if tier2 is not None:
                in_tier2 = True
                first_line, tier2_usage = await hand_off(env, tier2)
    except TimeoutError:
        error, kind = f"episode exceeded its {timeout:g}s wall-clock limit", ErrorKind.TIMEOUT
    except RunError as exc:
        error, kind = str(exc), ErrorKind.MODEL
        if exc.usage is not None and in_tier2:
            tier2_usage = exc.usage
        elif exc.usage is not None:
            agent_usage = exc.usage
    except Exception as exc:  # an agent or customer bug must not take the batch down
        where = traceback.extract_tb(exc.__traceback__)[-1]
        error = f"{type(exc).__name__}: {exc} ({where.filename}:{where.lineno})"
        kind = ErrorKind.CRASH
    state = env.state
    usage = {"agent": agent_usage, "customer": env.customer_usage, "judge": Usage()}
    if tier2 is not None:
        usage["tier2"] = tier2_usage
    if isinstance(env.supervisor, ModelSupervisor):
        usage["supervisor"] = env.supervisor_usage
    report: GradeReport | None = None
    roles: WorkflowGrade | None = None
    verdict: dict[str, Any] | None = None
    judge_error: str | None = None
    views: dict[str, bool] | None = None
    success: bool | None = None
    decided_by: Decider | None = None
    if kind is None:
        if not state.done:
            state.done, state.termination = True, Termination.AGENT_STOPPED
        report = grade(state if first_line is None else first_line)
        if (
            first_line is not None
            or (tier2 is not None and state.scenario.handoff is not None)
            or state.approvals
            or state.scenario.policy.refund.approval_above is not None
        ):
            roles = grade_roles(state, first_line, report)
        judge_ok: bool | None = None
        if judge is not None:
            try:
                answer, usage["judge"] = await judge(state)
                checks = judge_checks(answer, report, state.scenario)
                verdict, views = answer.model_dump(mode="json"), checks
                judge_ok = judge_passes(checks, report)
            except Exception as exc:  # the judge never changes or loses the rule grade
                judge_error = f"{type(exc).__name__}: {exc}"
        if grade_with_judge and judge_ok is None:
            error, kind = f"judge failed, so success is unknown: {judge_error}", ErrorKind.MODEL
        else:
            success, decided_by = decide(report, judge_ok if grade_with_judge else None)
            if roles is not None:
                success = success and roles.success
    else:
        state.error = error
        if not state.done:
            state.done, state.termination = (
                True,
                (Termination.TIMEOUT if kind is ErrorKind.TIMEOUT else Termination.ERROR),
            )
    result = EpisodeResult(
        scenario=spec.scenario,
        persona=spec.persona,
        trial=spec.trial,
        seed=spec.seed,
        initial_frustration=spec.initial_frustration,
        agent=agent_name,
        customer=customer_name,
        termination=state.termination,
        error=error,
        error_kind=kind,
        grade=report,
        roles=roles,
        judge=verdict,
        judge_error=judge_error,
        judge_checks=views,
        judge_agreement=None if views is None or report is None else agreement(views, report),
        success=success,
        decided_by=decided_by,
        usage={k: UsageRecord.of(v) for k, v in usage.items()},
        started_at=started,
        wall_seconds=time.perf_counter() - t0,
        state=state,
    )
    log.info(
        "episode finished",
        step=state.step_count,
        termination=str(state.termination),
        success=success,
        decided_by=None if decided_by is None else decided_by.value,
        score=None if report is None else report.score,
        error=error,
    )
    return result

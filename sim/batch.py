"""run_batch: scenarios x personas x trials with bounded concurrency, persisted as they finish.

A run directory holds ``config.json``, ``results.sqlite`` and ``run.log``. Resuming a run
(also after kill -9) plays only the episodes that have no stored result.
"""

from __future__ import annotations

import asyncio
import gc
import itertools
import json
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import structlog
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from agents.registry import agent_names
from agents.supervisor import make_supervisor, supervisor_names
from agents.tier2 import make_tier2, tier2_names
from personas import Persona, get_persona
from sim.backends.base import Job
from sim.backends.inprocess import InProcessBackend
from sim.env import SupportEnv
from sim.errors import ConfigError
from sim.factory import make_customer
from sim.loader import bundled_scenario_ids, format_validation_error, get_scenario
from sim.logs import LogLine, log_threshold, replay
from sim.orchestrator import EpisodeSpec, Judge, derive_seed
from sim.scenario import Scenario
from sim.store import ResultStore
from sim.workflow import Tier2Mode

if TYPE_CHECKING:
    from sim.backends.base import Backend, EpisodeRecord

__all__ = ["BatchConfig", "BatchOutcome", "load_config", "plan_episodes", "run_batch"]

log = structlog.get_logger("supportsim.batch")

CONFIG_NAME = "config.json"


class BatchConfig(BaseModel):
    """Everything that defines a run; saved in the run directory and reused on resume."""

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)

    scenarios: list[str] = Field(default_factory=bundled_scenario_ids)
    """Scenario ids or file paths."""
    personas: list[str] | None = None
    """Persona ids or paths; ``None`` plays each scenario against its default persona."""
    frustrations: list[float] | None = None
    """Initial-frustration overrides (a stress sweep); ``None`` keeps each persona's own."""
    trials: int = Field(default=1, ge=1, le=100_000)
    seed: int = 0
    concurrency: int = Field(default=8, ge=1, le=4096)
    agent: str = "scripted"
    agent_model: str | None = None
    tier2: Tier2Mode = Tier2Mode.NONE
    """Who continues after an escalation to a scenario's ``handoff`` team (``sim.workflow``)."""
    tier2_agent: str = "tier2"
    """The tier-2 agent by name (``agents.tier2``), used when ``tier2`` is not ``none``."""
    tier2_model: str | None = None
    """The model of ``--tier2 llm`` (default: ``agent_model``)."""
    supervisor: str = "policy"
    """Who answers ``request_approval`` (``agents.supervisor``): policy, approve-all,
    deny-all or llm."""
    supervisor_model: str | None = None
    """The model of ``--supervisor llm`` (default: ``agent_model``)."""
    customer: Literal["scripted", "llm"] = "scripted"
    customer_model: str | None = None
    base_url: str | None = None
    judge_model: str | None = None
    grade_with_judge: bool = False
    """Success requires both the rule grade and the judge (needs ``judge_model``)."""
    timeout: float = Field(default=300.0, gt=0)
    """Wall-clock limit per episode, in seconds."""
    model_timeout: float = Field(default=60.0, gt=0)
    """Limit per model HTTP request, in seconds (OpenAI-compatible servers)."""
    model_retries: int = Field(default=4, ge=0)
    """Retries per model request on 429/5xx/timeouts, with backoff honouring Retry-After."""
    max_steps: int | None = Field(default=None, ge=1)

    @field_validator("scenarios", "personas")
    @classmethod
    def _absolute_files(cls, refs: list[str] | None) -> list[str] | None:
        """Files as absolute paths, so that a run resumes from any working directory."""
        return None if refs is None else [_absolute_if_file(r) for r in refs]

    def check(self) -> None:
        """Fail early, with a clear message, on names that do not exist."""
        if self.agent not in agent_names():
            raise ConfigError(f"unknown agent {self.agent!r}; expected one of {agent_names()}")
        if self.tier2 is Tier2Mode.SCRIPTED and self.tier2_agent not in tier2_names():
            raise ConfigError(
                f"unknown --tier2-agent {self.tier2_agent!r}; expected one of {tier2_names()}"
            )
        if self.supervisor not in supervisor_names():
            raise ConfigError(
                f"unknown --supervisor {self.supervisor!r}; expected one of {supervisor_names()}"
            )
        if self.agent == "llm" and not self.agent_model:
            raise ConfigError("--agent llm needs --agent-model")
        if self.tier2 is Tier2Mode.LLM and not self.role_model(self.tier2_model):
            raise ConfigError("--tier2 llm needs --tier2-model (or --agent-model)")
        if self.supervisor == "llm" and not self.role_model(self.supervisor_model):
            raise ConfigError("--supervisor llm needs --supervisor-model (or --agent-model)")
        if self.customer == "llm" and not self.customer_model:
            raise ConfigError("--customer llm needs --customer-model")
        if self.grade_with_judge and not self.judge_model:
            raise ConfigError("--grade-with-judge needs --judge-model (the judge to grade with)")
        self.catalog()
        if self.frustrations and any(not 0 <= f <= 1 for f in self.frustrations):
            raise ConfigError("initial frustration values must be within [0, 1]")

    def role_model(self, model: str | None) -> str | None:
        """A role's model: its own, else the support agent's (``agent_model``)."""
        return model or self.agent_model

    def catalog(self) -> tuple[dict[str, Scenario], dict[str, Persona]]:
        """The run's scenarios and personas by id (files and bundled names alike).

        Episodes are named by these ids, so results read the same whatever path a file
        was given by; two files with the same id are an error."""
        scenarios: dict[str, Scenario] = {}
        for ref in self.scenarios:
            sc = get_scenario(ref)
            if scenarios.get(sc.id, sc) is not sc:
                raise ConfigError(f"{ref}: another scenario file already has the id {sc.id!r}")
            scenarios[sc.id] = sc
        refs = self.personas or [sc.default_persona for sc in scenarios.values()]
        personas: dict[str, Persona] = {}
        for ref in refs:
            pe = get_persona(ref)
            if personas.get(pe.id, pe) is not pe:
                raise ConfigError(f"{ref}: another persona file already has the id {pe.id!r}")
            personas[pe.id] = pe
        return scenarios, personas


def _absolute_if_file(ref: str) -> str:
    path = Path(ref)
    return str(path.resolve()) if not path.is_absolute() and path.is_file() else ref


def plan_episodes(config: BatchConfig) -> Iterator[EpisodeSpec]:
    """Every episode of the run, in a fixed order, with seeds derived from the base seed."""
    frustrations: list[float | None] = [*config.frustrations] if config.frustrations else [None]
    scenarios, _ = config.catalog()
    chosen = [get_persona(p).id for p in config.personas] if config.personas else None
    for scenario in scenarios.values():
        personas = chosen or [get_persona(scenario.default_persona).id]
        for persona, frustration, trial in itertools.product(
            personas, frustrations, range(config.trials)
        ):
            seed = derive_seed(config.seed, scenario.id, persona, frustration, trial)
            yield EpisodeSpec(scenario.id, persona, trial, seed, frustration)


@dataclass
class BatchOutcome:
    planned: int
    skipped: int
    """Already stored before this call (resume)."""
    finished: int
    errors: int
    interrupted: bool = False


class _Runtime:
    """What is built once per batch (per worker process): models, the judge."""

    def __init__(
        self,
        config: BatchConfig,
        catalog: tuple[dict[str, Scenario], dict[str, Persona]] | None = None,
    ) -> None:
        self.config = config
        self.scenarios, self.personas = catalog or config.catalog()
        self.agent_options: dict[str, Any] = {}
        self.customer_model: Any = None
        self.judge: Judge | None = None
        self.models: list[Any] = []
        self.tier2_model: Any = None
        self.supervisor: Any = None
        """A model supervisor (``--supervisor llm``), built once and shared by episodes."""
        tier2_llm = config.tier2 is Tier2Mode.LLM
        supervisor_llm = config.supervisor == "llm"
        if (
            config.agent == "llm"
            or config.customer == "llm"
            or config.judge_model
            or tier2_llm
            or supervisor_llm
        ):
            from sim.models import make_model

            def model(name: str) -> Any:
                self.models.append(
                    make_model(
                        name,
                        config.base_url,
                        timeout=config.model_timeout,
                        max_retries=config.model_retries,
                    )
                )
                return self.models[-1]

            if config.agent == "llm" and config.agent_model:
                self.agent_options["model"] = model(config.agent_model)
            if config.customer == "llm" and config.customer_model:
                self.customer_model = model(config.customer_model)
            if tier2_llm and (name := config.role_model(config.tier2_model)):
                self.tier2_model = model(name)
            if supervisor_llm and (name := config.role_model(config.supervisor_model)):
                from agents.supervisor_llm import LLMSupervisor

                self.supervisor = LLMSupervisor(model(name))
            if config.judge_model:
                from graders.judge import ToneJudge

                self.judge = ToneJudge(model(config.judge_model))

    def tier2(self) -> Any | None:
        """A fresh tier-2 agent for one episode (``None`` with ``--tier2 none``)."""
        match self.config.tier2:
            case Tier2Mode.NONE:
                return None
            case Tier2Mode.SCRIPTED:
                return make_tier2(self.config.tier2_agent)
            case Tier2Mode.LLM:
                from agents.tier2_llm import LLMTier2Agent

                return LLMTier2Agent(self.tier2_model)

    async def aclose(self) -> None:
        """Close the models' HTTP clients (see ``sim.models.aclose_model``); an offline run has
        none and so never loads pydantic-ai and the SDK (a second or more per process)."""
        if not self.models:
            return
        from sim.models import aclose_model

        for m in self.models:
            await aclose_model(m)

    def env(self, spec: EpisodeSpec) -> SupportEnv:
        scenario = self.scenarios[spec.scenario]
        customer = make_customer(
            self.personas[spec.persona],
            self.config.customer,
            model=self.customer_model,
            initial_frustration=spec.initial_frustration,
        )
        return SupportEnv(
            scenario,
            customer,
            max_steps=self.config.max_steps,
            supervisor=self.supervisor or make_supervisor(self.config.supervisor),
        )


async def run_batch(
    config: BatchConfig,
    run_dir: Path,
    *,
    resume: bool = False,
    retry_errors: bool = False,
    on_result: Callable[[EpisodeRecord], None] | None = None,
    on_start: Callable[[int, int], None] | None = None,
    backend: Backend | None = None,
) -> BatchOutcome:
    """Run (or resume) the batch into ``run_dir``; each result is stored as it finishes.

    ``backend`` decides where episodes execute (default: this process, on this event loop;
    see ``sim.backends``); whatever it is, this function plans the episodes and is the one
    writer of the run directory. ``on_start(total, already_done)`` is called once the plan
    is known; ``on_result`` after each stored result (progress bars hook here).
    """
    config.check()
    config_path = run_dir / CONFIG_NAME
    if config_path.exists() and not resume:
        raise ConfigError(f"{run_dir} already holds a run; use --resume or another --out")
    if resume and not config_path.exists():
        raise ConfigError(f"{run_dir}: nothing to resume (no {CONFIG_NAME})")
    run_dir.mkdir(parents=True, exist_ok=True)
    if not resume:
        config_path.write_text(json.dumps(config.model_dump(mode="json"), indent=2) + "\n")
    scenarios, personas = config.catalog()
    job = Job(config, scenarios, personas, log_threshold(), _model_requests_allowed())
    with ResultStore(run_dir) as store:
        if retry_errors:
            store.delete_errors()
        done = store.done_keys()
        specs = [s for s in plan_episodes(config) if s.key not in done]
        for scenario in scenarios.values():
            store.add_scenario(scenario)
        planned = len(specs) + len(done)
        outcome = BatchOutcome(planned=planned, skipped=len(done), finished=0, errors=0)
        if on_start is not None:
            on_start(planned, len(done))
        chosen = backend if backend is not None and specs else InProcessBackend()

        def sink(records: list[EpisodeRecord], lines: list[LogLine]) -> None:
            if lines:
                replay(lines)
            store.add_rows([r.row for r in records])
            for record in records:
                outcome.finished += 1
                outcome.errors += record.error is not None
                if on_result is not None:
                    on_result(record)

        try:
            async with chosen.start(job) as pool:
                log.info(
                    "batch started",
                    planned=planned,
                    already_done=len(done),
                    run_dir=str(run_dir),
                    backend=chosen.name,
                )
                # What exists now (modules, schemas, models) lives for the whole batch: keep
                # the cyclic garbage collector from rescanning it; full collections otherwise
                # stall every episode.
                gc.freeze()
                try:
                    await pool.run(specs, sink)
                finally:
                    gc.unfreeze()
        except asyncio.CancelledError:
            outcome.interrupted = True
            log.warning("batch interrupted", finished=outcome.finished)
            raise
        log.info("batch finished", finished=outcome.finished, errors=outcome.errors)
    return outcome


def _model_requests_allowed() -> bool:
    """pydantic-ai's global switch in this process (without importing pydantic-ai)."""
    models = sys.modules.get("pydantic_ai.models")
    return bool(getattr(models, "ALLOW_MODEL_REQUESTS", True))


def load_config(run_dir: Path) -> BatchConfig:
    """The configuration a run directory was started with."""
    path = run_dir / CONFIG_NAME
    if not path.exists():
        raise ConfigError(f"{run_dir}: not a run directory (no {CONFIG_NAME})")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read the run's configuration ({exc})") from None
    try:
        return BatchConfig.model_validate_json(text)
    except ValidationError as exc:
        problems = "; ".join(format_validation_error(exc)[:5])
        raise ConfigError(
            f"{path}: the run's configuration is damaged or was edited by hand: {problems}. "
            "Restore it (it must describe the stored episodes), or start a new run"
        ) from None

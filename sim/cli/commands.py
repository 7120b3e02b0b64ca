"""Commands that run things: run, stress, show, export, serve, mock-llm."""

from __future__ import annotations

import asyncio
import datetime as dt
import shlex
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

import typer
from rich.markup import escape

from sim.cli.app import app, console, err_console, fail
from sim.cli.checks import check_out_dir, cli_command, finite, parse_sweep
from sim.errors import ConfigError
from sim.workflow import Tier2Mode

if TYPE_CHECKING:
    from sim.backends import Backend, EpisodeRecord
    from sim.batch import BatchConfig

# Modules that load the environment, models and logging are imported inside the commands
# that use them, so that ``supportsim --help`` and ``validate`` start fast.

LEVELS = ("debug", "info", "warning", "error")
"""Log levels (as ``sim.logs.LEVELS``, which imports structlog)."""

LogLevel = Annotated[str, typer.Option("--log-level", help=f"Log file level: {', '.join(LEVELS)}.")]


def _expand(refs: list[str]) -> list[str]:
    """Scenario ids and files as given; a directory stands for the YAML files inside it."""
    out: list[str] = []
    for ref in refs:
        path = Path(ref)
        if path.is_dir():
            found = sorted(str(p) for p in (*path.glob("*.yaml"), *path.glob("*.yml")))
            if not found:
                raise ConfigError(f"{ref}: no scenario files (*.yaml) in this directory")
            out.extend(found)
        else:
            out.append(ref)
    return out


def _scenario_refs(
    scenario: list[str] | None, generate: str | None, count: int, seed: int
) -> list[str]:
    """-s refs, then ``--generate`` references (train split, the run's seed)."""
    from sim.generate.refs import refs_for

    return _expand(scenario or []) + (refs_for(generate, count, seed) if generate else [])


def _default_out(prefix: str) -> Path:
    return Path("runs") / f"{prefix}-{dt.datetime.now().strftime('%Y%m%d-%H%M%S')}"


def _execute(
    config: BatchConfig,
    out: Path,
    *,
    resume: bool,
    retry_errors: bool,
    log_level: str,
    progress: bool,
    backend: Backend | None = None,
) -> None:
    """Run a batch with a progress bar; Ctrl-C stops cleanly and keeps finished episodes."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from sim.batch import run_batch
    from sim.cli.resume import prepare_resume
    from sim.logs import configure_logging
    from sim.store import ResultStore

    if log_level not in LEVELS:
        raise fail(f"--log-level must be one of {', '.join(LEVELS)}")
    if resume:
        prepare_resume(out, config, err_console)
    else:
        check_out_dir(out)
    configure_logging(log_level, log_file=out / "run.log", console=err_console)
    bar = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[status]}"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=err_console,
        disable=not progress,
        transient=False,
    )
    task = bar.add_task("episodes", total=None, status="")
    counts = {"ok": 0, "fail": 0, "error": 0}

    def on_start(total: int, done: int) -> None:
        bar.update(task, total=total, completed=done)
        if done:
            err_console.print(
                f"resuming {escape(str(out))}: {done} of {total} episodes already stored"
            )

    def on_result(result: EpisodeRecord) -> None:
        key = "error" if result.error else ("ok" if result.success else "fail")
        counts[key] += 1
        bar.update(
            task, advance=1, status=f"✓{counts['ok']} ✗{counts['fail']} errors {counts['error']}"
        )

    try:
        with bar:
            asyncio.run(
                run_batch(
                    config,
                    out,
                    resume=resume,
                    retry_errors=retry_errors,
                    on_result=on_result,
                    on_start=on_start,
                    backend=backend,
                )
            )
    except KeyboardInterrupt:
        with ResultStore(out, readonly=True) as store:
            stored = store.count()
        err_console.print(
            f"\n[yellow]interrupted[/]: {stored} finished episode(s) are stored in "
            f"{escape(str(out))}; continue with: "
            f"{escape(cli_command())} run --resume --out {escape(shlex.quote(str(out)))}",
            highlight=False,
        )
        raise typer.Exit(130) from None


def _too_many_errors(errors: int, episodes: int, out: Path) -> None:
    """Exit 1 when more than half of the run's episodes ended in infrastructure errors."""
    if episodes and 2 * errors > episodes:
        console.print(
            f"[bold red]FAILED:[/] {errors} of {episodes} episodes ended in infrastructure "
            "errors (more than half): these results do not measure the agent. Fix the cause "
            f"(see {escape(str(out / 'run.log'))}), then: {escape(cli_command())} run --resume "
            f"--retry-errors --out {escape(shlex.quote(str(out)))}",
            highlight=False,
        )
        raise typer.Exit(1)


@app.command()
def run(
    ctx: typer.Context,
    scenario: Annotated[
        list[str] | None,
        typer.Option(
            "--scenario",
            "-s",
            help="Scenario id, file or directory (repeatable). Default: all bundled.",
        ),
    ] = None,
    generate: Annotated[
        str | None,
        typer.Option(help="Run COUNT generated scenarios of this family (or 'all'), no files."),
    ] = None,
    count: Annotated[int, typer.Option(min=1, max=100_000, help="With --generate.")] = 10,
    persona: Annotated[
        list[str] | None,
        typer.Option(
            "--persona",
            "-p",
            help="Persona id or file (repeatable), or 'all'. Default: each scenario's own.",
        ),
    ] = None,
    agent: Annotated[
        str, typer.Option(help="scripted, oracle, llm or an exploit name.")
    ] = "scripted",
    customer: Annotated[str, typer.Option(help="scripted or llm.")] = "scripted",
    agent_model: Annotated[
        str | None, typer.Option(help="pydantic-ai model for --agent llm.")
    ] = None,
    tier2: Annotated[
        Tier2Mode,
        typer.Option(help="Who continues after a handoff escalation: none, scripted or llm."),
    ] = Tier2Mode.NONE,
    tier2_model: Annotated[
        str | None, typer.Option(help="Model for --tier2 llm (default: --agent-model).")
    ] = None,
    tier2_agent: Annotated[
        str, typer.Option(help="Tier-2 agent with --tier2 scripted: tier2, oracle, tier2-reask.")
    ] = "tier2",
    supervisor: Annotated[
        str,
        typer.Option(help="Who answers request_approval: policy, approve-all, deny-all or llm."),
    ] = "policy",
    supervisor_model: Annotated[
        str | None, typer.Option(help="Model for --supervisor llm (default: --agent-model).")
    ] = None,
    customer_model: Annotated[str | None, typer.Option(help="Model for --customer llm.")] = None,
    judge_model: Annotated[
        str | None, typer.Option(help="Enable the LLM judge (tone, facts, claims, leaks).")
    ] = None,
    grade_with_judge: Annotated[
        bool, typer.Option(help="Success requires the rule grade and the judge (--judge-model).")
    ] = False,
    base_url: Annotated[
        str | None,
        typer.Option(help="OpenAI-compatible server for all models (vLLM, Ollama, mock-llm)."),
    ] = None,
    trials: Annotated[
        int, typer.Option(min=1, max=100_000, help="Trials per scenario x persona.")
    ] = 1,
    concurrency: Annotated[int, typer.Option(min=1, max=4096)] = 8,
    seed: Annotated[int, typer.Option(help="Base seed; every episode's seed derives from it.")] = 0,
    timeout: Annotated[
        float,
        typer.Option(callback=finite("--timeout", above=0), help="Wall-clock seconds per episode."),
    ] = 300.0,
    model_timeout: Annotated[
        float,
        typer.Option(
            callback=finite("--model-timeout", above=0), help="Seconds per model request."
        ),
    ] = 60.0,
    model_retries: Annotated[
        int,
        typer.Option(
            min=0, max=100, help="Retries per model request (backoff, honours Retry-After)."
        ),
    ] = 4,
    max_steps: Annotated[
        int | None, typer.Option(min=1, max=100_000, help="Override the scenarios' step limit.")
    ] = None,
    out: Annotated[Path | None, typer.Option(help="Run directory. Default: runs/<time>.")] = None,
    resume: Annotated[bool, typer.Option(help="Continue the run in --out.")] = False,
    retry_errors: Annotated[
        bool,
        typer.Option(
            help="With --resume: run again the episodes that ended in an infrastructure error."
        ),
    ] = False,
    log_level: LogLevel = "info",
    progress: Annotated[bool, typer.Option(help="Show a progress bar.")] = True,
    workers: Annotated[
        str | None,
        typer.Option(
            help="Worker processes (N or auto: the available cores; default 1). "
            "With --backend ray: actors (default: one per CPU of the cluster)."
        ),
    ] = None,
    backend: Annotated[
        str, typer.Option(help="local (this machine) or ray (a Ray cluster).")
    ] = "local",
    ray_address: Annotated[
        str | None,
        typer.Option(help="With --backend ray: the cluster to join. Default: a local one."),
    ] = None,
) -> None:
    """Run scenarios x personas x trials and print the summary (default: scripted vs scripted)."""
    if grade_with_judge and not judge_model and not resume:
        raise fail("--grade-with-judge needs --judge-model (the judge to grade with)")
    if resume and out is None:
        raise fail("--resume needs --out DIR (the run to continue)")
    if retry_errors and not resume:
        raise fail("--retry-errors goes with --resume")
    if customer not in ("scripted", "llm"):
        raise fail(f"--customer must be 'scripted' or 'llm', not {customer!r}")
    from sim.backends import make_backend
    from sim.batch import BatchConfig
    from sim.cli.report import print_summary
    from sim.cli.resume import given_settings, resumed_config
    from sim.store import ResultStore

    placement = make_backend(backend, workers, ray_address)

    config: BatchConfig | None = None
    if not resume or given_settings(ctx):
        personas = persona
        if persona == ["all"]:
            from personas import bundled_persona_ids

            personas = bundled_persona_ids()
        kind: Literal["scripted", "llm"] = "llm" if customer == "llm" else "scripted"
        config = BatchConfig(
            **(
                {"scenarios": _scenario_refs(scenario, generate, count, seed)}
                if scenario or generate
                else {}
            ),
            personas=personas or None,
            trials=trials,
            seed=seed,
            concurrency=concurrency,
            agent=agent,
            agent_model=agent_model,
            tier2=tier2,
            tier2_agent=tier2_agent,
            tier2_model=tier2_model,
            supervisor=supervisor,
            supervisor_model=supervisor_model,
            customer=kind,
            customer_model=customer_model,
            base_url=base_url,
            judge_model=judge_model,
            grade_with_judge=grade_with_judge,
            timeout=timeout,
            max_steps=max_steps,
            model_timeout=model_timeout,
            model_retries=model_retries,
        )
    if resume:
        assert out is not None
        config = resumed_config(ctx, out, config, err_console)
    assert config is not None
    out = out or _default_out("run")
    _execute(
        config,
        out,
        resume=resume,
        retry_errors=retry_errors,
        log_level=log_level,
        progress=progress,
        backend=placement,
    )
    with ResultStore(out, readonly=True) as store:
        overall = print_summary(console, store.rows())
    where = escape(shlex.quote(str(out)))
    cmd = escape(cli_command())
    console.print(
        f"results: {escape(str(out))}  ({cmd} show {where} | {cmd} export {where})",
        highlight=False,
        soft_wrap=True,
    )
    _too_many_errors(overall.errors, overall.episodes, out)


@app.command()
def stress(
    scenario: Annotated[list[str], typer.Option("--scenario", "-s", help="Scenario id or file.")],
    persona: Annotated[
        list[str] | None, typer.Option("--persona", "-p", help="Personas to compare (repeatable).")
    ] = None,
    sweep: Annotated[
        str | None,
        typer.Option(
            help="Sweep the customer's initial frustration START:STOP:STEP (e.g. 0:1:0.1)."
        ),
    ] = None,
    agent: Annotated[
        list[str] | None,
        typer.Option(help="Agents to compare (repeatable; default: scripted)."),
    ] = None,
    agent_model: Annotated[str | None, typer.Option()] = None,
    customer: Annotated[str, typer.Option()] = "scripted",
    customer_model: Annotated[str | None, typer.Option()] = None,
    base_url: Annotated[str | None, typer.Option()] = None,
    trials: Annotated[int, typer.Option(min=1, max=100_000)] = 10,
    concurrency: Annotated[int, typer.Option(min=1, max=4096)] = 8,
    seed: Annotated[int, typer.Option()] = 0,
    out: Annotated[Path | None, typer.Option()] = None,
    log_level: LogLevel = "info",
    progress: Annotated[bool, typer.Option()] = True,
) -> None:
    """Escalation judgment under rising frustration: personas, or a sweep of one persona;
    with several ``--agent``, a success and escalation curve per agent."""
    if not persona and not sweep:
        raise fail("give personas (-p) and/or a frustration --sweep")
    frustrations = parse_sweep(sweep) if sweep else None
    from sim.batch import BatchConfig
    from sim.cli.curves import print_curves
    from sim.cli.report import print_stress
    from sim.store import ResultStore
    from sim.stress import curve

    agents = list(dict.fromkeys(agent or ["scripted"]))
    out = out or _default_out("stress")
    configs = {
        name: BatchConfig(
            scenarios=_expand(scenario),
            personas=persona or None,
            frustrations=frustrations,
            trials=trials,
            seed=seed,
            concurrency=concurrency,
            agent=name,
            agent_model=agent_model,
            customer="llm" if customer == "llm" else "scripted",
            customer_model=customer_model,
            base_url=base_url,
        )
        for name in agents
    }
    _, personas = configs[agents[0]].catalog()

    def bin_of(row: Mapping[str, object]) -> float:
        f = row["initial_frustration"]
        if f is None:
            return round(personas[str(row["persona"])].emotion.initial_frustration, 2)
        return round(float(str(f)), 2)

    curves = {}
    errors = episodes = 0
    for name, config in configs.items():
        run_dir = out if len(agents) == 1 else out / name
        _execute(
            config,
            run_dir,
            resume=False,
            retry_errors=False,
            log_level=log_level,
            progress=progress,
        )
        with ResultStore(run_dir, readonly=True) as store:
            rows = list(store.rows())
            if len(agents) == 1:
                print_stress(console, rows, bin_of)
            curves[name] = curve(rows, bin_of)
            errors, episodes = errors + store.error_count(), episodes + store.count()
    print_curves(console, curves)
    console.print(f"results: {escape(str(out))}", highlight=False, soft_wrap=True)
    _too_many_errors(errors, episodes, out)


@app.command()
def show(
    run_dir: Annotated[Path, typer.Argument(help="A run directory.")],
    episode: Annotated[
        str | None, typer.Argument(help="Episode key, id, or row number; omit to list episodes.")
    ] = None,
) -> None:
    """A run's episodes, or one episode's transcript with emotion and grade."""
    from sim.cli.report import print_transcript
    from sim.cli.tables import Column, print_table
    from sim.store import ResultStore

    with ResultStore(run_dir, readonly=True) as store:
        if episode is not None:
            print_transcript(console, store.get(episode))
            return
        rows = [
            [
                str(i),
                escape(row["key"]),
                "—" if row["success"] is None else str(bool(row["success"])),
                "—" if row["score"] is None else f"{row['score']:.3f}",
                str(row["termination"]),
                str(row["steps"]),
                row["error"] or "",
            ]
            for i, row in enumerate(store.rows(), 1)
        ]
    columns = [
        Column("#"),
        Column("episode", justify="left"),
        *(Column(h) for h in ("success", "score")),
        Column("termination", justify="left"),
        Column("steps"),
        Column("error", justify="left", wrap=True),
    ]
    print_table(console, str(run_dir), columns, rows)


@app.command()
def export(
    run_dir: Annotated[Path, typer.Argument(help="A run directory.")],
    format: Annotated[str, typer.Option("--format", help="jsonl")] = "jsonl",
    full: Annotated[bool, typer.Option(help="Include the whole trajectory.")] = False,
) -> None:
    """Write one JSON line per episode to standard output."""
    import json

    if format != "jsonl":
        raise fail(f"unknown format {format!r}; supported: jsonl")
    from sim.store import ResultStore

    with ResultStore(run_dir, readonly=True) as store:
        for result in store.results():
            g = result.grade
            line = {
                "scenario": result.scenario,
                "persona": result.persona,
                "trial": result.trial,
                "seed": result.seed,
                "initial_frustration": result.initial_frustration,
                "episode_id": result.state.episode_id,
                "success": result.success,
                "decided_by": result.decided_by,
                "score": None if g is None else g.score,
                "termination": result.termination,
                "checks": None if g is None else [c.model_dump() for c in g.checks],
                "escalated": result.escalated,
                "escalation_required": result.escalation_required,
                "steps": result.state.step_count,
                "total_reward": result.state.total_reward,
                "usage": {k: v.model_dump() for k, v in result.usage.items()},
                "judge": result.judge,
                "judge_error": result.judge_error,
                "judge_checks": result.judge_checks,
                "judge_agreement": result.judge_agreement,
                "error": result.error,
                "error_kind": result.error_kind,
                "wall_seconds": result.wall_seconds,
            }
            if full:
                line["state"] = result.state.model_dump(mode="json", exclude={"scenario"})
            sys.stdout.write(json.dumps(line, default=str) + "\n")


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Interface to bind (0.0.0.0: all).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535)] = 8000,
    max_sessions: Annotated[
        int, typer.Option(min=1, help="Most concurrent WebSocket sessions.")
    ] = 64,
    idle_timeout: Annotated[
        float,
        typer.Option(
            min=0.001,
            callback=finite("--idle-timeout", above=0),
            help="Seconds before an idle session is closed.",
        ),
    ] = 300.0,
    log_level: Annotated[str, typer.Option(help="debug, info, warning or error.")] = "info",
    scenario: Annotated[
        list[Path] | None,
        typer.Option("--scenario", "-s", help="Also serve this scenario file (repeatable)."),
    ] = None,
    persona: Annotated[
        list[Path] | None,
        typer.Option("--persona", "-p", help="Also serve this persona file (repeatable)."),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(min=1, help="Server processes on the port; --max-sessions is per process."),
    ] = 1,
    save_dir: Annotated[
        Path | None,
        typer.Option(help="Let the play page (/play) save episodes as runs under this directory."),
    ] = None,
    expose_state: Annotated[
        bool,
        typer.Option(
            help="state returns everything (gold solution, hidden KB and facts, emotion); "
            "default: only what the agent may know. For debugging, never for agents under test."
        ),
    ] = False,
) -> None:
    """Serve the environment over the OpenEnv protocol (WS /ws; HTTP /reset /step /state);
    a browser at / gets a page to play a ticket by hand."""
    from sim.server import serve as run_server

    run_server(
        host=host,
        port=port,
        max_sessions=max_sessions,
        idle_timeout=idle_timeout,
        log_level=log_level,
        scenario_files=scenario or (),
        persona_files=persona or (),
        save_dir=save_dir,
        expose_state=expose_state,
        workers=workers,
    )

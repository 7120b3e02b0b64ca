"""The ``supportsim mock-llm`` command: the mock OpenAI-compatible server in the foreground."""

from __future__ import annotations

from typing import Annotated

import typer
from pydantic import ValidationError

from sim.cli.app import app, console, fail
from sim.cli.checks import finite

__all__ = ["mock_llm"]


_HELP = (
    "Serve a mock OpenAI-compatible /v1/chat/completions for offline LLM runs.\n\n"
    "It plays the support agent (tool calls read from the transcript), the customer and the "
    "tone judge (valid structured output), deterministically per seed, with injectable "
    "latency, HTTP errors, hangs and malformed tool arguments (random per request by default, "
    "so retries get through; --faults deterministic replays them). Point runs at it with "
    "--base-url http://127.0.0.1:PORT/v1. Exits with an error if the port is taken."
)


@app.command("mock-llm", help=_HELP)
def mock_llm(
    port: Annotated[int, typer.Option(min=0, max=65535, help="Port; 0 picks a free one.")] = 8099,
    host: Annotated[str, typer.Option(help="Interface to listen on.")] = "127.0.0.1",
    seed: Annotated[int, typer.Option(help="Same seed and request, same answer.")] = 0,
    latency: Annotated[
        str,
        typer.Option(help="Seconds per answer: 0.2, uniform:0.1:0.3 or normal:0.2:0.05."),
    ] = "0",
    error_rate: Annotated[
        float,
        typer.Option(
            min=0,
            max=1,
            callback=finite("--error-rate"),
            help="Share of 429 (Retry-After) / 500 / 503 answers.",
        ),
    ] = 0.0,
    timeout_rate: Annotated[
        float,
        typer.Option(
            min=0,
            max=1,
            callback=finite("--timeout-rate"),
            help="Share of requests that hang (client times out).",
        ),
    ] = 0.0,
    malformed_rate: Annotated[
        float,
        typer.Option(
            min=0,
            max=1,
            callback=finite("--malformed-rate"),
            help="Share of tool arguments that are not JSON / off schema.",
        ),
    ] = 0.0,
    retry_after: Annotated[
        float,
        typer.Option(
            min=0,
            max=120,
            callback=finite("--retry-after"),
            help="Seconds sent in Retry-After on 429/503.",
        ),
    ] = 1.0,
    hang_seconds: Annotated[
        float,
        typer.Option(
            min=0.001,
            callback=finite("--hang-seconds"),
            help="How long a timed-out request hangs.",
        ),
    ] = 3600.0,
    faults: Annotated[
        str,
        typer.Option(
            help="random: each request draws its fault afresh (retries get through); "
            "deterministic: the same request always meets the same fault."
        ),
    ] = "random",
    fault_seed: Annotated[
        int | None,
        typer.Option(help="Seed of the random fault sequence (default: fresh per process)."),
    ] = None,
    model: Annotated[
        list[str] | None, typer.Option("--model", help="Names listed by /v1/models (repeatable).")
    ] = None,
) -> None:
    """The mock server in the foreground until Ctrl-C (see ``_HELP``)."""
    from sim.mock_llm import MockConfig, MockServer, run_mock

    if faults not in ("random", "deterministic"):
        raise fail("--faults must be 'random' or 'deterministic'")
    try:
        config = MockConfig(
            seed=seed,
            faults=faults,
            fault_seed=fault_seed,
            latency=latency,
            error_rate=error_rate,
            timeout_rate=timeout_rate,
            malformed_rate=malformed_rate,
            retry_after=retry_after,
            hang_seconds=hang_seconds,
            models=tuple(model or ("mock",)),
        )
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc'])) or 'options'}: {e['msg']}" for e in exc.errors()
        )
        raise fail(problems) from None

    def ready(server: MockServer) -> None:
        console.print(
            f"mock LLM serving {server.base_url}  (seed={seed}, latency={latency}, "
            f"errors={error_rate:g}, timeouts={timeout_rate:g}, malformed={malformed_rate:g}, "
            f"faults={faults}); "
            "Ctrl-C to stop",
            highlight=False,
            soft_wrap=True,
        )

    try:
        run_mock(config, host=host, port=port, on_ready=ready)
    except KeyboardInterrupt:
        raise typer.Exit(0) from None

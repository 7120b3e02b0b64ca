"""LLM path under concurrency: supportsim (LLM agent vs LLM customer, graded, stored, logged)
against a bare pydantic-ai agent loop making the same model calls, both against the mock
server at a fixed latency.

    python bench/llm_concurrency.py [--episodes 400] [--latency 0.2] [--concurrency 20 100]
                                    [--profile cprofile.out]

The mock runs in a separate (spawned) process, so the CPU time measured here
(``time.process_time()``) is the client's alone: pydantic-ai, the openai SDK, HTTP, and for
supportsim the environment, customers, grading, the SQLite store and logging.

For each concurrency C it prints wall time, the latency ideal
``ceil(N / C) x model calls per episode x latency`` and CPU milliseconds per model call.
Goals (issue 6): at C=20 supportsim's wall <= 1.15x the ideal; at every C supportsim's CPU
per model call <= 1.25x the bare loop's.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import math
import pstats
import tempfile
import time
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

import httpx
from pydantic_ai import Agent, Tool

from agents.llm import INSTRUCTIONS
from personas import CustomerReply, bundled_persona_ids, get_persona
from sim.actions import SearchKB
from sim.batch import BatchConfig, run_batch
from sim.customer import EchoCustomer
from sim.env import SupportEnv
from sim.loader import bundled_scenario_ids, get_scenario
from sim.logs import configure_logging
from sim.mock_llm import MockConfig, MockProcess
from sim.models import aclose_model, make_model
from sim.render import observation_text, opening_prompt
from sim.store import ResultStore

MODEL = "mock"

Episode = tuple[str, int, int]
"""(scenario, agent model calls, customer model calls) of one supportsim episode."""


@dataclass
class Measure:
    name: str
    concurrency: int
    episodes: int
    calls: int
    wall: float
    cpu: float

    def ideal(self, latency: float) -> float:
        per_episode = self.calls / self.episodes
        return math.ceil(self.episodes / self.concurrency) * per_episode * latency

    @property
    def cpu_ms_per_call(self) -> float:
        return 1000 * self.cpu / self.calls


def _config(episodes: int, concurrency: int, base_url: str, seed: int) -> BatchConfig:
    """``episodes`` as 10 scenarios x personas x trials (10 x 10 x 4 for 400)."""
    trials = max(1, math.ceil(episodes / 100))
    personas = bundled_persona_ids()[: min(12, math.ceil(episodes / (10 * trials)))]
    scenarios = bundled_scenario_ids()[:10]
    return BatchConfig(
        scenarios=scenarios,
        personas=personas,
        trials=trials,
        seed=seed,
        concurrency=concurrency,
        agent="llm",
        agent_model=MODEL,
        customer="llm",
        customer_model=MODEL,
        base_url=base_url,
        model_timeout=30.0,
    )


async def _supportsim(
    mock: MockProcess, config: BatchConfig, out: Path
) -> tuple[Measure, list[Episode]]:
    before = mock.stats().get("requests", 0)
    cpu, t0 = time.process_time(), time.perf_counter()
    outcome = await run_batch(config, out)
    wall, cpu = time.perf_counter() - t0, time.process_time() - cpu
    calls = mock.stats().get("requests", 0) - before
    with ResultStore(out, create=False) as store:
        per_episode = [
            (r.scenario, r.usage["agent"].requests, r.usage["customer"].requests)
            for r in store.results()
        ]
    assert outcome.errors == 0, f"{outcome.errors} infrastructure errors"
    m = Measure("supportsim", config.concurrency, outcome.finished, calls, wall, cpu)
    return m, per_episode


def _stubs(observation: str) -> list[Tool[None]]:
    """The five tools with the real signatures and docstrings (so the same JSON schemas), each
    answering ``observation`` without touching any environment."""
    from agents.llm import TOOLS

    async def reply(content: str) -> str:
        return observation

    async def search_kb(query: str) -> str:
        return observation

    async def issue_refund(amount: Decimal, reason: str, target: str | None = None) -> str:
        return observation

    async def escalate(reason: str) -> str:
        return observation

    async def close_ticket(resolution: str) -> str:
        return observation

    stubs = [reply, search_kb, issue_refund, escalate, close_ticket]
    for stub, real in zip(stubs, TOOLS, strict=True):
        stub.__doc__ = real.function.__doc__
    return [Tool(stub) for stub in stubs]


async def _prompts(config: BatchConfig) -> dict[str, tuple[str, str]]:
    """Per scenario: the real opening prompt, and a search result as every tool's answer."""
    out: dict[str, tuple[str, str]] = {}
    for sid in config.scenarios:
        env = SupportEnv(get_scenario(sid), EchoCustomer())
        obs = await env.reset(seed=0)
        found = await env.step(SearchKB(query=get_scenario(sid).ticket.subject))
        out[sid] = (opening_prompt(obs), observation_text(found))
    return out


def _customer_request(mock: MockProcess) -> tuple[str, str]:
    """The instructions and prompt of the last real customer request the mock answered."""
    body = httpx.get(f"http://{mock.host}:{mock.port}/mock/last/customer").json()
    texts = {m["role"]: m["content"] for m in body["messages"]}
    return texts["system"], texts["user"]


async def _bare(
    mock: MockProcess,
    episodes: list[Episode],
    prompts: dict[str, tuple[str, str]],
    customer: tuple[str, str],
    c: int,
) -> Measure:
    """The floor: the same model calls from bare pydantic-ai agents, built once. Per episode,
    a support agent run (stub tools, same schemas, a real opening prompt) making the episode's
    agent calls, and one structured-output run (``CustomerReply``, a real customer prompt) per
    customer call. No environment, customer logic, grading, store or logging."""
    model = make_model(MODEL, mock.base_url, timeout=30.0)
    agents = {
        sid: Agent(model, instructions=INSTRUCTIONS, tools=_stubs(obs))
        for sid, (_, obs) in prompts.items()
    }
    customer_agent = Agent(model, instructions=customer[0], output_type=CustomerReply)
    queue = iter(episodes)
    before = mock.stats().get("requests", 0)

    async def worker() -> None:
        for sid, agent_calls, customer_calls in queue:
            await agents[sid].run(f"[mock:calls={agent_calls}]\n{prompts[sid][0]}")
            for _ in range(customer_calls):
                await customer_agent.run(customer[1])

    cpu, t0 = time.process_time(), time.perf_counter()
    gc.freeze()  # the same garbage-collector policy as run_batch
    try:
        await asyncio.gather(*(worker() for _ in range(c)))
    finally:
        gc.unfreeze()
    wall, cpu = time.perf_counter() - t0, time.process_time() - cpu
    await aclose_model(model)
    calls = mock.stats().get("requests", 0) - before
    return Measure("bare loop", c, len(episodes), calls, wall, cpu)


def _print(rows: list[Measure], latency: float) -> None:
    head = f"{'C':>4} {'run':<11} {'episodes':>8} {'calls':>6} {'calls/ep':>8} {'wall s':>7} "
    head += f"{'ideal s':>7} {'wall/ideal':>10} {'CPU ms/call':>11}"
    print(head)
    for m in rows:
        print(
            f"{m.concurrency:>4} {m.name:<11} {m.episodes:>8} {m.calls:>6} "
            f"{m.calls / m.episodes:>8.2f} {m.wall:>7.2f} {m.ideal(latency):>7.2f} "
            f"{m.wall / m.ideal(latency):>10.3f} {m.cpu_ms_per_call:>11.2f}"
        )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=400)
    parser.add_argument("--latency", type=float, default=0.2)
    parser.add_argument("--concurrency", type=int, nargs="+", default=[20, 100])
    parser.add_argument("--profile", type=Path, help="cProfile supportsim at the last C")
    args = parser.parse_args()
    from pydantic_ai import models

    models.ALLOW_MODEL_REQUESTS = True
    tmp = Path(tempfile.mkdtemp(prefix="llm-bench-"))
    configure_logging("info", log_file=tmp / "run.log")  # as `supportsim run` does
    rows: list[Measure] = []
    for persona in bundled_persona_ids():  # files are read once per process, not per batch
        get_persona(persona)
    with MockProcess(MockConfig(latency=str(args.latency), seed=0)) as mock:
        warm = _config(20, 20, mock.base_url, seed=99)  # imports, price data, BM25 indexes
        prompts = await _prompts(warm)
        _, warm_calls = await _supportsim(mock, warm, tmp / "warmup")
        customer = _customer_request(mock)
        await _bare(mock, warm_calls, prompts, customer, 20)
        for c in args.concurrency:
            config = _config(args.episodes, c, mock.base_url, seed=0)
            profiler = cProfile.Profile() if args.profile and c == args.concurrency[-1] else None
            if profiler:
                profiler.enable()
            ours, per_episode = await _supportsim(mock, config, tmp / f"c{c}")
            if profiler:
                profiler.disable()
                profiler.dump_stats(args.profile)
            rows += [ours, await _bare(mock, per_episode, prompts, customer, c)]
            print(f"C={c} done", flush=True)
    print(f"\nmock latency {args.latency:g}s; {args.episodes} episodes; runs in {tmp}\n")
    _print(rows, args.latency)
    print()
    for c in args.concurrency:
        ours, bare = (m for m in rows if m.concurrency == c)
        ratio = ours.cpu_ms_per_call / bare.cpu_ms_per_call
        wall = ours.wall / ours.ideal(args.latency)
        print(
            f"C={c}: supportsim wall/ideal {wall:.3f}"
            + (f" (goal <= 1.15: {'ok' if wall <= 1.15 else 'MISSED'})" if c == 20 else "")
            + f"; CPU per call vs bare loop {ratio:.2f}x (goal <= 1.25: "
            f"{'ok' if ratio <= 1.25 else 'MISSED'})"
        )
    if args.profile:
        print(f"\nprofile of supportsim at C={args.concurrency[-1]} (by own time):")
        pstats.Stats(str(args.profile)).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    asyncio.run(main())

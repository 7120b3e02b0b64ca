"""The Ray backend on a real local cluster (2 CPUs) started by the test: a whole run, a
resume, and a Ray worker process killed mid-run whose episodes are retried."""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sim.backends import EpisodeRecord, RayBackend
from sim.batch import plan_episodes, run_batch
from sim.logs import configure_logging
from sim.store import ResultStore
from tests.sim.test_workers import _config, _episode_lines, _snapshot

ray = pytest.importorskip("ray")

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    ray.init(num_cpus=2, include_dashboard=False, configure_logging=False)
    yield ray
    ray.shutdown()


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[object, ...]]:
    """The episodes of ``_config(trials=4)`` as one process plays them."""
    out = tmp_path_factory.mktemp("reference") / "run"
    asyncio.run(run_batch(_config(trials=4), out))
    return _snapshot(out)


async def test_a_whole_run_matches_one_process(
    cluster: Any, tmp_path: Path, reference: dict[str, tuple[object, ...]]
) -> None:
    backend = RayBackend()
    outcome = await run_batch(_config(trials=4, concurrency=8), tmp_path / "run", backend=backend)
    assert len(backend.pids) == 2  # one actor per CPU of the cluster
    assert outcome.finished == len(reference) and outcome.errors == 0
    assert _snapshot(tmp_path / "run") == reference


async def test_resume_after_the_driver_stopped(
    cluster: Any, tmp_path: Path, reference: dict[str, tuple[object, ...]]
) -> None:
    out = tmp_path / "run"
    config = _config(trials=4, concurrency=4)
    seen = 0
    stop = asyncio.Event()

    def on_result(_: EpisodeRecord) -> None:
        nonlocal seen
        seen += 1
        if seen == 40:
            stop.set()

    task = asyncio.create_task(run_batch(config, out, backend=RayBackend(), on_result=on_result))
    await stop.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    with ResultStore(out, create=False) as store:
        stored = store.count()
    assert 40 <= stored < len(reference)
    again = await run_batch(config, out, resume=True, backend=RayBackend())
    assert again.skipped == stored and again.finished == len(reference) - stored
    assert _snapshot(out) == reference


async def test_a_killed_ray_worker_has_its_episodes_retried(
    cluster: Any, tmp_path: Path, reference: dict[str, tuple[object, ...]]
) -> None:
    out = tmp_path / "run"
    out.mkdir()
    configure_logging("info", log_file=out / "run.log")
    backend = RayBackend()
    killed: list[int] = []

    def on_result(_: EpisodeRecord) -> None:
        if not killed:
            killed.append(backend.pids[0])
            os.kill(backend.pids[0], signal.SIGKILL)

    config = _config(trials=4, concurrency=4)
    outcome = await run_batch(config, out, backend=backend, on_result=on_result)
    assert killed
    keys = sorted(s.key for s in plan_episodes(config))
    assert outcome.finished == len(keys) and outcome.errors == 0
    assert sorted(_episode_lines(out)) == keys  # each stored exactly once
    assert _snapshot(out) == reference

"""Small real runs (scripted, offline) written to real SQLite stores, shared by the module."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from sim.batch import BatchConfig, run_batch

SCENARIOS = ["easy-password-reset", "over-limit-escalation", "medium-defective-product"]
PERSONAS = ["calm-professional", "furious-repeat-caller"]


def make_run(path: Path, agent: str, *, trials: int = 2, scenarios: list[str] = SCENARIOS) -> Path:
    config = BatchConfig(
        scenarios=scenarios, personas=PERSONAS, trials=trials, agent=agent, concurrency=4
    )
    asyncio.run(run_batch(config, path))
    return path


@pytest.fixture(scope="session")
def scripted_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_run(tmp_path_factory.mktemp("runs") / "scripted", "scripted")


@pytest.fixture(scope="session")
def oracle_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_run(tmp_path_factory.mktemp("runs") / "oracle", "oracle")

"""Faults are random per request by default (a retried or resumed request can get through),
deterministic on request; a busy port is one clear error."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest

from sim.errors import ConfigError
from sim.mock_llm import MockConfig, MockProcess, serve_mock
from tests.mock_llm.test_server import post, support_body
from tests.sim.cli_helpers import cli


async def _statuses(config: MockConfig, n: int = 40) -> list[int]:
    async with serve_mock(config) as server:
        return [(await post(server, support_body())).status_code for _ in range(n)]


async def test_random_mode_draws_each_request_afresh() -> None:
    statuses = await _statuses(MockConfig(seed=5, error_rate=0.5))
    assert 200 in statuses and set(statuses) - {200}, statuses


async def test_deterministic_mode_repeats_the_same_fault() -> None:
    statuses = await _statuses(MockConfig(seed=5, error_rate=0.5, faults="deterministic"))
    assert len(set(statuses)) == 1


async def test_fault_seed_fixes_the_sequence_and_answers_do_not_depend_on_the_mode() -> None:
    config = MockConfig(seed=5, error_rate=0.5, fault_seed=123)
    assert await _statuses(config) == await _statuses(config)
    async with (
        serve_mock(MockConfig(seed=5)) as a,
        serve_mock(MockConfig(seed=5, faults="deterministic")) as b,
    ):
        assert (await post(a, support_body())).content == (await post(b, support_body())).content


async def test_a_busy_port_is_a_clear_error() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(ConfigError, match=f"port {port} on 127.0.0.1 is already in use"):
            async with serve_mock(MockConfig(), port=port):
                pass


def test_mock_llm_on_a_busy_port_exits_with_one_line() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        res = subprocess.run(
            [sys.executable, "-m", "sim.cli", "mock-llm", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert res.returncode == 2
    assert f"port {port} on 127.0.0.1 is already in use" in res.stderr
    assert "Traceback" not in res.stderr and "Task exception" not in res.stderr


def _errors(out: Path) -> int:
    from sim.store import ResultStore

    with ResultStore(out, readonly=True) as store:
        return store.error_count()


def test_resume_retry_errors_finishes_against_the_same_mock(tmp_path: Path) -> None:
    """The README's example, smaller: a faulty provider, then retries until none is left.

    No client retries, one request at a time and a fixed fault seed: the same sequence of
    fates on every run of this test."""
    args = ("-s", "easy-password-reset", "-s", "hard-double-billing", "--trials", "6")
    llm = ("--agent", "llm", "--agent-model", "mock", "--model-retries", "0", "--no-progress")
    for mode, rounds in (("random", 10), ("deterministic", 2)):
        out = tmp_path / mode
        config = MockConfig(error_rate=0.15, retry_after=0.0, faults=mode, fault_seed=1)
        with MockProcess(config) as mock:
            first = cli(
                "run", *args, *llm, "--concurrency", "1", "--base-url", mock.base_url,
                "--out", str(out),
            )  # fmt: skip
            assert first.returncode in (0, 1), first.stderr
            errors = [_errors(out)]
            assert errors[0] > 0
            for _ in range(rounds):
                again = cli("run", "--resume", "--retry-errors", "--out", str(out), "--no-progress")
                assert again.returncode in (0, 1), again.stderr
                errors.append(_errors(out))
                if errors[-1] == 0:
                    break
        if mode == "random":
            assert errors[-1] == 0, errors
        else:  # the same requests meet the same faults: the retries never get through
            assert errors == [errors[0]] * (rounds + 1), errors


@pytest.mark.parametrize("latency", ["nan", "inf", "uniform:0:inf", "normal:nan:1"])
def test_latency_must_be_finite(latency: str) -> None:
    from pydantic import ValidationError

    with pytest.raises(ValidationError, match="finite"):
        MockConfig(latency=latency)

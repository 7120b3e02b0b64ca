"""Faults over real HTTP: every episode ends graded or recorded as an infrastructure error
with its cause, and ``--resume --retry-errors`` re-runs exactly those."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from graders.metrics import summarize
from sim.batch import BatchConfig, run_batch
from sim.cli.report import print_summary
from sim.mock_llm import MockConfig, serve_mock
from sim.orchestrator import ErrorKind
from sim.store import ResultStore

SCENARIOS = [
    "easy-password-reset",
    "standard-partial-refund",
    "hard-double-billing",
    "over-limit-escalation",
    "subscription-used-no-refund",
]
PERSONAS = [
    "calm-professional",
    "furious-repeat-caller",
    "anxious-first-timer",
    "sarcastic",
    "terse-executive",
    "legal-threat",
    "elderly-non-technical",
    "non-native-speaker",
    "request-changer",
    "patient-then-snaps",
]
FAULTS = MockConfig(
    seed=11,
    fault_seed=11,
    error_rate=0.10,
    timeout_rate=0.02,
    malformed_rate=0.05,
    retry_after=0.05,
    hang_seconds=60,
)
CAUSES = (
    "ModelRateLimitError",
    "ModelServerError",
    "ModelUnavailableError",
    "ModelTimeoutError",
    "UnexpectedModelBehavior",
)


def _config(base_url: str, **kw: object) -> BatchConfig:
    return BatchConfig.model_validate(
        {
            "scenarios": SCENARIOS,
            "personas": PERSONAS,
            "trials": 4,
            "concurrency": 50,
            "agent": "llm",
            "agent_model": "mock",
            "customer": "llm",
            "customer_model": "mock",
            "base_url": base_url,
            "model_timeout": 1.0,
            "model_retries": 1,
            "timeout": 60,
            **kw,
        }
    )


def _rows(out: Path) -> dict[str, dict[str, object]]:
    with ResultStore(out, create=False) as store:
        return {r["key"]: r for r in store.rows()}


async def test_200_faulty_episodes_all_recorded_then_errors_retried(tmp_path: Path) -> None:
    out = tmp_path / "run"
    async with serve_mock(FAULTS) as mock:
        config = _config(mock.base_url)
        first = await run_batch(config, out)
        stats = dict(mock.state.stats)
        rows = _rows(out)
        with ResultStore(out, create=False) as store:
            errored = [r for r in store.results() if r.error is not None]

        # Every planned episode is stored: graded, or an infrastructure error with its cause.
        assert first.planned == first.finished == len(rows) == 200
        assert first.errors == len(errored) > 0
        for row in rows.values():
            assert (row["success"] is None) == (row["error_kind"] is not None)
        for result in errored:
            assert result.error_kind is ErrorKind.MODEL and result.grade is None
            assert any(c in (result.error or "") for c in CAUSES), result.error
        assert stats["malformed"] > 0 and stats["timeouts"] > 0
        assert {"errors_429", "errors_500", "errors_503"} <= set(stats)

        # Errors are counted and kept out of every rate; the summary says how many.
        overall, _ = summarize(rows.values())
        assert overall.errors == len(errored) and overall.graded == 200 - len(errored)
        assert sum(len(v) for v in overall.outcomes.values()) == overall.graded
        text = io.StringIO()
        print_summary(Console(file=text, width=200), rows.values())
        assert f"{len(errored)} episode(s) ended in an infrastructure error" in text.getvalue()
        assert "unknown" in text.getvalue()  # the mock's model has no price

        # The provider recovers: --resume --retry-errors re-runs the errors and nothing else.
        mock.state.config = MockConfig(seed=FAULTS.seed)
        again = await run_batch(config, out, resume=True, retry_errors=True)
    assert (again.skipped, again.finished, again.errors) == (200 - len(errored), len(errored), 0)
    after = _rows(out)
    assert len(after) == 200 and all(r["error_kind"] is None for r in after.values())
    kept = [k for k, r in rows.items() if r["error_kind"] is None]
    assert all(after[k] == rows[k] for k in kept)


@pytest.mark.parametrize(
    ("faults", "cause"),
    [
        (MockConfig(error_rate=1.0, retry_after=0.01), "status_code"),
        (MockConfig(timeout_rate=1.0, hang_seconds=60), "ModelTimeoutError"),
        (MockConfig(malformed_rate=1.0), "UnexpectedModelBehavior"),
    ],
    ids=["always-errors", "always-hangs", "always-malformed"],
)
async def test_a_model_that_always_fails_ends_every_episode_as_a_model_error(
    tmp_path: Path, faults: MockConfig, cause: str
) -> None:
    async with serve_mock(faults) as mock:
        config = _config(mock.base_url, scenarios=SCENARIOS[:2], personas=PERSONAS[:2], trials=1)
        outcome = await run_batch(config.model_copy(update={"model_timeout": 0.3}), tmp_path)
    assert outcome.finished == outcome.errors == 4
    with ResultStore(tmp_path, create=False) as store:
        for result in store.results():
            assert result.error_kind is ErrorKind.MODEL
            assert cause in (result.error or ""), result.error
            assert result.state.done and result.grade is None


async def test_malformed_arguments_are_recovered_by_the_framework_retry(tmp_path: Path) -> None:
    async with serve_mock(MockConfig(seed=4, malformed_rate=0.3)) as mock:
        config = _config(mock.base_url, scenarios=SCENARIOS[:3], personas=PERSONAS[:4], trials=1)
        outcome = await run_batch(config, tmp_path)
        malformed = mock.state.stats["malformed"]
    assert malformed >= 5
    # Most malformed calls are recovered by pydantic-ai's retry; an episode errors only when
    # the retry is malformed too.
    assert outcome.finished == 12
    assert outcome.errors * 3 <= malformed, (outcome.errors, malformed)

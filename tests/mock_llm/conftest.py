"""Fixtures for the mock server tests: a real uvicorn socket on a free loopback port.

Model requests are allowed here and go to that loopback mock only: no network, no key.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest
from pydantic_ai import models

from sim.mock_llm import MockConfig, MockServer, serve_mock


@pytest.fixture(autouse=True)
def _requests_to_the_mock_only() -> Iterator[None]:
    with models.override_allow_model_requests(True):
        yield


@pytest.fixture
async def mock() -> AsyncIterator[MockServer]:
    """A fault-free mock with no latency."""
    async with serve_mock(MockConfig(seed=7)) as server:
        yield server

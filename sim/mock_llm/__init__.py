"""A mock OpenAI-compatible model server for offline runs, tests and benchmarks.

It answers a support agent with plausible tool calls read from the transcript, a customer
or a tone judge with valid structured output (output tool, ``json_schema`` response format
or prompted JSON), deterministically per seed and request, with injectable latency, HTTP
errors (429 with Retry-After, 500, 503), hangs past the client's timeout and malformed tool
arguments.
"""

from sim.mock_llm.app import MockState, create_app
from sim.mock_llm.config import FaultMode, Latency, LatencyKind, MockConfig
from sim.mock_llm.roles import Role, answer, classify
from sim.mock_llm.server import MockProcess, MockServer, run_mock, serve_mock

__all__ = [
    # configuration
    "FaultMode",
    "Latency",
    "LatencyKind",
    "MockConfig",
    # the app
    "MockState",
    "Role",
    "answer",
    "classify",
    "create_app",
    # running it
    "MockProcess",
    "MockServer",
    "run_mock",
    "serve_mock",
]

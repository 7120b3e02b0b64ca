"""Fault injection: which requests fail, and how an answer is broken.

In ``deterministic`` mode each request draws its fate from its own generator, so the same
seed, body and client retry count always meet the same fault (a retried request -- the SDK
counts its retries in a header -- draws again, but a resumed run repeats the same requests
and so the same faults). In ``random`` mode, the default, the fate comes from the server's
own generator, afresh for each request, as with a real provider.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, replace
from enum import StrEnum

from sim.mock_llm.config import MockConfig
from sim.mock_llm.wire import Answer

__all__ = ["ERROR_STATUSES", "Fate", "Fault", "draw_fate", "malform", "request_rng"]

ERROR_STATUSES = (429, 500, 503)


class Fault(StrEnum):
    ERROR = "error"
    TIMEOUT = "timeout"


@dataclass(frozen=True, slots=True)
class Fate:
    """What happens to one request, decided before it is read."""

    fault: Fault | None
    status: int
    latency: float
    malformed: bool


def request_rng(seed: int, body: bytes, attempt: str = "0") -> random.Random:
    """The request's own generator: a hash of the seed, the client's retry count and the body."""
    digest = hashlib.blake2b(f"{seed}|{attempt}|".encode(), digest_size=16)
    digest.update(body)
    return random.Random(int.from_bytes(digest.digest(), "big"))


def draw_fate(rng: random.Random, config: MockConfig) -> Fate:
    """Always the same number of draws, in the same order (so answers do not shift)."""
    u = rng.random()
    status = rng.choice(ERROR_STATUSES)
    latency = config.latency_distribution.sample(rng)
    malformed = rng.random() < config.malformed_rate
    fault = (
        Fault.ERROR
        if u < config.error_rate
        else Fault.TIMEOUT
        if u < config.error_rate + config.timeout_rate
        else None
    )
    return Fate(fault, status, latency, malformed)


def _broken(arguments: str, rng: random.Random) -> str:
    """Arguments that are not JSON, or JSON that misses every required field."""
    if rng.random() < 0.5 and len(arguments) > 2:
        return arguments[: max(1, len(arguments) // 2)]
    return "{}"


def malform(answer: Answer, rng: random.Random) -> Answer | None:
    """The answer with its tool arguments (or JSON content) broken; ``None`` if it has none."""
    if answer.tool_calls:
        first, *rest = answer.tool_calls
        broken = replace(first, arguments=_broken(first.arguments, rng))
        return replace(answer, tool_calls=(broken, *rest))
    content = answer.content or ""
    if content.startswith("{"):
        return replace(answer, content=_broken(content, rng))
    return None

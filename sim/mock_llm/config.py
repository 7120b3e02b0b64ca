"""What the mock server is told: seed, latency distribution and fault rates.

Latency is given as text, the same on the command line and in Python: ``0.2`` (fixed
seconds), ``uniform:0.1:0.3`` (low, high) or ``normal:0.2:0.05`` (mean, standard
deviation, clipped at 0).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from sim.errors import ConfigError

__all__ = ["FaultMode", "Latency", "LatencyKind", "MockConfig"]


class FaultMode(StrEnum):
    """How a request's fate (fault, latency, malformed arguments) is drawn."""

    RANDOM = "random"
    """From the server's own generator, afresh for every request: a retried or resumed request
    can succeed where it failed, as with a real provider. Seeded by ``fault_seed``."""
    DETERMINISTIC = "deterministic"
    """From the request itself (seed, body, client retry count): the same request always
    meets the same fault, so a run replays exactly, and so do its failures."""


class LatencyKind(StrEnum):
    FIXED = "fixed"
    UNIFORM = "uniform"
    NORMAL = "normal"


@dataclass(frozen=True, slots=True)
class Latency:
    """A latency distribution in seconds; ``sample`` draws from the request's own generator."""

    kind: LatencyKind = LatencyKind.FIXED
    a: float = 0.0
    """Fixed value, uniform low bound, or normal mean."""
    b: float = 0.0
    """Uniform high bound or normal standard deviation (unused for fixed)."""

    @classmethod
    def parse(cls, text: str | float) -> Latency:
        """``0.2``, ``fixed:0.2``, ``uniform:0.1:0.3`` or ``normal:0.2:0.05``."""
        if isinstance(text, int | float):
            return cls._checked(LatencyKind.FIXED, float(text), 0.0)
        parts = text.strip().lower().split(":")
        try:
            if len(parts) == 1:
                return cls._checked(LatencyKind.FIXED, float(parts[0]), 0.0)
            kind = LatencyKind(parts[0])
            values = [float(p) for p in parts[1:]]
        except ValueError:
            raise ConfigError(_LATENCY_HELP.format(text=text)) from None
        if kind is LatencyKind.FIXED and len(values) == 1:
            return cls._checked(kind, values[0], 0.0)
        if kind is not LatencyKind.FIXED and len(values) == 2:
            return cls._checked(kind, values[0], values[1])
        raise ConfigError(_LATENCY_HELP.format(text=text))

    @classmethod
    def _checked(cls, kind: LatencyKind, a: float, b: float) -> Latency:
        if not (math.isfinite(a) and math.isfinite(b)):
            raise ConfigError(f"latency {kind.value}: values must be finite numbers of seconds")
        if a < 0 or b < 0 or (kind is LatencyKind.UNIFORM and b < a):
            raise ConfigError(
                f"latency {kind.value}:{a:g}:{b:g}: values must be >= 0 (and low <= high)"
            )
        return cls(kind, a, b)

    def sample(self, rng: random.Random) -> float:
        match self.kind:
            case LatencyKind.FIXED:
                return self.a
            case LatencyKind.UNIFORM:
                return rng.uniform(self.a, self.b)
            case LatencyKind.NORMAL:
                return max(0.0, rng.gauss(self.a, self.b))

    def __str__(self) -> str:
        if self.kind is LatencyKind.FIXED:
            return f"{self.a:g}"
        return f"{self.kind.value}:{self.a:g}:{self.b:g}"


_LATENCY_HELP = "latency {text!r}: expected seconds (0.2), uniform:LOW:HIGH or normal:MEAN:STDDEV"


class MockConfig(BaseModel):
    """Behaviour of the mock OpenAI-compatible server. Every answer is drawn from
    ``random.Random(hash(seed, request body, client retry count))``; faults too in
    ``deterministic`` mode, and from the server's own generator in ``random`` mode."""

    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)

    seed: int = 0
    """Base seed: the same seed and request give the same answer."""
    faults: FaultMode = FaultMode.RANDOM
    """``random`` (default): each request draws its fate afresh, so retries and ``--resume
    --retry-errors`` get through; ``deterministic``: the same request meets the same fault."""
    fault_seed: int | None = None
    """Seed of the server's fault generator in ``random`` mode; ``None``: a fresh one per
    process (tests fix it to get the same sequence of fates)."""
    latency: str = "0"
    """Seconds before each answer: ``0.2``, ``uniform:0.1:0.3`` or ``normal:0.2:0.05``."""
    error_rate: float = Field(default=0.0, ge=0.0, le=1.0)
    """Share of requests answered with an HTTP error (429 with Retry-After, 500 or 503)."""
    timeout_rate: float = Field(default=0.0, ge=0.0, le=1.0)
    """Share of requests that hang for ``hang_seconds`` (past any sane client timeout)."""
    malformed_rate: float = Field(default=0.0, ge=0.0, le=1.0)
    """Share of tool calls / JSON answers whose arguments are not JSON or break the schema."""
    retry_after: float = Field(default=1.0, ge=0.0, le=120.0)
    """Seconds sent in ``Retry-After`` (and ``retry-after-ms``) on 429 and 503; 0 sends none."""
    hang_seconds: float = Field(default=3600.0, gt=0.0)
    """How long a timed-out request hangs (it ends early when the client disconnects)."""
    models: tuple[str, ...] = ("mock",)
    """Model names listed by ``GET /v1/models`` (any name is accepted for completions)."""

    @field_validator("latency")
    @classmethod
    def _latency_parses(cls, value: str) -> str:
        try:
            Latency.parse(value)
        except ConfigError as exc:
            raise ValueError(str(exc)) from None
        return value

    @model_validator(mode="after")
    def _rates_fit(self) -> MockConfig:
        if self.error_rate + self.timeout_rate > 1.0:
            raise ValueError("error_rate + timeout_rate must not exceed 1")
        return self

    @property
    def latency_distribution(self) -> Latency:
        return Latency.parse(self.latency)

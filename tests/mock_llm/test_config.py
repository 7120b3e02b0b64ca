"""Mock configuration and the schema filler: pure functions, no server."""

from __future__ import annotations

import random
from typing import Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, Field, ValidationError

from graders.judge import ToneVerdict
from personas import CustomerReply
from sim.errors import ConfigError
from sim.mock_llm import Latency, LatencyKind, MockConfig
from sim.mock_llm.schema import fill, schema_from_prompt


@pytest.mark.parametrize(
    ("text", "kind", "low", "high"),
    [
        ("0.2", LatencyKind.FIXED, 0.2, 0.2),
        ("fixed:0.5", LatencyKind.FIXED, 0.5, 0.5),
        ("uniform:0.1:0.3", LatencyKind.UNIFORM, 0.1, 0.3),
        ("normal:0.2:0.05", LatencyKind.NORMAL, 0.0, 10.0),
    ],
    ids=["fixed", "fixed-prefix", "uniform", "normal"],
)
def test_latency_parses_and_samples_within_bounds(
    text: str, kind: LatencyKind, low: float, high: float
) -> None:
    latency = Latency.parse(text)
    assert latency.kind is kind
    rng = random.Random(1)
    samples = [latency.sample(rng) for _ in range(200)]
    assert all(low <= s <= high for s in samples)
    assert Latency.parse(str(latency)) == latency


def test_normal_latency_is_centred_and_never_negative() -> None:
    rng = random.Random(2)
    samples = [Latency.parse("normal:0.2:0.05").sample(rng) for _ in range(2000)]
    assert abs(sum(samples) / len(samples) - 0.2) < 0.01
    assert min(Latency.parse("normal:0.01:1").sample(rng) for _ in range(200)) == 0.0


@pytest.mark.parametrize(
    "text", ["fast", "uniform:0.3", "uniform:0.3:0.1", "normal:a:b", "-1", "gamma:1:2"]
)
def test_bad_latency_is_a_config_error(text: str) -> None:
    with pytest.raises(ConfigError, match="latency"):
        Latency.parse(text)
    with pytest.raises(ValidationError, match="latency"):
        MockConfig(latency=text)


def test_rates_are_checked() -> None:
    with pytest.raises(ValidationError):
        MockConfig(error_rate=1.5)
    with pytest.raises(ValidationError, match="must not exceed 1"):
        MockConfig(error_rate=0.6, timeout_rate=0.6)
    assert MockConfig(error_rate=0.5, timeout_rate=0.5).error_rate == 0.5


class _Nested(BaseModel):
    tag: Literal["a", "b"]
    size: int = Field(ge=3, le=7)
    ratio: float = Field(gt=0, lt=1)


class _Everything(BaseModel):
    name: str = Field(min_length=4, max_length=12)
    items: list[_Nested] = Field(min_length=2, max_length=3)
    maybe: _Nested | None = None
    flags: dict[str, bool] = {}
    choice: int | str = 0


@pytest.mark.parametrize(
    "model", [CustomerReply, ToneVerdict, _Everything], ids=lambda m: m.__name__
)
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_filled_instances_validate_against_their_schema(model: type[BaseModel], seed: int) -> None:
    value = fill(model.model_json_schema(), random.Random(seed))
    model.model_validate(value)


def test_hints_win_by_field_name_at_any_depth() -> None:
    value = fill(
        CustomerReply.model_json_schema(),
        random.Random(0),
        {"message": "Hello.", "intent": "satisfied", "felt_heard": True},
    )
    reply = CustomerReply.model_validate(value)
    assert (reply.message, reply.intent.value, reply.appraisal.felt_heard) == (
        "Hello.",
        "satisfied",
        True,
    )


def test_schema_is_found_in_a_prompted_output_instruction() -> None:
    text = (
        "Always respond with a JSON object that's compatible with this schema:\n\n"
        '{"type": "object", "properties": {"x": {"type": "integer"}}}\n\nNo fencing.'
    )
    assert schema_from_prompt(text) == {"type": "object", "properties": {"x": {"type": "integer"}}}
    assert schema_from_prompt("no schema {here} at all") is None

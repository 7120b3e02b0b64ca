"""A valid instance of a JSON schema, drawn from a seeded generator, with hints by field name.

Covers what pydantic and pydantic-ai emit: ``$ref``/``$defs``, ``anyOf``/``oneOf``/``allOf``,
``enum``/``const``, objects (every property filled, so strict schemas pass), arrays with
``minItems``/``maxItems``, strings with length bounds, bounded integers and numbers, booleans.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

__all__ = ["fill", "schema_from_prompt"]

Schema = Mapping[str, Any]


def _resolve(schema: Schema, root: Schema) -> Schema:
    ref = schema.get("$ref")
    if not isinstance(ref, str) or not ref.startswith("#/"):
        return schema
    node: Any = root
    for key in ref[2:].split("/"):
        node = node.get(key, {}) if isinstance(node, Mapping) else {}
    merged = {**node, **{k: v for k, v in schema.items() if k != "$ref"}}
    return _resolve(merged, root) if "$ref" in node else merged


def _type_of(schema: Schema) -> str | None:
    t = schema.get("type")
    if isinstance(t, list):
        return next((x for x in t if x != "null"), "null")
    return t if isinstance(t, str) else None


def _string(schema: Schema, name: str, rng: random.Random) -> str:
    fmt = schema.get("format")
    if fmt == "date":
        return f"2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
    if fmt == "date-time":
        return f"2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}T12:00:00Z"
    text = f"{name.replace('_', ' ') or 'value'} {rng.randint(1, 999)}"
    low, high = int(schema.get("minLength", 0)), schema.get("maxLength")
    text = text.ljust(low, "x")
    return text[: int(high)] if isinstance(high, int) else text


def _number(schema: Schema, rng: random.Random, integer: bool) -> int | float:
    low = schema.get("minimum", schema.get("exclusiveMinimum", 0))
    high = schema.get("maximum", schema.get("exclusiveMaximum", max(10, low + 10)))
    if integer:
        first = int(low) + (1 if "exclusiveMinimum" in schema else 0)
        last = int(high) - (1 if "exclusiveMaximum" in schema else 0)
        return rng.randint(first, max(first, last))
    margin = (float(high) - float(low)) / 100
    lo = float(low) + (margin if "exclusiveMinimum" in schema else 0.0)
    hi = float(high) - (margin if "exclusiveMaximum" in schema else 0.0)
    value = rng.uniform(lo, hi)
    return rounded if lo <= (rounded := round(value, 2)) <= hi else value


def fill(
    schema: Schema,
    rng: random.Random,
    hints: Mapping[str, Any] | None = None,
    *,
    root: Schema | None = None,
    name: str = "",
) -> Any:
    """An instance of ``schema``; a property named in ``hints`` takes the hinted value."""
    hints = hints or {}
    root = schema if root is None else root
    schema = _resolve(schema, root)
    if name in hints:
        return hints[name]
    if "const" in schema:
        return schema["const"]
    if isinstance(schema.get("enum"), list) and schema["enum"]:
        return rng.choice(schema["enum"])
    for key in ("anyOf", "oneOf"):
        options = schema.get(key)
        if isinstance(options, list) and options:
            concrete = [o for o in options if _type_of(_resolve(o, root)) != "null"] or options
            return fill(concrete[0], rng, hints, root=root, name=name)
    if isinstance(schema.get("allOf"), list) and schema["allOf"]:
        return fill(schema["allOf"][0], rng, hints, root=root, name=name)
    kind = _type_of(schema) or ("object" if "properties" in schema else "string")
    if kind == "object":
        props: Mapping[str, Any] = schema.get("properties", {})
        return {k: fill(v, rng, hints, root=root, name=k) for k, v in props.items()}
    if kind == "array":
        count = int(schema.get("minItems", 1))
        count = min(count + rng.randint(0, 1), int(schema.get("maxItems", count + 1)))
        item = schema.get("items", {})
        return [fill(item, rng, hints, root=root, name=name) for _ in range(count)]
    if kind == "integer":
        return _number(schema, rng, integer=True)
    if kind == "number":
        return _number(schema, rng, integer=False)
    if kind == "boolean":
        return rng.random() < 0.5
    if kind == "null":
        return None
    return _string(schema, name, rng)


def schema_from_prompt(text: str) -> dict[str, Any] | None:
    """The JSON schema embedded in a prompted-output instruction, if any ("...schema:\\n{...}")."""
    at = text.find("schema")
    start = text.find("{", at if at >= 0 else 0)
    while start >= 0:
        try:
            value, _ = json.JSONDecoder().raw_decode(text, start)
        except json.JSONDecodeError:
            start = text.find("{", start + 1)
            continue
        if isinstance(value, dict) and ("properties" in value or "type" in value):
            return value
        start = text.find("{", start + 1)
    return None

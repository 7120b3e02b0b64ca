"""The OpenAPI document tells the truth about ``/reset``, ``/step`` and ``/state``.

Those endpoints read their raw body themselves (to cap its size before parsing and to answer
with the protocol's own error codes), so FastAPI cannot infer their request bodies. Here the
real bodies (``ResetData``, ``StepRequest`` with the action union), the state's schema and
every error status each endpoint can return are written into the document, so that
schema-driven clients and fuzzers see what the server accepts and answers.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from pydantic import BaseModel

from sim.actions import action_json_schema
from sim.server.protocol import ErrorMessage, ResetData, StepRequest

__all__ = ["error_responses", "install_openapi", "request_body", "state_ref"]

_REF = "#/components/schemas/{model}"

_ERRORS: dict[int, str] = {
    400: "INVALID_JSON (not JSON, not UTF-8, nested too deeply) or UNKNOWN_TYPE",
    409: "NOT_RESET (no episode yet) or EPISODE_DONE (send reset)",
    413: "MESSAGE_TOO_LARGE: the body exceeds the server's max_message_bytes",
    422: "VALIDATION_ERROR, INVALID_ACTION, UNKNOWN_SCENARIO or UNKNOWN_PERSONA",
    500: "EXECUTION_ERROR: the environment failed unexpectedly",
}


def error_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """``responses=`` for a route: each status with the error message body and its codes."""
    return {s: {"model": ErrorMessage, "description": _ERRORS[s]} for s in statuses}


def request_body(model: str, *, required: bool) -> dict[str, Any]:
    """``openapi_extra=`` naming the JSON body a route reads itself."""
    schema = {"$ref": _REF.format(model=model)}
    return {
        "requestBody": {"required": required, "content": {"application/json": {"schema": schema}}}
    }


def state_ref(model: type[BaseModel]) -> dict[str, str]:
    return {"$ref": _REF.format(model=model.__name__)}


def _add(components: dict[str, Any], name: str, schema: dict[str, Any]) -> None:
    components.update(schema.pop("$defs", {}))
    components[name] = schema


def install_openapi(app: FastAPI, state_model: type[BaseModel]) -> None:
    """Make ``app.openapi()`` include the request bodies and the state schema."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema:
            return app.openapi_schema
        schema = get_openapi(
            title=app.title,
            version=app.version,
            description=app.description,
            routes=app.routes,
        )
        components: dict[str, Any] = schema.setdefault("components", {}).setdefault("schemas", {})
        _add(components, state_model.__name__, state_model.model_json_schema(ref_template=_REF))
        _add(components, "ResetData", ResetData.model_json_schema(ref_template=_REF))
        step = StepRequest.model_json_schema(ref_template=_REF)
        step["properties"]["action"] = {
            "$ref": _REF.format(model="Action"),
            "description": 'The action, e.g. {"type": "reply", "content": "..."}.',
        }
        step["required"] = ["action"]
        _add(components, "StepRequest", step)
        action = json.loads(
            json.dumps(action_json_schema()).replace('"#/$defs/', '"#/components/schemas/')
        )
        _add(components, "Action", action)  # last: its variants list ``type`` as required
        app.openapi_schema = schema
        return schema

    app.openapi = openapi  # type: ignore[method-assign]

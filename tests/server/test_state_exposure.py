"""``state`` over the wire keeps the scenario's secrets unless the operator exposes them;
the OpenAPI document describes the real bodies and error statuses."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from websockets.asyncio.client import connect

from sim.loader import get_scenario
from sim.server import create_app
from sim.server.testing import LiveServer
from tests.server.helpers import Episode, play_over_ws, reference_actions

SCENARIO = "medium-defective-product"


def _secrets() -> list[str]:
    """Text only the scenario file knows: gold actions, expected facts, hidden KB and facts."""
    sc = get_scenario(SCENARIO)
    account = json.dumps([*sc.customer.model_dump(mode="json")["orders"], sc.ticket.body])
    hidden = [f.value for f in sc.customer.facts if f.hidden and f.value not in account]
    unread = [a.body for a in sc.kb if not a.relevant]
    gold = [a.model_dump_json() for a in sc.reference_solution]
    return [*hidden, *unread, *gold, "reference_solution", "expectations", "frustration"]


def _episode() -> Episode:
    return Episode(SCENARIO, seed=3, actions=reference_actions(SCENARIO)[:2])


def _leaks(state: dict[str, Any]) -> list[str]:
    text = json.dumps(state)
    return [s for s in _secrets() if s and s in text]


async def test_default_state_over_ws_and_http_holds_no_secrets(server: LiveServer) -> None:
    assert _secrets(), "the scenario must have something to hide"
    async with connect(server.ws_url) as ws:
        state = await play_over_ws(ws, _episode())
    assert _leaks(state) == []
    assert {"scenario", "emotion", "facts_communicated", "escalation"}.isdisjoint(state)
    assert state["scenario_id"] == SCENARIO and state["step_count"] == 2
    assert state["retrieved"] and state["refunds"][0]["amount"] == "150.00"
    assert state["done"] is False and state["total_reward"] > 0

    async with httpx.AsyncClient(base_url=server.url) as http:
        await http.post("/reset", json={"scenario": SCENARIO, "seed": 3})
        for action in _episode().actions:
            await http.post("/step", json={"action": action})
        http_state = (await http.get("/state")).json()
        assert _leaks(http_state) == [] and http_state["step_count"] == 2
        assert (await http.get("/metadata")).json()["state"] == "public"


async def test_expose_state_returns_everything() -> None:
    with LiveServer(create_app(expose_state=True)) as live:
        async with connect(live.ws_url) as ws:
            state = await play_over_ws(ws, _episode())
        assert state["scenario"]["reference_solution"]
        assert set(_leaks(state)) >= set(_secrets()[:1])
        async with httpx.AsyncClient(base_url=live.url) as http:
            assert (await http.get("/metadata")).json()["state"] == "full"
            schema = (await http.get("/schema")).json()["state"]
        assert "scenario" in schema["properties"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.mark.parametrize(("flag", "mode"), [((), "public"), (("--expose-state",), "full")])
def test_serve_command_says_which_mode_is_on(flag: tuple[str, ...], mode: str) -> None:
    port = _free_port()
    command = [sys.executable, "-m", "sim.cli", "serve", "--port", str(port), *flag]
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                meta = httpx.get(f"http://127.0.0.1:{port}/metadata", timeout=1).json()
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline and proc.poll() is None
                time.sleep(0.1)
        assert meta["state"] == mode
    finally:
        proc.terminate()
        proc.wait(10)


def test_openapi_describes_bodies_and_error_statuses() -> None:
    client = TestClient(create_app())
    doc = client.get("/openapi.json").json()
    schemas = doc["components"]["schemas"]
    reset, step = doc["paths"]["/reset"]["post"], doc["paths"]["/step"]["post"]
    ref = reset["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    assert ref.endswith("/ResetData") and "seed" in schemas["ResetData"]["properties"]
    ref = step["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    assert ref.endswith("/StepRequest") and schemas["StepRequest"]["required"] == ["action"]
    assert schemas["StepRequest"]["properties"]["action"]["$ref"].endswith("/Action")
    for name in ("Reply", "SearchKB", "IssueRefund", "Escalate", "CloseTicket"):
        assert "type" in schemas[name]["required"], name
    assert {"400", "413", "422", "500"} <= set(reset["responses"])
    assert {"400", "409", "413", "422", "500"} <= set(step["responses"])
    # Every status the endpoints really answer is in the document.
    seen = {
        client.post("/reset", content=b"{nope").status_code,
        client.post("/reset", json={"scenario": "no-such"}).status_code,
        client.post("/reset", content=b"x" * 2_000_000).status_code,
        client.post("/step", json={"action": {"type": "reply", "content": "hi"}}).status_code,
    }
    assert seen == {400, 422, 413, 409}
    client.post("/reset", json={"seed": 1})
    bodies: list[Any] = [
        {"action": {"content": "no type"}},
        {"action": {"type": "close_ticket", "resolution": "x"}},
        {"action": {"type": "reply", "content": "after the end"}},
    ]
    seen = {client.post("/step", json=b).status_code for b in bodies}
    seen.add(client.post("/step", content=b"[").status_code)
    assert seen <= {int(s) for s in step["responses"]} | {200}
    assert 409 in seen and 422 in seen


def test_action_schema_marks_type_required() -> None:
    from sim.actions import action_json_schema, parse_action

    schema = action_json_schema()
    actions = [v for v in schema["$defs"].values() if "type" in v.get("properties", {})]
    assert len(actions) >= 5
    for variant in actions:
        assert variant["required"][0] == "type"
    with pytest.raises(ValueError):
        parse_action({"content": "hello"})

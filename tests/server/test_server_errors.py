"""Bad input over the wire: every case gets an error with a code, and neither the session
nor the server dies (unless the protocol layer must close the connection)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from sim.customer import CustomerTurn, CustomerView
from sim.env import SupportEnv
from sim.loader import get_scenario
from sim.server.testing import LiveServer
from sim.state import CustomerIntent
from tests.server.conftest import MAX_MESSAGE_BYTES, WS_MAX_SIZE
from tests.server.helpers import ask, health

REFUND = {"type": "issue_refund", "amount": "19.99", "reason": "Duplicate", "target": "CH-5502"}


async def _assert_usable(ws: ClientConnection, server: LiveServer) -> None:
    """The session still plays: a step (or a reset) after the error works."""
    state = await ask(ws, {"type": "state"})
    if state["type"] == "error":
        assert state["data"]["code"] == "NOT_RESET"
        assert (await ask(ws, {"type": "reset", "data": {}}))["type"] == "observation"
    else:
        step = {"type": "step", "data": {"type": "search_kb", "query": "refund"}}
        assert (await ask(ws, step))["type"] in ("observation", "error")
    assert (await health(server.url))["status"] == "healthy"


async def _reset(ws: ClientConnection, scenario: str = "hard-double-billing") -> None:
    reply = await ask(ws, {"type": "reset", "data": {"scenario": scenario, "seed": 1}})
    assert reply["type"] == "observation", reply


ENVELOPE_CASES: list[tuple[str, str | bytes, str]] = [
    ("invalid json", "{not json", "INVALID_JSON"),
    ("truncated json", '{"type": "reset"', "INVALID_JSON"),
    ("empty text", "", "INVALID_JSON"),
    ("binary not utf-8", b"\xff\xfe\x00", "INVALID_JSON"),
    ("nested too deeply", "[" * 30_000 + "]" * 30_000, "INVALID_JSON"),
    ("json array", "[1, 2]", "VALIDATION_ERROR"),
    ("json string", '"reset"', "VALIDATION_ERROR"),
    ("unknown message type", '{"type": "teleport"}', "UNKNOWN_TYPE"),
    ("openenv mcp type", '{"type": "mcp", "data": {}}', "UNKNOWN_TYPE"),
    ("missing type", '{"data": {}}', "UNKNOWN_TYPE"),
    ("type not a string", '{"type": ["reset"]}', "UNKNOWN_TYPE"),
    ("extra envelope field", '{"type": "state", "extra": 1}', "VALIDATION_ERROR"),
    ("reset data not an object", '{"type": "reset", "data": [1]}', "VALIDATION_ERROR"),
    ("seed of wrong type", '{"type": "reset", "data": {"seed": "7"}}', "VALIDATION_ERROR"),
    ("seed a float", '{"type": "reset", "data": {"seed": 7.5}}', "VALIDATION_ERROR"),
    ("unknown reset field", '{"type": "reset", "data": {"scenario_id": "x"}}', "VALIDATION_ERROR"),
    ("scenario not a string", '{"type": "reset", "data": {"scenario": 3}}', "VALIDATION_ERROR"),
    ("unknown scenario", '{"type": "reset", "data": {"scenario": "nope"}}', "UNKNOWN_SCENARIO"),
    (
        "scenario given as a path",
        '{"type": "reset", "data": {"scenario": "../../etc/passwd.yaml"}}',
        "UNKNOWN_SCENARIO",
    ),
    ("unknown persona", '{"type": "reset", "data": {"persona": "nobody"}}', "UNKNOWN_PERSONA"),
    (
        "step before reset",
        '{"type": "step", "data": {"type": "escalate", "reason": "x"}}',
        "NOT_RESET",
    ),
    ("state before reset", '{"type": "state"}', "NOT_RESET"),
]


@pytest.mark.parametrize(
    ("message", "code"), [c[1:] for c in ENVELOPE_CASES], ids=[c[0] for c in ENVELOPE_CASES]
)
async def test_bad_message_gets_error_code_and_session_survives(
    server: LiveServer, message: str | bytes, code: str
) -> None:
    async with connect(server.ws_url, max_size=WS_MAX_SIZE) as ws:
        reply = await ask(ws, message)
        assert reply["type"] == "error"
        assert reply["data"]["code"] == code
        assert reply["data"]["message"]
        await _assert_usable(ws, server)


ACTION_CASES: list[tuple[str, Any]] = [
    ("unknown action type", {"type": "teleport", "where": "moon"}),
    ("missing action type", {"content": "hello"}),
    ("action type not a string", {"type": 5}),
    ("reply content a number", {"type": "reply", "content": 123}),
    ("reply content empty", {"type": "reply", "content": ""}),
    ("reply content missing", {"type": "reply"}),
    ("search query a list", {"type": "search_kb", "query": ["a", "b"]}),
    ("refund amount not a number", {**REFUND, "amount": "abc"}),
    ("refund amount three places", {**REFUND, "amount": "1.005"}),
    ("refund amount an object", {**REFUND, "amount": {"value": 1}}),
    ("refund extra field", {**REFUND, "currency": "EUR"}),
    ("action a string", "reply hello"),
    ("action json text", '{"type": "reply", "content": "hi"}'),
    ("action a list", [{"type": "reply", "content": "hi"}]),
    ("action null", None),
]


@pytest.mark.parametrize("action", [c[1] for c in ACTION_CASES], ids=[c[0] for c in ACTION_CASES])
async def test_invalid_action_is_refused_before_the_env(server: LiveServer, action: Any) -> None:
    async with connect(server.ws_url) as ws:
        await _reset(ws)
        reply = await ask(ws, {"type": "step", "data": action})
        assert reply["type"] == "error"
        assert reply["data"]["code"] == "INVALID_ACTION"
        state = (await ask(ws, {"type": "state"}))["data"]
        assert state["step_count"] == 0 and state["actions"] == []
        ok = await ask(ws, {"type": "step", "data": REFUND})
        assert ok["type"] == "observation"
        assert ok["data"]["observation"]["steps_taken"] == 1


async def test_invalid_action_error_lists_the_field(server: LiveServer) -> None:
    async with connect(server.ws_url) as ws:
        await _reset(ws)
        reply = await ask(ws, {"type": "step", "data": {**REFUND, "amount": "abc"}})
    assert ["issue_refund", "amount"] in [e["loc"] for e in reply["data"]["errors"]]
    assert "amount" in reply["data"]["message"]


async def test_action_the_env_rejects_is_a_penalized_observation(server: LiveServer) -> None:
    """Well-formed but against the rules (refund above what was paid): as in-process."""
    async with connect(server.ws_url) as ws:
        await _reset(ws)
        reply = await ask(ws, {"type": "step", "data": {**REFUND, "amount": "999.00"}})
    assert reply["type"] == "observation"
    assert reply["data"]["observation"]["last_action_valid"] is False
    assert reply["data"]["reward"] < 0


async def test_step_after_done_is_an_error_and_reset_recovers(server: LiveServer) -> None:
    async with connect(server.ws_url) as ws:
        await _reset(ws)
        close = {"type": "step", "data": {"type": "close_ticket", "resolution": "Done."}}
        assert (await ask(ws, close))["data"]["done"] is True
        for _ in range(2):
            reply = await ask(ws, close)
            assert reply["type"] == "error" and reply["data"]["code"] == "EPISODE_DONE"
        assert (await ask(ws, {"type": "state"}))["data"]["step_count"] == 1
        await _reset(ws)
        assert (await ask(ws, {"type": "step", "data": REFUND}))["type"] == "observation"


async def test_oversize_message_is_refused_and_session_survives(server: LiveServer) -> None:
    big = json.dumps(
        {"type": "step", "data": {"type": "reply", "content": "x" * MAX_MESSAGE_BYTES}}
    )
    async with connect(server.ws_url, max_size=WS_MAX_SIZE) as ws:
        await _reset(ws)
        reply = await ask(ws, big)
        assert reply["data"]["code"] == "MESSAGE_TOO_LARGE"
        assert (await ask(ws, {"type": "state"}))["data"]["step_count"] == 0
        await _assert_usable(ws, server)


async def test_frame_above_protocol_limit_closes_only_that_connection(server: LiveServer) -> None:
    async with connect(server.ws_url) as bystander:
        await _reset(bystander)
        async with connect(server.ws_url, max_size=None) as ws:
            await ws.send("x" * (WS_MAX_SIZE + 1))
            with pytest.raises(ConnectionClosed):
                await ws.recv()
            assert ws.close_code == 1009  # message too big, closed by the protocol layer
        assert (await ask(bystander, {"type": "step", "data": REFUND}))["type"] == "observation"
    assert (await health(server.url))["status"] == "healthy"


async def test_abrupt_disconnect_mid_episode_does_not_hurt_the_server(server: LiveServer) -> None:
    ws = await connect(server.ws_url)
    await _reset(ws)
    await ws.send(json.dumps({"type": "step", "data": REFUND}))
    ws.transport.abort()  # no close handshake, reply unread
    async with connect(server.ws_url) as other:
        await _reset(other)
        assert (await ask(other, {"type": "step", "data": REFUND}))["type"] == "observation"


class _BrokenCustomer:
    """Opens the ticket, then fails like a model behind an LLM customer going down."""

    persona_id = "broken"

    async def open(self, view: CustomerView, rng: random.Random) -> CustomerTurn:
        return CustomerTurn(view.scenario.ticket.body, CustomerIntent.CONTINUE, 0.3, 0.5)

    async def respond(self, view: CustomerView) -> CustomerTurn:
        raise RuntimeError("customer model unavailable")


def _broken_env(scenario: str, persona: str | None) -> SupportEnv:
    return SupportEnv(get_scenario(scenario), _BrokenCustomer())


async def test_env_failure_is_an_execution_error_and_nothing_dies(
    start_server: Callable[..., LiveServer],
) -> None:
    live = start_server(env_factory=_broken_env)
    reply_action = {"type": "reply", "content": "How can I help?"}
    async with connect(live.ws_url) as ws:
        await _reset(ws)
        reply = await ask(ws, {"type": "step", "data": reply_action})
        assert reply["type"] == "error" and reply["data"]["code"] == "EXECUTION_ERROR"
        assert "customer model unavailable" in reply["data"]["message"]
        ok = await ask(ws, {"type": "step", "data": {"type": "search_kb", "query": "refund"}})
        assert ok["type"] == "observation"
    # A loaded 2-core machine has taken more than httpx's default 5 s to answer this step.
    async with httpx.AsyncClient(base_url=live.url, timeout=30) as client:
        assert (await client.post("/reset", json={})).status_code == 200
        response = await client.post("/step", json={"action": reply_action})
        assert response.status_code == 500
        assert response.json()["data"]["code"] == "EXECUTION_ERROR"
        assert (await client.get("/health")).json()["status"] == "healthy"

"""Amount strings over the wire: HTTP ``/step`` and the WebSocket refuse what the in-process
env refuses, with a message that shows the accepted format, and the session stays usable."""

from __future__ import annotations

import json
from collections.abc import Callable

import httpx
import pytest
from websockets.asyncio.client import connect

from sim.server.testing import LiveServer
from tests.server.helpers import ask

SCENARIO = "hard-double-billing"
REFUND = {"type": "issue_refund", "amount": "19.99", "reason": "Duplicate", "target": "CH-5502"}
BAD = {
    "underscore": "1_50.00",
    "arabic-indic": "١٥٠",
    "exponent": "1.5E+2",
    "three-decimals": "19.990",
    "nan": "NaN",
    "infinity": "Infinity",
}
ACCEPTED = "plain number with at most two decimals"


@pytest.mark.parametrize("amount", BAD.values(), ids=BAD.keys())
async def test_websocket_refuses_bad_amounts(server: LiveServer, amount: str) -> None:
    async with connect(server.ws_url) as ws:
        await ask(ws, {"type": "reset", "data": {"scenario": SCENARIO, "seed": 1}})
        reply = await ask(ws, {"type": "step", "data": {**REFUND, "amount": amount}})
        assert reply["type"] == "error" and reply["data"]["code"] == "INVALID_ACTION"
        assert ACCEPTED in reply["data"]["message"]
        ok = await ask(ws, {"type": "step", "data": REFUND})
        assert ok["data"]["observation"]["feedback"].startswith("Refunded 19.99 to CH-5502")


def test_http_refuses_bad_amounts(start_server: Callable[..., LiveServer]) -> None:
    url = start_server().url
    assert httpx.post(f"{url}/reset", json={"scenario": SCENARIO, "seed": 1}).status_code == 200
    for amount in BAD.values():
        response = httpx.post(f"{url}/step", json={"action": {**REFUND, "amount": amount}})
        body = response.json()
        assert response.status_code == 422 and body["data"]["code"] == "INVALID_ACTION"
        assert ACCEPTED in body["data"]["message"], amount
    raw = json.dumps({"action": {**REFUND, "amount": 19.99}})
    response = httpx.post(f"{url}/step", content=raw, headers={"content-type": "application/json"})
    assert response.status_code == 200
    assert "Refunded 19.99 to CH-5502" in response.json()["observation"]["feedback"]

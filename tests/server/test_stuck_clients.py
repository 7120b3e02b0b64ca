"""A WebSocket client that never reads its replies does not hold a session slot forever."""

from __future__ import annotations

import asyncio
import json
import socket
import time

import httpx
from websockets.asyncio.client import connect
from websockets.client import ClientProtocol
from websockets.uri import parse_uri

from sim.server import create_app
from sim.server.testing import LiveServer
from tests.server.helpers import ask


class NeverReads:
    """A real WebSocket client on a socket with a tiny receive buffer that, after the
    handshake, only writes: the server's replies pile up until its sends block."""

    def __init__(self, url: str) -> None:
        self.protocol = ClientProtocol(parse_uri(url))
        uri = parse_uri(url)
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        self.sock.settimeout(10)
        self.sock.connect((uri.host, uri.port))
        self.protocol.send_request(self.protocol.connect())
        self.sock.sendall(b"".join(self.protocol.data_to_send()))
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.sock.recv(1)
        self.protocol.receive_data(head)
        assert self.protocol.handshake_exc is None

    def send_all(self, messages: list[dict[str, object]]) -> None:
        for message in messages:
            self.protocol.send_text(json.dumps(message).encode())
        self.sock.sendall(b"".join(self.protocol.data_to_send()))

    def close(self) -> None:
        self.sock.close()


async def _active(url: str) -> int:
    async with httpx.AsyncClient() as client:
        active: int = (await client.get(f"{url}/health")).json()["active_sessions"]
        return active


async def _settle(url: str, expected: int, within: float) -> int:
    deadline = time.monotonic() + within
    while (active := await _active(url)) != expected and time.monotonic() < deadline:  # noqa: ASYNC110 (polls a server over HTTP)
        await asyncio.sleep(0.05)
    return active


async def test_a_client_that_never_reads_is_closed_and_its_slot_freed() -> None:
    # Full-state replies are large, so the server's send buffers fill after a few hundred.
    app = create_app(max_sessions=2, idle_timeout=60.0, send_timeout=0.5, expose_state=True)
    with LiveServer(app) as live:
        stuck = [NeverReads(live.ws_url) for _ in range(2)]
        assert await _settle(live.url, 2, within=5) == 2
        requests: list[dict[str, object]] = [{"type": "reset", "data": {"seed": 1}}]
        requests += [{"type": "state"}] * 3000
        for client in stuck:
            client.send_all(requests)
        # Both sends block, time out, and the sessions are closed: every slot is free again.
        assert await _settle(live.url, 0, within=15) == 0, "stuck sessions hold their slots"
        async with connect(live.ws_url) as ws:
            reply = await ask(ws, {"type": "reset", "data": {"seed": 2}})
            assert reply["type"] == "observation"
        for client in stuck:
            client.close()
        assert live.alive


async def test_a_slow_reader_within_the_timeout_keeps_its_session() -> None:
    app = create_app(max_sessions=1, idle_timeout=60.0, send_timeout=5.0)
    with LiveServer(app) as live:
        async with connect(live.ws_url) as ws:
            await ask(ws, {"type": "reset", "data": {"seed": 1}})
            for _ in range(20):
                await ws.send(json.dumps({"type": "state"}))
            await asyncio.sleep(1.0)  # replies wait, unread, well under the send timeout
            for _ in range(20):
                assert json.loads(await ws.recv())["type"] == "state"
            assert await _active(live.url) == 1

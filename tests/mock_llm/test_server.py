"""The mock over a real socket: routes, determinism, and each injected fault."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest

from sim.mock_llm import MockConfig, MockServer, serve_mock

TOOLS = ["reply", "search_kb", "issue_refund", "escalate", "close_ticket"]

OPENING = (
    "Ticket: Lamp arrived with a scratch (via email, opened 2026-11-27)\n"
    "Customer: Dana Whitfield <dana@example.com>, standard tier, account ACC-1\n"
    "- order ORD-40917: Aurora brass desk lamp, paid 89.00 on 2026-11-19 (delivered)\n\n"
    "Customer: The lamp arrived scratched. I would like a refund please.\n\nSteps left: 20."
)


def support_body(**extra: Any) -> dict[str, Any]:
    tools = [
        {
            "type": "function",
            "function": {
                "name": name,
                "parameters": {
                    "type": "object",
                    "properties": {"x": {"type": "string"}},
                    "required": ["x"],
                },
            },
        }
        for name in TOOLS
    ]
    return {
        "model": "mock",
        "messages": [
            {"role": "system", "content": "You are a support agent."},
            {"role": "user", "content": OPENING},
        ],
        "tools": tools,
        "tool_choice": "auto",
        **extra,
    }


async def post(
    server: MockServer, body: dict[str, Any], retry: int = 0, wait: float = 10.0
) -> httpx.Response:
    async with httpx.AsyncClient(timeout=wait) as client:
        return await client.post(
            f"{server.base_url}/chat/completions",
            content=json.dumps(body),
            headers={"x-stainless-retry-count": str(retry)},
        )


async def test_models_lists_the_configured_names() -> None:
    config = MockConfig(models=("mock", "mock-judge"))
    async with serve_mock(config) as server, httpx.AsyncClient() as client:
        data = (await client.get(f"{server.base_url}/models")).json()
        health = await client.get(f"{server.url}/health")
    assert [m["id"] for m in data["data"]] == ["mock", "mock-judge"]
    assert health.json() == {"status": "ok"}


async def test_a_support_agent_is_told_to_search_first(mock: MockServer) -> None:
    res = await post(mock, support_body())
    assert res.status_code == 200
    message = res.json()["choices"][0]["message"]
    (call,) = message["tool_calls"]
    assert call["function"]["name"] == "search_kb"
    assert "scratch" in json.loads(call["function"]["arguments"])["query"].lower()
    assert res.json()["usage"]["prompt_tokens"] > 0


async def test_same_seed_and_body_same_bytes_other_seed_other_answer() -> None:
    body = support_body()
    async with serve_mock(MockConfig(seed=1)) as a, serve_mock(MockConfig(seed=2)) as b:
        first, again, other = await post(a, body), await post(a, body), await post(b, body)
    assert first.content == again.content
    assert first.content != other.content


async def test_errors_are_429_with_retry_after_500_and_503() -> None:
    config = MockConfig(error_rate=1.0, retry_after=0.25)
    async with serve_mock(config) as server:
        responses = [await post(server, support_body(), retry=i) for i in range(30)]
    by_status = {r.status_code: r for r in responses}
    assert set(by_status) == {429, 500, 503}
    for status in (429, 503):
        assert by_status[status].headers["retry-after"] == "1"
        assert by_status[status].headers["retry-after-ms"] == "250"
    assert "retry-after" not in by_status[500].headers
    assert by_status[429].json()["error"]["type"] == "rate_limit_error"


async def test_a_retried_request_draws_its_fate_again() -> None:
    """Deterministic faults: the SDK's retry counter is part of the seed, so a retry is not
    doomed to fail again, and the same request with the same count meets the same fault."""
    config = MockConfig(seed=5, error_rate=0.5, faults="deterministic")
    async with serve_mock(config) as server:
        statuses = [(await post(server, support_body(), retry=i)).status_code for i in range(24)]
        repeat = [(await post(server, support_body(), retry=i)).status_code for i in range(24)]
    assert statuses == repeat
    assert 200 in statuses and set(statuses) - {200}


async def test_a_hung_request_ends_when_the_client_gives_up() -> None:
    async with serve_mock(MockConfig(timeout_rate=1.0, hang_seconds=60)) as server:
        loop = asyncio.get_running_loop()
        started = loop.time()
        with pytest.raises(httpx.ReadTimeout):
            await post(server, support_body(), wait=0.3)
        assert loop.time() - started < 5
        for _ in range(100):  # the server notices the disconnect and stops waiting
            if server.state.in_flight == 0:
                break
            await asyncio.sleep(0.02)
        assert server.state.in_flight == 0
        assert server.state.stats["timeouts"] == 1


async def test_closing_the_server_ends_hung_requests_at_once() -> None:
    async with serve_mock(MockConfig(timeout_rate=1.0, hang_seconds=3600)) as server:
        pending = asyncio.create_task(post(server, support_body(), wait=30))
        # close only once the request hangs in the server (a fixed sleep raced a loaded
        # machine: the server closed before the request arrived)
        async with asyncio.timeout(10):
            while server.app.state.mock.in_flight < 1:  # noqa: ASYNC110 -- a counter, no event
                await asyncio.sleep(0.01)
    res = await asyncio.wait_for(pending, 5)
    assert res.status_code == 504


async def test_malformed_arguments_are_not_json_or_miss_required_fields() -> None:
    async with serve_mock(MockConfig(malformed_rate=1.0)) as server:
        args = []
        for i in range(12):
            res = await post(server, support_body(), retry=i)
            args.append(res.json()["choices"][0]["message"]["tool_calls"][0]["function"])
    for fn in args:
        try:
            parsed = json.loads(fn["arguments"])
        except json.JSONDecodeError:
            continue
        assert "query" not in parsed
    assert any(fn["arguments"] == "{}" for fn in args)
    assert any(fn["arguments"] != "{}" for fn in args)


async def test_a_request_that_is_not_a_chat_completion_is_a_400(mock: MockServer) -> None:
    async with httpx.AsyncClient() as client:
        res = await client.post(f"{mock.base_url}/chat/completions", content=b'{"model": 1}')
    assert res.status_code == 400
    assert res.json()["error"]["type"] == "invalid_request_error"


async def test_plain_chat_gets_text_and_the_last_request_is_kept(mock: MockServer) -> None:
    body = {"model": "m", "messages": [{"role": "user", "content": "Say something nice"}]}
    res = await post(mock, body)
    assert res.json()["choices"][0]["message"]["content"].startswith("Mock answer")
    async with httpx.AsyncClient() as client:
        last = await client.get(f"{mock.url}/mock/last/chat")
        missing = await client.get(f"{mock.url}/mock/last/judge")
        stats = (await client.get(f"{mock.url}/mock/stats")).json()
    assert last.json() == body
    assert missing.status_code == 404
    assert stats["requests"] == 1 and stats["role_chat"] == 1


async def test_latency_is_applied() -> None:
    async with serve_mock(MockConfig(latency="uniform:0.5:0.5")) as slow:
        loop = asyncio.get_running_loop()
        started = loop.time()
        await asyncio.gather(*(post(slow, support_body(), retry=i) for i in range(5)))
        elapsed = loop.time() - started
    # each waits 0.5 s; side by side that is about 0.5 s, one after another 2.5 s (the wide
    # margin is for a loaded machine)
    assert 0.5 <= elapsed < 2.0

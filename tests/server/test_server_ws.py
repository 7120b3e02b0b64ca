"""``WS /ws`` sessions: whole episodes, isolation, the session cap and the idle timeout."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from personas import bundled_persona_ids
from sim.loader import bundled_scenario_ids
from sim.server.testing import LiveServer
from tests.server.helpers import (
    Episode,
    ask,
    play_in_process,
    play_over_ws,
    reference_actions,
    wait_for_sessions,
)


@pytest.mark.parametrize("scenario", bundled_scenario_ids())
async def test_reference_episode_over_ws_equals_in_process(
    server: LiveServer, scenario: str
) -> None:
    episode = Episode(scenario, seed=7, actions=reference_actions(scenario))
    async with connect(server.ws_url) as ws:
        state = await play_over_ws(ws, episode)
    assert state["done"] is True
    assert state == await play_in_process(episode)


async def test_observation_message_shape(server: LiveServer) -> None:
    async with connect(server.ws_url) as ws:
        reply = await ask(ws, {"type": "reset", "data": {"seed": 1, "episode_id": "ep-1"}})
        assert reply["type"] == "observation"
        assert set(reply["data"]) == {"observation", "reward", "done"}
        obs = reply["data"]["observation"]
        assert obs["episode_id"] == "ep-1"
        assert obs["conversation"][0]["role"] == "customer"
        assert reply["data"]["done"] is False
        step = await ask(ws, {"type": "step", "data": {"type": "search_kb", "query": "password"}})
        assert isinstance(step["data"]["reward"], float)
        assert step["data"]["observation"]["steps_taken"] == 1


async def test_persona_choice_reaches_the_env(server: LiveServer) -> None:
    persona = sorted(bundled_persona_ids())[-1]
    async with connect(server.ws_url) as ws:
        reply = await ask(
            ws, {"type": "reset", "data": {"scenario": "easy-password-reset", "persona": persona}}
        )
        assert reply["type"] == "observation"
        state = await ask(ws, {"type": "state"})
    assert state["data"]["persona_id"] == persona


async def test_interleaved_sessions_do_not_share_state(server: LiveServer) -> None:
    a = Episode("hard-double-billing", seed=1, actions=reference_actions("hard-double-billing"))
    b = Episode("easy-password-reset", seed=2, actions=reference_actions("easy-password-reset"))
    async with connect(server.ws_url) as ws_a, connect(server.ws_url) as ws_b:
        await ask(ws_a, {"type": "reset", "data": a.reset_data()})
        await ask(ws_b, {"type": "reset", "data": b.reset_data()})
        for i in range(max(len(a.actions), len(b.actions))):
            for ws, ep in ((ws_a, a), (ws_b, b)):
                if i < len(ep.actions):
                    reply = await ask(ws, {"type": "step", "data": ep.actions[i]})
                    assert reply["type"] == "observation", reply
        state_a = (await ask(ws_a, {"type": "state"}))["data"]
        state_b = (await ask(ws_b, {"type": "state"}))["data"]
    assert state_a == await play_in_process(a)
    assert state_b == await play_in_process(b)


async def test_reset_starts_a_new_episode_in_the_same_session(server: LiveServer) -> None:
    async with connect(server.ws_url) as ws:
        await ask(ws, {"type": "reset", "data": {"seed": 1}})
        await ask(ws, {"type": "step", "data": {"type": "close_ticket", "resolution": "x"}})
        reply = await ask(
            ws, {"type": "reset", "data": {"seed": 2, "scenario": "two-factor-lockout"}}
        )
        assert reply["data"]["done"] is False
        state = (await ask(ws, {"type": "state"}))["data"]
    assert state["scenario_id"] == "two-factor-lockout"
    assert state["step_count"] == 0 and state["seed"] == 2


async def test_close_message_closes_cleanly_and_frees_the_slot(
    start_server: Callable[..., LiveServer],
) -> None:
    live = start_server(max_sessions=1)
    async with connect(live.ws_url) as ws:
        await ask(ws, {"type": "reset", "data": {}})
        await ws.send('{"type": "close"}')
        with pytest.raises(ConnectionClosed):
            await ws.recv()
        assert ws.close_code == 1000
    await wait_for_sessions(live.url, 0)


async def test_session_cap_refuses_with_code_then_admits_again(
    start_server: Callable[..., LiveServer],
) -> None:
    live = start_server(max_sessions=2)
    first = await connect(live.ws_url)
    second = await connect(live.ws_url)
    for ws in (first, second):  # a round trip proves the session is registered
        assert (await ask(ws, {"type": "state"}))["data"]["code"] == "NOT_RESET"
    async with connect(live.ws_url) as third:
        refusal = await asyncio.wait_for(third.recv(), timeout=5)
        assert '"CAPACITY_REACHED"' in str(refusal)
        with pytest.raises(ConnectionClosed):
            await third.recv()
        assert third.close_code == 1013
    # The full sessions still work, and a freed slot admits a new session.
    assert (await ask(first, {"type": "reset", "data": {"seed": 3}}))["type"] == "observation"
    await second.close()
    await wait_for_sessions(live.url, 1)
    async with connect(live.ws_url) as fourth:
        assert (await ask(fourth, {"type": "reset", "data": {}}))["type"] == "observation"
    await first.close()


async def test_idle_session_is_reaped_with_a_timeout_error(
    start_server: Callable[..., LiveServer],
) -> None:
    live = start_server(idle_timeout=0.3)
    async with connect(live.ws_url) as ws:
        await ask(ws, {"type": "reset", "data": {}})
        reply = await asyncio.wait_for(ws.recv(), timeout=5)
        assert '"SESSION_TIMEOUT"' in str(reply)
        with pytest.raises(ConnectionClosed):
            await ws.recv()
        assert ws.close_code == 1000
    await wait_for_sessions(live.url, 0)


async def test_activity_keeps_a_session_alive(start_server: Callable[..., LiveServer]) -> None:
    live = start_server(idle_timeout=0.4)
    async with connect(live.ws_url) as ws:
        await ask(ws, {"type": "reset", "data": {}})
        for _ in range(6):  # 6 x 0.15 s = 0.9 s, more than twice the timeout
            await asyncio.sleep(0.15)
            assert (await ask(ws, {"type": "state"}))["type"] == "state"

"""Helpers for the server tests: wire round trips and the same episode played in-process."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection

from sim.factory import make_env
from sim.loader import get_scenario
from sim.server.public import public_state

__all__ = [
    "Episode",
    "ask",
    "health",
    "play_in_process",
    "play_over_ws",
    "reference_actions",
    "wait_for_sessions",
]


def reference_actions(scenario: str) -> list[dict[str, Any]]:
    """The scenario's gold actions as wire JSON."""
    return [a.model_dump(mode="json") for a in get_scenario(scenario).reference_solution]


@dataclass(frozen=True)
class Episode:
    """One episode to play: the reset parameters and the actions."""

    scenario: str
    seed: int
    episode_id: str | None = None
    persona: str | None = None
    actions: list[dict[str, Any]] = field(default_factory=list)

    def reset_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"scenario": self.scenario, "seed": self.seed}
        if self.episode_id is not None:
            data["episode_id"] = self.episode_id
        if self.persona is not None:
            data["persona"] = self.persona
        return data


async def ask(ws: ClientConnection, message: dict[str, Any] | str | bytes) -> dict[str, Any]:
    """Send one message, return the decoded reply."""
    await ws.send(message if isinstance(message, str | bytes) else json.dumps(message))
    reply: dict[str, Any] = json.loads(await ws.recv())
    return reply


async def play_over_ws(ws: ClientConnection, episode: Episode) -> dict[str, Any]:
    """Reset, step until done or out of actions, return the final state's JSON."""
    reply = await ask(ws, {"type": "reset", "data": episode.reset_data()})
    assert reply["type"] == "observation", reply
    done = reply["data"]["done"]
    for action in episode.actions:
        if done:
            break
        reply = await ask(ws, {"type": "step", "data": action})
        assert reply["type"] == "observation", reply
        done = reply["data"]["done"]
    state = await ask(ws, {"type": "state"})
    assert state["type"] == "state", state
    data: dict[str, Any] = state["data"]
    return data


async def play_in_process(episode: Episode, *, full: bool = False) -> dict[str, Any]:
    """The same episode on an in-process env built by ``make_env``: its state as a server
    sends it, the public view (default) or everything (a server with ``expose_state``)."""
    env = make_env(episode.scenario, episode.persona)
    obs = await env.reset(seed=episode.seed, episode_id=episode.episode_id)
    for action in episode.actions:
        if obs.done:
            break
        obs = await env.step(action)
    if full:
        return env.state.model_dump(mode="json")
    return public_state(env.state).model_dump(mode="json")


async def health(base_url: str) -> dict[str, Any]:
    """``GET /health``."""
    async with httpx.AsyncClient(base_url=base_url) as client:
        body: dict[str, Any] = (await client.get("/health")).json()
        return body


async def wait_for_sessions(base_url: str, expected: int) -> None:
    """Poll (up to 5 s) until the server reports ``expected`` active WebSocket sessions."""
    for _ in range(250):
        if (await health(base_url))["active_sessions"] == expected:
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"active sessions never became {expected}")

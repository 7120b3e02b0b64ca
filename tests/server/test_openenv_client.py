"""OpenEnv's own ``GenericEnvClient`` plays a whole episode against the server."""

from __future__ import annotations

from typing import Any

import pytest

from sim.server.testing import LiveServer
from tests.server.helpers import Episode, play_in_process, reference_actions

openenv_core = pytest.importorskip("openenv.core")
GenericEnvClient: Any = openenv_core.GenericEnvClient


async def test_generic_client_plays_an_episode_and_reads_the_state(server: LiveServer) -> None:
    episode = Episode(
        "medium-defective-product",
        seed=21,
        episode_id="openenv-1",
        actions=reference_actions("medium-defective-product"),
    )
    async with GenericEnvClient(base_url=server.url) as env:
        result = await env.reset(**episode.reset_data())
        assert result.done is False
        assert result.observation["episode_id"] == "openenv-1"
        assert result.observation["conversation"][0]["role"] == "customer"
        rewards = []
        for action in episode.actions:
            result = await env.step(action)
            rewards.append(result.reward)
        assert result.done is True
        state = await env.state()
    assert state == await play_in_process(episode)
    assert sum(rewards) == pytest.approx(state["total_reward"])


async def test_generic_client_sees_error_codes(server: LiveServer) -> None:
    async with GenericEnvClient(base_url=server.url) as env:
        with pytest.raises(RuntimeError, match="NOT_RESET"):
            await env.step({"type": "reply", "content": "hi"})
        with pytest.raises(RuntimeError, match="UNKNOWN_SCENARIO"):
            await env.reset(scenario="no-such-scenario")
        await env.reset(seed=1)
        with pytest.raises(RuntimeError, match="INVALID_ACTION"):
            await env.step({"type": "teleport"})
        result = await env.step({"type": "close_ticket", "resolution": "Done."})
        assert result.done is True
        with pytest.raises(RuntimeError, match="EPISODE_DONE"):
            await env.step({"type": "close_ticket", "resolution": "Again."})


def test_sync_generic_client(server: LiveServer) -> None:
    with GenericEnvClient(base_url=server.url).sync() as env:
        result = env.reset(scenario="easy-password-reset", seed=3)
        for action in reference_actions("easy-password-reset"):
            result = env.step(action)
        assert result.done is True
        assert env.state()["termination"] == "resolved"

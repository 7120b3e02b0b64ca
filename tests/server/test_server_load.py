"""64 concurrent sessions play whole episodes; each ends exactly as it does in-process."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from websockets.asyncio.client import connect

from personas import bundled_persona_ids
from sim.loader import bundled_scenario_ids
from sim.server.testing import LiveServer
from tests.server.helpers import Episode, play_in_process, play_over_ws, reference_actions

SESSIONS = 64


def _episodes(n: int) -> list[Episode]:
    """Every scenario, seeds and episode ids all different, one in four with another persona."""
    scenarios = bundled_scenario_ids()
    personas = sorted(bundled_persona_ids())
    episodes = []
    for i in range(n):
        scenario = scenarios[i % len(scenarios)]
        persona = personas[i % len(personas)] if i % 4 == 3 else None
        episodes.append(
            Episode(
                scenario,
                seed=1000 + i,
                episode_id=f"load-{i:03d}" if i % 2 else None,
                persona=persona,
                actions=reference_actions(scenario),
            )
        )
    return episodes


async def test_64_concurrent_sessions_match_in_process_runs(
    start_server: Callable[..., LiveServer],
) -> None:
    live = start_server(max_sessions=SESSIONS)
    episodes = _episodes(SESSIONS)
    start = asyncio.Event()
    connected = 0

    async def run(episode: Episode) -> dict[str, object]:
        nonlocal connected
        async with connect(live.ws_url) as ws:
            connected += 1
            if connected == SESSIONS:
                start.set()
            await start.wait()  # all 64 sessions are open before any plays
            return await play_over_ws(ws, episode)

    finals = await asyncio.wait_for(asyncio.gather(*(run(e) for e in episodes)), timeout=60)
    assert len(finals) == SESSIONS
    for episode, final in zip(episodes, finals, strict=True):
        assert final["done"] is True, episode
        assert final == await play_in_process(episode), episode
    # Distinct episodes really were distinct (no session saw another's state).
    assert len({f["episode_id"] for f in finals}) == SESSIONS

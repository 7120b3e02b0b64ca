"""The play page's server side: the page at /, and /play/grade replaying what was played."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

from sim.report.compare import compare_runs
from sim.server.testing import LiveServer
from sim.store import ResultStore
from tests.server.helpers import ask, reference_actions

SCENARIO = "medium-defective-product"


async def _play(server: LiveServer, actions: list[dict[str, Any]], seed: int = 5) -> float:
    """Play over WS /ws as the page does; returns the total reward seen."""
    total = 0.0
    async with connect(server.ws_url) as ws:
        reply = await ask(ws, {"type": "reset", "data": {"scenario": SCENARIO, "seed": seed}})
        assert reply["type"] == "observation"
        for action in actions:
            reply = await ask(ws, {"type": "step", "data": action})
            total += reply["data"]["reward"]
    return total


def _grade(server: LiveServer, **body: Any) -> httpx.Response:
    body = {"scenario": SCENARIO, "seed": 5, **body}
    return httpx.post(f"{server.url}/play/grade", json=body, timeout=30)


def test_browsers_get_the_page_and_clients_keep_json(
    start_server: Callable[..., LiveServer],
) -> None:
    server = start_server()
    page = httpx.get(server.url + "/", headers={"accept": "text/html,*/*"})
    assert page.status_code == 200 and "play the support agent" in page.text
    assert httpx.get(server.url + "/").json()["websocket"] == "/ws"
    assert httpx.get(server.url + "/play/play.js").status_code == 200
    assert "--accent" in httpx.get(server.url + "/play/style.css").text


async def test_grade_replays_what_was_played_and_saves_a_run(
    start_server: Callable[..., LiveServer], tmp_path: Path
) -> None:
    server = start_server(save_dir=tmp_path)
    actions = reference_actions(SCENARIO)
    seen = await _play(server, actions)
    res = _grade(server, actions=actions, total_reward=seen)
    assert res.status_code == 200, res.text
    body = res.json()
    assert body["grade"]["success"] is True and body["saved"] is None
    assert body["termination"] == "resolved"
    assert body["total_reward"] == seen
    for trial in range(2):
        res = _grade(server, actions=actions, total_reward=seen, save={"run": "me"})
        assert res.status_code == 200, res.text
        assert res.json()["saved"]["key"] == f"{SCENARIO}|calm-professional|-|{trial}"
    with ResultStore(tmp_path / "me", create=False) as store:
        rows = list(store.rows())
        assert [r["trial"] for r in rows] == [0, 1] and all(r["success"] for r in rows)
        assert store.meta("label") == "human"
        saved = store.get(rows[0]["key"])
    assert saved.agent == "human" and saved.state.total_reward == seen
    # a human baseline is a run like any other for compare
    cmp = compare_runs([tmp_path / "me", tmp_path / "me"])
    assert cmp.entries[0].run.label.startswith("human")


async def test_grade_refuses_what_the_env_did_not_produce(
    start_server: Callable[..., LiveServer], tmp_path: Path
) -> None:
    server = start_server(save_dir=tmp_path)
    actions = reference_actions(SCENARIO)
    seen = await _play(server, actions)
    wrong = _grade(server, actions=actions, total_reward=seen + 1)
    assert wrong.status_code == 500 and "not deterministic" in wrong.json()["data"]["message"]
    extra = _grade(server, actions=[*actions, {"type": "reply", "content": "hi"}])
    assert extra.status_code == 422 and "ended after" in extra.json()["data"]["message"]
    bad = _grade(server, actions=[{"type": "issue_refund", "amount": "lots"}])
    assert bad.status_code == 422 and bad.json()["data"]["code"] == "INVALID_ACTION"
    unknown = _grade(server, actions=[], scenario="nope")
    assert unknown.json()["data"]["code"] == "UNKNOWN_SCENARIO"
    escape = _grade(server, actions=actions, save={"run": "../x"})
    assert escape.status_code == 422 and "run name" in escape.json()["data"]["message"]
    assert not (tmp_path.parent / "x").exists()


async def test_unfinished_episode_is_graded_as_stopped_and_saving_can_be_off(
    start_server: Callable[..., LiveServer],
) -> None:
    server = start_server()
    res = _grade(server, actions=reference_actions(SCENARIO)[:1])
    assert res.status_code == 200 and res.json()["termination"] == "agent_stopped"
    assert res.json()["grade"]["success"] is False
    off = _grade(server, actions=[], save={"run": "me"})
    assert off.status_code == 422 and "--save-dir" in off.json()["data"]["message"]

"""The OpenEnv server offers each scenario's tools: the action schema per scenario, the
observation's tool list, and an unavailable tool as a penalized observation."""

from __future__ import annotations

from collections.abc import Callable

import httpx

from sim.actions import ACTION_TYPES, ALL_ACTION_TYPES, TOOL_TYPES
from sim.server.testing import LiveServer
from tests.sim.world_helpers import WORLD_DIR, world_scenario


def test_schema_per_scenario_has_exactly_its_tools(start_server: Callable[..., LiveServer]) -> None:
    files = [WORLD_DIR / "world-cancel-order.yaml", WORLD_DIR / "world-cancel-subscription.yaml"]
    server = start_server(scenario_files=files)
    full = httpx.get(f"{server.url}/schema").json()
    assert sorted(full["action"]["discriminator"]["mapping"]) == sorted(ALL_ACTION_TYPES)
    assert full["tools"] == list(ALL_ACTION_TYPES)
    for name in ("world-cancel-order", "world-cancel-subscription"):
        body = httpx.get(f"{server.url}/schema", params={"scenario": name}).json()
        expected = list(world_scenario(name).available_tools)
        assert body["tools"] == expected
        assert sorted(body["action"]["discriminator"]["mapping"]) == sorted(expected)
        assert len(body["action"]["oneOf"]) == len(expected)
    seed = httpx.get(f"{server.url}/schema", params={"scenario": "easy-password-reset"}).json()
    assert seed["tools"] == list(ACTION_TYPES)
    unknown = httpx.get(f"{server.url}/schema", params={"scenario": "no-such-scenario"})
    assert unknown.status_code == 422 and "unknown scenario" in unknown.text
    meta = httpx.get(f"{server.url}/metadata").json()
    assert meta["tool_types"] == list(TOOL_TYPES)


def test_steps_report_the_tools_and_refuse_unavailable_ones(
    start_server: Callable[..., LiveServer],
) -> None:
    server = start_server(scenario_files=[WORLD_DIR / "world-cancel-subscription.yaml"])
    with httpx.Client(base_url=server.url) as client:
        reset = client.post("/reset", json={"scenario": "world-cancel-subscription", "seed": 1})
        obs = reset.json()["observation"]
        assert obs["tools"] == list(world_scenario("world-cancel-subscription").available_tools)
        step = client.post(
            "/step", json={"action": {"type": "cancel_order", "order_id": "O", "reason": "x"}}
        )
        result = step.json()
        assert not result["observation"]["last_action_valid"]
        assert "not available here" in result["observation"]["feedback"]
        assert result["reward"] < 0
        ok = client.post("/step", json={"action": {"type": "lookup_account"}}).json()
        assert ok["observation"]["last_action_valid"] and "SUB-301" in ok["observation"]["feedback"]

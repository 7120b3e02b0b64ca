"""The HTTP endpoints: health, metadata, schema, and the default session's reset/step/state."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import yaml

from personas import bundled_persona_ids
from sim.actions import ACTION_TYPES, ALL_ACTION_TYPES
from sim.errors import ConfigError
from sim.loader import bundled_scenario_ids
from sim.server import create_app
from sim.server.testing import LiveServer
from tests.server.conftest import MAX_MESSAGE_BYTES
from tests.server.helpers import Episode, play_in_process, reference_actions


def test_health_reports_sessions(server: LiveServer) -> None:
    body = httpx.get(f"{server.url}/health").json()
    assert body["status"] == "healthy"
    assert body["max_sessions"] == 32
    assert body["active_sessions"] == 0


def test_metadata_lists_bundled_scenarios_and_personas(server: LiveServer) -> None:
    body = httpx.get(f"{server.url}/metadata").json()
    assert body["name"] == "supportsim"
    assert isinstance(body["description"], str) and body["description"]
    assert body["scenarios"] == bundled_scenario_ids()
    assert body["personas"] == list(bundled_persona_ids())
    assert body["default_scenario"] == bundled_scenario_ids()[0]
    assert body["action_types"] == list(ACTION_TYPES)


def test_schema_has_action_observation_and_state(server: LiveServer) -> None:
    body = httpx.get(f"{server.url}/schema").json()
    mapping = body["action"]["discriminator"]["mapping"]
    assert sorted(mapping) == sorted(ALL_ACTION_TYPES)
    assert {"conversation", "feedback", "steps_left"} <= set(body["observation"]["properties"])
    assert {"episode_id", "step_count", "scenario_id"} <= set(body["state"]["properties"])
    assert "scenario" not in body["state"]["properties"]
    assert {"seed", "episode_id", "scenario", "persona"} <= set(body["reset"]["properties"])


def test_openapi_declares_the_simulation_endpoints(server: LiveServer) -> None:
    paths = httpx.get(f"{server.url}/openapi.json").json()["paths"]
    assert {"/reset", "/step", "/state", "/health", "/metadata", "/schema"} <= set(paths)


async def test_http_session_plays_an_episode_like_in_process(
    start_server: Callable[..., LiveServer],
) -> None:
    live = start_server()
    episode = Episode(
        "hard-double-billing", seed=11, actions=reference_actions("hard-double-billing")
    )
    async with httpx.AsyncClient(base_url=live.url) as client:
        first = (await client.post("/reset", json=episode.reset_data())).json()
        assert set(first) == {"observation", "reward", "done"}
        assert first["done"] is False
        assert "reward" not in first["observation"] and "done" not in first["observation"]
        for action in episode.actions:
            response = await client.post("/step", json={"action": action})
            assert response.status_code == 200, response.text
        assert response.json()["done"] is True
        state = (await client.get("/state")).json()
    assert state == await play_in_process(episode)


def test_reset_without_body_uses_the_default_scenario(
    start_server: Callable[..., LiveServer],
) -> None:
    live = start_server(default_scenario="two-factor-lockout")
    response = httpx.post(f"{live.url}/reset")
    assert response.status_code == 200
    assert httpx.get(f"{live.url}/state").json()["scenario_id"] == "two-factor-lockout"


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"default_scenario": "no-such-scenario"}, "not served"),
        ({"max_sessions": 0}, "max_sessions"),
        ({"idle_timeout": 0}, "idle_timeout"),
        ({"max_message_bytes": 10}, "max_message_bytes"),
    ],
    ids=["unknown default scenario", "no sessions", "no idle time", "tiny messages"],
)
def test_bad_server_settings_are_config_errors(kwargs: dict[str, Any], match: str) -> None:
    with pytest.raises(ConfigError, match=match):
        create_app(**kwargs)


def _error(response: httpx.Response) -> tuple[int, str]:
    body = response.json()
    assert body["type"] == "error" and body["data"]["message"]
    return response.status_code, body["data"]["code"]


def test_http_errors_have_codes_and_statuses(start_server: Callable[..., LiveServer]) -> None:
    live = start_server(max_message_bytes=4096)
    url = live.url
    assert _error(httpx.get(f"{url}/state")) == (409, "NOT_RESET")
    assert _error(httpx.post(f"{url}/step", json={"action": {"type": "reply"}})) == (
        409,
        "NOT_RESET",
    )
    assert _error(httpx.post(f"{url}/reset", json={"scenario": "nope"})) == (
        422,
        "UNKNOWN_SCENARIO",
    )
    assert _error(httpx.post(f"{url}/reset", json={"persona": "nope"})) == (
        422,
        "UNKNOWN_PERSONA",
    )
    assert _error(httpx.post(f"{url}/reset", json={"seed": "x"})) == (422, "VALIDATION_ERROR")
    assert _error(httpx.post(f"{url}/reset", content=b"{not json")) == (400, "INVALID_JSON")
    assert httpx.post(f"{url}/reset", json={"seed": 1}).status_code == 200
    assert _error(httpx.post(f"{url}/step", json={"type": "reply"})) == (422, "VALIDATION_ERROR")
    bad_action = {"action": {"type": "teleport"}}
    assert _error(httpx.post(f"{url}/step", json=bad_action)) == (422, "INVALID_ACTION")
    huge = {"action": {"type": "reply", "content": "x" * 5000}}
    assert _error(httpx.post(f"{url}/step", json=huge)) == (413, "MESSAGE_TOO_LARGE")
    # None of that used a step.
    assert httpx.get(f"{url}/state").json()["step_count"] == 0
    close = {"action": {"type": "close_ticket", "resolution": "Done."}}
    assert httpx.post(f"{url}/step", json=close).json()["done"] is True
    assert _error(httpx.post(f"{url}/step", json=close)) == (409, "EPISODE_DONE")
    assert httpx.get(f"{url}/health").json()["status"] == "healthy"


def test_oversize_body_on_shared_server_is_refused(server: LiveServer) -> None:
    body = b'{"seed": 1, "options": {"x": "' + b"y" * MAX_MESSAGE_BYTES + b'"}}'
    response = httpx.post(f"{server.url}/reset", content=body)
    assert _error(response) == (413, "MESSAGE_TOO_LARGE")


def test_operator_scenario_files_are_served_by_id(tmp_path: Path) -> None:
    """A scenario file nobody has seen is playable over the wire by its id (never by path)."""
    from fastapi.testclient import TestClient

    from sim.loader import get_scenario
    from sim.server import create_app

    data = get_scenario("easy-password-reset").model_dump(mode="json")
    data["id"] = "custom-reset"
    path = tmp_path / "custom-reset.yaml"
    path.write_text(yaml.safe_dump(data))
    client = TestClient(create_app(scenario_files=[path]))
    assert "custom-reset" in client.get("/metadata").json()["scenarios"]
    obs = client.post("/reset", json={"scenario": "custom-reset", "seed": 1})
    assert obs.status_code == 200, obs.text
    state = client.get("/state").json()
    assert state["scenario_id"] == "custom-reset"
    refused = client.post("/reset", json={"scenario": str(path)})
    assert refused.json()["data"]["code"] == "UNKNOWN_SCENARIO"

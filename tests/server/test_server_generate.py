"""``reset`` with the ``generate`` option: a generated scenario per (family, seed), no files."""

from __future__ import annotations

from collections.abc import Callable

import httpx

from sim.actions import CloseTicket, Escalate
from sim.loader import get_scenario
from sim.server.testing import LiveServer


def test_reset_generate_plays_the_generated_scenario_and_its_gold_succeeds(
    start_server: Callable[..., LiveServer],
) -> None:
    live = start_server()
    with httpx.Client(base_url=live.url) as client:
        data = {"seed": 3, "generate": {"family": "orders", "seed": 42, "split": "test"}}
        assert client.post("/reset", json=data).status_code == 200
        state = client.get("/state").json()
        scenario = get_scenario("gen:orders:test:42:0")
        assert state["scenario_id"] == scenario.id
        assert scenario.id.startswith("gen-orders-") and scenario.id.endswith("-test-s42-0")
        gold = scenario.reference_solution
        for action in gold:
            response = client.post("/step", json={"action": action.model_dump(mode="json")})
            assert response.status_code == 200, response.text
        assert isinstance(gold[-1], CloseTicket | Escalate)
        assert response.json()["done"] is True
        again = client.post("/reset", json=data)
        assert again.status_code == 200
        assert client.get("/state").json()["scenario_id"] == state["scenario_id"]


def test_reset_generate_with_an_unknown_family_is_a_clear_error(
    start_server: Callable[..., LiveServer],
) -> None:
    live = start_server()
    response = httpx.post(
        f"{live.url}/reset", json={"generate": {"family": "no-such-family", "seed": 1}}
    )
    assert response.status_code in (400, 404, 422)
    assert "no templates for family" in response.text

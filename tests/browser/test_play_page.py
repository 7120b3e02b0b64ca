"""The play page in a real browser: a whole ticket played by hand to a graded, saved end."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from sim.actions import Action
from sim.loader import get_scenario
from sim.server import create_app
from sim.server.testing import LiveServer
from sim.store import ResultStore
from tests.browser.conftest import Page

pytestmark = pytest.mark.browser

SCENARIO = "medium-defective-product"


def _fill(pg: Any, action: Action) -> None:
    """Pick the action's form and type its fields, as a person would."""
    fields = action.model_dump(mode="json", exclude={"type"}, exclude_none=True)
    pg.click(f"button[data-action={action.type}]")
    for name, value in fields.items():
        field = pg.locator(f"#action-form [name={name}]")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(str(value))
        else:
            field.fill(str(value))


def test_play_a_ticket_to_a_graded_end_and_save_it(page: Page, shots: Path, tmp_path: Path) -> None:
    gold = get_scenario(SCENARIO).reference_solution
    with LiveServer(create_app(save_dir=tmp_path)) as server:
        pg = page.page
        pg.goto(server.url + "/")
        pg.wait_for_selector("body[data-ready='1']")
        pg.select_option("#scenario", SCENARIO)
        pg.fill("#seed", "11")
        pg.click("#start-button")
        pg.wait_for_selector("#send-action")
        assert "ORD-7781" in (pg.text_content("#account") or "")  # the account the agent sees
        for i, action in enumerate(gold):
            _fill(pg, action)
            pg.click("#send-action")
            if i == 0:  # the knowledge base answers the search
                pg.wait_for_selector("#kb li")
                pg.screenshot(path=str(shots / "play-kb.png"), full_page=True)
            if i < len(gold) - 1:
                pg.wait_for_function(
                    "n => document.getElementById('steps-left').textContent == n",
                    arg=str(20 - i - 1),
                )
        pg.wait_for_selector("#grade-checks")
        assert "success" in (pg.text_content("#grade-title") or "")
        assert pg.locator(".bubble.customer").count() >= 2  # the customer answered the reply
        pg.click("#save-button")
        pg.wait_for_function("document.getElementById('saved').textContent.includes('Saved')")
        pg.screenshot(path=str(shots / "play-graded.png"), full_page=True)
    with ResultStore(tmp_path / "human", create=False) as store:
        (row,) = store.rows()
    assert row["success"] == 1 and row["scenario"] == SCENARIO and row["seed"] == 11
    assert page.errors == []


def test_an_idle_session_closed_by_the_server_is_rebuilt(
    page: Page, shots: Path, tmp_path: Path
) -> None:
    """A person thinks longer than the idle timeout: the page replays onto a new session."""
    gold = get_scenario(SCENARIO).reference_solution
    with LiveServer(create_app(idle_timeout=0.5)) as server:
        pg = page.page
        pg.goto(server.url + "/")
        pg.wait_for_selector("body[data-ready='1']")
        pg.select_option("#scenario", SCENARIO)
        pg.click("#start-button")
        pg.wait_for_selector("#send-action")
        for i, action in enumerate(gold):
            _fill(pg, action)
            pg.wait_for_timeout(1200)  # longer than the idle timeout: the server closes
            pg.click("#send-action")
            if i < len(gold) - 1:
                pg.wait_for_function(
                    "n => document.getElementById('steps-left').textContent == n",
                    arg=str(20 - i - 1),
                )
        pg.wait_for_selector("#grade-checks")
        assert "success" in (pg.text_content("#grade-title") or "")
        assert (pg.text_content("#error") or "") == ""
    assert page.errors == []

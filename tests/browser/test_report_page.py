"""The report in a real browser: no console errors, the list, filters, search, an episode."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from sim.actions import CloseTicket, Reply
from sim.customer import Usage
from sim.factory import make_env
from sim.orchestrator import EpisodeSpec, run_episode
from sim.report import write_report
from sim.store import ResultStore
from tests.browser.conftest import Page
from tests.report.conftest import make_run

pytestmark = pytest.mark.browser

MARKUP = '<img src=x onerror="window.__pwned=1"> & </script>'


class _MarkupAgent:
    """Replies with markup, then closes: the report must show it as text."""

    async def play(self, env: Any, obs: Any) -> Usage:
        await env.step(Reply(content=MARKUP))
        await env.step(CloseTicket(resolution="done"))
        return Usage()


def _in_thread(fn: Any, *args: Any) -> Any:
    """playwright's sync API keeps an event loop running here: run asyncio elsewhere."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(fn, *args).result()


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    run = _in_thread(make_run, tmp_path_factory.mktemp("runs") / "run", "scripted")
    spec = EpisodeSpec("easy-password-reset", "calm-professional", 9, 123)
    env = make_env(spec.scenario, spec.persona)
    play = run_episode(env, _MarkupAgent(), spec, agent_name="markup")
    result = _in_thread(asyncio.run, play)
    with ResultStore(run) as store:
        store.add(result)
        rows = list(store.rows())
    counts = {
        "total": len(rows),
        "failed": sum(1 for r in rows if not r["success"]),
        "over-limit": sum(1 for r in rows if r["scenario"] == "over-limit-escalation"),
        "over-limit-first-failed-seed": min(
            (r["key"], r["seed"])
            for r in rows
            if r["scenario"] == "over-limit-escalation" and not r["success"]
        )[1],
    }
    return write_report(run), counts


def test_report_lists_filters_and_opens_an_episode(
    page: Page, report: tuple[Path, dict[str, Any]], shots: Path
) -> None:
    path, counts = report
    pg = page.page
    pg.goto(path.as_uri())
    pg.wait_for_load_state("load")
    pg.screenshot(path=str(shots / "report-summary.png"))
    assert "By scenario" in pg.text_content("#tab-summary")

    pg.click("a[data-tab=plots]")
    for figure in ("heatmap", "escalation", "frustration", "reward", "cost"):
        pg.wait_for_selector(f"#plot-{figure} .main-svg")
    pg.screenshot(path=str(shots / "report-plots.png"), full_page=True)

    pg.click("a[data-tab=episodes]")
    count = pg.locator("#episode-count")
    assert count.text_content() == f"{counts['total']} of {counts['total']} episodes"
    pg.select_option("select[name=success]", "failed")
    pg.wait_for_function(
        "n => document.getElementById('episode-count').textContent.startsWith(n + ' of')",
        arg=counts["failed"],
    )
    pg.select_option("select[name=success]", "")
    pg.select_option("select[name=scenario]", "over-limit-escalation")
    pg.wait_for_function(
        "n => document.getElementById('episode-count').textContent.startsWith(n + ' of')",
        arg=counts["over-limit"],
    )
    pg.select_option("select[name=scenario]", "")
    pg.fill("input[name=q]", "onerror")  # text search over the conversation
    pg.wait_for_function("document.getElementById('episode-count').textContent.startsWith('1 of')")
    pg.screenshot(path=str(shots / "report-list.png"))

    pg.click("#episode-table tbody tr >> nth=0")
    pg.wait_for_selector("#emotion-chart .main-svg")
    bubbles = pg.locator("#episode .bubble.agent")
    assert MARKUP in (bubbles.first.text_content() or "")
    assert pg.locator("#episode img").count() == 0
    assert pg.evaluate("window.__pwned") is None
    pg.screenshot(path=str(shots / "report-markup-episode.png"), full_page=True)

    # a failed episode: failed checks first, its seed and the reproduce command
    pg.click("a[data-tab=episodes]")
    pg.fill("input[name=q]", "")
    pg.select_option("select[name=success]", "failed")
    pg.select_option("select[name=scenario]", "over-limit-escalation")
    pg.wait_for_function(
        "n => document.getElementById('episode-count').textContent.startsWith(n + ' of')",
        arg=counts["over-limit"],
    )
    pg.click("#episode-table tbody tr >> nth=0")
    pg.wait_for_selector("#emotion-chart .main-svg")
    first_check = pg.locator("#episode table.checks tbody tr").first
    assert first_check.get_attribute("class") == "failed"
    text = pg.text_content("#episode") or ""
    assert f"seed {counts['over-limit-first-failed-seed']} " in text  # exact, all 63 bits
    assert "supportsim run -s" in text
    assert pg.locator("#episode .bubble.customer").count() >= 1
    assert pg.locator("#episode .action").count() >= 1
    pg.screenshot(path=str(shots / "report-episode.png"), full_page=True)
    assert page.errors == []

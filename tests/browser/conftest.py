"""Headless Chromium from the OS packages (Debian's ``chromium``), driven by playwright.

playwright's own browser downloads are never used: the browser is launched from
``/usr/bin/chromium`` (CI installs it with apt). Every page collects its console errors and
uncaught exceptions; screenshots go to ``$SUPPORTSIM_SCREENSHOTS`` or a temporary folder.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("SUPPORTSIM_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """Module-scoped: playwright's sync API runs an event loop on this thread while it is
    open, which would block the asyncio tests of the modules that follow."""
    if shutil.which(CHROMIUM) is None:
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install -y chromium; .ci/run does)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = os.environ.get("SUPPORTSIM_SCREENSHOTS")
    path = Path(folder) if folder else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    print(f"screenshots: {path}")
    return path


class Page:
    """A page and the console errors it logged (the test asserts there are none)."""

    def __init__(self, browser: object, width: int = 1400, height: int = 900) -> None:
        self.page = browser.new_page(viewport={"width": width, "height": height})  # type: ignore[attr-defined]
        self.errors: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))


@pytest.fixture
def page(browser: object) -> Iterator[Page]:
    p = Page(browser)
    yield p
    p.page.close()

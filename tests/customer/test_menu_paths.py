"""A step asked through a menu path (sim/instructions.py): "tap Settings > Update > Install"
asks for the path's last item, as "tap Install" does."""

from __future__ import annotations

import pytest

from sim.instructions import Clarity, read_instructions


@pytest.mark.parametrize(
    "text",
    [
        "Great. Now tap Settings > Update > Install.",
        "Go to Settings → Update → Install.",
        "Please select **Settings** > **Update** > **Install** now.",
        "Open Software Update > Install.",
        "Next, navigate to Settings » Update » Install.",
        "Head over to Menu -> Update -> Install and wait.",
        "Click on Settings > Install.",
    ],
)
def test_a_verb_before_a_menu_path_asks_for_its_last_item(text: str) -> None:
    found = read_instructions(text)
    assert [(i.clarity, i.savvy and i.savvy.type) for i in found] == [
        (Clarity.CLEAR, "install_update")
    ]


@pytest.mark.parametrize(
    "text",
    [
        "The update is under Settings > Update > Install, but do not install it yet.",
        "I installed it via Settings > Update > Install.",
        "Settings > Update > Install is where the update lives.",
        "Our engineers pushed Settings > Update > Install remotely.",
    ],
)
def test_a_path_no_request_governs_asks_for_nothing(text: str) -> None:
    assert read_instructions(text) == []


@pytest.mark.parametrize(
    "reply",
    [
        "Great. Now tap Settings > Update > Install.",
        "Well done! Now go to **Settings** → **Update** → **Install**.",
    ],
)
async def test_the_customer_follows_a_menu_path_and_the_router_works(reply: str) -> None:
    from tests.sim.judge_helpers import judged

    success, failed = await judged("workflow-dual-device-error", reply)
    assert success, failed

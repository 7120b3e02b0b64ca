"""Replay a bundled scenario's gold episode with one reply in place of the gold reply."""

from __future__ import annotations

from sim.accuracy import CorpusItem, judge_item
from sim.loader import get_scenario


async def judged(scenario_id: str, reply: str) -> tuple[bool, list[str]]:
    """(success, the reasons of the failed checks) for ``reply`` in ``scenario_id``'s gold."""
    item = CorpusItem(id="t", label="good", category="t", reply=reply)
    verdict = await judge_item(get_scenario(scenario_id), item)
    return verdict.success, [c.reason for c in verdict.report.checks if not c.passed]

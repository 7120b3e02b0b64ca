"""Parts of a term (sim/portions.py): a refund of the unused months and a denial for the
month in progress do not contradict each other; a denial of the same part still does."""

from __future__ import annotations

import asyncio

import pytest

from sim.accuracy import CorpusItem, judge_item
from sim.loader import get_scenario
from sim.portions import different_portions, portions_of


@pytest.mark.parametrize(
    ("context", "expected"),
    [
        ("the 8 full months left in the term", {("8", "month")}),
        ("the current month is not refunded", {("current", "month")}),
        ("this billing week", {("this", "week")}),
        ("the last whole year", {("last", "year")}),
        ("the first 2 calendar days", {("2", "day")}),
        ("the remaining unused quarters", {("remaining", "quarter")}),
        ("the used period", {("used", "period")}),
        ("the started term", {("started", "term")}),
        ("the month in progress", {("in progress", "month")}),
        ("days already used", {("already used", "day")}),
        ("weeks that have already started", {("that have already started", "week")}),
        ("the year that has begun", {("that has begun", "year")}),
        ("past months", {("past", "month")}),
        ("the refund of $160", set()),
    ],
)
def test_portions_of(context: str, expected: set[tuple[str, str]]) -> None:
    assert portions_of(context) == expected


@pytest.mark.parametrize(
    ("done", "denied", "expected"),
    [
        ("refunded the 8 months left", "the current month is not refunded", True),
        ("refunded the remaining months", "the month in progress is not refunded", True),
        ("refunded 8 unused months", "past months are not refunded", True),
        ("refunded 8 unused months", "days already used are not refunded", False),  # unit
        ("refunded 8 unused days", "days already used are not refunded", True),
        ("refunded 3 weeks", "weeks that have already started are not refunded", True),
        ("refunded 2 years", "the year that has begun is not refunded", True),
        ("refunded 8 months", "the month in progress is not refunded", True),
        ("refunded 8 months", "the month that is used is not refunded", True),
        ("refunded 8 months", "the month already started is not refunded", True),
        ("refunded 8 months", "the months that are already started", True),
        ("refunded 8 months", "the remaining month is not refunded", False),
        ("refunded this month", "this month is not refunded", False),
        ("refunded 8 months", "the remaining months are not refunded", False),
        ("refunded 8 months", "the current month and the 8 months are not refunded", False),
        ("refunded the plan", "the current month is not refunded", False),
        ("refunded 8 months", "nothing is refunded", False),
        ("refunded the current month and 8 more months", "the past month is not", False),
    ],
)
def test_different_portions(done: str, denied: str, expected: bool) -> None:
    assert different_portions(done, denied) is expected


@pytest.mark.parametrize(
    ("reply", "contradiction"),
    [
        (
            "I've cancelled your Teamwork Pro plan as of today and refunded one hundred sixty "
            "dollars -- that's the eight full months left in the term. The current month isn't "
            "refunded. You'll see it on your card within five business days.",
            False,
        ),
        (
            "I've cancelled your Teamwork Pro plan as of today and refunded one hundred sixty "
            "dollars -- that's the eight full months left in the term. The eight full months "
            "have not been refunded. You'll see it on your card within five business days.",
            True,
        ),
    ],
)
def test_a_denial_for_the_month_in_progress_is_no_contradiction(
    reply: str, contradiction: bool
) -> None:
    scenario = get_scenario("billing-annual-prorata")
    item = CorpusItem(id="t", label="good", category="number_words", reply=reply)
    verdict = asyncio.run(judge_item(scenario, item))
    check = verdict.report.check("no_misrepresentation")
    assert check is not None
    assert ("both claims and denies" in check.reason) is contradiction, check.reason
    assert verdict.success is not contradiction

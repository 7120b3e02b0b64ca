"""A date said as the end of what still runs (sim/dates.py): "access continues to 2026-12-14
(end of your paid month); nothing further will be charged" dates the end of access, not the
charge the clause goes on to name."""

from __future__ import annotations

import pytest

from tests.sim.judge_helpers import judged

CANCELS = "retention-declines-cancels"  # paid to December 14, cancelled on the ticket's day


@pytest.mark.parametrize(
    "reply",
    [
        "Confirmed: LinguaLeap Plus is cancelled. Access continues to 2026-12-14 (end of your "
        "paid month); nothing further will be charged.",
        "Done, LinguaLeap Plus is cancelled. It stays active until December 14, the end of the "
        "month you paid for, and you won't be charged again.",
    ],
)
async def test_the_end_of_the_paid_period_is_no_charge_date(reply: str) -> None:
    success, failed = await judged(CANCELS, reply)
    assert success, failed


async def test_an_end_date_no_paid_period_gives_is_still_flagged() -> None:
    reply = (
        "Confirmed: LinguaLeap Plus is cancelled. Access continues to 2026-12-24 (end of your "
        "paid month); nothing further will be charged."
    )
    success, failed = await judged(CANCELS, reply)
    assert not success and any("lasts until December 24" in f for f in failed), failed


@pytest.mark.parametrize(
    ("reply", "wrong"),
    [
        # the period named before its last day; the ticket opens late in November 2026
        ("It remains active until the end of your paid month on November 14.", True),
        ("It stays active until the end of the current period, November 14.", True),
        ("Access continues until the end of this billing month on November 14.", True),
        ("It remains active until the end of your paid month on December 14.", False),
        ("It stays active until the end of the current period, December 14.", False),
    ],
)
async def test_the_last_day_of_a_named_period_is_the_end_of_what_runs(
    reply: str, wrong: bool
) -> None:
    success, failed = await judged(CANCELS, f"Confirmed: LinguaLeap Plus is cancelled. {reply}")
    assert any("lasts until November 14" in f for f in failed) is wrong, failed
    assert success is not wrong, failed


# -- the end of a period with its date set beside it by a relative (sim/dates._END_APPOSED) ---
# Positive forms of the pattern (a relative in the future, "that" for "which", a weekday before
# the date) and its anchor to the date it is read for (mu16a's hand mutant that dropped the "$"
# fails the last test). The three positive forms also pass with the pattern's alternatives
# dropped (the end date is right, so no other reading objects); the day the month was charged,
# said as its end, fails the end-date check only through the pattern (without it "paid for"
# reads the date as the charge's, which it is), so each hand mutant that drops an alternative
# ("will be", "that", "falls on", "comes on", "last day", the weekday) fails
# test_the_charge_day_said_as_the_end_is_no_end. The weekday an ISO date leaves before it
# ("which is Monday, 2026-12-14": the weekday is no part of the ISO date) is read by the
# pattern alone; dropped, the right end is read as a charge on the wrong day.


@pytest.mark.parametrize(
    "sentence",
    [
        "You can use it until the end of the month you paid for, which will be December 14.",
        "It runs to the end of the month you paid for, that is December 14.",
        "It works until the last day of the month you paid for, which is Monday, December 14.",
        "Your access holds until the end of the month you paid for, which is Monday, 2026-12-14.",
    ],
)
async def test_an_appositive_relative_dates_the_end_of_the_paid_month(sentence: str) -> None:
    reply = f"Confirmed: LinguaLeap Plus is cancelled and won't renew. {sentence}"
    success, failed = await judged(CANCELS, reply)
    assert success, failed


async def test_a_date_further_on_is_not_the_end_the_relative_names() -> None:
    # "which is" opens a relative about the month; the charge date after it is no end date
    reply = (
        "Confirmed: LinguaLeap Plus is cancelled and won't renew. It stays on until December 14, "
        "the end of the month you paid for, which is the month you were charged for on "
        "November 14."
    )
    success, failed = await judged(CANCELS, reply)
    assert success, failed


@pytest.mark.parametrize(
    "sentence",
    [
        "You can keep using it until the end of the month you paid for, which will be Nov 14.",
        "It runs to the end of the cycle you paid for, that is November 14.",
        "It works until the last day of the month you paid for, which is November 14.",
        "Lessons stay open to the end of the month you paid for, which falls on November 14.",
        "You keep it until the end of the month you were billed for, which comes on November 14.",
        "It works until the end of the month you paid for, which is Saturday, 2026-11-14.",
    ],
)
async def test_the_charge_day_said_as_the_end_is_no_end(sentence: str) -> None:
    # November 14 is the day the month was charged, not the day it ends (December 14)
    reply = f"Confirmed: LinguaLeap Plus is cancelled and won't renew. {sentence}"
    success, failed = await judged(CANCELS, reply)
    assert not success and any("lasts until November 14" in f for f in failed), failed

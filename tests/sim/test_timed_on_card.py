"""A relative deadline of money said to land on a card or an account is a timeline
(sim/reader.py ``_TIMED``): "it will be on your card by tomorrow" says 1 day."""

from __future__ import annotations

from decimal import Decimal

from sim.reader import Duration, Unit, read


def _durations(text: str) -> list[Duration]:
    return [d for c in read(text).clauses for d in c.durations]


def test_money_on_a_card_or_account_by_a_relative_day() -> None:
    tomorrow = Duration(Decimal(1), Decimal(1), Unit.DAY)
    assert _durations("The money will be on your card by tomorrow.") == [tomorrow]
    assert _durations("It should be in your account tomorrow.") == [tomorrow]
    assert _durations("The $20 lands into the bank today.") != []
    # the agent's own act, a past event, or no deadline word: no timeline
    assert _durations("I'll put it on your card tomorrow.") == []
    assert _durations("It was on your card today.") == []
    assert _durations("It will be on your card.") == []
    assert _durations("Tomorrow is a holiday.") == []

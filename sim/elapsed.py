"""Time said to have passed since an event on the record: "delivered more than 40 days ago",
"a member these past three years".

A duration in a reply is checked against the knowledge base and the record (see
:func:`sim.claims.unsupported_values`). An elapsed time is neither: it is the distance from a
date on the record (the order, its delivery, the subscription's start or renewal, a charge) to
the day the ticket was opened, so "yours were delivered more than 40 days ago" is true when the
delivery was 41 days before the ticket, whatever the articles say. The comparison word the
reply uses is honoured ("more than", "over", "less than", "almost", "about" or none).
"""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

from sim.dates import dates_in
from sim.reader import Duration, Unit, read
from sim.scenario import Scenario

__all__ = ["elapsed_supported", "record_dates", "span_to_today"]

_AGO = re.compile(
    r"\b(?:(?P<cmp>more\s+than|over|at\s+least|upwards\s+of|less\s+than|under|fewer\s+than|"
    r"almost|nearly|about|around|roughly|some|approximately)\s+)?(?:[\w.-]+\s+){1,3}?"
    r"(?:business\s+|calendar\s+|working\s+)?(?:days?|weeks?|months?|years?)\s+ago\b"
    r"|\b(?:these|the|those)\s+(?:past|last)\s+(?:[\w.-]+\s+){1,3}?(?:days?|weeks?|months?|years?)\b"
)
"""A duration said to reach back from today: "more than 40 days ago", "six weeks ago", "a
member these past three years" (a span that ends now, from a date on the record)."""

_AT_LEAST = frozenset({"more than", "over", "at least", "upwards of"})
_AT_MOST = frozenset({"less than", "under", "fewer than"})
_UP_TO = frozenset({"almost", "nearly"})


def record_dates(scenario: Scenario) -> list[dt.date]:
    """Dates of events on the record: orders, their delivery and last scan, charges,
    subscriptions, and the days the ticket itself dates ("tracking has said 'in transit'
    since November 10": the customer's own account of the case)."""
    c = scenario.customer
    dates: list[dt.date] = [item.date for item in c.items]
    dates += [d for o in c.orders for d in (o.delivered, o.last_scan) if d is not None]
    for sub in c.subscriptions:
        dates += [sub.started, sub.renews]
    opened = scenario.ticket.opened
    if opened is not None:
        dates += [d.day for d in dates_in(scenario.ticket.body, opened)]
    return dates


def _fits(days: Decimal, low: Decimal, high: Decimal, cmp: str) -> bool:
    if cmp in _AT_LEAST:
        return days >= low
    if cmp in _AT_MOST:
        return days <= high
    if cmp in _UP_TO:
        return low * Decimal("0.75") <= days <= high
    slack = max(Decimal(1), high * Decimal("0.15"))
    return low - slack <= days <= high + slack


def elapsed_supported(sentence: str, duration: Duration, scenario: Scenario) -> bool:
    """Whether ``duration``, said in ``sentence`` as time gone by ("... days ago"), matches
    the distance from a date on the record to the day the ticket was opened."""
    opened = scenario.ticket.opened
    if opened is None:
        return False
    said = " ".join(sentence.lower().split())
    low, high = (h / 24 for h in duration.hours())
    for m in _AGO.finditer(said):
        if duration not in {d for c in read(m.group(0)).clauses for d in c.durations}:
            continue  # another duration of the sentence ("a 30-day window")
        cmp = " ".join((m.group("cmp") or "").split())
        for day in record_dates(scenario):
            days = Decimal((opened - day).days)
            if days > 0 and _fits(days, low, high, cmp):
                return True
    return False


_SPAN_CUE = re.compile(
    r"\b(?:today|now|so\s+far|since|used|remain\w*|left|elapsed|passed|past|ago|out|already|"
    r"been|old)\b|\bfor\s+(?:well\s+)?(?:over|more\s+than|almost|nearly)\s"
)
"""A word that puts a span of time against today: gone by ("used", "since", "passed", "40 days
out today", "it's been three weeks", stuck "for over two weeks") or still to run ("remain",
"left")."""
_UNIT = r"(?:day|week|month|year)s?"
_TERM = r"(?:\w+\s+)?(?:window|period|term|limit|guarantee|warranty|trial|policy|plan)\b"
"""A count joined to its unit by a hyphen ("the 60-day wait") or followed by a noun of a term
("a 30 day return period"): the count names the length of a term, not time gone by."""
_CALENDAR = frozenset({Unit.DAY, Unit.WEEK, Unit.MONTH, Unit.YEAR})


def span_to_today(sentence: str, duration: Duration, scenario: Scenario) -> bool:
    """Whether ``duration``, said in ``sentence`` with a word that sets it against today
    (:data:`_SPAN_CUE`), is the distance between the day the ticket was opened and a date on
    the record, either way: time gone by since a delivery or a renewal ("delivered on October
    18, which puts us 40 days out today", "four months used") or left until one ("eight
    months remain" of a year that renews in August). One count in calendar units only: a
    count of business days, or a range, is a timeline, not a distance between dates."""
    opened = scenario.ticket.opened
    if opened is None or duration.unit not in _CALENDAR or duration.low != duration.high:
        return False  # a range ("within 7 to 10 days") is a timeline, not a count of days
    if _SPAN_CUE.search(sentence.lower()) is None:
        return False
    count = f"{duration.high.normalize():f}"
    term = re.compile(rf"\b{count}(?:-{_UNIT}\b|\s{_UNIT}\s+{_TERM})")
    if any(term.search(c.text) for c in read(sentence).clauses):
        return False  # "the 60-day refund window has passed": a term's length, not a span
    low, high = (h / 24 for h in duration.hours())
    cmp = _comparison(sentence, duration)
    for day in record_dates(scenario):
        days = Decimal(abs((opened - day).days))
        # "for over two weeks" is 15 to 21 days, not any time longer (an old order's date)
        near = cmp not in _AT_LEAST or days <= high * Decimal("1.5")
        if days > 0 and near and _fits(days, low, high, cmp):
            return True
    return False


_COMPARED = re.compile(
    r"\b(?P<cmp>more\s+than|over|at\s+least|upwards\s+of|less\s+than|under|fewer\s+than|almost|"
    r"nearly)\s+(?:[\w.-]+\s+){1,2}?(?:days?|weeks?|months?|years?)\b"
)


def _comparison(sentence: str, duration: Duration) -> str:
    """The comparison word said with ``duration`` ("for over two weeks": "over"), or ""."""
    said = " ".join(sentence.lower().split())
    for m in _COMPARED.finditer(said):
        if duration in {d for c in read(m.group(0)).clauses for d in c.durations}:
            return " ".join(m.group("cmp").split())
    return ""

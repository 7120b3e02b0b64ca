"""Calendar dates a reply states, checked against the dates the episode knows.

A reply that says the blender "was delivered on November 23" when the record says November
15, that the duplicate charge was "on November 2" when both charges are dated November 1, or
that a plan "stays active until November 30" when the paid month runs to December 15, is
wrong in a way no amount or duration check sees. This module reads dates ("November 3",
"3rd of November", "Tuesday, Nov 3", "2026-11-03") and checks each one in two ways:

- **by event**: a date said beside a delivery ("delivered", "arrived"), a purchase
  ("ordered", "bought") or a charge ("charged", "billed") must be that event's date for the
  order or charge the sentence is about (the one named, else the one the agent acted on);
- **by support**: any other date must be one the episode gives: a date on the account, in
  the ticket, the knowledge base or the customer's messages, or one a policy derives from
  them (a return window's last day, the end of a paid billing month, a timeline from today).

A date said as the last movement of a parcel's tracking ("hasn't moved since November 10")
must be the last scan on record, to the day. A weekday said with a date must be that date's
weekday. Month-only or weekday-only mentions
("in July", "on Saturday") are not checked: they are too loose to be wrong by a rule.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from pydantic import BaseModel

from sim.memo import memo
from sim.reader import Reading, Unit, read
from sim.replymemo import heard
from sim.scenario import Scenario
from sim.state import EpisodeState, Message, Role
from sim.world import World

__all__ = [
    "ON_RECORD",
    "DateSaid",
    "Event",
    "add_business_days",
    "add_months",
    "date_problems",
    "dates_in",
    "event_of",
]

_MONTHS = {
    "january": 1,
    "jan": 1,
    "february": 2,
    "feb": 2,
    "march": 3,
    "mar": 3,
    "april": 4,
    "apr": 4,
    "may": 5,
    "june": 6,
    "jun": 6,
    "july": 7,
    "jul": 7,
    "august": 8,
    "aug": 8,
    "september": 9,
    "sept": 9,
    "sep": 9,
    "october": 10,
    "oct": 10,
    "november": 11,
    "nov": 11,
    "december": 12,
    "dec": 12,
}
_WEEKDAYS = {
    "monday": 0,
    "mon": 0,
    "tuesday": 1,
    "tue": 1,
    "tues": 1,
    "wednesday": 2,
    "wed": 2,
    "thursday": 3,
    "thu": 3,
    "thurs": 3,
    "friday": 4,
    "fri": 4,
    "saturday": 5,
    "sat": 5,
    "sunday": 6,
    "sun": 6,
}
_ORDINAL_WORDS = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "eleventh": 11,
    "twelfth": 12,
    "thirteenth": 13,
    "fourteenth": 14,
    "fifteenth": 15,
    "sixteenth": 16,
    "seventeenth": 17,
    "eighteenth": 18,
    "nineteenth": 19,
    "twentieth": 20,
    "thirtieth": 30,
}
_MONTH = "|".join(sorted(_MONTHS, key=len, reverse=True))
_WEEKDAY = "|".join(sorted(_WEEKDAYS, key=len, reverse=True))
_DAY = r"(\d{1,2})(?:st|nd|rd|th)?"
_YEAR = r"(?:,?\s+(\d{4}))?"
_WD = rf"(?:\b({_WEEKDAY})\.?,?\s+(?:the\s+)?)?"
_MONTH_DAY = re.compile(rf"{_WD}\b({_MONTH})\.?\s+(?:the\s+)?{_DAY}\b(?!\s*(?:%|\.\d|:\d)){_YEAR}")
_DAY_MONTH = re.compile(rf"{_WD}\b{_DAY}\s+(?:of\s+)?({_MONTH})\b\.?{_YEAR}")
_ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_ORDINAL = r"\b(?:(twenty|thirty)[\s-])?(" + "|".join(_ORDINAL_WORDS) + r")\b"
_ORDINALS = re.compile(rf"(\b(?:{_MONTH}) (?:the )?){_ORDINAL}|{_ORDINAL}(?= of (?:{_MONTH})\b)")
"""An ordinal in words beside a month ("November the third", "the third of November")."""


ON_RECORD = "the record says"
"""How a problem with the date of the customer's own order or charge ends: what they see."""


class Event(StrEnum):
    """What a date in a sentence is said to be the date of."""

    DELIVERED = "delivered"
    ORDERED = "ordered"
    CHARGED = "charged"


_UNTIL_WORD = r"(?:un?til+|till?|'til)"
""""until" as typed in a hurry ("untill", "til", "till"): a span's end all the same."""

_EVENT_WORDS: tuple[tuple[Event, re.Pattern[str]], ...] = (
    (
        Event.DELIVERED,
        re.compile(
            r"\b(?:deliver(?:ed|y)|arriv(?:ed|al)|received|reached\s+you|turned\s+up|showed\s+up|"
            r"came|got\s+there|dropped\s+off)\b"
        ),
    ),
    (
        Event.ORDERED,
        re.compile(
            r"\b(?:order(?:ed)?\s+(?:it\s+)?(?:on|from|of|dated)|ordered|bought|purchased?|placed|"
            r"dispatched)\b"
        ),
    ),
    (
        Event.CHARGED,
        # "your paid period", "the paid month": a participle naming a span, not a payment
        re.compile(
            r"\b(?:charged|charges?|billed|debited|renew(?:ed|al)|payments?|paid(?!\s+(?:period|"
            r"month|year|term|time|plan|subscription|membership|access|service)\b))\b"
        ),
    ),
)
_EXPECTED = re.compile(
    rf"\b(?:should\s+have|was\s+(?:due|promised|expected|supposed)|were\s+(?:due|promised)|"
    rf"guaranteed|promised|expected|due|by|{_UNTIL_WORD}|before|after|since|ends?|ended|closed?|"
    r"expire[sd]?|will|would|next)\b"
)
"""Words that make a date something other than the event's own date ("should have arrived
by", "active until", "the window closed on")."""

_CONTRASTED = re.compile(r"\b(?:vs\.?|versus|instead\s+of|rather\s+than|not)\s+(?:the\s+|on\s+)?$")
"""A date set against the one said before it ("arrived the 18th rather than the 12th", "the 18th
vs the 12th"): the day it did not happen on."""
_PROMISED_AFTER = re.compile(
    r"^\S+\s+\S+(?:,?\s+\d{4})?\s+(?:that\s+|which\s+)?(?:(?:you|we|i)\s+(?:were\s+|had\s+been\s+|"
    r"'d\s+been\s+|had\s+)?|(?:was|were)\s+)(?:promised|quoted|told|given|expected|estimated)\b"
)
"""A date a relative clause names as what was expected ("the Nov 12 you were promised", "the
12 November we quoted"): the due date, not the event's own."""


@dataclass(frozen=True, slots=True)
class DateSaid:
    """One calendar date a text states."""

    day: dt.date
    weekday: int | None
    """The weekday said with it (0 is Monday), if any."""
    start: int
    """Where in the text it starts."""


def _year_for(month: int, day: int, anchor: dt.date) -> dt.date | None:
    """The date with that month and day nearest ``anchor`` (a reply rarely names the year)."""
    best: dt.date | None = None
    for year in (anchor.year - 1, anchor.year, anchor.year + 1):
        try:
            candidate = dt.date(year, month, day)
        except ValueError:
            continue
        if best is None or abs((candidate - anchor).days) < abs((best - anchor).days):
            best = candidate
    if best is not None and (best - anchor).days > 90:
        with contextlib.suppress(ValueError):  # far ahead: most likely last year's date
            best = best.replace(year=best.year - 1)
    return best


_TOPIC = re.compile(r"(?:^|[.!?\n]\s*)(?:about|regarding|as\s+for|as\s+to|re)\s+$")
_TOPIC_END = re.compile(r"\s*(?::|-\s)")


def _topic_first(low: str, m: re.Match[str]) -> bool:
    """An ordinal word that orders the topics, not a day: "About October first: ..." (a topic
    marker opens the sentence, a colon or a dash closes the phrase)."""
    return bool(m.group(1)) and (
        _TOPIC.search(low[: m.start()]) is not None and _TOPIC_END.match(low, m.end()) is not None
    )


def _spell_ordinals(low: str) -> str:
    def one(m: re.Match[str]) -> str:
        if _topic_first(low, m):
            return m.group(0)
        prefix, tens_word, word = m.group(1) or "", m.group(2), m.group(3)
        if word is None:
            tens_word, word = m.group(4), m.group(5)
        tens = {"twenty": 20, "thirty": 30}.get(tens_word or "", 0)
        return f"{prefix}{tens + _ORDINAL_WORDS[word]}th"

    return _ORDINALS.sub(one, low)


def dates_in(text: str, anchor: dt.date) -> list[DateSaid]:
    """Every full date (a month and a day) in ``text``, the year resolved near ``anchor``."""
    return list(_dates_in(text, anchor))


@lru_cache(maxsize=8192)
def _dates_in(text: str, anchor: dt.date) -> tuple[DateSaid, ...]:
    """:func:`dates_in`, remembered: the same replies and customer messages are read at every
    reply of an episode, by the customer's appraisal and by the grader."""
    low = _spell_ordinals(text.lower())
    found: list[DateSaid] = []
    taken: list[tuple[int, int]] = []
    for m in _ISO.finditer(low):
        try:
            iso = dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        except ValueError:
            continue
        found.append(DateSaid(iso, None, m.start()))
        taken.append(m.span())
    for pattern, order in ((_MONTH_DAY, (2, 3)), (_DAY_MONTH, (3, 2))):
        for m in pattern.finditer(low):
            if any(s < m.end() and m.start() < e for s, e in taken):
                continue
            month = _MONTHS[m.group(order[0])]
            number = int(m.group(order[1]))
            if (
                m.group(order[0]) == "may"
                and pattern is _MONTH_DAY
                and not m.group(1)
                and not re.search(r"\b(?:on|by|until|of|from|since)\s+$", low[: m.start()])
            ):
                continue  # "you may 2 ..." is not a date
            day: dt.date | None
            if m.group(4):
                try:
                    day = dt.date(int(m.group(4)), month, number)
                except ValueError:
                    day = None
            else:
                day = _year_for(month, number, anchor)
            if day is None:
                continue
            weekday = _WEEKDAYS[m.group(1).rstrip(".")] if m.group(1) else None
            found.append(DateSaid(day, weekday, m.start()))
            taken.append(m.span())
    return tuple(sorted(found, key=lambda d: d.start))


_OWN_VERB = re.compile(r"\b(\w+ed)\s+(?:on|as\s+of|from|since)\s+(?:the\s+)?$")
"""The verb a date is the date of, right before it ("changed on", "updated as of")."""


def event_of(clause: str, start: int) -> Event | None:
    """The event a date at ``start`` in ``clause`` is the date of, if the clause says one and
    does not say the date is a due date, a deadline or a later day."""
    before = clause[:start]
    if _EXPECTED.search(before[-40:]) or _CONTRASTED.search(before):
        return None
    if _PROMISED_AFTER.search(clause[start:]):
        return None
    own = _OWN_VERB.search(before)
    if own is not None and not any(p.match(own.group(1)) for _, p in _EVENT_WORDS):
        return None  # "the window changed on November 1 to 14 days from delivery": a change
    # the event word before the date ("delivered on November 15"), or right after it ("the
    # November 3 charges"); a verb further on is about something else ("an order from
    # November 10 should have arrived by ...")
    after = clause[start:]
    end = re.match(r"\S+\s+\S+(?:\s+\d{4})?", after)
    near_after = after[: end.end() + 25] if end else after
    best: tuple[int, Event] | None = None
    for event, pattern in _EVENT_WORDS:
        for m in pattern.finditer(before):
            distance = start - m.start()
            if best is None or distance < best[0]:
                best = (distance, event)
        # a word that starts in the window is read whole ("your paid period", not "paid p")
        later = pattern.search(after, 0, len(near_after) + 20)
        if later is not None and later.start() >= len(near_after):
            later = None
        if later is not None and (best is None or later.start() < best[0]):
            best = (later.start(), event)
    return best[1] if best is not None else None


def add_months(day: dt.date, months: int) -> dt.date:
    """``day`` plus whole months, clamped to the month's last day (Jan 31 + 1 -> Feb 28)."""
    total = day.month - 1 + months
    year, month = day.year + total // 12, total % 12 + 1
    for d in (day.day, 30, 29, 28):
        try:
            return dt.date(year, month, d)
        except ValueError:
            continue
    return dt.date(year, month, 28)


def add_business_days(day: dt.date, count: int) -> dt.date:
    """``day`` plus ``count`` weekdays (Saturdays and Sundays not counted)."""
    out = day
    left = count
    while left > 0:
        out += dt.timedelta(days=1)
        if out.weekday() < 5:
            left -= 1
    return out


def spread(days: Iterable[dt.date], slack: int = 1) -> frozenset[dt.date]:
    """Each date and its neighbours within ``slack`` days (the last day of a period may be
    said as the day it ends or the day before)."""
    return frozenset(d + dt.timedelta(days=k) for d in days for k in range(-slack, slack + 1))


Namer = Callable[[str], set[str]]
"""A function giving the ids of the account items a text names."""


# -- dates checked against the episode ------------------------------------------------------


def _scenario_dates(scenario: Scenario) -> tuple[frozenset[dt.date], frozenset[dt.date]]:
    """(dates the scenario states, dates its policies derive from them)."""
    anchor = scenario.ticket.opened or dt.date.today()
    stated: set[dt.date] = {d for d in (scenario.ticket.opened, scenario.customer.since) if d}
    item_days: list[dt.date] = []
    for order in scenario.customer.orders:
        item_days += [d for d in (order.date, order.delivered, order.last_scan) if d is not None]
    item_days += [c.date for c in scenario.customer.charges]
    stated |= set(item_days) | set(_dates_within(scenario.customer))
    texts = [scenario.ticket.subject, scenario.ticket.body, scenario.customer.goal]
    texts += [f"{a.title}. {a.body}" for a in scenario.kb]
    texts += [f.value for f in scenario.customer.facts]
    # the days policies and articles take effect on are the scenario's own dates too
    updates = scenario.policy.updates
    stated |= {u.effective for u in updates if u.effective is not None}
    stated |= {a.effective for a in scenario.kb if a.effective is not None}
    texts += [u.notice for u in updates if u.notice]
    stated |= {d.day for t in texts for d in dates_in(t, anchor)}
    durations = [d for t in texts for c in read(t).clauses for d in c.durations]
    durations += [
        d
        for f in scenario.expectations.facts
        if f.duration
        for c in read(f.duration).clauses
        for d in c.durations
    ]
    calendar: set[int] = set()
    business: set[int] = set()
    months: set[int] = {1, 12}
    window = scenario.policy.refund.window_days
    if window:
        calendar.add(window)
    if any(o.last_scan for o in scenario.customer.orders):  # the day a parcel counts as lost
        business.add(scenario.policy.refund.lost_after_business_days)
    for d in durations:
        for n in {d.low, d.high}:
            whole = int(n)
            if d.unit is Unit.BUSINESS_DAY:
                business.add(whole)
            elif d.unit is Unit.DAY:
                calendar.add(whole)
            elif d.unit is Unit.WEEK:
                calendar.add(7 * whole)
            elif d.unit is Unit.HOUR and whole % 24 == 0:
                calendar.add(whole // 24)
                business.add(whole // 24)
            elif d.unit is Unit.MONTH:
                months.add(whole)
            elif d.unit is Unit.YEAR:
                months.add(12 * whole)
    derived: set[dt.date] = set()
    for start in [*item_days, anchor]:
        derived |= {start + dt.timedelta(days=k) for k in calendar}
        derived |= {add_business_days(start, k) for k in business if k <= 60}
        derived |= {add_months(start, k) for k in months if k <= 36}
    # the last day of a period may be said as the day it ends or the day before; a timeline
    # from today may be counted from today or tomorrow
    derived = set(spread(derived))
    return frozenset(stated), frozenset(derived)


def _event_days(
    event: Event, items: set[str], scenario: Scenario, customer_days: set[dt.date]
) -> set[dt.date]:
    days: set[dt.date] = set()
    for order in scenario.customer.orders:
        if order.id not in items:
            continue
        if event is Event.DELIVERED and order.delivered is not None:
            days.add(order.delivered)
        elif event in (Event.ORDERED, Event.CHARGED):
            days.add(order.date)
    for charge in scenario.customer.charges:
        if charge.id in items and event is Event.CHARGED:
            days.add(charge.date)
    if event is Event.DELIVERED:
        anchor = scenario.ticket.opened or dt.date.today()
        for fact in scenario.customer.facts:
            if re.search(r"deliver|arriv|receiv", fact.name):
                days |= {d.day for d in dates_in(fact.value, anchor)}
        if days:
            days |= customer_days  # the customer's own word for when it arrived
    return days


def _kind_items(event: Event, scenario: Scenario) -> set[str]:
    if event is Event.CHARGED:
        return {i.id for i in scenario.customer.items}
    return {o.id for o in scenario.customer.orders}


_OTHER = re.compile(r"\b(?:other|another|second\s+order|earlier\s+order|previous)\b")


def date_problems(
    message: Message, reading: Reading, state: EpisodeState, named: Namer
) -> list[tuple[str, str]]:
    """Dates in an agent message that the episode contradicts, as (sentence, problem)."""
    scenario = state.scenario
    anchor = scenario.ticket.opened or dt.date.today()
    said_dates = memo("said-dates", reading, anchor, lambda: _said_dates(reading, anchor))
    if not said_dates:
        return []  # most replies state no calendar date: nothing to check them against
    customer_days = set(heard(_customer_days, state, message.step, anchor))
    acted = {r.target for r in state.refunds if r.target and r.step < message.step}
    stated, derived = _episode_dates(scenario, state.world)
    problems: list[tuple[str, str]] = []
    for sentence, (said, clause) in said_dates:
        problem = _one_date(
            said,
            clause,
            sentence,
            scenario,
            named,
            acted,
            customer_days,
            stated | derived | customer_days,
            derived,
            anchor,
        )
        if problem is not None:
            problems.append((sentence, problem))
    return problems


def _customer_days(state: EpisodeState, step: int, anchor: dt.date) -> tuple[dt.date, ...]:
    """The days the customer's messages up to ``step`` name, in order."""
    days = {
        d.day
        for m in state.conversation
        if m.role is Role.CUSTOMER and m.step <= step
        for d in _dates_in(m.content, anchor)
    }
    return tuple(sorted(days))


def _said_dates(reading: Reading, anchor: dt.date) -> tuple[tuple[str, tuple[DateSaid, str]], ...]:
    """(sentence, (date, clause)) for each date the statements of a reading give."""
    return tuple(
        (sentence, found)
        for sentence in dict.fromkeys(c.sentence for c in reading.clauses if not c.question)
        for found in _sentence_dates(sentence, anchor)
    )


@lru_cache(maxsize=8192)
def _sentence_dates(sentence: str, anchor: dt.date) -> tuple[tuple[DateSaid, str], ...]:
    """Each date a sentence states, placed in its clause: (the date, its start counted from
    the clause's, the clause)."""
    # read over the whole sentence: "on Monday, November 1" spans two clauses
    text = _spell_ordinals(" ".join(sentence.lower().split()))
    out: list[tuple[DateSaid, str]] = []
    for found in _dates_in(text, anchor):
        clause, begin = _clause_at(text, found.start)
        out.append((DateSaid(found.day, found.weekday, found.start - begin), clause))
    return tuple(out)


def _episode_dates(
    scenario: Scenario, world: World
) -> tuple[frozenset[dt.date], frozenset[dt.date]]:
    """(dates stated, dates derived) for the scenario with ``world`` as it is now: every
    date the world holds (subscriptions renewing, returns, shipments, ...) and what its
    periods derive, the record as the agent's tools see it. Remembered per world object
    (frozen: a change makes a new one)."""

    def build() -> tuple[Scenario, frozenset[dt.date], frozenset[dt.date]]:
        stated, derived = _per_scenario_dates(scenario)
        held = frozenset(_dates_within(world))
        derived = derived | spread({add_months(d, k) for d in held for k in (1, 12)})
        # a subscription's renewal day is the end of the period paid for ("active until ...")
        derived = derived | spread({s.renews for s in world.subscriptions})
        return scenario, stated | held, derived

    # keyed by the scenario's id: the value holds the scenario, so that id stays its own
    _, stated, derived = memo("episode-dates", world, id(scenario), build)
    return stated, derived


def _dates_within(value: object) -> Iterable[dt.date]:
    """Every date in a model or a dumped one (nested models, dicts, lists and tuples); a
    model's fields are walked as they are, without dumping it (a dump copies the world)."""
    if isinstance(value, dt.date):
        yield value
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            yield from _dates_within(getattr(value, name))
    elif isinstance(value, dict):
        for item in value.values():
            yield from _dates_within(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _dates_within(item)


_CLAUSE_BREAK = re.compile(
    rf"[;:.!?]\s|\s(?:but|and|so|because|since(?!\s+(?:the\s+)?(?:{_MONTH}|{_WEEKDAY}|\d))|while|although)\s|[()]"
)
"""Where a date's clause ends; a parenthesis closes an aside ("(the rule since September 1),
within 14 days of delivery": September 1 is not the delivery's date). "since" before a date
is a preposition, not a conjunction: "tracking hasn't moved since November 10" is one
clause."""


_LABEL = re.compile(r"(?:^|[.!?]\s|\n)\s*(?:[\w-]+\s){0,2}[\w-]+:\s$")
"""A short label ending in a colon ("Access until: ", "- Renews on: "), a list line's key."""


def _clause_at(text: str, start: int) -> tuple[str, int]:
    """The clause of ``text`` around position ``start`` and where it begins: what the date
    there is said about ("it was delivered on November 15", not the rest of the sentence)."""
    # the whole text is searched: a break's lookahead ("since" before a date) reads past it
    breaks = [m for m in _CLAUSE_BREAK.finditer(text) if m.end() <= start]
    if breaks and _LABEL.search(text, 0, breaks[-1].end()):
        breaks.pop()  # "Access until: December 14": a label and its value are one clause
    begin = max((m.end() for m in breaks), default=0)
    end = _CLAUSE_BREAK.search(text, start)
    return text[begin : end.start() if end else len(text)], begin


def _one_date(
    said: DateSaid,
    clause: str,
    sentence: str,
    scenario: Scenario,
    named: Namer,
    acted: set[str],
    customer_days: set[dt.date],
    supported: frozenset[dt.date] | set[dt.date],
    derived: frozenset[dt.date],
    anchor: dt.date,
) -> str | None:
    text = f"{said.day:%B} {said.day.day}"
    if said.weekday is not None and said.weekday != said.day.weekday():
        return f"says {text} is a {_DAY_NAMES[said.weekday]}; it is a {said.day:%A}"
    scanned = _scan_problem(said.day, clause[: said.start], scenario)
    if scanned is not None:
        return None if scanned == "" else scanned
    if _UNTIL.search(clause[: said.start]) or _END_APPOSED.search(clause[: said.start]):
        if said.day < anchor or said.day not in derived:
            return f"says it lasts until {text}; no paid period or policy ends then"
        ends = _period_ends(clause[: said.start], scenario)
        if ends and said.day not in _last_days(ends):
            want = ", ".join(f"{d:%B} {d.day}" for d in sorted(ends))
            return f"says the plan runs until {text}; its paid period ends {want}"
        return None  # the end of what still runs ("access continues to December 14 (end of
        # your paid month)"), not the day of an event the clause goes on to name
    event = event_of(clause, said.start)
    if event is not None:
        kind = _kind_items(event, scenario)
        items = (named(clause) or named(sentence.lower())) & kind
        if len(items) != 1 and not _OTHER.search(clause):
            items = (items or kind) & acted or items
        if not items:
            items = kind & acted or kind
        days = _event_days(event, items, scenario, customer_days)
        if days and said.day not in days:
            want = ", ".join(f"{d:%B} {d.day}" for d in sorted(days))
            return f"says {event.value} on {text}; {ON_RECORD} {want}"
        if days:
            return None
    if said.day not in supported:
        return f"states {text}; no record or policy gives that date"
    return None


_SCAN = re.compile(
    r"\b(?:tracking|tracked|scan(?:s|ned)?|moved|movement|update[sd]?)\b"
    r"(?:\s+\S+){0,3}\s+(?:since|on|from)\s+(?:the\s+)?(?:\w+day,?\s+)?$"
)
"""A date said as the parcel's last tracking event ("tracking hasn't moved since November 10",
"last scanned on Nov 10", "no movement since")."""


def _scan_problem(day: dt.date, before: str, scenario: Scenario) -> str | None:
    """The problem with a date said as the last tracking scan of a parcel in transit: it must
    be an order's ``last_scan`` ("" when it is; ``None`` when the clause says no scan or no
    order is in transit). A day near the right one is as wrong as any other: a scan is one
    event, not a period's end."""
    said = _SCAN.search(before)
    if said is None or any(p.search(said.group(0)) for _, p in _EVENT_WORDS):
        return None  # "tracking shows it was delivered on": the date of another event
    scans = sorted(_scan_days(scenario))
    if not scans:
        return None
    if day in scans:
        return ""
    want = ", ".join(f"{d:%B} {d.day}" for d in scans)
    return f"says tracking last moved on {day:%B} {day.day}; {ON_RECORD} {want}"


def _scan_days(scenario: Scenario) -> set[dt.date]:
    """The days of the last tracking scans the scenario records: an order's ``last_scan``,
    or a customer fact named for a scan or the tracking ("last_scan: November 10 at the
    Memphis hub")."""
    days = {o.last_scan for o in scenario.customer.orders if o.last_scan is not None}
    anchor = scenario.ticket.opened or dt.date.today()
    for fact in scenario.customer.facts:
        if re.search(r"scan|track", fact.name):
            days |= {d.day for d in dates_in(fact.value, anchor)}
    return days


def _last_days(ends: set[dt.date]) -> frozenset[dt.date]:
    """The days a period that ends on one of ``ends`` may be said to run until: that day or
    the day before (a renewal on December 20 ends the paid period on the 19th or the 20th);
    never the day after, when the next period has begun."""
    return frozenset(d - dt.timedelta(days=k) for d in ends for k in (0, 1))


_RUNNING = re.compile(r"\b(?:active|access|stays?|remains?|continues?|running|benefits?)\b")
"""A plan said to keep running (not a link "valid until", nor a window "open until")."""


def _period_ends(before: str, scenario: Scenario) -> set[dt.date]:
    """The days a plan the clause says keeps running can run until: the end of a paid period
    of the customer's subscriptions (the renewal day, or a month later with a free month
    added). Empty when the account has no subscription or the clause
    speaks of no plan running: any derived date may end a window or a link. A date from the
    ticket's own day ("a month from today") is no end of a period paid for."""
    renews = [s.renews for s in scenario.customer.subscriptions]
    if not renews or _RUNNING.search(before) is None:
        return set()
    return {*renews, *(add_months(r, 1) for r in renews)}


_PERIOD_ON = (
    r"(?:(?:the|your|this|its|the\s+current)\s+(?:\w+\s+)?(?:term|period|month|year|cycle)"
    r"(?:\s+on|,)\s+)?"
)
"""The period named before its last day ("the end of the term on", "the end of your billing
period,")."""
_UNTIL = re.compile(
    r"\b(?:active|access|stays?|remains?|keeps?\s+working|continues?|valid|works?|running)\b"
    rf"(?:\s+\S+){{0,4}}\s+(?:{_UNTIL_WORD}|through|to)\s+(?:the\s+end\s+of\s+{_PERIOD_ON})?"
    r"(?:\w+day,?\s+)?$"
)
"""A date said as the end of something still running ("stays active until December 15",
"until the end of the term on September 15")."""
_END_APPOSED = re.compile(
    r"\bthe\s+(?:end|last\s+day)\s+of\s+[^;:.!?]{1,80}?,?\s+(?:which|that)\s+(?:is|will\s+be|"
    r"falls\s+on|comes\s+on)\s+(?:on\s+)?(?:\w+day,?\s+)?$"
)
"""A date set beside "the end of" a period by an appositive relative ("until the end of the
period you already paid for, which is December 15"): the period's last day, whatever the
relative clause inside the period's noun phrase says ("paid for" is no charge on that day)."""
_DAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_CACHE: dict[int, tuple[Scenario, tuple[frozenset[dt.date], frozenset[dt.date]]]] = {}


def _per_scenario_dates(scenario: Scenario) -> tuple[frozenset[dt.date], frozenset[dt.date]]:
    hit = _CACHE.get(id(scenario))
    if hit is None or hit[0] is not scenario:
        if len(_CACHE) > 1024:
            _CACHE.clear()
        hit = (scenario, _scenario_dates(scenario))
        _CACHE[id(scenario)] = hit
    return hit[1]

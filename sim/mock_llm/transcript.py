"""Reading a support agent's conversation back from a chat-completions request.

The mock knows the text format ``sim.render`` gives the LLM agent: the opening prompt (ticket,
account, orders, charges, the customer's message), tool results (feedback, ``[id] title``
articles, ``Customer: ...`` answers) and later user prompts. From them it rebuilds what an LLM
would have understood: the account, the articles it read, what it already did, and what the
customer said last.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any

from sim.mock_llm.wire import ChatRequest

__all__ = ["RETRY_MARK", "Account", "Article", "Call", "Item", "Transcript", "read_transcript"]

RETRY_MARK = "Fix the errors and try again."
"""How pydantic-ai (1.x) ended the message asking a model to correct a tool call; 2.x sends
the validation errors as a JSON object ``{"error": [...]}`` instead."""

_TICKET = re.compile(
    r"^Ticket: (?P<subject>.*?) \(via [^,)]*(?:, opened (?P<opened>\d{4}-\d\d-\d\d))?\)", re.M
)
_TIER = re.compile(r"^Customer: .*?, (?P<tier>\w+) tier, account", re.M)
_ORDER = re.compile(
    r"^- order (?P<id>\S+): (?P<label>.*?), paid (?P<amount>[\d.]+) on (?P<date>\d{4}-\d\d-\d\d)",
    re.M,
)
_CHARGE = re.compile(
    r"^- charge (?P<id>\S+): (?P<label>.*?), (?P<amount>[\d.]+) on (?P<date>\d{4}-\d\d-\d\d)",
    re.M,
)
_ARTICLE = re.compile(r"^\[(?P<id>[\w.\-]+)\] (?P<title>[^\n]+)\n(?P<body>.+)\Z", re.S)
_INTERNAL_TITLE = " (INTERNAL: "
_INTERNAL_NOTE = "\nINTERNAL NOTE (never repeat to the customer): "
_TEAMS = re.compile(r"^Teams you can escalate to: (?P<teams>.+)$", re.M)
_TEAM = re.compile(r"(?P<id>[a-z0-9][a-z0-9_-]*)(?: \((?P<about>[^)]*)\))?")
_CUSTOMER = "Customer: "
_HANDOFF = re.compile(r"^Handoff note from the first line: (.*)$", re.M)
_AUTHORITY = re.compile(r"^Your team's refund limit: \$([\d,]+\.\d\d)\.$", re.M)
_NOTICE = re.compile(r"Policy update: ([^\n]+)")
_VERSION = re.compile(
    r" \((?:effective (?P<effective>\d{4}-\d\d-\d\d))?(?:; )?"
    r"(?:superseded by (?P<newer>[\w.\-]+))?\)\s*$"
)
_LOOKED_UP = re.compile(
    r"^(?P<kind>Order|Charge) (?P<id>\S+): (?P<label>.*?), \$?(?P<amount>[\d,]+\.\d\d), "
    r"(?:bought |on )(?P<date>\d{4}-\d\d-\d\d)",
    re.M,
)


@dataclass(frozen=True, slots=True)
class Item:
    """An order or a charge on the account."""

    id: str
    label: str
    amount: Decimal
    day: date | None
    kind: str


@dataclass(frozen=True, slots=True)
class Account:
    subject: str = ""
    opened: date | None = None
    tier: str = ""
    items: tuple[Item, ...] = ()
    teams: tuple[tuple[str, str], ...] = ()
    """(id, what the team handles) for each team the ticket lists."""

    @property
    def charges(self) -> tuple[Item, ...]:
        return tuple(i for i in self.items if i.kind == "charge")

    @property
    def orders(self) -> tuple[Item, ...]:
        return tuple(i for i in self.items if i.kind == "order")


@dataclass(frozen=True, slots=True)
class Article:
    id: str
    title: str
    body: str
    internal: bool = False
    """The whole article is for the agent only."""
    note: str = ""
    """An internal note: for deciding, never for quoting."""
    effective: date | None = None
    """The day this version of a policy came into force (from the title's label)."""
    superseded_by: str | None = None
    """The newer version's id (from the title's label)."""

    @property
    def policy_text(self) -> str:
        """Everything the agent may decide from (the body and any internal note)."""
        return f"{self.body} {self.note}".strip()


@dataclass(frozen=True, slots=True)
class Call:
    """A tool call the agent made that the tool actually ran (not a rejected malformed one)."""

    name: str
    args: dict[str, Any]
    result: str


@dataclass
class Transcript:
    account: Account = field(default_factory=Account)
    customer: list[str] = field(default_factory=list)
    """The customer's messages, in order (the first is the ticket)."""
    calls: list[Call] = field(default_factory=list)
    text_replies: list[str] = field(default_factory=list)
    """Final text answers (each became a reply to the customer)."""
    articles: list[Article] = field(default_factory=list)
    """Every article retrieved, in order of first retrieval (best match of each search first)."""
    last_action: str = ""
    """The last effective action (``reply`` for a text answer), or ``""``."""
    opening: str = ""
    """The opening prompt (the ticket and the account as shown)."""
    notices: list[str] = field(default_factory=list)
    """Policy updates announced during the episode, in order."""
    tools: frozenset[str] = frozenset()
    """The tools the request offers."""
    handoff: str | None = None
    """A tier-2 agent's handoff note (``agents.tier2_llm``); ``None`` for the first line."""
    authority: Decimal | None = None
    """A tier-2 agent's team refund limit, where its prompt states one."""

    def done(self, name: str) -> list[Call]:
        return [c for c in self.calls if c.name == name]

    @property
    def replies(self) -> int:
        return len(self.done("reply")) + len(self.text_replies)

    @property
    def refunded(self) -> bool:
        return any(c.result.startswith("Refunded") for c in self.done("issue_refund"))

    @property
    def refund_tried(self) -> bool:
        return bool(self.done("issue_refund"))

    @property
    def last_customer(self) -> str:
        return self.customer[-1] if self.customer else ""


def _money(text: str) -> Decimal:
    return Decimal(text.replace(",", ""))


def _day(text: str | None) -> date | None:
    try:
        return date.fromisoformat(text) if text else None
    except ValueError:
        return None


def _account(opening: str) -> Account:
    ticket, tier = _TICKET.search(opening), _TIER.search(opening)
    items: list[Item] = []
    for kind, pattern in (("order", _ORDER), ("charge", _CHARGE)):
        for m in pattern.finditer(opening):
            try:
                amount = Decimal(m["amount"])
            except InvalidOperation:
                continue
            items.append(Item(m["id"], m["label"], amount, _day(m["date"]), kind))
    teams = _TEAMS.search(opening)
    listed: list[tuple[str, str]] = []
    for part in teams["teams"].split("; ") if teams else ():
        team = _TEAM.match(part.strip())
        if team is not None:
            listed.append((team["id"], team["about"] or ""))
    return Account(
        subject=ticket["subject"] if ticket else "",
        opened=_day(ticket["opened"]) if ticket else None,
        tier=tier["tier"].lower() if tier else "",
        items=tuple(items),
        teams=tuple(listed),
    )


def _read_block(text: str, transcript: Transcript) -> None:
    """Customer messages, articles and announced policy updates from a user prompt or a tool
    result (an update comes first among the articles: it is the newest word)."""
    seen = {a.id for a in transcript.articles}
    for found in _NOTICE.finditer(text):
        number = len(transcript.notices)
        notice = Article(f"policy-update-{number}", "Policy update", found[1], True)
        transcript.notices.append(notice.body)
        transcript.articles.insert(0, notice)
    for para in text.split("\n\n"):
        if para.startswith(_CUSTOMER):
            transcript.customer.append(para[len(_CUSTOMER) :].strip())
        elif (m := _ARTICLE.match(para)) is not None and m["id"] not in seen:
            seen.add(m["id"])
            title, body = m["title"].strip(), m["body"].strip()
            effective: date | None = None
            newer: str | None = None
            if (v := _VERSION.search(title)) is not None:
                effective, newer = _day(v["effective"]), v["newer"]
                title = title[: v.start()]
            internal = _INTERNAL_TITLE in title
            title = title.split(_INTERNAL_TITLE)[0]
            body, _, note = f"\n{body}".partition(_INTERNAL_NOTE)
            transcript.articles.append(
                Article(m["id"], title, body.strip(), internal, note.strip(), effective, newer)
            )


def _is_retry(text: str) -> bool:
    """Whether a tool message asks for a corrected call (environment results are plain text)."""
    if text.rstrip().endswith(RETRY_MARK):
        return True
    if not text.startswith('{"error"'):
        return False
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return False
    return isinstance(data, dict) and "error" in data


def _looked_up(text: str, transcript: Transcript) -> None:
    """Orders and charges a lookup showed join the account (hidden ones are not in the
    opening prompt)."""
    known = {i.id for i in transcript.account.items}
    found = []
    for m in _LOOKED_UP.finditer(text):
        if m["id"] in known:
            continue
        try:
            amount = Decimal(m["amount"].replace(",", ""))
        except InvalidOperation:
            continue
        found.append(Item(m["id"], m["label"], amount, _day(m["date"]), m["kind"].lower()))
    if found:
        acct = transcript.account
        transcript.account = Account(
            acct.subject, acct.opened, acct.tier, (*acct.items, *found), acct.teams
        )


def read_transcript(request: ChatRequest) -> Transcript:
    """What a support agent's conversation says so far."""
    transcript = Transcript(tools=frozenset(request.tool_names))
    pending: dict[str, tuple[str, dict[str, Any]] | None] = {}
    for message in request.messages:
        text = message.text
        if message.role == "user":
            if not transcript.account.subject and (
                text.startswith("Ticket: ") or "\n\nTicket: " in text
            ):
                # A tier-2 agent's prompt puts its team and the handoff note first.
                head, _, rest = (
                    ("", "", text)
                    if text.startswith("Ticket: ")
                    else text.partition("\n\nTicket: ")
                )
                rest = rest if text.startswith("Ticket: ") else "Ticket: " + rest
                transcript.account = _account(rest)
                transcript.opening = text
                if (note := _HANDOFF.search(head)) is not None:
                    transcript.handoff = note[1]
                    limit = _AUTHORITY.search(head)
                    transcript.authority = _money(limit[1]) if limit else None
            _read_block(text, transcript)
        elif message.role == "assistant":
            if text.strip():
                transcript.text_replies.append(text)
                transcript.last_action = "reply"
            for call in message.tool_calls or ():
                try:
                    args = json.loads(call.function.arguments or "{}")
                except json.JSONDecodeError:
                    args = None
                pending[call.id] = (call.function.name, args) if isinstance(args, dict) else None
        elif message.role == "tool":
            made = pending.pop(message.tool_call_id or "", None)
            if made is None or _is_retry(text):
                continue  # a malformed call the framework sent back for correction
            transcript.calls.append(Call(made[0], made[1], text))
            transcript.last_action = made[0]
            if made[0].startswith("lookup_"):
                _looked_up(text, transcript)
            _read_block(text, transcript)
    return transcript

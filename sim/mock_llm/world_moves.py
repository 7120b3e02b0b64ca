"""The mock support agent's domain-tool moves, read from the conversation alone.

Like a careful LLM given the scenario's tools: look the account up when it is not shown,
verify the caller before changing the account (ask for what the articles name, then
``verify_identity``), then do what the customer asks with the tool made for it (cancel an
unshipped order and refund it, re-address it, create a return, offer the tier's retention
deal once and cancel as asked, send a password reset). Instructions written into customer
text are ignored. The mock is stateless: every move is derived from the messages so far.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import Any

from sim.internal_quantities import without_withheld
from sim.mock_llm.transcript import Article, Transcript
from sim.reading import (
    HAND_OVER,
    NO_OFFER,
    REFUND,
    REFUSED_BEFORE,
    REPLACE,
    UNVERIFIED,
    address_in,
    allowed_offers,
    answers_for,
    clean,
    offer_ids_in,
    quotable,
    timing,
    verify_keys,
    verify_wanted,
)
from sim.tools import TOOL_TYPES

__all__ = [
    "Doing",
    "Task",
    "WorldView",
    "customer_request",
    "task_for",
    "wants_money",
    "world_move",
    "world_view",
]

DOMAIN_TOOLS = frozenset(TOOL_TYPES)
_ASK_ID = "To confirm it is you, could you tell me"
_REFUSAL = "caller cannot be verified"


class Task(StrEnum):
    CANCEL_SUBSCRIPTION = "cancel_subscription"
    CHANGE_ADDRESS = "update_address"
    CANCEL_ORDER = "cancel_order"
    RETURN = "create_return"
    PASSWORD_RESET = "send_password_reset"
    NONE = "none"


_PATTERNS: tuple[tuple[Task, re.Pattern[str]], ...] = (
    (
        Task.CANCEL_SUBSCRIPTION,
        re.compile(r"\b(cancel|end|stop)\w*\b[^.?!]*\b(subscription|plan|membership)", re.I),
    ),
    (Task.CHANGE_ADDRESS, re.compile(r"\b(address|ship (?:it )?to|deliver (?:it )?to)\b", re.I)),
    (Task.CANCEL_ORDER, re.compile(r"\bcancel", re.I)),
    (
        Task.RETURN,
        re.compile(r"\b(wrong|damaged|broken|defective|faulty|return|replace\w*|exchange)\b", re.I),
    ),
    (Task.PASSWORD_RESET, re.compile(r"\b(password|locked|log ?in|sign ?in)\b", re.I)),
)
_PROMPT_ORDER = re.compile(
    r"^- order (?P<id>\S+): (?P<item>.*?), paid (?P<amount>[\d.]+) on \S+"
    r"(?:, delivered \S+)? \((?P<status>\w+)\)$",
    re.M,
)
_LOOKUP_ORDER = re.compile(
    r"^Order (?P<id>\S+): (?P<item>.*?), \$?(?P<amount>[\d,]+\.\d\d), bought \S+"
    r"(?:, delivered [^,]+)?, status (?P<status>\w+)",
    re.M,
)
_SUB = re.compile(
    r"^(?:- subscription|Subscription) (?P<id>\S+): (?P<plan>.*?), \$?[\d.,]+ \w+, "
    r"(?P<status>\w+), renews (?P<renews>\d{4}-\d\d-\d\d)",
    re.M,
)
_NOW = re.compile(
    r"\b(immediately|right now|right away|straight away|at once|today|"
    r"(?:end|cancel|stop) (?:it|this|that|my \w+) now)\b",
    re.I,
)


@dataclass(frozen=True, slots=True)
class OrderInfo:
    id: str
    item: str
    amount: Decimal
    status: str


@dataclass(frozen=True, slots=True)
class WorldView:
    """What the conversation shows of the world."""

    orders: tuple[OrderInfo, ...]
    subscriptions: tuple[tuple[str, str, str, str], ...]
    """(id, plan, status, renewal date) of each subscription."""
    hidden: bool
    """The account details are not shown and were not looked up."""


def world_view(t: Transcript) -> WorldView:
    """The orders and subscriptions shown in the opening prompt and the lookups' results."""
    texts = [t.opening, *(c.result for c in t.calls if c.name.startswith("lookup_"))]
    orders: dict[str, OrderInfo] = {}
    subs: dict[str, tuple[str, str, str, str]] = {}
    for text in texts:
        for m in [*_PROMPT_ORDER.finditer(text), *_LOOKUP_ORDER.finditer(text)]:
            amount = Decimal(m["amount"].replace(",", ""))
            orders[m["id"]] = OrderInfo(m["id"], m["item"], amount, m["status"])
        for m in _SUB.finditer(text):
            subs[m["id"]] = (m["id"], m["plan"], m["status"], m["renews"])
    looked = any(c.name == "lookup_account" for c in t.calls)
    hidden = "account details not shown" in t.opening and not looked
    return WorldView(tuple(orders.values()), tuple(subs.values()), hidden)


def customer_request(t: Transcript) -> str:
    """What the customer asked, in their own words (instructions to the agent removed)."""
    return clean("\n".join([t.account.subject, *t.customer]))


def task_for(t: Transcript, view: WorldView) -> Task:
    """The task the ticket asks for whose tool is offered here."""
    text = customer_request(t)
    task = next((k for k, p in _PATTERNS if k.value in t.tools and p.search(text)), Task.NONE)
    if (
        task in (Task.NONE, Task.CANCEL_ORDER)
        and "cancel_subscription" in t.tools
        and view.subscriptions
        and re.search(r"\bcancel", text, re.I)
        and not re.search(r"\border", text, re.I)
    ):
        task = Task.CANCEL_SUBSCRIPTION
    if task is Task.RETURN:
        order = _order(t, view, "delivered")
        if order is None or order.status != "delivered":
            task = Task.NONE  # nothing delivered to send back (a lost parcel is a refund)
    return task


def _order(t: Transcript, view: WorldView, status: str) -> OrderInfo | None:
    text = customer_request(t)
    named = [o for o in view.orders if re.search(rf"\b{re.escape(o.id)}\b", text)]
    if named:
        return named[0]
    pool = [o for o in view.orders if o.status == status] or list(view.orders)
    words = set(re.findall(r"[a-z]{3,}", text.lower()))
    return max(
        pool, key=lambda o: len(words & set(re.findall(r"[a-z]{3,}", o.item.lower()))), default=None
    )


def lookup_move(t: Transcript) -> tuple[str, dict[str, Any]] | None:
    """Look the account (or the order named) up while its details are not shown."""
    view = world_view(t)
    if not view.hidden:
        return None
    if "lookup_account" in t.tools:
        return "lookup_account", {}
    if "lookup_order" in t.tools:
        tried = {str(c.args.get("order_id")) for c in t.done("lookup_order")}
        known = {o.id for o in view.orders}
        for oid in re.findall(r"\b[A-Z]{2,6}-[A-Z0-9-]*\d[A-Z0-9]*\b", customer_request(t)):
            if oid not in tried and oid not in known:
                return "lookup_order", {"order_id": oid}
    return None


def query_hint(t: Transcript) -> str:
    """Search words for the task (with the order's case: shipped or not)."""
    view = world_view(t)
    task = task_for(t, view)
    order = _order(t, view, "processing")
    case = "after shipping" if order is not None and order.status != "processing" else ""
    return {
        Task.CANCEL_ORDER: f"cancel order {case}",
        Task.CHANGE_ADDRESS: f"change delivery address {case}",
        Task.RETURN: "return replacement refund",
        Task.CANCEL_SUBSCRIPTION: "cancel subscription "
        + (
            "refund charged after cancel"
            if REFUND.search(customer_request(t))
            else "retention offer"
        ),
        Task.PASSWORD_RESET: "password reset",
        Task.NONE: "",
    }[task].strip()


@dataclass(frozen=True, slots=True)
class Doing:
    """What the domain tools achieved: sentences for the customer, and whether the request
    could not be met (a shipped order, a caller who could not be verified)."""

    done: tuple[str, ...]
    blocked: bool


def _policy(articles: list[Article]) -> str:
    return " ".join(a.policy_text for a in articles)


def _verify(t: Transcript) -> tuple[str, dict[str, Any]] | bool:
    """The next verification move, ``True`` when verified (or impossible here), ``False``
    when the caller could not be verified."""
    if "verify_identity" not in t.tools:
        return True
    results = [c.result for c in t.done("verify_identity")]
    if any(r.startswith(("Caller verified", "The caller is already verified")) for r in results):
        return True
    asks = [
        str(c.args.get("content", ""))
        for c in t.done("reply")
        if _ASK_ID in str(c.args.get("content"))
    ] + [r for r in t.text_replies if _ASK_ID in r]
    on_file: list[str] | None = None
    if results and (m := re.search(r"verifies with ([\w, ]+)\.", results[-1])):
        on_file = [k.strip() for k in m[1].split(",") if k.strip()]
    if results and on_file is None:
        return False  # answers that do not match: not the account holder
    wanted = (
        [k.replace("_", " ") for k in on_file]
        if on_file
        else verify_wanted(a.policy_text for a in t.articles) or ["the postcode on the account"]
    )
    if len(results) >= len(asks):
        if len(asks) >= 2:
            return False
        return "reply", {"content": f"I can help with that. {_ASK_ID} {' and '.join(wanted)}?"}
    keys = verify_keys([f"the {k}" for k in on_file] if on_file else wanted)
    if on_file:
        keys = {k: v for k, v in keys.items() if k in on_file} or keys
    answers = answers_for(keys, clean("\n".join(t.customer[1:])))
    if not answers:
        return False
    return "verify_identity", {"answers": answers}


def _guarded(t: Transcript, move: tuple[str, dict[str, Any]]) -> tuple[str, dict[str, Any]] | None:
    step = _verify(t)
    if step is True:
        return move
    return None if step is False else step


def world_move(t: Transcript) -> tuple[str, dict[str, Any]] | None:
    """The next domain-tool move, or ``None`` when the tools have done what they can."""
    view = world_view(t)
    task = task_for(t, view)
    text = customer_request(t)
    searched = [str(c.args.get("query", "")) for c in t.done("search_kb")]
    if task is not Task.NONE and _verify(t) is False and not any(_REFUSAL in q for q in searched):
        words = " ".join(clean(t.account.subject).split()[:6])
        return "search_kb", {"query": f"{_REFUSAL} {words}"}  # what to do for such a caller
    match task:
        case Task.NONE:
            return None
        case Task.CANCEL_SUBSCRIPTION:
            return _cancel_subscription(t, view, text)
        case Task.CANCEL_ORDER:
            order = _order(t, view, "processing")
            if order is None or (order.status != "processing" and not t.done("cancel_order")):
                return None
            if not t.done("cancel_order"):
                return _guarded(
                    t, ("cancel_order", {"order_id": order.id, "reason": "Customer request."})
                )
            if "issue_refund" in t.tools and not t.refund_tried and order.amount > 0:
                args = {
                    "amount": f"{order.amount}",
                    "target": order.id,
                    "reason": "Order cancelled.",
                }
                return "issue_refund", args
            return None
        case Task.CHANGE_ADDRESS:
            order = _order(t, view, "processing")
            if order is None or order.status != "processing" or t.done("update_address"):
                return None
            address = address_in(text, _country(t))
            if address is None:
                if any("new address" in str(c.args.get("content", "")) for c in t.done("reply")):
                    return None
                return "reply", {
                    "content": "Could you tell me the full new address: street and "
                    "number, city and postcode?"
                }
            # The LLM agent's tool takes the address's fields flat.
            fields: dict[str, Any] = {"order_id": order.id, **address.model_dump(exclude_none=True)}
            return _guarded(t, ("update_address", fields))
        case Task.RETURN:
            order = _order(t, view, "delivered")
            if order is None or t.done("create_return"):
                return None
            kind = "replacement" if REPLACE.search(text) else "refund"
            args = {"order_id": order.id, "kind": kind, "reason": "Customer reported a problem."}
            return _guarded(t, ("create_return", args))
        case Task.PASSWORD_RESET:
            if t.done("send_password_reset"):
                return None
            return _guarded(t, ("send_password_reset", {}))


def hand_over(t: Transcript) -> bool:
    """The caller could not be verified and an article says to hand such a case to a team."""
    return _verify(t) is False and any(
        UNVERIFIED.search(a.policy_text) and HAND_OVER.search(a.policy_text) for a in t.articles
    )


def _country(t: Transcript) -> str | None:
    m = re.search(r"ships to [^;\n]*, ([A-Z][A-Za-z ]+)\.", " ".join(c.result for c in t.calls))
    return m[1] if m else "US"


def _cancel_subscription(
    t: Transcript, view: WorldView, text: str
) -> tuple[str, dict[str, Any]] | None:
    subs = [s for s in view.subscriptions if s[2] == "active"] or [
        s for s in view.subscriptions if s[2] != "cancelled"
    ]
    if not subs or t.done("cancel_subscription"):
        return None
    offers = t.done("offer_retention")
    if any("accepted" in c.result for c in offers):
        return None
    sub = subs[0][0]
    step = _verify(t)
    if step is not True:
        return None if step is False else step
    policy = _policy(t.articles)
    tier = t.account.tier
    refused_before = REFUSED_BEFORE.search(text) is not None
    searches = len(t.done("search_kb"))
    speaks = re.search(r"\bretention\b", " ".join(f"{a.title} {a.body}" for a in t.articles))
    if "offer_retention" in t.tools and not (offers or refused_before or speaks) and searches < 2:
        return "search_kb", {"query": "retention offer cancel subscription"}
    if "offer_retention" in t.tools and not refused_before and _offer_exists(policy, tier):
        if not offers:
            ids = offer_ids_in([policy])
            pick = next((i for i in ids if tier in i), ids[0]) if ids else "retention-offer"
            return "offer_retention", {"subscription_id": sub, "offer_id": pick}
        allowed = allowed_offers(offers[-1].result) if len(offers) == 1 else None
        if allowed and not offers[-1].result.startswith("Offered"):
            return "offer_retention", {"subscription_id": sub, "offer_id": allowed[0]}
    when = "now" if _NOW.search(text) else "end_of_period"
    return "cancel_subscription", {"subscription_id": sub, "when": when}


def _offer_exists(policy: str, tier: str) -> bool:
    """Whether the policy text offers this tier a deal (its first clause on the tier decides;
    announced updates come first)."""
    if not re.search(r"\b(retention|offer)\b", policy, re.I):
        return False
    for clause in re.split(r"[.;:,]\s+", policy):
        if tier and tier in clause.lower():
            if NO_OFFER.search(clause):
                return False
            if re.search(r"%|\bfree\b|no charge|\boff\b|offer", clause):
                return True
    return True


def _day_text(iso: str) -> str:
    """``2026-12-14`` as "December 14"."""
    from datetime import date

    d = date.fromisoformat(iso)
    return f"{d:%B} {d.day}"


def wants_money(t: Transcript) -> bool:
    """A cancellation that also asks for money back."""
    view = world_view(t)
    return task_for(t, view) is Task.CANCEL_SUBSCRIPTION and bool(
        REFUND.search(customer_request(t))
    )


def _deal(policy: str, tier: str) -> str | None:
    """The retention deal the articles name for ``tier`` ("50% off the next month")."""
    for clause in re.split(r"[.;:,]\s+", policy):
        if tier and tier in clause.lower() and re.search(r"%|\bfree\b|no charge|\boff\b", clause):
            deal = re.sub(rf"^.*?\b{tier}\w*(?: (?:accounts?|members?|customers?))?\s*", "", clause)
            return deal.strip().rstrip(".") or None
    return None


def doing(t: Transcript) -> Doing:
    """What the tools did, for the explanation."""
    out: list[str] = []
    blocked = False
    for c in t.calls:
        r = c.result
        if c.name == "cancel_order" and r.startswith("Order"):
            out.append(f"I have cancelled order {c.args.get('order_id')} before it shipped.")
        elif c.name == "update_address" and "will ship" in r:
            a = c.args
            out.append(
                f"Order {a.get('order_id')} will now ship to {a.get('line1')}, {a.get('city')} "
                f"{a.get('postcode')}."
            )
        elif c.name == "create_return" and r.startswith("Return created"):
            what = " for a replacement" if c.args.get("kind") == "replacement" else ""
            out.append(
                f"I have created a return for order {c.args.get('order_id')}{what}; a "
                "prepaid return label is on its way by email."
            )
        elif c.name == "cancel_subscription" and r.startswith("Subscription"):
            renews = next(
                (
                    s[3]
                    for s in world_view(t).subscriptions
                    if s[0] == c.args.get("subscription_id")
                ),
                None,
            )
            end = f" on {_day_text(renews)}" if renews else ""
            when = (
                "now, effective today"
                if c.args.get("when") == "now"
                else f"at the end of the paid period{end}, and it will not renew"
            )
            out.append(f"I have cancelled your subscription {when}.")
        elif c.name == "offer_retention" and "accepted" in r:
            deal = _deal(_policy(t.articles), t.account.tier)
            out.append(
                f"You took our offer{f' ({deal})' if deal else ''}: it is applied to your "
                "account, and your subscription stays active with the discount."
            )
        elif c.name == "send_password_reset" and r.startswith("Password reset"):
            out.append("I have sent a password reset link to the email on your account.")
        elif c.name == "issue_refund" and r.startswith("Refunded"):
            out.append(f"I have refunded ${c.args.get('amount')} to your original payment method.")
    view = world_view(t)
    task = task_for(t, view)
    if task in (Task.CANCEL_ORDER, Task.CHANGE_ADDRESS) and not out:
        order = _order(t, view, "processing")
        if order is not None and order.status != "processing":
            blocked = True
            out.append(
                f"Order {order.id} is already {order.status}, so "
                + (
                    "it cannot be cancelled any more."
                    if task is Task.CANCEL_ORDER
                    else "its address cannot be changed."
                )
            )
    if _verify(t) is False and task is not Task.NONE:
        blocked = True
        out.append(
            "I could not verify that you are the account holder, so I can't make "
            "changes to this account."
        )
    return Doing(tuple(out), blocked)


def explanation(t: Transcript, did: Doing, declined: Article | None = None) -> str:
    """What was done, when a refund arrives, then the article for the case (whole when the
    request was not met; the refund article when a refund was declined)."""
    public = [a for a in t.articles if not a.internal]
    words = set(re.findall(r"[a-z]{3,}", customer_request(t).lower()))

    refused = _verify(t) is False

    def score(a: Article) -> tuple[int, int]:
        text = f"{a.title} {a.body}".lower()
        fits = 4 * bool(UNVERIFIED.search(text)) if refused else 0
        if did.blocked:
            fits += 2 * bool(re.search(r"\b(after|once)\b[^.]*\b(ship|dispatch|deliver)", text))
            fits -= 2 * ("before" in a.title.lower())
        return fits, len(words & set(re.findall(r"[a-z]{3,}", text)))

    best = max(public, key=score, default=None)
    parts = list(did.done)
    if t.refunded and (when := timing(_policy(t.articles))) is not None:
        parts.append(f"The refund arrives {when}.")
    if declined is not None:
        parts.append(
            f"I'm sorry, but I can't refund it: {without_withheld(declined.body, declined.note)}"
        )
    elif best is not None:
        told = without_withheld(best.body, best.note)
        parts += [told] if did.blocked else quotable(told)
    return " ".join(parts)

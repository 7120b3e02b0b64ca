"""The mock's support agent: the next tool call or reply, read from the conversation.

It behaves like a careful, not brilliant, LLM: search the knowledge base first; read the
policy it found (refund in full, a percentage for the customer's tier, the later duplicate
charge, the shipping charge, no refund outside the window or for past periods, escalate what
is beyond its authority); act on it once; explain with the policy's own words; close when the
customer is satisfied; escalate when the customer asks for a human.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum
from typing import Any

from sim.internal_quantities import without_withheld
from sim.mock_llm import world_moves as wm
from sim.mock_llm.guided import guided_move
from sim.mock_llm.tier2_moves import tier2_move
from sim.mock_llm.transcript import Account, Article, Item, Transcript
from sim.reading import clean, in_force

__all__ = ["SUPPORT_TOOLS", "Decision", "Move", "Plan", "next_move", "read_policy"]

SUPPORT_TOOLS = frozenset({"reply", "search_kb", "issue_refund", "escalate", "close_ticket"})

_HUMAN = re.compile(r"\b(human|manager|supervisor|real person|someone else|a person)\b", re.I)
_SATISFIED = re.compile(
    r"\b(thank|thanks|solved|solves|that works|perfect|great|appreciate|all good|sorted)\b", re.I
)
_UNHAPPY = re.compile(r"\b(not|still|no|never|but|why|ridiculous|unacceptable)\b", re.I)
_ESCALATE = re.compile(
    r"escalate the ticket|must be approved|(?:agents?|you) cannot (?:send|issue|approve)"
    r"|beyond (?:the |your )?(?:agent'?s? )?authority|hand (?:it|the ticket) (?:over|to)",
    re.I,
)
_DECLINE = re.compile(
    r"do not refund|cannot issue a refund|no refunds? for|not eligible for a refund", re.I
)
_APPROVAL = re.compile(r"above \$([\d,]+(?:\.\d\d)?)[^.]*?\bapprov", re.I)
_ACCOUNT_ID = re.compile(r"^Customer: .*, account (\S+)$", re.M)
_TRIED = re.compile(r"\b(?:tried|already|restarted|reset)\b", re.I)
_WINDOW = re.compile(r"(?:within|in the last|in the first) (\d+) days", re.I)
_LIMIT = re.compile(r"up to \$([\d,]+(?:\.\d\d)?)", re.I)
_PERCENT = re.compile(r"(\d{1,3})% of [^,;:.]*? for ([^,;:.]*)", re.I)
_FULL_FOR = re.compile(r"full refund for ([^,;:.]*)", re.I)
_DUPLICATE = re.compile(r"duplicate|charged twice|two identical|twice", re.I)
_MONEY = re.compile(r"refund|money|charged|reimburs|paid", re.I)
_WORD = re.compile(r"[a-z]{3,}")
_ASK = re.compile(
    r"\bask the customer for (the [^.;:]+?)(?= before| to confirm| and | \(|[.;:,])", re.I
)
_QUESTION = "could you tell me"
_CENT = Decimal("0.01")


class Decision(StrEnum):
    REFUND = "refund"
    DECLINE = "decline"
    ESCALATE = "escalate"
    INFORM = "inform"


@dataclass(frozen=True, slots=True)
class Plan:
    """What the retrieved policy says to do."""

    decision: Decision
    amount: Decimal | None = None
    target: str | None = None
    explanation: str = ""


@dataclass(frozen=True, slots=True)
class Move:
    """The next thing the agent says: a tool call, or a plain text answer."""

    tool: str | None
    args: dict[str, Any]
    text: str | None = None


def _words(text: str) -> set[str]:
    return set(_WORD.findall(text.lower()))


def _duplicate(account: Account) -> Item | None:
    """The later of identical charges (same description and amount), if any."""
    groups: dict[tuple[str, Decimal], list[Item]] = {}
    for item in account.charges:
        groups.setdefault((item.label.lower(), item.amount), []).append(item)
    twins = [g for g in groups.values() if len(g) > 1]
    return max(twins[0], key=lambda i: i.id) if twins else None


def _named_item(account: Account, said: str) -> Item | None:
    """The one order or charge whose id the customer gave, if exactly one."""
    named = [i for i in account.items if re.search(rf"\b{re.escape(i.id)}\b", said)]
    return named[0] if len(named) == 1 else None


def _subject_item(account: Account, ticket: str) -> Item | None:
    """The order (else charge) whose label best matches the ticket."""
    words = _words(ticket)
    pool = account.orders or account.charges
    return max(
        pool,
        key=lambda i: (len(words & _words(i.label)), i.day.toordinal() if i.day else 0),
        default=None,
    )


def _overcharge(account: Account) -> tuple[Item, Decimal] | None:
    """A charge above the order it paid for (named in it, or the same day): the difference."""
    for charge in account.charges:
        for order in account.orders:
            named = order.id in charge.label or (order.day is not None and order.day == charge.day)
            if named and charge.amount > order.amount:
                return charge, charge.amount - order.amount
    return None


def _fraction(text: str, tier: str) -> Decimal:
    for m in _PERCENT.finditer(text):
        if tier and tier in m[2].lower():
            return Decimal(m[1]) / 100
    for m in _FULL_FOR.finditer(text):
        if tier and tier in m[1].lower():
            return Decimal(1)
    return Decimal(1)


def _outside_window(days: str | None, item: Item | None, account: Account) -> bool:
    """Whether the ticket came more than ``days`` after the item's date."""
    if days is None or item is None or item.day is None or account.opened is None:
        return False
    return (account.opened - item.day).days > int(days)


def _explanation(*articles: Article | None) -> str:
    seen: dict[str, str] = {}
    for a in articles:
        if a is not None and not a.internal:  # internal text is for deciding, not quoting
            seen.setdefault(a.id, without_withheld(a.body, a.note))
    return " ".join(seen.values())


def needed(articles: list[Article]) -> list[str]:
    """What the articles say to ask the customer for before acting (once each, in order)."""
    found: list[str] = []
    for article in articles:
        for m in _ASK.finditer(article.body):
            if m[1] not in found:
                found.append(m[1])
    return found


def read_policy(articles: list[Article], account: Account, ticket: str, said: str = "") -> Plan:
    """Decide from the retrieved articles what the policy calls for.

    The policy is the first retrieved article that speaks of refunds; an article anywhere that
    puts the case beyond the agent (escalate, approval needed, a refund limit) wins."""
    speaks = [a for a in articles if "refund" in a.policy_text.lower()]
    policy = next((a for a in speaks if not a.internal), speaks[0] if speaks else None)
    escalation = next((a for a in articles if _ESCALATE.search(a.policy_text)), None)
    second = next((a for a in articles if a is not policy), None)
    if escalation is not None:
        return Plan(Decision.ESCALATE, explanation=_explanation(escalation, policy))
    if policy is None:
        return Plan(Decision.INFORM, explanation=_explanation(*articles[:2]))
    explanation = _explanation(policy, second)
    text = policy.policy_text
    window = _WINDOW.search(text)
    item = _named_item(account, said) or _subject_item(account, ticket)
    if _outside_window(window[1] if window else None, item, account) or _DECLINE.search(text):
        return Plan(Decision.DECLINE, explanation=explanation)
    if re.search(r"refund the difference", text, re.I) and (over := _overcharge(account)):
        charge, amount = over
        return Plan(Decision.REFUND, amount, charge.id, explanation)
    target: Item | None
    if "shipping charge" in text.lower():
        target = next((c for c in account.charges if "shipping" in c.label.lower()), item)
    elif _DUPLICATE.search(text) and _DUPLICATE.search(ticket + " " + account.subject):
        target = _duplicate(account) or item
    else:
        target = item
    if target is None:
        return Plan(Decision.INFORM, explanation=explanation)
    amount = (target.amount * _fraction(text, account.tier)).quantize(_CENT, ROUND_HALF_UP)
    limits = [
        Decimal(m[1].replace(",", "")) for a in articles for m in _LIMIT.finditer(a.policy_text)
    ]
    if limits and amount > min(limits):
        return Plan(Decision.ESCALATE, amount, target.id, explanation)
    return Plan(Decision.REFUND, amount, target.id, explanation)


_SORRY = (
    "I'm sorry about this, I understand how frustrating it is.",
    "Thank you for your patience, and I'm sorry for the trouble.",
    "I understand, and I apologise for the inconvenience.",
)


def _explain(plan: Plan, rng: random.Random) -> str:
    parts = [rng.choice(_SORRY)]
    if plan.decision is Decision.REFUND and plan.amount is not None:
        parts.append(
            f"I have refunded ${plan.amount:,.2f} for {plan.target} to your original "
            "payment method."
        )
    elif plan.decision is Decision.DECLINE:
        parts.append("I'm afraid I can't issue a refund in this case; here is our policy.")
    elif plan.decision is Decision.ESCALATE:
        parts.append("This needs our specialist team, so I am passing your case to them.")
    if plan.explanation and plan.decision is Decision.REFUND:
        # Money moved: the policy without a sentence on what is not refunded.
        parts += [
            s
            for s in re.split(r"(?<=[.!?])\s+", plan.explanation)
            if not re.search(r"\b(?:not|no|never)\b[^.]*\brefund", s, re.I)
        ]
    elif plan.explanation:
        parts.append(plan.explanation)
    return " ".join(parts)


def _follow_up(t: Transcript, plan: Plan) -> str:
    n = t.replies
    if plan.decision is Decision.REFUND and plan.amount is not None:
        return f"To confirm (update {n}): your refund of ${plan.amount:,.2f} is on its way."
    return f"To confirm (update {n}): {plan.explanation or 'is there anything else I can do?'}"


def _wants_money(t: Transcript) -> bool:
    return _MONEY.search(clean(" ".join(t.customer[:1])) + " " + t.account.subject) is not None


def _query(t: Transcript) -> str:
    opening = " ".join(clean(t.customer[0]).split()[:30]) if t.customer else ""
    hint = wm.query_hint(t) if t.tools & wm.DOMAIN_TOOLS else ""
    policy = " refund policy" if _wants_money(t) and not hint else ""
    return f"{hint} {t.account.subject} {opening}{policy}".strip() or "help"


def _team_for(t: Transcript) -> str | None:
    """The listed team whose name and remit the retrieved articles speak of most."""
    if not t.account.teams:
        return None
    words = set(re.findall(r"[a-z]+", " ".join(a.policy_text for a in t.articles).lower()))

    def overlap(team: tuple[str, str]) -> tuple[int, int]:
        name = set(re.findall(r"[a-z]+", team[0].lower()))
        about = set(re.findall(r"[a-z]{4,}", team[1].lower()))
        return len(name & words), len(about & words)

    best = max(t.account.teams, key=overlap)
    return best[0] if overlap(best) > (0, 0) else None


def _world_turn(t: Transcript, rng: random.Random, reply: Callable[[str], Move]) -> Move:
    """A domain-tool task: its next tool (or question), then one explanation, then close."""
    move = wm.world_move(t)
    if move is not None:
        name, args = move
        return reply(str(args["content"])) if name == "reply" else Move(name, args)
    did = wm.doing(t)
    declined: Article | None = None
    if wm.wants_money(t) and not did.blocked:  # money back on a cancellation, by the policy
        ticket, said = clean(" ".join(t.customer[:1])), clean(" ".join(t.customer[1:]))
        plan = read_policy(t.articles, t.account, ticket, said)
        if plan.decision is Decision.REFUND and "issue_refund" in t.tools and not t.refund_tried:
            args = {"amount": f"{plan.amount}", "reason": "Per the policy.", "target": plan.target}
            return Move("issue_refund", args)
        if plan.decision is Decision.DECLINE:
            declined = next((a for a in t.articles if "refund" in a.body.lower()), None)
    team = _team_for(t) if wm.hand_over(t) else None
    if t.replies and t.last_action == "reply" and (guided := guided_move(t)) is not None:
        return Move(*guided)  # dual control: a step for the customer, or it worked: close
    if t.last_action != "reply" or not t.replies:
        passing = f" I am passing your case to our {team} team now." if team else ""
        return reply(f"{rng.choice(_SORRY)} {wm.explanation(t, did, declined)}{passing}")
    if team is not None:
        return Move("escalate", {"reason": "The caller could not be verified.", "team": team})
    return Move("close_ticket", {"resolution": " ".join(did.done) or "Handled as asked."})


def _handoff_note(t: Transcript, plan: Plan) -> str:
    """The escalation's note: what is owed, for which order, and the customer's own words
    (what they already said and tried), so that the next team need not ask again."""
    account = _ACCOUNT_ID.search(t.opening)
    about = f"Account {account[1]}: {t.account.subject}." if account else t.account.subject
    owed = (
        f"Refund of ${plan.amount:,.2f} owed for {plan.target}, above my refund limit."
        if plan.amount is not None and plan.target is not None
        else f"{about} The policy puts this beyond my authority."
    )
    said = " ".join(clean(m) for m in t.customer)
    tried = [s for s in re.split(r"(?<=[.!?])\s+", said) if _TRIED.search(s)]
    if tried:
        owed += " Already tried, as the customer told me: " + " ".join(tried)
    return owed


def _approval_gate(t: Transcript, plan: Plan) -> Move | None:
    """Before a refund the retrieved policy says needs a supervisor's approval: ask for it
    (a move), or, once asked, ``None`` if granted and an empty move if denied."""
    if "request_approval" not in t.tools or plan.amount is None:
        return None
    limits = [
        Decimal(m[1].replace(",", ""))
        for a in t.articles
        for m in _APPROVAL.finditer(a.policy_text)
    ]
    if not limits or plan.amount <= min(limits):
        return None
    asked = t.done("request_approval")
    if not asked:
        args = {
            "amount": f"{plan.amount}",
            "target": plan.target,
            "justification": "The retrieved refund policy allows this refund; it is above "
            "the approval limit.",
        }
        return Move("request_approval", args)
    if asked[-1].result.startswith("The supervisor approved"):
        return None
    return Move(None, {})


def next_move(t: Transcript, rng: random.Random, *, text_reply_rate: float = 0.25) -> Move:
    """The agent's next move given everything said and done so far."""

    def reply(content: str) -> Move:
        if rng.random() < text_reply_rate:
            return Move(None, {}, content)
        return Move("reply", {"content": content})

    if t.handoff is not None:  # a tier-2 agent after a handoff
        move = tier2_move(t, reply, lambda tool, args: Move(tool, args))
        if move is not None:
            return move
    last = t.last_customer
    # A tier-2 agent is already the team a customer asking for a person was handed to.
    if t.handoff is None and _HUMAN.search(clean(last)):
        return Move("escalate", {"reason": "The customer asked to speak to a human."})
    world = bool(t.tools & wm.DOMAIN_TOOLS)
    if world and (look := wm.lookup_move(t)) is not None:
        return Move(*look)
    if not t.done("search_kb"):
        return Move("search_kb", {"query": _query(t)})
    t.articles = in_force(t.articles, t.account.opened)  # the policy versions of that day
    if world and wm.task_for(t, wm.world_view(t)) is not wm.Task.NONE:
        return _world_turn(t, rng, reply)
    if (guided := guided_move(t)) is not None:
        return Move(*guided)  # dual control: the customer takes the steps
    ticket, said = clean(" ".join(t.customer[:1])), clean(" ".join(t.customer[1:]))
    plan = read_policy(t.articles, t.account, ticket, said)
    asked = any(_QUESTION in str(c.args.get("content", "")) for c in t.done("reply")) or any(
        _QUESTION in r for r in t.text_replies
    )
    need = needed(t.articles)
    if plan.decision is Decision.REFUND and need and not asked and not t.refund_tried:
        return reply(f"{rng.choice(_SORRY)} Before I fix this, {_QUESTION} {' and '.join(need)}?")
    if plan.decision is Decision.INFORM and _wants_money(t) and len(t.done("search_kb")) < 2:
        return Move("search_kb", {"query": f"refund policy {t.account.subject}"})
    if plan.decision is Decision.REFUND and (gate := _approval_gate(t, plan)) is not None:
        if gate.tool is not None or gate.text is not None:
            return gate
        plan = Plan(Decision.DECLINE, explanation=plan.explanation)
    if plan.decision is Decision.REFUND and not t.refund_tried:
        return Move(
            "issue_refund",
            {
                "amount": f"{plan.amount}",
                "reason": "Per the retrieved refund policy.",
                "target": plan.target,
            },
        )
    if t.replies == 0 or t.last_action in ("search_kb", "issue_refund", "request_approval"):
        text = _explain(plan, rng)
        if plan.decision is Decision.ESCALATE and (team := _team_for(t)) is not None:
            text = text.replace("our specialist team", f"our {team} team")
        return reply(text)
    if plan.decision is Decision.ESCALATE:
        args = {"reason": _handoff_note(t, plan)}
        team = _team_for(t)
        return Move("escalate", {**args, "team": team} if team else args)
    satisfied = _SATISFIED.search(last) is not None and _UNHAPPY.search(last) is None
    if satisfied or t.replies >= 3:
        resolution = {
            Decision.REFUND: f"Refunded {plan.amount} for {plan.target}.",
            Decision.DECLINE: "Refund declined per policy; next steps explained.",
        }.get(plan.decision, "Answered the customer's question from the knowledge base.")
        return Move("close_ticket", {"resolution": resolution})
    return reply(_follow_up(t, plan))

"""ScriptedAgent: a heuristic baseline that reads the ticket, the account and the knowledge
base the way a careful new hire would. It never sees the gold answer or the expectations.

Its variants (:data:`VARIANTS`) make the same decisions (what to ask, what to refund) and
differ only in manner: how they talk, and what they do when the customer asks for a human.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from agents.base import PolicyAgent
from agents.scripted_guide import CustomerGuide
from agents.scripted_tasks import Task
from agents.scripted_world import WorldScript, world_blocked
from sim.actions import (
    Action,
    CloseTicket,
    Escalate,
    IssueRefund,
    Reply,
    RequestApproval,
    SearchKB,
)
from sim.internal_quantities import without_withheld
from sim.kb import tokens
from sim.reading import clean, in_force, quotable, timing
from sim.scenario import Charge, Order, Scenario, Team
from sim.state import ArticleView, Observation, Role
from sim.tools import TOOL_TYPES

__all__ = ["VARIANTS", "HumanHandling", "Manner", "ScriptedAgent"]

_WORD = re.compile(r"[a-z0-9]{3,}")
_STOP = frozenset(
    (
        "the and for you your with this that have has was are not but can how get got now "
        "from they them their what when why will would could should please thanks thank hi "
        "hello again really just like want need my our its it's been into about"
    ).split()
)
_HUMAN = re.compile(r"\b(human|manager|supervisor|real person|someone else|escalate)\b", re.I)
_SATISFIED = re.compile(
    r"\b(thanks?|thank you|solved|sorted|perfect|great|that works|appreciate)\b", re.I
)
_MONEY = re.compile(r"\$\s?([0-9][0-9,]*(?:\.[0-9]{2})?)")
_PERCENT = re.compile(r"(\d{1,3})\s?%")
_WINDOW = re.compile(r"(?:within|in the last|in the first) (\d+) days")
_NO_REFUND = re.compile(
    r"\bno refunds?\b|\bnot (?:eligible|refundable)\b|nothing (?:needs|has) to be refunded", re.I
)
_WANTS_MONEY = re.compile(
    r"\b(refund|money back|money returned|charged|charge|billed|reimburse)", re.I
)
_DUPLICATE = re.compile(r"\b(twice|double|duplicate|two charges)\b", re.I)
_SHIPPING = re.compile(r"\b(shipping|delivery|late|express)\b", re.I)
_ASK = re.compile(
    r"\b(?:ask the customer for|confirm) (the [^.;:]+?)(?= before| to confirm| and | \(|[.;:,])",
    re.I,
)
_ANGER = re.compile(
    r"!|\b[A-Z]{4,}\b|(?i:\b(ridiculous|unacceptable|fed up|sick of|furious|outrageous)\b)"
)


_TRIED = re.compile(r"\b(?:tried|already|restarted|reset)\b", re.I)
_APPROVAL = re.compile(r"above \$([\d,]+(?:\.\d\d)?)[^.]*?\bapprov", re.I)
"""An article's approval limit: "refunds above $100.00 need a supervisor's approval"."""


class HumanHandling(StrEnum):
    """What an agent does when the customer asks for a human."""

    WHEN_ASKED_AGAIN = "when_asked_again"
    """Offer to help at the first request; when asked again, fix silently what can be fixed
    now and hand over with no more replies."""
    NEVER = "never"
    """Ignore every request for a human (escalate only when the policy text says to)."""
    FIRST_ANGER = "first_anger"
    """Hand over at the first sign of anger or the first request."""


@dataclass(frozen=True, slots=True)
class Manner:
    """How a scripted agent talks and treats requests for a human; decisions are shared."""

    empathy: bool = True
    """Apologise and acknowledge the customer's feelings in replies."""
    acknowledge_first: bool = False
    """Open with an empathetic acknowledgement before any work."""
    human: HumanHandling = HumanHandling.WHEN_ASKED_AGAIN
    """What to do when the customer asks for a human."""


def _words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _STOP}


def _money(text: str) -> list[Decimal]:
    return [Decimal(m.replace(",", "")) for m in _MONEY.findall(text)]


@dataclass
class _Plan:
    refund: IssueRefund | None = None
    escalate: str | None = None
    declined: bool = False
    owed: Decimal | None = None
    """A refund owed but beyond the agent (it goes to whoever approves it)."""


class ScriptedAgent(PolicyAgent):
    """Search, ask what the policy needs from the customer, decide from the articles and the
    account, refund or escalate, explain, close."""

    name = "scripted"

    def __init__(self, manner: Manner | None = None, name: str = "scripted") -> None:
        self.manner = manner or Manner()
        self.name = name

    def begin(self, scenario: Scenario) -> None:
        self._acknowledged = False
        self._asked = False
        self._searched = False
        self._articles: list[ArticleView] = []
        self._plan: _Plan | None = None
        self._refunded = False
        self._informed = 0
        self._ticket_words: set[str] = set()
        self._world: WorldScript | None = None
        self._last: Action | None = None
        self._guide = CustomerGuide()
        self._approval: bool | None = None
        """``request_approval`` asked (``False`` until answered), then the answer."""

    def act(self, observation: Observation) -> Action:
        if self._world is None and any(t in TOOL_TYPES for t in observation.tools):
            self._world = WorldScript()
        if self._world is not None:
            self._world.observe(observation, self._last)
        self._last = self._act(observation)
        return self._last

    def _act(self, observation: Observation) -> Action:
        obs, manner, world = observation, self.manner, self._world
        notices = [
            ArticleView(id=f"policy-update-{i}", title="Policy update", body=n, internal=True)
            for i, n in enumerate(obs.policy_notices)
        ]
        if obs.search_results or notices:
            # Only the versions in force on the ticket's date count; announced updates first.
            seen = {a.id for a in self._articles}
            new = [a for a in [*notices, *obs.search_results] if a.id not in seen]
            fresh = [a for a in new if a.id.startswith("policy-update-")]
            rest = [*self._articles, *(a for a in new if a not in fresh)]
            self._articles = [*fresh, *in_force(rest, obs.ticket.opened)]
        asks = self._requests(obs)
        last = next((m for m in reversed(obs.conversation) if m.role is Role.CUSTOMER), None)
        said = "" if last is None else last.content.replace(obs.ticket.body, " ")
        if manner.human is HumanHandling.FIRST_ANGER and (asks or _ANGER.search(said)):
            return Escalate(reason="The customer is upset; a human should take over.")
        if manner.human is HumanHandling.WHEN_ASKED_AGAIN and asks >= 2:
            # Asked again after an offer to help: fix silently what is within authority and
            # can be fixed now, then hand over with no more replies.
            return self._silent_fix(obs) or Escalate(reason="The customer asked for a human.")
        if manner.acknowledge_first and not self._acknowledged:
            self._acknowledged = True
            return Reply(content=self._acknowledge(obs))
        if world is not None and (step := world.lookup(obs)) is not None:
            return step
        if not self._searched:
            self._searched = True
            return SearchKB(query=self._query(obs))
        if world is not None and (step := world.act(obs, self._articles)) is not None:
            return step
        tooled = world is not None and world.task(obs) is not Task.NONE
        need = [] if tooled else self._needed()
        if need and not self._asked:
            self._asked = True  # the policy needs something only the customer knows
            return Reply(content=self._question(obs, need))
        # A cancellation may also owe money back (a charge taken after the request).
        money = world is not None and world.wants_money(obs)
        plan = self._decided(obs) if not tooled or (money and not world_blocked(world)) else _Plan()
        if plan.refund is not None and not self._refunded:
            ask = self._ask_approval(obs, plan.refund)
            if ask is not None:
                return ask
            if self._approval is False:  # the supervisor said no: no refund
                plan = self._plan = _Plan(declined=True)
        if plan.refund is not None and not self._refunded:
            step = plan.refund if world is None else world.guarded(obs, self._articles, plan.refund)
            if step is plan.refund:
                self._refunded = True
                return plan.refund
            if step is not None:
                return step  # verify the caller first
            plan = self._plan = _Plan(declined=True)  # no money for an unverified caller
        guided = self._guide.act(obs, self._articles, world, explained=self._informed > 0)
        if guided is not None:  # dual control: the customer takes a step, or said it worked
            return guided
        if self._informed == 0:
            self._informed = 1
            if tooled and world is not None:
                return Reply(content=self._explain_world(obs, world, plan))
            return Reply(content=self._explain(obs, plan))
        if tooled and world is not None and world.hand_over(self._articles):
            return Escalate(reason="The caller could not be verified.", team=self._team(obs))
        if tooled:  # the tools did what could be done and the customer was told
            return CloseTicket(resolution=self._summary(plan))
        if plan.escalate is not None:
            return Escalate(reason=plan.escalate, team=self._team(obs))
        if (last is not None and _SATISFIED.search(last.content)) or self._informed >= 2:
            return CloseTicket(resolution=self._summary(plan))
        self._informed += 1
        return Reply(content=self._follow_up())

    def _requests(self, obs: Observation) -> int:
        """How many of the customer's messages asked for a human."""
        return sum(
            1
            for m in obs.conversation
            if m.role is Role.CUSTOMER and _HUMAN.search(m.content.replace(obs.ticket.body, " "))
        )

    @staticmethod
    def _tried(obs: Observation) -> str:
        """For a handoff note: what the customer said they already tried, in their words."""
        said = " ".join(m.content for m in obs.conversation if m.role is Role.CUSTOMER)
        tried = [x for x in re.split(r"(?<=[.!?])\s+", said) if _TRIED.search(x)]
        return f" Already tried, as the customer told me: {' '.join(tried)}" if tried else ""

    def _ask_approval(self, obs: Observation, refund: IssueRefund) -> Action | None:
        """Before a refund the articles say needs a supervisor's approval (``above $X ...
        approval``): ask for it once; afterwards remember the answer (``self._approval``)."""
        if self._approval is None:
            limits = [
                Decimal(m[1].replace(",", ""))
                for a in self._articles
                for m in _APPROVAL.finditer(f"{a.body} {a.internal_note or ''}")
            ]
            if "request_approval" not in obs.tools or not limits or refund.amount <= min(limits):
                return None
            self._approval = False
            return RequestApproval(
                action=refund,
                justification="The retrieved policy owes this refund; it is above the approval "
                "limit.",
            )
        if self._approval is False and obs.feedback.startswith("The supervisor approved"):
            self._approval = True
        return None

    def _decided(self, obs: Observation) -> _Plan:
        if self._plan is None:
            self._ticket_words = set(tokens(clean(f"{obs.ticket.subject} {obs.ticket.body}")))
            self._plan = self._decide(obs)
        return self._plan

    def _silent_fix(self, obs: Observation) -> IssueRefund | None:
        """The owed refund, if it can be issued now (policy read, customer's facts asked)."""
        if not self._articles or self._refunded or (self._needed() and not self._asked):
            return None
        plan = self._decided(obs)
        if plan.refund is None:
            return None
        self._refunded = True
        return plan.refund

    def _needed(self) -> list[str]:
        """What the retrieved articles say to ask the customer for, in order, once each."""
        found: list[str] = []
        for article in self._articles:
            for match in _ASK.finditer(article.body):
                if match[1] not in found:
                    found.append(match[1])
        return found

    # -- reading the ticket -------------------------------------------------------------

    def _query(self, obs: Observation) -> str:
        text = clean(f"{obs.ticket.subject} {obs.ticket.body}")
        seen: list[str] = self._world.query(obs).split() if self._world is not None else []
        if _WANTS_MONEY.search(text) and not seen:
            seen += ["refund", "policy"]
        for w in _WORD.findall(text.lower()):
            if w not in _STOP and w not in seen:
                seen.append(w)
        return " ".join(seen[:12]) or obs.ticket.subject

    def _target(self, obs: Observation) -> Order | Charge | None:
        ticket = clean(f"{obs.ticket.subject} {obs.ticket.body}")
        charges = list(obs.customer.charges)
        told = clean(" ".join(m.content for m in obs.conversation if m.role is Role.CUSTOMER))
        known: list[Order | Charge] = [*obs.customer.orders, *charges]
        named = [i for i in known if re.search(rf"\b{re.escape(i.id)}\b", told)]
        if len(named) == 1:
            return named[0]
        if _DUPLICATE.search(ticket):
            groups: dict[tuple[str, Decimal, object], list[Charge]] = {}
            for c in charges:
                groups.setdefault((c.description, c.amount, c.date), []).append(c)
            dups = [g for g in groups.values() if len(g) > 1]
            if dups:
                return sorted(dups[0], key=lambda c: c.id)[-1]
        if _SHIPPING.search(ticket):
            ship = [c for c in charges if "shipping" in c.description.lower()]
            if ship:
                return ship[0]
        items: list[Order | Charge] = [*obs.customer.orders, *charges]
        if not items:
            return None
        words = _words(ticket)

        def overlap(i: Order | Charge) -> int:
            label = i.item if isinstance(i, Order) else i.description
            return len(words & _words(label))

        best = max(items, key=lambda i: (overlap(i), i.date))
        return best if overlap(best) > 0 else None

    def _decide(self, obs: Observation) -> _Plan:
        # Internal notes count for deciding (limits, approvals); they are never quoted. The
        # three articles closest to the ticket decide (announced updates always count).
        ticket = clean(f"{obs.ticket.subject} {obs.ticket.body}")
        words = set(tokens(ticket))
        notices = [a for a in self._articles if a.id.startswith("policy-update-")]
        rest = [a for a in self._articles if a not in notices]
        ranked = sorted(rest, key=lambda a: -len(words & set(tokens(f"{a.title} {a.body}"))))
        deciding = [*notices, *(a for a in rest if a in ranked[:3])]
        text = " ".join(f"{a.title}. {a.body} {a.internal_note or ''}" for a in deciding)
        wants_money = _WANTS_MONEY.search(ticket)
        target = self._target(obs)
        if not wants_money or target is None or not self._articles:
            return _Plan()
        # A duplicate charge is refunded whatever else the articles exclude, once the account
        # shows it (a pending authorisation is not on the account).
        duplicate = _DUPLICATE.search(ticket) is not None and self._duplicates(obs)
        if _NO_REFUND.search(text) and not duplicate:
            return _Plan(declined=True)
        window = _WINDOW.search(text)
        if window and obs.ticket.opened is not None:
            age = (obs.ticket.opened - target.date).days
            if age > int(window.group(1)):
                return _Plan(declined=True)
        if re.search(r"refund the difference", text, re.I) and (over := self._overcharge(obs)):
            return _Plan(refund=over)
        amount = target.amount
        tier = obs.customer.tier.value
        # A percentage counts where a sentence speaks of refunds (not a retention discount).
        refund_text = " ".join(
            s for s in re.split(r"(?<=[.;])\s+", text) if re.search(r"\brefund", s, re.I)
        )
        percent = _PERCENT.search(refund_text)
        if percent and tier in text.lower():
            amount = (amount * Decimal(percent.group(1)) / 100).quantize(Decimal("0.01"))
        limit_words = re.search(r"\b(limit|up to|approval)\b", text, re.I)
        limits = [m for m in _money(text) if m < amount] if limit_words else []
        if "request_approval" in obs.tools:  # a limit that approval lifts is no reason to escalate
            approvable = {Decimal(m[1].replace(",", "")) for m in _APPROVAL.finditer(text)}
            limits = [m for m in limits if m not in approvable]
        if limits:
            return _Plan(
                escalate=f"Refund of ${amount:,.2f} owed for {target.id}, above the agent "
                f"approval limit.{self._tried(obs)}",
                owed=amount,
            )
        return _Plan(
            refund=IssueRefund(amount=amount, target=target.id, reason="Per the refund policy.")
        )

    @staticmethod
    def _duplicates(obs: Observation) -> bool:
        seen = [(c.description, c.amount, c.date) for c in obs.customer.charges]
        return len(set(seen)) < len(seen)

    @staticmethod
    def _overcharge(obs: Observation) -> IssueRefund | None:
        """A charge above the total of the order it paid for: the difference, on the charge."""
        for charge in obs.customer.charges:
            for order in obs.customer.orders:
                named = order.id in charge.description or order.date == charge.date
                if named and charge.amount > order.amount:
                    return IssueRefund(
                        amount=charge.amount - order.amount,
                        target=charge.id,
                        reason="Charged above the order total.",
                    )
        return None

    # -- writing ------------------------------------------------------------------------

    def _explain(self, obs: Observation, plan: _Plan) -> str:
        first = obs.customer.name.split()[0]
        parts = [f"I'm sorry about this, {first}, and I understand."] if self.manner.empathy else []
        if self._world is not None:
            parts += self._world.told()  # e.g. why no money moved for an unverified caller
        if plan.refund is not None:
            parts.append(f"I have refunded ${plan.refund.amount} to your original payment method.")
        elif plan.escalate is not None and plan.owed is not None:
            parts.append(
                f"You are owed a refund of ${plan.owed}, but that needs approval beyond what I "
                "can give, so I am passing your case on now."
            )
        elif plan.escalate is not None:
            parts.append("This needs approval beyond what I can do, so I am passing it on.")
        elif plan.declined:
            parts.append("I checked our policy and unfortunately I can't offer a refund here.")
        article = self._best_article(plan)
        if article is not None and plan.refund is not None:
            # Money moved: its article without a sentence on what is not refunded.
            parts += [
                s
                for s in re.split(r"(?<=[.!?])\s+", self._told(article))
                if not re.search(r"\b(?:not|no|never)\b[^.]*\brefund", s, re.I)
            ]
        elif article is not None:
            parts.append(self._told(article))
        return " ".join(parts)

    def _explain_world(self, obs: Observation, world: WorldScript, plan: _Plan) -> str:
        """What the tools did (or why they could not), any refund and when it arrives, and the
        article for this case: whole when the request could not be met (the alternatives),
        else its customer-facing part."""
        first = obs.customer.name.split()[0]
        parts = [f"I'm sorry about this, {first}, and I understand."] if self.manner.empathy else []
        parts += world.told()
        if plan.refund is not None and self._refunded:
            parts.append(f"I have refunded ${plan.refund.amount} to your original payment method.")
        policy = " ".join(f"{a.body} {a.internal_note or ''}" for a in self._articles)
        if (world.refunded or self._refunded) and (when := timing(policy)) is not None:
            parts.append(f"The refund arrives {when}.")
        article = world.article(self._articles, world.request(obs))
        if world.hand_over(self._articles) and (team := self._team(obs)) is not None:
            parts.append(f"I am passing your case to our {team} team now.")
        if plan.declined and (why := self._best_article(plan)) is not None:
            parts.append(f"I'm sorry, but I can't refund it: {self._told(why)}")
        elif article is not None:
            told = self._told(article)
            parts += [told] if world.blocked else quotable(told)
        return " ".join(parts)

    def _acknowledge(self, obs: Observation) -> str:
        first = obs.customer.name.split()[0]
        return (
            f"I'm so sorry, {first}. I understand how frustrating this is, and I apologise for "
            "the inconvenience. I'm looking into it for you right now."
        )

    def _question(self, obs: Observation, need: list[str]) -> str:
        wanted = " and ".join(need)
        if not self.manner.empathy:
            return f"Please provide {wanted}?"
        return (
            f"I'm sorry for the trouble. So I can fix the right thing: could you tell me {wanted}?"
        )

    def _team(self, obs: Observation) -> str | None:
        """The listed team the retrieved articles name most (``None``: no team listed)."""
        if not obs.teams:
            return None
        words = set(tokens(" ".join(f"{a.body} {a.internal_note or ''}" for a in self._articles)))

        def named(team: Team) -> int:
            return len(words & set(tokens(" ".join([team.id, *team.aliases]))))

        best = max(obs.teams, key=named)
        return best.id if named(best) else None

    @staticmethod
    def _told(article: ArticleView) -> str:
        """What may be quoted of a public article: its body without a count its internal
        note withholds ("never tell the customer how many attempts trip the lock")."""
        return without_withheld(article.body, article.internal_note or "")

    def _public(self) -> list[ArticleView]:
        """Articles that may be quoted to the customer (never internal ones)."""
        return [a for a in self._articles if not a.internal]

    def _best_article(self, plan: _Plan) -> ArticleView | None:
        """The article that backs the decision: among refund articles when money moves,
        the one sharing the most words with the ticket (internal articles are never quoted)."""
        candidates = self._public()
        if plan.refund is not None or plan.declined or plan.escalate is not None:
            candidates = [
                a for a in candidates if re.search(r"\brefund", f"{a.title} {a.body}", re.I)
            ] or candidates
        if plan.escalate is not None:  # the article that says who takes it over, and when
            candidates = [
                a for a in candidates if re.search(r"\b(approv|escalat)", a.body, re.I)
            ] or candidates
        if not candidates:
            return None
        return max(
            candidates, key=lambda a: len(self._ticket_words & set(tokens(f"{a.title} {a.body}")))
        )

    def _follow_up(self) -> str:
        used = self._best_article(self._plan or _Plan())
        rest = [self._told(a) for a in self._public() if a is not used][:1]
        lead = "I understand. Here is what else may help:" if self.manner.empathy else "Also:"
        return " ".join([lead, *rest])

    def _summary(self, plan: _Plan) -> str:
        if self._world is not None and (done := self._world.told()):
            return " ".join(done)[:2000]
        if plan.refund is not None:
            return f"Refunded {plan.refund.amount} to {plan.refund.target}; policy explained."
        if plan.declined:
            return "Request declined per policy; alternatives explained."
        return "Instructions given from the knowledge base."


VARIANTS: dict[str, Manner] = {
    "scripted": Manner(),
    "scripted-curt": Manner(empathy=False),
    "scripted-empathetic": Manner(acknowledge_first=True),
    "scripted-ignores-human": Manner(human=HumanHandling.NEVER),
    "scripted-escalates-early": Manner(human=HumanHandling.FIRST_ANGER),
}
"""Scripted agents that differ only in manner: fix-first and curt, empathy-first, one that
ignores every request for a human, one that escalates at the first sign of anger."""

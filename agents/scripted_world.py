"""The scripted baseline's domain-tool work: look up what is hidden, verify the caller before
changing the account, then do what the ticket asks within what the tools and the articles
allow (cancel an unshipped order, re-address it, create a return, offer the tier's retention
deal once and cancel as asked, send a password reset).

It reads only the observation: the ticket (without instructions smuggled into it), the
account as shown, the articles, the feedback. It never sees the policy data or the gold.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal

from agents.scripted_tasks import (
    ID,
    NO_OFFER,
    NOW,
    REFUND,
    REFUSED_BEFORE,
    REPLACE,
    Task,
    task_of,
    words,
)
from sim.actions import Action, IssueRefund, Reply, SearchKB
from sim.reading import (
    HAND_OVER,
    UNVERIFIED,
    address_in,
    allowed_offers,
    answers_for,
    clean,
    offer_ids_in,
    verify_keys,
    verify_wanted,
)
from sim.state import ArticleView, Observation, Role
from sim.tools import (
    CancelOrder,
    CancelSubscription,
    CancelWhen,
    CreateReturn,
    LookupAccount,
    LookupOrder,
    OfferRetention,
    SendPasswordReset,
    UpdateAddress,
    VerifyIdentity,
)
from sim.world import Order, OrderStatus, ReturnKind, Subscription, SubscriptionStatus

__all__ = ["WorldScript", "world_blocked"]


@dataclass
class _Memory:
    """What the script did and learnt this episode."""

    task: Task | None = None
    tried: list[str] = field(default_factory=list)
    """Order ids looked up."""
    asked_verify: list[str] = field(default_factory=list)
    verify_tries: int = 0
    verified: bool = False
    refused: bool = False
    """Verification failed: the caller's answers do not match the account."""
    keys_on_file: list[str] | None = None
    offered: bool = False
    searched: bool = False
    """Searched again for the retention policy."""
    searched_refusal: bool = False
    """Searched for what to do when the caller cannot be verified."""
    deal: str | None = None
    """The retention deal for the tier, in the articles' words ("50% off the next month")."""
    probing: bool = False
    """The last offer asked for the allowed ids (none were written anywhere visible)."""
    accepted: bool = False
    asked_address: bool = False
    done: list[str] = field(default_factory=list)
    """What the tools did, as sentences for the customer."""
    blocked: str | None = None
    """The status that kept the tool from doing what was asked (``shipped``)."""
    refund: IssueRefund | None = None
    """The refund this script issued (``refunds`` once the env accepted it)."""
    refunds: list[IssueRefund] = field(default_factory=list)
    finished: bool = False


class WorldScript:
    """The next domain-tool step of a scripted agent, or ``None`` when the tools are done."""

    def __init__(self) -> None:
        self.m = _Memory()

    # -- what the ticket is about -------------------------------------------------------

    def task(self, obs: Observation) -> Task:
        if self.m.task is None:
            text = self.request(obs)
            task = task_of(text, obs.tools)
            if (
                task in (Task.CANCEL_ORDER, Task.NONE)
                and re.search(r"\bcancel", text, re.I)
                and obs.customer.subscriptions
                and "cancel_subscription" in obs.tools
                and not re.search(r"\border", text, re.I)
            ):
                task = Task.CANCEL_SUBSCRIPTION  # "cancel my StreamPlus"
            order = self._order(obs, OrderStatus.DELIVERED)
            if task is Task.RETURN and (order is None or order.status is not OrderStatus.DELIVERED):
                task = Task.NONE  # nothing delivered to send back (a lost parcel: a refund)
            self.m.task = task
        return self.m.task

    @staticmethod
    def request(obs: Observation) -> str:
        """The customer's own words (subject, body, later messages), instructions removed."""
        said = [m.content for m in obs.conversation if m.role is Role.CUSTOMER]
        return clean("\n".join([obs.ticket.subject, obs.ticket.body, *said[1:]]))

    def wants_money(self, obs: Observation) -> bool:
        """A cancellation that also asks for money back (a charge taken after the request)."""
        return self.task(obs) is Task.CANCEL_SUBSCRIPTION and bool(REFUND.search(self.request(obs)))

    def query(self, obs: Observation) -> str:
        """Search words for the task, with the case the account shows (shipped or not)."""
        task = self.task(obs)
        order = self._order(obs, OrderStatus.PROCESSING) if obs.customer.orders else None
        shipped = order is not None and order.status is not OrderStatus.PROCESSING
        case = "after shipping shipped" if shipped else "before shipping"
        return {
            Task.CANCEL_ORDER: f"cancel order {case}",
            Task.CHANGE_ADDRESS: f"change delivery address {case}",
            Task.RETURN: "return refund replacement",
            Task.CANCEL_SUBSCRIPTION: "cancel subscription "
            + ("refund charged after cancel" if self.wants_money(obs) else "retention offer"),
            Task.PASSWORD_RESET: "password reset",
            Task.NONE: "",
        }[task]

    def lookup(self, obs: Observation) -> Action | None:
        """Look up what is hidden before anything else (once each)."""
        if obs.customer.looked_up:
            return None
        if "lookup_account" in obs.tools:
            return LookupAccount()
        if "lookup_order" in obs.tools:
            known = {o.id for o in obs.customer.orders}
            named = [i for i in ID.findall(self.request(obs)) if i not in known]
            named = [i for i in named if i not in self.m.tried]
            if named:
                self.m.tried.append(named[0])
                return LookupOrder(order_id=named[0])
        return None

    def _order(self, obs: Observation, status: OrderStatus | None = None) -> Order | None:
        text = self.request(obs)
        orders = list(obs.customer.orders)
        named = [o for o in orders if re.search(rf"\b{re.escape(o.id)}\b", text)]
        if named:
            return named[0]
        pool = [o for o in orders if status is None or o.status is status] or orders
        said = words(text)
        return max(pool, key=lambda o: (len(said & words(o.item)), o.date), default=None)

    def _subscription(self, obs: Observation) -> Subscription | None:
        subs = [s for s in obs.customer.subscriptions if s.status is SubscriptionStatus.ACTIVE]
        subs = subs or [
            s for s in obs.customer.subscriptions if s.status is not SubscriptionStatus.CANCELLED
        ]
        said = words(self.request(obs))
        return max(subs, key=lambda s: len(said & words(s.plan)), default=None)

    # -- identity -------------------------------------------------------------------------

    def _verify(self, obs: Observation, articles: list[ArticleView]) -> Action | None:
        """Ask for what identifies the caller, then verify (``None``: verified or not needed)."""
        m = self.m
        if m.verified or m.refused or "verify_identity" not in obs.tools:
            return None
        if obs.customer.security is not None and obs.customer.security.verified:
            m.verified = True
            return None
        texts = [f"{a.body} {a.internal_note or ''}" for a in articles]
        wanted = (
            [k.replace("_", " ") for k in m.keys_on_file]
            if m.keys_on_file
            else verify_wanted(texts) or ["the postcode on the account"]
        )
        if wanted != m.asked_verify:
            if m.verify_tries >= 2 or (len(m.asked_verify) > 0 and m.keys_on_file is None):
                m.refused = True
                return None
            m.asked_verify = wanted
            what = " and ".join(wanted)
            return Reply(
                content=f"I can help with that. To confirm it is you, could you tell me {what}?"
            )
        if m.verify_tries >= 2:
            m.refused = True
            return None
        keys = verify_keys(
            [f"the {k}" for k in m.keys_on_file] if m.keys_on_file else m.asked_verify
        )
        if m.keys_on_file:
            keys = {k: kind for k, kind in keys.items() if k in m.keys_on_file} or keys
        said = " \n".join(
            c.content for c in obs.conversation if c.role is Role.CUSTOMER and c.step > 0
        )
        answers = answers_for(keys, clean(said))
        if not answers:
            m.refused = True
            return None
        m.verify_tries += 1
        return VerifyIdentity(answers=answers)

    def observe(self, obs: Observation, last: Action | None) -> None:
        """Learn from the feedback of the last action (call once per observation)."""
        m, feedback = self.m, obs.feedback
        if last is None:
            return
        if isinstance(last, VerifyIdentity):
            if feedback.startswith(("Caller verified", "The caller is already verified")):
                m.verified = True
            elif (on := re.search(r"verifies with ([\w, ]+)\.", feedback)) is not None:
                keys = [k.strip() for k in on[1].split(",") if k.strip()]
                if m.keys_on_file == keys:
                    m.refused = True
                m.keys_on_file = keys
            else:
                m.refused = True
            return
        if "requires a verified caller" in feedback:
            m.verified = False
        if obs.last_action_valid and not isinstance(last, Reply):
            self._record(last, obs)

    def act(self, obs: Observation, articles: list[ArticleView]) -> Action | None:
        """The next step of the task, or ``None`` when nothing is left for the tools."""
        m = self.m
        if m.finished:
            return None
        step = self._step(self.task(obs), obs, articles)
        if step is None and m.refused and not m.searched_refusal:
            m.searched_refusal = True  # what to do for a caller who could not be verified
            words = " ".join(clean(obs.ticket.subject).split()[:6])
            return SearchKB(query=f"caller cannot be verified {words}")
        if step is None:
            m.finished = True
        return step

    def guarded(
        self, obs: Observation, articles: list[ArticleView], action: Action
    ) -> Action | None:
        """``action`` once the caller is verified (or no verification is possible here); the
        verification step before that; ``None`` when the caller could not be verified."""
        step = self._verify(obs, articles)
        if step is not None:
            return step
        return None if self.m.refused else action

    def _step(self, task: Task, obs: Observation, articles: list[ArticleView]) -> Action | None:
        m = self.m
        match task:
            case Task.CANCEL_SUBSCRIPTION:
                return self._cancel_subscription(obs, articles)
            case Task.CANCEL_ORDER:
                return self._order_change(obs, articles, cancel=True)
            case Task.CHANGE_ADDRESS:
                return self._order_change(obs, articles, cancel=False)
            case Task.RETURN:
                return self._return(obs, articles)
            case Task.PASSWORD_RESET:
                if "reset" in " ".join(m.done):
                    return None
                return self.guarded(obs, articles, SendPasswordReset())
            case Task.NONE:
                return None

    def _record(self, last: Action, obs: Observation) -> None:
        m = self.m
        match last:
            case CancelOrder():
                m.done.append(f"I have cancelled order {last.order_id} before it shipped.")
            case UpdateAddress():
                a = last.address
                m.done.append(
                    f"Order {last.order_id} will now ship to {a.line1}, {a.city} {a.postcode}."
                )
            case CreateReturn():
                what = " for a replacement" if last.kind is ReturnKind.REPLACEMENT else ""
                m.done.append(
                    f"I have created a return for order {last.order_id}{what}; a prepaid "
                    "return label is on its way by email."
                )
            case CancelSubscription():
                sub = next(
                    (s for s in obs.customer.subscriptions if s.id == last.subscription_id), None
                )
                end = f" on {sub.renews:%B} {sub.renews.day}" if sub is not None else ""
                when = (
                    "now, effective today"
                    if last.when is CancelWhen.NOW
                    else f"at the end of the paid period{end}, and it will not renew"
                )
                m.done.append(f"I have cancelled your subscription {when}.")
            case OfferRetention():
                m.offered = True
                if "accepted" in obs.feedback:
                    m.accepted = True
                    deal = f" ({m.deal})" if m.deal else ""
                    m.done.append(
                        f"You took our offer{deal}: it is applied to your account, and your "
                        "subscription stays active with the discount."
                    )
            case SendPasswordReset():
                m.done.append("I have sent a password reset link to the email on your account.")
            case IssueRefund() if last is m.refund:
                m.refunds.append(last)
            case _:
                pass

    def _cancel_subscription(self, obs: Observation, articles: list[ArticleView]) -> Action | None:
        m = self.m
        sub = self._subscription(obs)
        if sub is None or any("cancelled your subscription" in d for d in m.done) or m.accepted:
            return None
        if (step := self._verify(obs, articles)) is not None or m.refused:
            return step
        if m.probing:
            m.probing = False  # a rejected offer lists the ids allowed for the tier: once
            allowed = None if obs.last_action_valid else allowed_offers(obs.feedback)
            if allowed:
                m.offered = True
                return OfferRetention(subscription_id=sub.id, offer_id=self._pick(allowed, obs))
        refused_before = REFUSED_BEFORE.search(self.request(obs)) is not None
        speaks = re.search(r"\bretention\b", " ".join(f"{a.title} {a.body}" for a in articles))
        if (
            not (m.offered or refused_before or m.searched or speaks)
            and "offer_retention" in obs.tools
        ):  # the articles found so far do not say what may be offered
            m.searched = True
            return SearchKB(query="retention offer cancel subscription")
        if (
            not m.offered
            and not refused_before  # offered once already (an earlier contact): not again
            and "offer_retention" in obs.tools
            and self._offer_exists(obs, articles)
        ):
            tier = obs.customer.tier.value
            texts = [f"{a.body} {a.internal_note or ''}" for a in articles]
            clauses = [c for t in texts for c in re.split(r"[.;]\s+", t) if tier in c.lower()]
            ids = offer_ids_in(clauses) or offer_ids_in(texts)
            m.offered = True
            m.probing = True  # if rejected, the feedback lists the ids allowed for the tier
            if not ids:  # the id is not written anywhere we can see
                return OfferRetention(subscription_id=sub.id, offer_id="retention-offer")
            return OfferRetention(subscription_id=sub.id, offer_id=self._pick(ids, obs))
        when = CancelWhen.NOW if NOW.search(self.request(obs)) else CancelWhen.END_OF_PERIOD
        return CancelSubscription(subscription_id=sub.id, when=when)

    @staticmethod
    def _pick(ids: list[str], obs: Observation) -> str:
        tier = obs.customer.tier.value
        return next((i for i in ids if tier in i.lower()), ids[0])

    def _offer_exists(self, obs: Observation, articles: list[ArticleView]) -> bool:
        """Whether the articles speak of a retention offer for this customer's tier (and
        remember the deal's words for telling the customer)."""
        tier = obs.customer.tier.value
        text = " ".join(f"{a.title}. {a.body} {a.internal_note or ''}" for a in articles)
        if not re.search(r"\b(retention|retain|offer)\b", text, re.I):
            return False
        for clause in re.split(r"[.;:,]\s+", text):  # the first word on the tier decides
            if tier not in clause.lower():
                continue
            if NO_OFFER.search(clause):
                return False
            if re.search(r"%|\bfree\b|no charge|\boff\b", clause):
                deal = re.sub(
                    rf"^.*?\b{tier}\w*(?: (?:accounts?|members?|customers?|plans?))?\s*",
                    "",
                    clause,
                    flags=re.I,
                )
                self.m.deal = deal.strip().rstrip(".") or None
                return True
        return True

    def _order_change(
        self, obs: Observation, articles: list[ArticleView], *, cancel: bool
    ) -> Action | None:
        m = self.m
        order = self._order(obs, OrderStatus.PROCESSING)
        if order is None:
            return None
        if cancel and any("cancelled order" in d for d in m.done):
            return self._refund_once(obs, order)
        if not cancel and any("will now ship" in d for d in m.done):
            return None
        if order.status is not OrderStatus.PROCESSING:
            m.blocked = order.status.value
            m.done.append(
                f"Order {order.id} is already {order.status.value}, so "
                + (
                    "it cannot be cancelled any more."
                    if cancel
                    else "its address cannot be changed."
                )
            )
            return None
        if cancel:
            cancel_it = CancelOrder(
                order_id=order.id, reason="Cancelled at the customer's request."
            )
            return self.guarded(obs, articles, cancel_it)
        country = order.shipping_address.country if order.shipping_address else None
        if country is None and obs.customer.address is not None:
            country = obs.customer.address.country
        address = address_in(self.request(obs), country)
        if address is None:
            if m.asked_address:
                return None
            m.asked_address = True
            return Reply(
                content="Of course. Could you tell me the full new address: street and number, "
                "city and postcode?"
            )
        return self.guarded(obs, articles, UpdateAddress(order_id=order.id, address=address))

    def _refund_once(self, obs: Observation, order: Order) -> Action | None:
        if self.m.refund is not None or "issue_refund" not in obs.tools or order.amount <= 0:
            return None
        self.m.refund = IssueRefund(
            amount=order.amount, target=order.id, reason="Order cancelled before shipping."
        )
        return self.m.refund

    def _return(self, obs: Observation, articles: list[ArticleView]) -> Action | None:
        m = self.m
        if any("created a return" in d for d in m.done):
            return None
        order = self._order(obs, OrderStatus.DELIVERED)
        if order is None or order.status is not OrderStatus.DELIVERED:
            return None
        kind = ReturnKind.REPLACEMENT if REPLACE.search(self.request(obs)) else ReturnKind.REFUND
        action = CreateReturn(order_id=order.id, kind=kind, reason="Customer reported a problem.")
        return self.guarded(obs, articles, action)

    # -- what to tell the customer ------------------------------------------------------

    def told(self) -> list[str]:
        """Sentences on what the tools did (and why not, when verification failed)."""
        out = list(self.m.done)
        for r in self.m.refunds:
            out.append(f"I have refunded ${r.amount} to your original payment method.")
        if self.m.refused:
            out.append(
                "I'm sorry, but I could not verify that you are the account holder, so I "
                "can't make changes to this account."
            )
        return out

    def article(self, articles: list[ArticleView], request: str) -> ArticleView | None:
        """The public article that speaks to this case: most words shared with the request,
        and when a status blocked the tool, one about that status ("after shipping")."""
        public = [a for a in articles if not a.internal]
        said = words(request)
        blocked = self.m.blocked
        refused = self.m.refused

        def score(a: ArticleView) -> tuple[int, int]:
            text = f"{a.title} {a.body}".lower()
            fits = 4 * bool(UNVERIFIED.search(text)) if refused else 0
            if blocked is not None:
                fits += 2 * bool(re.search(r"\b(after|once)\b[^.]*\b(ship|dispatch|deliver)", text))
                fits -= 2 * bool(re.search(r"\bbefore\b", a.title.lower()))
            return fits, len(said & words(text))

        return max(public, key=score, default=None)

    def hand_over(self, articles: list[ArticleView]) -> bool:
        """The caller could not be verified and the articles say to hand such a case to a team."""
        return self.m.refused and any(
            UNVERIFIED.search(f"{a.body} {a.internal_note or ''}")
            and HAND_OVER.search(f"{a.body} {a.internal_note or ''}")
            for a in articles
        )

    @property
    def blocked(self) -> bool:
        """The tool could not do what was asked (the order's status, or no verification)."""
        return self.m.blocked is not None or self.m.refused

    @property
    def refused(self) -> bool:
        return self.m.refused

    @property
    def refunded(self) -> Decimal:
        return sum((r.amount for r in self.m.refunds), Decimal(0))


def world_blocked(world: WorldScript | None) -> bool:
    """The tools could not do what was asked (no money moves then either)."""
    return world is not None and world.blocked

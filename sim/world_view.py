"""What the agent sees of the world: lookup results as text, the account as a context.

With ``account_visibility: full`` the observation shows the whole (current) account; with
``lookup`` only the name, email, tier and account id until ``lookup_account`` (everything)
or ``lookup_order`` (that order). The answers that verify the caller are never shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sim.money import format_money
from sim.world import Address, History, Order, Subscription, World

if TYPE_CHECKING:
    from sim.scenario import Scenario
    from sim.state import CustomerContext
    from sim.transitions import ToolContext

__all__ = ["account_text", "customer_context", "history_lines", "order_text"]


def _address(address: Address | None) -> str:
    if address is None:
        return "none on file"
    parts = [address.line1, address.line2, address.city, address.postcode, address.country]
    return ", ".join(p for p in parts if p)


def order_text(order: Order) -> str:
    """One order, as ``lookup_order`` returns it."""
    delivered = f", delivered {order.delivered}" if order.delivered else ""
    if order.last_scan:
        delivered += f", last tracking scan {order.last_scan}"
    flags = [f for f, on in (("used", order.used), ("final sale", order.final_sale)) if on]
    extra = f", {', '.join(flags)}" if flags else ""
    category = f", category {order.category}" if order.category else ""
    return (
        f"Order {order.id}: {order.item}, {format_money(order.amount)}, bought {order.date}"
        f"{delivered}, status {order.status.value}{category}{extra}; ships to "
        f"{_address(order.shipping_address)}."
    )


def _subscription_text(sub: Subscription) -> str:
    discount = (
        f", {sub.discount_percent}% off ({sub.retention_offer})" if sub.discount_percent else ""
    )
    return (
        f"Subscription {sub.id}: {sub.plan}, {format_money(sub.price)} {sub.period.value}, "
        f"{sub.status.value}, renews {sub.renews}{discount}"
        + (f", cancelled on {sub.cancelled_on}." if sub.cancelled_on else ".")
    )


def history_lines(history: History) -> list[str]:
    """The customer's earlier refunds and contacts, one line each."""
    return [
        *(
            f"Earlier refund on {r.date}: {format_money(r.amount)}"
            + (f" ({r.reason})" if r.reason else "")
            + "."
            for r in history.refunds
        ),
        *(f"Earlier contact on {c.date}: {c.topic}." for c in history.contacts),
    ]


def account_text(world: World, ctx: ToolContext) -> str:
    """The account, as ``lookup_account`` returns it."""
    sec = world.security
    lines = [
        f"Account {ctx.account_id}: {ctx.name} <{ctx.email}>, tier {ctx.tier.value}; "
        f"credit balance {format_money(world.credit_balance)}; verified "
        f"{'yes' if sec.verified else 'no'}, locked {'yes' if sec.locked else 'no'}, "
        f"two-factor {'on' if sec.two_factor else 'off'}.",
        *(order_text(o) for o in world.orders),
        *(
            f"Charge {c.id}: {c.description}, {format_money(c.amount)}, on {c.date}."
            for c in world.charges
        ),
        *(_subscription_text(s) for s in world.subscriptions),
        *(
            f"Payment method {p.id}: {p.kind.value}"
            f"{' ending ' + p.last4 if p.last4 else ''}, added {p.added}"
            f"{', default' if p.default else ''}."
            for p in world.payment_methods
        ),
        *history_lines(ctx.history),
    ]
    return "\n".join(lines)


def customer_context(scenario: Scenario, world: World, looked_up: list[str]) -> CustomerContext:
    """The account as the observation shows it now."""
    from sim.scenario import AccountVisibility
    from sim.state import CustomerContext, SecurityView

    acct = scenario.customer
    full = scenario.account_visibility is AccountVisibility.FULL or "account" in looked_up
    base = {
        "name": acct.name,
        "email": acct.email,
        "tier": acct.tier,
        "account_id": acct.account_id,
    }
    if not full:
        orders = tuple(o for o in world.orders if o.id in looked_up)
        return CustomerContext(**base, orders=orders, charges=(), looked_up=False)
    sec = world.security
    return CustomerContext(
        **base,
        orders=world.orders,
        charges=world.charges,
        subscriptions=world.subscriptions,
        payment_methods=world.payment_methods,
        credit_balance=world.credit_balance,
        security=SecurityView(
            verified=sec.verified,
            locked=sec.locked,
            two_factor=sec.two_factor,
            reset_sent=sec.reset_sent,
        ),
        address=acct.address,
        history=acct.history,
    )

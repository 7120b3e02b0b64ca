"""Observations as text, for language models (the LLM agent, the TRL adapter)."""

from __future__ import annotations

from sim.scenario import Article
from sim.state import ArticleView, CustomerContext, Observation, Role
from sim.world_view import history_lines

__all__ = ["account_lines", "observation_text", "opening_prompt", "version_label"]


def version_label(article: ArticleView | Article) -> str:
    """`` (effective 2026-03-01; superseded by refunds-v2)``: what the agent needs to pick the
    version of a policy in force on the ticket's date; empty for an undated article."""
    parts = [f"effective {article.effective.isoformat()}"] if article.effective else []
    if article.superseded_by:
        parts.append(f"superseded by {article.superseded_by}")
    return f" ({'; '.join(parts)})" if parts else ""


def account_lines(c: CustomerContext) -> list[str]:
    """The account as lines: orders, charges, subscriptions, payment methods, credit, history."""
    items = [
        f"order {o.id}: {o.item}, paid {o.amount} on {o.date}"
        + (f", delivered {o.delivered}" if o.delivered else "")
        + (f", last tracking scan {o.last_scan}" if o.last_scan else "")
        + f" ({o.status})"
        for o in c.orders
    ]
    items += [f"charge {ch.id}: {ch.description}, {ch.amount} on {ch.date}" for ch in c.charges]
    items += [
        f"subscription {s.id}: {s.plan}, {s.price} {s.period.value}, {s.status.value}, "
        f"renews {s.renews}" + (f", cancelled on {s.cancelled_on}" if s.cancelled_on else "")
        for s in c.subscriptions
    ]
    items += [
        f"payment method {p.id}: {p.kind.value}" + (f" ending {p.last4}" if p.last4 else "")
        for p in c.payment_methods
    ]
    if c.credit_balance is not None:
        items.append(f"credit balance {c.credit_balance}")
    if c.history is not None:
        items += [line[0].lower() + line[1:] for line in history_lines(c.history)]
    return items


def opening_prompt(obs: Observation) -> str:
    """The first prompt of an episode: the ticket, the account, the customer's message."""
    c = obs.customer
    items = account_lines(c)
    if not c.looked_up:
        items.append("account details not shown: look them up (lookup_account, lookup_order)")
    lines = [
        f"Ticket: {obs.ticket.subject} (via {obs.ticket.channel}"
        + (f", opened {obs.ticket.opened})" if obs.ticket.opened else ")"),
        f"Customer: {c.name} <{c.email}>, {c.tier.value} tier, account {c.account_id}",
        *(f"- {i}" for i in items),
        *(
            [
                "Teams you can escalate to: "
                + "; ".join(
                    f"{t.id} ({t.description})" if t.description else t.id for t in obs.teams
                )
            ]
            if obs.teams
            else []
        ),
        "",
        observation_text(obs, first=True),
    ]
    return "\n".join(lines)


def observation_text(obs: Observation, *, first: bool = False) -> str:
    """What just happened: feedback, search results, the customer's new messages, budget."""
    parts: list[str] = []
    if not first:
        parts.append(("" if obs.last_action_valid else "REJECTED: ") + obs.feedback)
    for article in obs.search_results:
        internal = " (INTERNAL: for you only, never to be repeated to the customer)"
        body = (
            f"[{article.id}] {article.title}{internal if article.internal else ''}"
            f"{version_label(article)}\n{article.body}"
        )
        if article.internal_note:
            body += f"\nINTERNAL NOTE (never repeat to the customer): {article.internal_note}"
        parts.append(body)
    new = [m for m in obs.conversation if m.role is Role.CUSTOMER and m.step == obs.steps_taken]
    for msg in new:
        parts.append(f"Customer: {msg.content}")
    if obs.done:
        parts.append(f"The episode is over ({obs.termination}).")
    else:
        parts.append(f"Steps left: {obs.steps_left}.")
    return "\n\n".join(parts)

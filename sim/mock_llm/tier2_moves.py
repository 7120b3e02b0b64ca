"""The mock's tier-2 agent: what a careful specialist does with a handoff note.

It reads the order or charge id and the amount owed from the note (the first line's words,
as ``agents.tier2_llm`` shows them), introduces itself, refunds that amount if it is within
its team's refund limit, and closes. What the note leaves out it has to ask the customer
(a repeated question if the customer had told the first line); what is beyond its limit it
escalates. No scenario knowledge: only the prompt.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal
from typing import TYPE_CHECKING

from sim.mock_llm.transcript import Item, Transcript

if TYPE_CHECKING:
    from sim.mock_llm.support import Move

__all__ = ["tier2_move"]

_AMOUNT = re.compile(r"\$\s?([\d,]+(?:\.\d\d)?)")
_WORLD_TOOLS = frozenset(
    {"verify_identity", "send_password_reset", "cancel_order", "update_address"}
)
_ASK = "To pick this up, could you tell me the order number?"


def _named(items: tuple[Item, ...], text: str) -> Item | None:
    found = [i for i in items if re.search(rf"\b{re.escape(i.id)}\b", text)]
    return found[0] if len(found) == 1 else None


def tier2_move(
    t: Transcript, reply: Callable[[str], Move], move: Callable[..., Move]
) -> Move | None:
    """The tier-2 agent's next move (``reply`` for a message, ``move(tool, args)`` else);
    ``None`` when the note is about the account rather than money and the team has tools
    that change it: then it works like any agent with those tools (``support.next_move``)."""
    note = t.handoff or ""
    items = t.account.items
    if _named(items, note) is None and not _AMOUNT.search(note) and t.tools & _WORLD_TOOLS:
        return None
    asked = any(_ASK in str(c.args.get("content", "")) for c in t.done("reply")) or any(
        _ASK in r for r in t.text_replies
    )
    item = _named(items, note) or (_named(items, " ".join(t.customer[1:])) if asked else None)
    if t.refund_tried:
        return move("close_ticket", {"resolution": "Tier-2 refunded as the handoff asked."})
    if item is None:
        if not asked:
            return reply(_ASK)
        return move("escalate", {"reason": f"Unclear from the note and the customer: {note}"})
    stated = _AMOUNT.search(note)
    amount = Decimal(stated[1].replace(",", "")) if stated else item.amount
    if t.authority is None or amount > t.authority:
        return move("escalate", {"reason": f"Beyond my team's refund limit: {note}"})
    if t.replies == 0:
        return reply(
            f"Hello, I'm taking over your case for {item.id} from my colleague. I am "
            f"refunding ${amount:,.2f} to your original payment method now."
        )
    return move(
        "issue_refund",
        {"amount": f"{amount:.2f}", "reason": "Approved by tier-2.", "target": item.id},
    )

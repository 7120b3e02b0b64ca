"""The mock support agent's guidance of a customer who must act themselves (dual control):
the transcript read into :func:`sim.guidance.next_guidance`, the rules the scripted agent
uses too. It sees only the conversation and its own tool calls and their results."""

from __future__ import annotations

from typing import Any

from sim.guidance import GuideKind, next_guidance
from sim.mock_llm.transcript import Transcript

__all__ = ["guided_move"]


def guided_move(t: Transcript) -> tuple[str, dict[str, Any]] | None:
    """The next tool call while guiding the customer (``reply``, ``search_kb`` or
    ``close_ticket``), or ``None`` when the ticket needs no guiding."""
    reset_sent = any(c.result.startswith("Password reset") for c in t.done("send_password_reset"))
    said = [str(c.args.get("content", "")) for c in t.done("reply")] + t.text_replies
    if reset_sent and not said:
        return None  # say what was done first
    guide = next_guidance(
        customer_said=t.customer,
        agent_said=said,
        articles=[(a.title, a.body) for a in t.articles if not a.internal],
        searched=[str(c.args.get("query", "")) for c in t.done("search_kb")],
        reset_sent=reset_sent,
    )
    if guide is None:
        return None
    match guide.kind:
        case GuideKind.REPLY:
            return "reply", {"content": guide.text}
        case GuideKind.SEARCH:
            return "search_kb", {"query": guide.text}
        case GuideKind.CLOSE:
            return "close_ticket", {"resolution": guide.text}

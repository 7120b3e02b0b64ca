"""The scripted agent's guidance of a customer who must act themselves (dual control).

A thin adapter from the observation to :func:`sim.guidance.next_guidance` (shared with the
mock LLM's support agent): it never reads the scenario, only what the customer said, the
articles found and what the agent's own tools did.
"""

from __future__ import annotations

from agents.scripted_world import WorldScript
from sim.actions import Action, CloseTicket, Reply, SearchKB
from sim.guidance import GuideKind, next_guidance
from sim.state import ArticleView, Observation, Role

__all__ = ["CustomerGuide"]


class CustomerGuide:
    """Relays clear, single steps to the customer and closes once the customer says it
    worked; ``None`` when the ticket needs no guiding (the agent's own logic goes on)."""

    def __init__(self) -> None:
        self.searched: list[str] = []

    def act(
        self,
        obs: Observation,
        articles: list[ArticleView],
        world: WorldScript | None,
        *,
        explained: bool,
    ) -> Action | None:
        reset_sent = world is not None and any("password reset" in d for d in world.m.done)
        if reset_sent and not explained:
            return None  # tell the customer what was done first
        guide = next_guidance(
            customer_said=[m.content for m in obs.conversation if m.role is Role.CUSTOMER],
            agent_said=[m.content for m in obs.conversation if m.role is Role.AGENT],
            articles=[(a.title, a.body) for a in articles if not a.internal],
            searched=self.searched,
            reset_sent=reset_sent,
        )
        if guide is None:
            return None
        match guide.kind:
            case GuideKind.REPLY:
                return Reply(content=guide.text)
            case GuideKind.SEARCH:
                self.searched.append(guide.text)
                return SearchKB(query=guide.text)
            case GuideKind.CLOSE:
                return CloseTicket(resolution=guide.text)

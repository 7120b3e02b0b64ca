"""Dense reward shaping: one constant per :class:`~sim.events.RewardEvent`, all here.

A step's reward is the sum of its events' constants; the knowledge-base reward is capped
per episode. A scenario overrides any constant with its ``rewards:`` mapping.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from pydantic import BaseModel, ConfigDict, ValidationError

from sim.events import RewardEvent

__all__ = ["RewardConfig", "step_reward"]


class RewardConfig(BaseModel):
    """The reward constants. Field names are the event names (plus ``kb_cap``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    step: float = -0.01
    useful_retrieval: float = 0.1
    kb_cap: float = 0.2
    """Most KB reward one episode can earn."""
    redundant_search: float = -0.05
    redundant_action: float = -0.1
    invalid_action: float = -0.1
    fact_communicated: float = 0.05
    correct_refund: float = 0.3
    wrong_refund: float = -0.5
    correct_escalation: float = 0.5
    wrong_escalation: float = -0.5
    missed_escalation: float = -0.5
    premature_close: float = -0.5
    resolved: float = 1.0
    customer_left: float = -0.5
    step_limit: float = -0.3
    world_progress: float = 0.2
    wrong_change: float = -0.3
    policy_violation: float = -0.5

    @classmethod
    def with_overrides(cls, overrides: Mapping[str, float]) -> RewardConfig:
        """The defaults with ``overrides`` applied; unknown names raise ``ValueError``."""
        try:
            return cls.model_validate(overrides)
        except ValidationError as exc:
            bad = ", ".join(".".join(map(str, e["loc"])) for e in exc.errors())
            raise ValueError(f"rewards: unknown or invalid constant(s): {bad}") from None

    def value(self, event: RewardEvent) -> float:
        return float(getattr(self, event.value))


def step_reward(
    events: Iterable[RewardEvent], config: RewardConfig, kb_earned: float
) -> tuple[float, float]:
    """Reward of one step's events, and the KB reward earned so far after it (capped)."""
    total = 0.0
    for event in events:
        value = config.value(event)
        if event is RewardEvent.USEFUL_RETRIEVAL:
            value = max(0.0, min(value, config.kb_cap - kb_earned))
            kb_earned += value
        total += value
    return total, kb_earned

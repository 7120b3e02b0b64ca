"""The difficulty label of a generated scenario, computed from what was sampled.

Each template choice carries ``difficulty`` points (0-10) for what it makes harder for an
agent (a partial percentage to compute, a refund above the agent's limit, a shipped order,
a persona that pushes back, an owner's address change, a charge that only looks like a
duplicate). The verdict adds points of its own: an escalation (above the agent's limit) is 4,
the others 0. The label is a threshold on the sum: ``easy`` below 2, ``medium`` below 4,
``hard`` from 4. The points were set from measured success of the scripted baseline and
the mock LLM agent on a test split (seed 12: shipped orders, impostors, free-tier and
declined retention were solved by both every time, so they carry no points; escalations,
owners' address changes and look-alike duplicates failed every time, so they are 4) and
checked on another seed (13). Whether these labels order agents' success is measured (README,
"Generated scenarios": ``supportsim generate all --split test`` then ``bench/families.py``),
not assumed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sim.generate.synthesis import Synthesized

__all__ = ["OUTCOME_POINTS", "label_for", "score_for"]

OUTCOME_POINTS = {"resolved": 0, "kept": 0, "cancelled": 0, "declined": 0, "escalated": 4}
"""Points the engine's verdict adds."""


def score_for(points: int, synthesized: Synthesized) -> int:
    """The difficulty score: the choices' points plus the verdict's."""
    return points + OUTCOME_POINTS.get(synthesized.outcome, 0)


def label_for(points: int, synthesized: Synthesized) -> str:
    """``easy``, ``medium`` or ``hard`` from :func:`score_for`."""
    score = score_for(points, synthesized)
    return "easy" if score < 2 else "medium" if score < 4 else "hard"

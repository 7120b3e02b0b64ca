"""The difficulty label of a generated scenario, computed from what was sampled.

Each template choice carries ``difficulty`` points (0-3) for what it makes harder for an
agent (a partial percentage to compute, a refund above the agent's limit, a shipped order,
a persona that pushes back, distractor articles). The verdict adds points of its own: a
decline or an escalation asks the agent to say no, which agents get wrong more often than a
plain refund. The label is a threshold on the sum: ``easy`` below 2, ``medium`` below 4,
``hard`` from 4. Whether these labels order agents' success is measured (README,
"Generated scenarios": ``supportsim generate all --split test`` then ``bench/families.py``),
not assumed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sim.generate.synthesis import Synthesized

__all__ = ["OUTCOME_POINTS", "label_for", "score_for"]

OUTCOME_POINTS = {"resolved": 0, "kept": 0, "cancelled": 1, "declined": 1, "escalated": 2}
"""Points the engine's verdict adds."""


def score_for(points: int, synthesized: Synthesized) -> int:
    """The difficulty score: the choices' points plus the verdict's."""
    return points + OUTCOME_POINTS.get(synthesized.outcome, 0)


def label_for(points: int, synthesized: Synthesized) -> str:
    """``easy``, ``medium`` or ``hard`` from :func:`score_for`."""
    score = score_for(points, synthesized)
    return "easy" if score < 2 else "medium" if score < 4 else "hard"

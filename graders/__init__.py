"""Grading: the deterministic rule grader, the LLM tone judge and aggregate metrics.

``ToneJudge`` and ``ToneVerdict`` are imported on first use, so that rule grading never
loads the LLM stack.
"""

import typing

from graders.rules import CHECKS, FAILED_EPISODE_FACTOR, Check, GradeReport, grade

if typing.TYPE_CHECKING:
    from graders.judge import ToneJudge, ToneVerdict

__all__ = [
    "CHECKS",
    "FAILED_EPISODE_FACTOR",
    "Check",
    "GradeReport",
    "ToneJudge",
    "ToneVerdict",
    "grade",
]


def __getattr__(name: str) -> object:
    if name in ("ToneJudge", "ToneVerdict"):
        from graders import judge

        return getattr(judge, name)
    raise AttributeError(f"module 'graders' has no attribute {name!r}")

"""Grading: the deterministic rule grader, the LLM judge's verdict and aggregate metrics.

``ToneJudge`` is imported on first use, so that rule grading never loads the LLM stack.
"""

import typing

from graders.rules import CHECKS, FAILED_EPISODE_FACTOR, Check, GradeReport, grade
from graders.verdict import Decider, FactVerdict, Finding, JudgedCheck, ToneVerdict

if typing.TYPE_CHECKING:
    from graders.judge import ToneJudge

__all__ = [
    "CHECKS",
    "FAILED_EPISODE_FACTOR",
    "Check",
    "Decider",
    "FactVerdict",
    "Finding",
    "GradeReport",
    "JudgedCheck",
    "ToneJudge",
    "ToneVerdict",
    "grade",
]


def __getattr__(name: str) -> object:
    if name == "ToneJudge":
        from graders import judge

        return judge.ToneJudge
    raise AttributeError(f"module 'graders' has no attribute {name!r}")

"""Grading: the deterministic rule grader (and, elsewhere, the LLM tone judge and metrics)."""

from graders.rules import CHECKS, FAILED_EPISODE_FACTOR, Check, GradeReport, RuleGrader, grade

__all__ = ["CHECKS", "FAILED_EPISODE_FACTOR", "Check", "GradeReport", "RuleGrader", "grade"]

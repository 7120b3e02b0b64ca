"""The exception hierarchy of supportsim.

SupportSimError
├── ConfigError            the user's input is wrong (file, field, what was expected)
│   └── ScenarioError      a scenario or persona file failed to load or validate
├── EpisodeError           the environment was used out of order (step before reset,
│                          step after done)
└── RunError               a model, the network or the store failed during a run
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sim.customer import Usage

__all__ = ["ConfigError", "EpisodeError", "RunError", "ScenarioError", "SupportSimError"]


class SupportSimError(Exception):
    """Root of every error supportsim raises on purpose."""


class ConfigError(SupportSimError):
    """The user's input is wrong: the message says which file, which field, what was expected."""


class ScenarioError(ConfigError):
    """A scenario or persona file could not be loaded; ``problems`` lists each field error."""

    def __init__(self, path: str, problems: list[str]) -> None:
        self.path = path
        self.problems = problems
        lines = "\n".join(f"  - {p}" for p in problems)
        super().__init__(f"{path}: invalid\n{lines}")


class EpisodeError(SupportSimError):
    """The environment was driven out of order, e.g. ``step`` before ``reset`` or after done."""


class RunError(SupportSimError):
    """A model, the network or the store failed while running episodes.

    ``usage`` carries what the failing participant had spent, so that it is not lost.
    """

    def __init__(self, message: str, *, usage: Usage | None = None) -> None:
        super().__init__(message)
        self.usage = usage

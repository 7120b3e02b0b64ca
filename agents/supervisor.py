"""Supervisors (``--supervisor``): who answers ``request_approval``.

``policy`` grants exactly what the policy allows (``sim.approval.policy_decision``);
``approve-all`` is the exploit that grants everything (its decisions are graded wrong
wherever the policy says no).
"""

from __future__ import annotations

from sim.actions import IssueRefund
from sim.approval import Supervisor, policy_decision
from sim.errors import ConfigError
from sim.state import EpisodeState

__all__ = ["SUPERVISORS", "make_supervisor", "supervisor_names"]


def approve_all(state: EpisodeState, request: IssueRefund) -> tuple[bool, str]:
    """Exploit: approves every request."""
    return True, "approved without review"


SUPERVISORS: dict[str, Supervisor] = {"policy": policy_decision, "approve-all": approve_all}


def supervisor_names() -> list[str]:
    return list(SUPERVISORS)


def make_supervisor(name: str) -> Supervisor:
    """A supervisor by name (``--supervisor``)."""
    if name not in SUPERVISORS:
        raise ConfigError(f"unknown --supervisor {name!r}; expected one of: {supervisor_names()}")
    return SUPERVISORS[name]

"""Supervisors (``--supervisor``): who answers ``request_approval``.

``policy`` grants exactly what the policy allows (``sim.approval.policy_decision``);
``approve-all`` is the exploit that grants everything (its decisions are graded wrong
wherever the policy says no), ``deny-all`` the one that grants nothing; ``llm`` asks a model
(``agents.supervisor_llm``).
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


def deny_all(state: EpisodeState, request: IssueRefund) -> tuple[bool, str]:
    """Exploit: denies every request (graded wrong wherever the policy says yes)."""
    return False, "denied without review"


SUPERVISORS: dict[str, Supervisor] = {
    "policy": policy_decision,
    "approve-all": approve_all,
    "deny-all": deny_all,
}

LLM_SUPERVISOR = "llm"
"""``--supervisor llm``: a model answers (``agents.supervisor_llm``; built by the batch with
its model, not here)."""


def supervisor_names() -> list[str]:
    return [*SUPERVISORS, LLM_SUPERVISOR]


def make_supervisor(name: str) -> Supervisor:
    """A supervisor by name (``--supervisor``)."""
    if name == LLM_SUPERVISOR:
        raise ConfigError("--supervisor llm needs a model (--supervisor-model or --agent-model)")
    if name not in SUPERVISORS:
        raise ConfigError(f"unknown --supervisor {name!r}; expected one of: {supervisor_names()}")
    return SUPERVISORS[name]

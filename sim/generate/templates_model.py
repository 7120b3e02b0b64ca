"""The family template model: a scenario skeleton with ``{{name}}`` slots and the variables
that fill them.

A template is YAML data (``sim/generate/templates/*.yaml``), validated here like a scenario
file. Each variable lists its choices; a choice marked ``held_out`` is reserved for the test
split (train never samples it, every test scenario samples at least one held-out choice), so
a test split measures generalization, not recall. What the ticket *should* end in (the
resolution, amounts, team, final world and gold actions) is not in the template: the
synthesizer named by ``solver`` computes it with the policy engine.
"""

from __future__ import annotations

from enum import StrEnum
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from sim.loader import load_model

__all__ = ["Choice", "Solver", "Template", "Variable", "bundled_templates", "load_template"]

TEMPLATE_DIR = Path(__file__).parent / "templates"


class Solver(StrEnum):
    """How expectations and gold are synthesized from the policy engine's verdict."""

    REFUND = "refund"
    """One refund target: owed -> refund, nothing owed -> decline, above limit -> escalate."""
    ORDER_CANCEL = "order_cancel"
    """Cancel an order: processing -> cancel and refund it, shipped -> decline."""
    RETENTION = "retention"
    """Cancel a subscription: the tier's offer first (if any), then accepted or cancelled."""
    IDENTITY = "identity"
    """Verify the caller, then ``act`` (verified) or decline (the answers do not match)."""
    # gen-a (sim/generate/solvers_orders.py):
    VERIFIED_ACT = "verified_act"
    """``act`` unless the order has shipped; a verified caller first where the policy wants one."""
    RETURN = "return"
    """``act`` is a return: accepted by the window -> replacement, or refund what is owed."""
    REFUND_ASKED = "refund_asked"
    """The refund solver, asking first for the facts the policy verifies."""
    HANDOFF = "handoff"
    """The policy escalates every ticket: tell the customer, escalate to the routed team."""
    ADVICE = "advice"
    """Knowledge-base steps only: search, reply, close (the engine implies nothing to do)."""
    BILLING = "billing"
    """Verify, ``act`` as asked (after an owed retention offer), then the refund verdict."""
    IDENTITY_STEPS = "identity_steps"
    """``identity`` whose ``expectations.facts`` are owed to the verified owner only."""
    # gen-c: refund workflows (sim/generate/solvers_flow.py)
    REFUND_FLOW = "refund_flow"
    """A refund with the steps its policy and tools add: ask for verified facts, look up,
    return, supervisor approval, store credit, an update mid-episode, a tier-2 handoff."""
    RETENTION_FLOW = "retention_flow"
    """A cancellation by a verified caller, with the offers in force at the offer's step."""
    # gen-d (sim/generate/solvers_gen_d.py)
    TEAM_TOOLS_HANDOFF = "team_tools_handoff"
    """Escalate to the routed team, whose own tools (verify, then ``act``) resolve it."""
    CUSTOMER_RESET = "customer_reset"
    """Verify, ``act``, ask clearly for the customer's own steps; their result is expected."""
    CUSTOMER_DEVICE = "customer_device"
    """Ask for the device's error code, then its fix one step per reply; the result expected."""
    # gen-e (sim/generate/solvers_gen_e.py)
    REFUND_CHECKS = "refund_checks"
    """``refund`` after the engine's checks: a parcel not yet lost -> declined for now (the
    day it counts as lost told); an account flagged for refund abuse -> escalated for review."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Choice(_Model):
    """One value a variable may take (a scalar or a mapping of named parts)."""

    value: Any
    weight: float = Field(default=1.0, gt=0)
    held_out: bool = False
    """Reserved for the test split."""
    difficulty: int = Field(default=0, ge=0, le=10)
    """Points this choice adds to the difficulty score (:mod:`sim.generate.difficulty`)."""


class Variable(_Model):
    """A slot of the skeleton: exactly one of ``choices`` or an integer range."""

    choices: list[Choice] = Field(default_factory=list)
    min: int | None = None
    max: int | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> Variable:
        ranged = self.min is not None and self.max is not None
        if bool(self.choices) == ranged:
            raise ValueError("a variable has either choices or both min and max")
        if ranged and self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError(f"min {self.min} is above max {self.max}")
        return self

    @property
    def has_held_out(self) -> bool:
        return any(c.held_out for c in self.choices)


class Template(_Model):
    """A family template: identity, solver, variables and the scenario skeleton."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$")
    family: str
    solver: Solver
    description: str = ""
    opened: str = "2026-11-27"
    """The ticket's date (ISO); ``<name>_days_ago`` integers also give ``{{<name>_date}}``."""
    variables: dict[str, Variable]
    skeleton: dict[str, Any]
    """A scenario mapping without ``id``, ``expectations`` and ``reference_solution``."""
    search_query: str
    """The gold's knowledge-base query."""
    replies: dict[str, str]
    """Gold reply wording per outcome (``resolved``, ``declined``, ``escalated``, ...)."""
    act: dict[str, Any] | None = None
    """The identity solver's tool once the caller is verified; the billing solver's tool the
    customer asked for (slots allowed)."""
    verify_answers: dict[str, str] | None = None
    """The identity solver's answers the caller gives (slots allowed)."""
    facts: dict[str, list[dict[str, Any]]] = Field(default_factory=dict)
    """Facts the gold's reply for an outcome states (keyed like ``replies``), added to the
    expectations when that reply is used (the solvers of ``solvers_orders``; slots allowed)."""
    outcome_points: dict[str, int] = Field(default_factory=dict)
    """Difficulty points the engine's verdict adds in this template (``resolved``: 4 where a
    resolution takes steps agents miss), on top of :data:`sim.generate.difficulty.OUTCOME_POINTS`;
    set from measured success (README, "Generated scenarios")."""

    @model_validator(mode="after")
    def _test_split_possible(self) -> Template:
        if not any(v.has_held_out for v in self.variables.values()):
            raise ValueError("no choice is held_out: the test split would be empty")
        return self


def load_template(path: str | Path) -> Template:
    """One template file, validated (a :class:`sim.errors.ScenarioError` names the field)."""
    return load_model(path, Template)


def bundled_templates() -> list[Template]:
    """Every template shipped in ``sim/generate/templates``, in file-name order (read once
    while the files stay as they are: templates are frozen)."""
    paths = sorted(TEMPLATE_DIR.glob("*.yaml"))
    return list(_load_all(tuple((p, p.stat().st_mtime_ns) for p in paths)))


@lru_cache(maxsize=4)
def _load_all(files: tuple[tuple[Path, int], ...]) -> tuple[Template, ...]:
    return tuple(load_template(p) for p, _ in files)

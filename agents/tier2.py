"""Tier-2 agents (``--tier2-agent``): who continues a ticket after a handoff.

The scripted tier-2 agent works from the handoff note alone: it reads the order or charge id
and the amount the note states, refunds it if that is within its team's authority and
closes; when the note does not say, it has to ask the customer (a repeated question if the
customer already told the first line). No scenario id or answer key is used; the oracle
replays the scenario's ``handoff.reference_solution``.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from agents.base import PolicyAgent
from sim.actions import Action, CloseOutcome, CloseTicket, Escalate, IssueRefund, Reply
from sim.errors import ConfigError
from sim.money import format_money
from sim.scenario import Charge, Order, Scenario
from sim.state import Observation, Role

__all__ = ["TIER2_AGENTS", "EscalateEmptyNote", "make_tier2", "tier2_names"]

_MONEY = re.compile(r"[$€£]\s?(\d{1,3}(?:,\d{3})*(?:\.\d{2})?|\d+(?:\.\d{2})?)")
_ASK = "To pick this up I need your order number: which order is it about?"


def _amount(text: str) -> Decimal | None:
    for match in _MONEY.finditer(text):
        try:
            return Decimal(match.group(1).replace(",", ""))
        except InvalidOperation:
            continue
    return None


class ScriptedTier2(PolicyAgent):
    """Refunds what the note says is owed, within its team's limit, then closes."""

    name = "tier2"

    def __init__(self) -> None:
        self._plan: list[Action] = []
        self._asked = False
        self._specialist: PolicyAgent | None = None

    def begin(self, scenario: Scenario) -> None:
        self._plan, self._asked = [], False
        self._specialist = None
        self._scenario = scenario

    def act(self, observation: Observation) -> Action:
        if self._plan:
            return self._plan.pop(0)
        obs = observation
        note = obs.handoff_note or ""
        items: list[Order | Charge] = [*obs.customer.orders, *obs.customer.charges]
        team = next((t for t in obs.teams if t.id == obs.role), None)
        specialist = team is not None and bool(team.tools)
        if self._specialist is None and specialist and not any(i.id in note for i in items):
            # A team with tools of its own (security): its work is the world, not a refund;
            # the scripted baseline does it from the articles, with its tools.
            from agents.scripted import ScriptedAgent

            self._specialist = ScriptedAgent()
            self._specialist.begin(self._scenario)
        if self._specialist is not None:
            return self._specialist.act(obs)
        told = " ".join(m.content for m in obs.conversation if m.role is Role.CUSTOMER)
        target = next((i for i in items if i.id in note), None)
        if target is None and self._asked:
            target = next((i for i in items if i.id in told), None)
        if target is None and not self._asked:
            self._asked = True
            return Reply(content=_ASK)
        amount = _amount(note)
        if amount is None and target is not None:
            amount = target.amount
        limit = None if team is None else team.refund_limit
        if target is None or amount is None or limit is None or amount > limit:
            # Hand on to a team with the authority, if one is listed (the note passes on).
            higher = next(
                (
                    t
                    for t in obs.teams
                    if t.id != obs.role and amount is not None and (t.refund_limit or 0) >= amount
                ),
                None,
            )
            return Escalate(
                reason=f"Beyond my team's authority or unclear from the note: {note}",
                team=None if higher is None else higher.id,
            )
        money = format_money(amount)
        self._plan = [
            IssueRefund(amount=amount, target=target.id, reason=f"Approved by tier-2: {note}"),
            CloseTicket(
                resolution=f"Tier-2 refunded {money} for {target.id}.",
                outcome=CloseOutcome.RESOLVED,
            ),
        ]
        return Reply(
            content=f"Hello, I'm taking over from my colleague, who passed on the details of "
            f"{target.id}. I have approved and am issuing your refund of {money} now to "
            "your original payment method."
        )


class ReaskTier2(ScriptedTier2):
    """Exploit: asks the customer for everything again before doing the same work."""

    name = "tier2-reask"

    def begin(self, scenario: Scenario) -> None:
        super().begin(scenario)
        self._plan = [
            Reply(
                content="Hi, I'm picking this up. Can you give me your order number, the "
                "delivery date, and what have you tried so far?"
            )
        ]


class OracleTier2(PolicyAgent):
    """Replays the scenario's ``handoff.reference_solution``."""

    name = "oracle"

    def __init__(self) -> None:
        self._plan: list[Action] = []

    def begin(self, scenario: Scenario) -> None:
        self._plan = [] if scenario.handoff is None else list(scenario.handoff.reference_solution)

    def act(self, observation: Observation) -> Action:
        if self._plan:
            return self._plan.pop(0)
        return CloseTicket(resolution="Tier-2 reference solution finished.")


class EscalateEmptyNote(PolicyAgent):
    """First-line exploit: hands every ticket at once to a team with authority (the first
    team declaring a ``refund_limit``, else the first team) with a note that says nothing."""

    name = "escalate-empty-note"

    def act(self, observation: Observation) -> Action:
        teams = observation.teams
        team = next((t for t in teams if t.refund_limit is not None), teams[0] if teams else None)
        return Escalate(reason="See ticket.", team=None if team is None else team.id)


TIER2_AGENTS: dict[str, type[PolicyAgent]] = {
    "tier2": ScriptedTier2,
    "oracle": OracleTier2,
    "tier2-reask": ReaskTier2,
}


def tier2_names() -> list[str]:
    return list(TIER2_AGENTS)


def make_tier2(name: str) -> PolicyAgent:
    """A fresh tier-2 agent by name (``--tier2-agent``)."""
    if name not in TIER2_AGENTS:
        raise ConfigError(f"unknown --tier2-agent {name!r}; expected one of: {tier2_names()}")
    return TIER2_AGENTS[name]()

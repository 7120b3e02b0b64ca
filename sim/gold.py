"""Static checks of a scenario file beyond field types: ids, duplicates, and a gold action
list that keeps the scenario's own rules.

:func:`scenario_problems` is a pure function used by the scenario validator: it returns one
``field.path: what is wrong`` line per problem, so that a file is rejected at load with every
problem listed, not only the first. The reference solution is walked as the env would run
it (knowledge-base searches retrieve what the real search returns), without a customer.
"""

from __future__ import annotations

import math
import weakref
from collections import Counter
from collections.abc import Iterable
from decimal import Decimal
from functools import lru_cache
from typing import TYPE_CHECKING

from sim.actions import CloseTicket, Escalate, IssueRefund, SearchKB
from sim.money import format_money

if TYPE_CHECKING:
    from sim.kb import KnowledgeBase
    from sim.scenario import Article, Scenario

__all__ = [
    "MAX_ID_LENGTH",
    "gold_problems",
    "id_problems",
    "reward_problems",
    "scenario_problems",
]

MAX_ID_LENGTH = 128
"""Longest id accepted in a scenario (scenario, article, order, charge, fact, target ids)."""


def _short(text: str) -> str:
    return repr(text) if len(text) <= 40 else repr(text[:37] + "...")


def _duplicates(values: Iterable[str]) -> list[str]:
    return [v for v, n in Counter(values).items() if n > 1]


def id_problems(scenario: Scenario) -> list[str]:
    """Ids that are too long or given twice."""
    sc, acct = scenario, scenario.customer
    named: list[tuple[str, str]] = [("id", sc.id), ("customer.account_id", acct.account_id)]
    named += [(f"kb.{i}.id", a.id) for i, a in enumerate(sc.kb)]
    named += [(f"customer.orders.{i}.id", o.id) for i, o in enumerate(acct.orders)]
    named += [(f"customer.charges.{i}.id", c.id) for i, c in enumerate(acct.charges)]
    named += [(f"customer.facts.{i}.name", f.name) for i, f in enumerate(acct.facts)]
    named += [(f"expectations.facts.{i}.id", f.id) for i, f in enumerate(sc.expectations.facts)]
    if sc.expectations.refund_target is not None:
        named.append(("expectations.refund_target", sc.expectations.refund_target))
    problems = [
        f"{path}: longer than {MAX_ID_LENGTH} characters ({len(value)})"
        for path, value in named
        if len(value) > MAX_ID_LENGTH
    ]
    for dup in _duplicates(i.id for i in acct.items):
        problems.append(f"customer: order/charge id {_short(dup)} is used more than once")
    for dup in _duplicates(f.id for f in sc.expectations.facts):
        problems.append(f"expectations.facts: fact id {_short(dup)} is used more than once")
    for dup in _duplicates(f.name for f in acct.facts):
        problems.append(f"customer.facts: fact name {_short(dup)} is used more than once")
    return problems


def reward_problems(scenario: Scenario) -> list[str]:
    """Reward overrides that are not finite numbers."""
    return [
        f"rewards.{name}: must be a finite number (got {value!r})"
        for name, value in scenario.rewards.items()
        if not math.isfinite(value)
    ]


def gold_problems(scenario: Scenario) -> list[str]:
    """Actions of the reference solution that break the scenario's own rules.

    A refund must be > 0, within what is still refundable for its target (or the account),
    within the agent's limit, and come after every required article was retrieved; nothing
    may follow an escalation or a close.
    """
    from sim.kb_library import scenario_articles

    kb = _knowledge_base(scenario_articles(scenario))
    retrieved: set[str] = set()
    refunded: dict[str | None, Decimal] = {}
    ended: tuple[int, str] | None = None
    problems: list[str] = []
    for i, action in enumerate(scenario.reference_solution):
        where = f"reference_solution.{i}"
        if ended is not None:
            problems.append(
                f"{where}: {action.type} after the episode ended at "
                f"reference_solution.{ended[0]} ({ended[1]})"
            )
            continue
        match action:
            case SearchKB():
                retrieved.update(a.id for a in kb.search(action.query, step=i + 1))
            case IssueRefund():
                problems += _refund_problems(where, i + 1, action, scenario, retrieved, refunded)
                refunded[action.target] = refunded.get(action.target, Decimal(0)) + action.amount
            case Escalate() | CloseTicket():
                ended = (i, action.type)
            case _:
                pass
    return problems


@lru_cache(maxsize=64)
def _knowledge_base(articles: tuple[Article, ...]) -> KnowledgeBase:
    """One BM25 index per distinct article list (a stored episode reloads its scenario)."""
    from sim.kb import KnowledgeBase  # imported only when a scenario is checked

    return KnowledgeBase(articles)


def _refund_problems(
    where: str,
    step: int,
    action: IssueRefund,
    scenario: Scenario,
    retrieved: set[str],
    refunded: dict[str | None, Decimal],
) -> list[str]:
    from sim.policy_engine import articles_missing, over_agent_limit, policy_at

    acct, policy = scenario.customer, policy_at(scenario, step)
    amount = action.amount
    if amount <= 0:
        return [f"{where}.amount: a refund must be greater than 0 (got {format_money(amount)})"]
    problems = []
    missing = articles_missing(policy, retrieved)
    if missing:
        problems.append(
            f"{where}: refund before the required article(s) {', '.join(missing)} "
            "were retrieved by a search_kb of the reference solution"
        )
    if over_agent_limit(policy, amount):
        problems.append(
            f"{where}.amount: {format_money(amount)} is above the agent limit "
            f"policy.refund.agent_limit ({format_money(policy.refund.agent_limit)})"
        )
    total = sum(refunded.values(), Decimal(0))
    available = acct.total_paid - total
    if action.target is not None:
        paid = acct.paid_for(action.target)
        if paid is None:
            return problems  # the scenario validator reports the unknown target
        available = min(available, paid - refunded.get(action.target, Decimal(0)))
    if amount > available:
        what = action.target or "the account"
        problems.append(
            f"{where}.amount: {format_money(amount)} is more than the "
            f"{format_money(available)} still refundable for {what}"
        )
    return problems


def scenario_problems(scenario: Scenario) -> list[str]:
    """Every semantic problem of a scenario that field types cannot express.

    Pydantic runs a model's after-validators again whenever the instance is a field of
    another model (every ``EpisodeState``), so the answer is remembered per scenario object
    (frozen: it cannot change) and the knowledge-base walk runs once per loaded file.
    """
    if _CLEAN.get(id(scenario)) is scenario:
        return []
    problems = [*id_problems(scenario), *reward_problems(scenario), *gold_problems(scenario)]
    if not problems:
        _CLEAN[id(scenario)] = scenario
    return problems


_CLEAN: weakref.WeakValueDictionary[int, Scenario] = weakref.WeakValueDictionary()

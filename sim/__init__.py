"""supportsim core: actions, scenarios, the knowledge base, the environment and rewards.

Names are imported on first use (PEP 562), so that ``import sim.cli`` or ``import sim.errors``
does not load the environment, the knowledge-base index and their dependencies.
"""

from __future__ import annotations

import importlib as _importlib
import typing as _typing

if _typing.TYPE_CHECKING:
    from sim.actions import (
        ACTION_TYPES,
        ALL_ACTION_TYPES,
        TOOL_TYPES,
        Action,
        CloseTicket,
        Escalate,
        IssueRefund,
        Reply,
        SearchKB,
        action_json_schema,
        parse_action,
    )
    from sim.customer import Customer, CustomerTurn, CustomerView, EchoCustomer, Usage
    from sim.env import SupportEnv
    from sim.errors import ConfigError, EpisodeError, RunError, ScenarioError, SupportSimError
    from sim.events import CustomerEvent, RewardEvent, Termination
    from sim.kb import KnowledgeBase
    from sim.loader import bundled_scenario_ids, get_scenario, load_model, load_scenario
    from sim.rewards import RewardConfig
    from sim.scenario import Resolution, Scenario, Tier
    from sim.state import CustomerIntent, EmotionPoint, EpisodeState, Message, Observation, Role
    from sim.world import World

__all__ = [
    # actions
    "ACTION_TYPES",
    "ALL_ACTION_TYPES",
    "TOOL_TYPES",
    "Action",
    "CloseTicket",
    "Escalate",
    "IssueRefund",
    "Reply",
    "SearchKB",
    "action_json_schema",
    "parse_action",
    # scenarios
    "Resolution",
    "Scenario",
    "Tier",
    "bundled_scenario_ids",
    "get_scenario",
    "load_model",
    "load_scenario",
    # environment
    "Customer",
    "CustomerEvent",
    "CustomerIntent",
    "CustomerTurn",
    "CustomerView",
    "EchoCustomer",
    "EmotionPoint",
    "EpisodeState",
    "KnowledgeBase",
    "Message",
    "Observation",
    "RewardConfig",
    "RewardEvent",
    "Role",
    "SupportEnv",
    "Termination",
    "Usage",
    "World",
    # errors
    "ConfigError",
    "EpisodeError",
    "RunError",
    "ScenarioError",
    "SupportSimError",
]

_LAZY: dict[str, str] = {
    "ACTION_TYPES": "sim.actions",
    "ALL_ACTION_TYPES": "sim.actions",
    "TOOL_TYPES": "sim.actions",
    "Action": "sim.actions",
    "CloseTicket": "sim.actions",
    "Escalate": "sim.actions",
    "IssueRefund": "sim.actions",
    "Reply": "sim.actions",
    "SearchKB": "sim.actions",
    "action_json_schema": "sim.actions",
    "parse_action": "sim.actions",
    "Customer": "sim.customer",
    "CustomerTurn": "sim.customer",
    "CustomerView": "sim.customer",
    "EchoCustomer": "sim.customer",
    "Usage": "sim.customer",
    "SupportEnv": "sim.env",
    "ConfigError": "sim.errors",
    "EpisodeError": "sim.errors",
    "RunError": "sim.errors",
    "ScenarioError": "sim.errors",
    "SupportSimError": "sim.errors",
    "CustomerEvent": "sim.events",
    "RewardEvent": "sim.events",
    "Termination": "sim.events",
    "KnowledgeBase": "sim.kb",
    "bundled_scenario_ids": "sim.loader",
    "get_scenario": "sim.loader",
    "load_model": "sim.loader",
    "load_scenario": "sim.loader",
    "RewardConfig": "sim.rewards",
    "Resolution": "sim.scenario",
    "Scenario": "sim.scenario",
    "Tier": "sim.scenario",
    "CustomerIntent": "sim.state",
    "EmotionPoint": "sim.state",
    "EpisodeState": "sim.state",
    "Message": "sim.state",
    "Observation": "sim.state",
    "Role": "sim.state",
    "World": "sim.world",
}
"""Where each exported name lives."""


def __getattr__(name: str) -> _typing.Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(_importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})

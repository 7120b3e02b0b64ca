"""supportsim core: actions, scenarios, the knowledge base, the environment and rewards."""

from sim.actions import (
    ACTION_TYPES,
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

__all__ = [
    # actions
    "ACTION_TYPES",
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
    # errors
    "ConfigError",
    "EpisodeError",
    "RunError",
    "ScenarioError",
    "SupportSimError",
]

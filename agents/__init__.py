"""Support agents: one protocol, a scripted baseline, the oracle, exploits, the LLM agent."""

from agents.base import PolicyAgent, SupportAgent
from agents.exploits import EXPLOITS
from agents.oracle import OracleAgent
from agents.registry import agent_names, make_agent

__all__ = ["EXPLOITS", "OracleAgent", "PolicyAgent", "SupportAgent", "agent_names", "make_agent"]

"""Support agents by name, for the command line and the batch runner."""

from __future__ import annotations

from typing import Any

from agents.base import SupportAgent
from agents.exploits import EXPLOITS
from agents.exploits_dual import DUAL_EXPLOITS
from agents.oracle import OracleAgent
from agents.tier2 import EscalateEmptyNote
from sim.errors import ConfigError

__all__ = ["agent_names", "make_agent"]

_BUILTIN = ("oracle", "llm")


def agent_names() -> list[str]:
    from agents.scripted import VARIANTS

    return [*VARIANTS, *_BUILTIN, *EXPLOITS, EscalateEmptyNote.name, *DUAL_EXPLOITS]


def make_agent(name: str, **options: Any) -> SupportAgent:
    """A fresh agent by name; ``llm`` takes ``model`` and optionally ``base_url``."""
    if name == "oracle":
        return OracleAgent()
    from agents.scripted import VARIANTS, ScriptedAgent

    if name in VARIANTS:
        return ScriptedAgent(VARIANTS[name], name)
    if name == "llm":
        from agents.llm import LLMSupportAgent

        return LLMSupportAgent(**options)
    if name in EXPLOITS:
        return EXPLOITS[name]()
    if name == EscalateEmptyNote.name:
        return EscalateEmptyNote()
    if name in DUAL_EXPLOITS:
        return DUAL_EXPLOITS[name]()
    raise ConfigError(f"unknown agent {name!r}; expected one of: {', '.join(agent_names())}")

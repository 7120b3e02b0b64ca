"""Building environments and customers by name: the glue the CLI, batch runner and server use."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from personas import Persona, ScriptedCustomer, get_persona
from sim.customer import Customer
from sim.env import SupportEnv
from sim.errors import ConfigError
from sim.loader import get_scenario
from sim.scenario import Scenario

__all__ = ["CustomerKind", "make_customer", "make_env"]

CustomerKind = Literal["scripted", "llm"]


def make_customer(
    persona: Persona,
    kind: CustomerKind = "scripted",
    *,
    model: Any = None,
    initial_frustration: float | None = None,
) -> Customer:
    """A customer playing ``persona``: scripted (offline) or an LLM given a pydantic-ai model."""
    if kind == "scripted":
        return ScriptedCustomer(persona, initial_frustration=initial_frustration)
    if kind == "llm":
        if model is None:
            raise ConfigError("an LLM customer needs a model (--customer-model)")
        from personas.llm import LLMCustomer  # pydantic-ai loads only when an LLM plays

        return LLMCustomer(persona, model, initial_frustration=initial_frustration)
    raise ConfigError(f"unknown customer kind {kind!r}; expected 'scripted' or 'llm'")


def make_env(
    scenario: str | Path | Scenario,
    persona: str | Path | Persona | None = None,
    *,
    customer: CustomerKind = "scripted",
    customer_model: Any = None,
    initial_frustration: float | None = None,
    max_steps: int | None = None,
) -> SupportEnv:
    """An environment for ``scenario`` (id or path) against ``persona`` (default: the
    scenario's own), with a scripted or LLM customer."""
    sc = scenario if isinstance(scenario, Scenario) else get_scenario(scenario)
    pe = persona if isinstance(persona, Persona) else get_persona(persona or sc.default_persona)
    cust = make_customer(
        pe, customer, model=customer_model, initial_frustration=initial_frustration
    )
    return SupportEnv(sc, cust, max_steps=max_steps)

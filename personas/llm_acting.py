"""The LLM customer's own tools (dual control): pydantic-ai function tools over the env's
``act`` callback, offered only in scenarios that give the customer tools.

The model decides whether the agent's message asks for a step and calls the tool; each call
changes the episode's world through the same pure transitions as the scripted customer's,
and returns what the customer sees, which the model then tells the agent in its message.
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic_ai.toolsets import FunctionToolset

from personas.schema import Persona
from sim.customer import CustomerView
from sim.customer_tools import (
    CheckStatement,
    InstallUpdate,
    OpenResetLink,
    ReadErrorCode,
    RestartDevice,
)
from sim.customer_world import CustomerStepResult
from sim.instructions import LOW_TECH

__all__ = ["acting_instructions", "customer_toolset"]


def customer_toolset(
    view: CustomerView,
) -> tuple[FunctionToolset[None], list[CustomerStepResult]]:
    """The customer's tools for one turn, and the list their results are logged to."""
    act = view.act
    if act is None:
        raise ValueError("the customer has no tools in this scenario")
    log: list[CustomerStepResult] = []

    def run(
        step: OpenResetLink | CheckStatement | ReadErrorCode | RestartDevice | InstallUpdate,
    ) -> str:
        assert act is not None
        result = act(step)
        log.append(result)
        return result.feedback

    def open_reset_link() -> str:
        """Open the newest password reset link in your email inbox and set a new password."""
        return run(OpenResetLink())

    def check_statement() -> str:
        """Look at your bank or card statement."""
        return run(CheckStatement())

    def read_error_code() -> str:
        """Read what the screen of your device shows."""
        return run(ReadErrorCode())

    def restart_device(hard: bool = False) -> str:
        """Restart your device: off and on again, or with hard=true hold the power button for
        ten seconds.

        Args:
            hard: hold the power button for ten seconds instead of switching off and on.
        """
        return run(RestartDevice(hard=hard))

    def install_update() -> str:
        """Install the pending software update on your device."""
        return run(InstallUpdate())

    tools: dict[str, Callable[..., str]] = {
        "open_reset_link": open_reset_link,
        "check_statement": check_statement,
        "read_error_code": read_error_code,
        "restart_device": restart_device,
        "install_update": install_update,
    }
    chosen = [tools[name] for name in view.scenario.customer_tools if name in tools]
    return FunctionToolset(chosen, sequential=True), log


def acting_instructions(persona: Persona) -> str:
    """What the customer model is told about its own tools."""
    low = persona.traits.tech_level < LOW_TECH
    vague = (
        "You are not good with technology: if the agent's instruction is vague (for example "
        "'reset it' or 'try the usual steps'), you misunderstand it: do what you guess it "
        "means, or nothing, and say you did not understand. Do only the FIRST step of a "
        "message that gives several, and ask for the rest one at a time."
        if low
        else "If the agent's instruction is vague, do what it most likely means, or ask which "
        "step is meant."
    )
    return (
        "You can act yourself with your tools (clicking a link, reading a screen, restarting "
        "a device). Use a tool only when the agent's last message clearly asks you to take "
        f"that step. {vague} Then tell the agent in your message what happened, in your own "
        "words: the agent cannot see your screen or your inbox."
    )

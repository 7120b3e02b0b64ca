"""TRL tool envs with exactly a scenario's tools (domain tools included).

TRL exposes every public method of the ``environment_factory`` class as a tool, so a
scenario's tool list becomes a class: :func:`tool_env_for` builds one from the lifecycle
core (:class:`sim.trl.ToolEnvCore`), the seed actions' methods and the domain tools'
methods below, keeping only the names the scenario lists::

    GRPOTrainer(..., environment_factory=tool_env_for("my-scenario.yaml"))
"""

from __future__ import annotations

from typing import Any

from sim.loader import get_scenario
from sim.trl import SupportSimToolEnv, ToolEnvCore

__all__ = ["DomainTools", "tool_env_for"]


class DomainTools(ToolEnvCore):
    """The ten domain tools as methods (a source of methods for :func:`tool_env_for`)."""

    def lookup_order(self, order_id: str) -> str:
        """Look up one order: item, amount, dates, status and shipping address.

        Args:
            order_id: The order id, e.g. "ORD-1042".

        Returns:
            The order's details, or why the lookup failed.
        """
        return self._act({"type": "lookup_order", "order_id": order_id})

    def lookup_account(self) -> str:
        """Look up the customer's account: orders, charges, subscriptions, payment methods,
        credit balance and security status.

        Returns:
            The account's details.
        """
        return self._act({"type": "lookup_account"})

    def verify_identity(self, answers: dict[str, str]) -> str:
        """Check what the caller told you against the account's answers on file.

        Args:
            answers: The caller's answers by name, e.g. {"postcode": "94110"}.

        Returns:
            Whether the caller is now verified.
        """
        return self._act({"type": "verify_identity", "answers": answers})

    def cancel_order(self, order_id: str, reason: str) -> str:
        """Cancel an order that has not shipped yet (a refund owed is a separate issue_refund).

        Args:
            order_id: The order to cancel.
            reason: Why it is cancelled.

        Returns:
            Whether the order was cancelled, or why not.
        """
        return self._act({"type": "cancel_order", "order_id": order_id, "reason": reason})

    def update_address(
        self,
        order_id: str,
        line1: str,
        city: str,
        postcode: str,
        country: str,
        line2: str | None = None,
    ) -> str:
        """Change the shipping address of an order that has not shipped yet.

        Args:
            order_id: The order to re-address.
            line1: Street and number.
            city: City.
            postcode: Postcode.
            country: Country.
            line2: Optional second address line.

        Returns:
            Whether the address was changed, or why not.
        """
        address: dict[str, Any] = {"line1": line1, "city": city, "postcode": postcode}
        address |= {"country": country, "line2": line2}
        return self._act({"type": "update_address", "order_id": order_id, "address": address})

    def create_return(self, order_id: str, reason: str, kind: str = "refund") -> str:
        """Create a return for a delivered order within the policy's window.

        Args:
            order_id: The delivered order.
            reason: Why it is returned.
            kind: "refund" (money back once returned) or "replacement" (a new item is sent).

        Returns:
            Whether the return was created, or why not.
        """
        action = {"type": "create_return", "order_id": order_id, "reason": reason, "kind": kind}
        return self._act(action)

    def cancel_subscription(self, subscription_id: str, when: str = "end_of_period") -> str:
        """Cancel a subscription, now or at the end of the paid period.

        Args:
            subscription_id: The subscription to cancel.
            when: "now" or "end_of_period" (runs until the renewal date, then stops).

        Returns:
            Whether the subscription was cancelled, or why not.
        """
        action = {"type": "cancel_subscription", "subscription_id": subscription_id}
        return self._act(action | {"when": when})

    def offer_retention(self, subscription_id: str, offer_id: str) -> str:
        """Offer a retention deal the policy allows for the customer's tier.

        Args:
            subscription_id: The subscription the customer wants to cancel.
            offer_id: The policy's offer id.

        Returns:
            Whether the customer accepted the offer, or why it could not be made.
        """
        action = {"type": "offer_retention", "subscription_id": subscription_id}
        return self._act(action | {"offer_id": offer_id})

    def apply_credit(self, amount: str, reason: str) -> str:
        """Add goodwill credit to the customer's account, within the policy's limits.

        Args:
            amount: A plain number with at most two decimals, e.g. "10.00".
            reason: Why the credit is given.

        Returns:
            The new credit balance, or why the credit was refused.
        """
        return self._act({"type": "apply_credit", "amount": amount, "reason": reason})

    def send_password_reset(self) -> str:
        """Send a password reset link to the account's email on file.

        Returns:
            Confirmation, or why it could not be sent.
        """
        return self._act({"type": "send_password_reset"})


def tool_env_for(scenario: str) -> type[ToolEnvCore]:
    """A tool-env class whose tool methods are exactly the scenario's tools (its
    ``reset`` defaults to that scenario). ``scenario``: a bundled id or a YAML path."""
    tools = get_scenario(scenario).available_tools
    methods: dict[str, Any] = {}
    for source in (SupportSimToolEnv, DomainTools):
        methods |= {n: f for n, f in vars(source).items() if n in tools}

    def __init__(self: ToolEnvCore, *, persona: str | None = None) -> None:
        ToolEnvCore.__init__(self, scenario=scenario, persona=persona)

    methods["__init__"] = __init__
    methods["__doc__"] = f"A tool env with the tools {', '.join(tools)}."
    return type("ScenarioToolEnv", (ToolEnvCore,), methods)

"""supportsim as a TRL ``environment_factory``: each support action is a tool method.

TRL's ``GRPOTrainer(environment_factory=SupportSimToolEnv)`` builds one instance per rollout
with no arguments, calls ``reset(**row)`` with the dataset row before each episode, exposes
every public method other than ``reset`` as a tool (schemas from the docstrings' ``Args:``)
and hands the instances to the reward functions, which read ``env.reward``::

    def reward_func(environments, **kwargs):
        return [env.reward for env in environments]

The env is async; this adapter is the synchronous edge. It runs the env on a private event
loop of its own (:class:`asyncio.Runner`), no threads, so it cannot be called from a thread
whose event loop is running (a Jupyter cell): run training from a script.

Tool calls never raise: an invalid action (a malformed amount, a refund above what was
paid), a call after the episode ended or before ``reset`` comes back as text, and invalid
actions cost reward exactly as in-process. ``reset`` raises :class:`~sim.errors.ConfigError`
for a row naming an unknown scenario or persona: that is a broken dataset, not a move of
the policy, and training on it must stop.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Coroutine
from typing import Any, TypeVar

from sim.actions import ACTION_TYPES
from sim.env import SupportEnv
from sim.errors import ConfigError
from sim.factory import make_env
from sim.loader import bundled_scenario_ids
from sim.render import version_label
from sim.state import EpisodeState, Observation, Role

__all__ = ["SupportSimToolEnv", "ToolEnvCore", "render_observation", "render_start"]

T = TypeVar("T")


def render_start(obs: Observation) -> str:
    """The first observation as text: the ticket, the account and the opening message."""
    c = obs.customer
    lines = [
        f"New support ticket ({obs.ticket.channel}): {obs.ticket.subject}",
        f"Customer: {c.name} <{c.email}>, {c.tier.value} tier, account {c.account_id}",
    ]
    for o in c.orders:
        lines.append(f"Order {o.id}: {o.item}, paid {o.amount} on {o.date}, {o.status}")
    for ch in c.charges:
        lines.append(f"Charge {ch.id}: {ch.description}, {ch.amount} on {ch.date}")
    lines += [f"{m.role.value.capitalize()}: {m.content}" for m in obs.conversation]
    for sub in c.subscriptions:
        lines.append(
            f"Subscription {sub.id}: {sub.plan}, {sub.price} {sub.period.value}, "
            f"{sub.status.value}, renews {sub.renews}"
        )
    if not c.looked_up:
        lines.append("Account details: look them up (lookup_account, lookup_order).")
    lines.append(
        f"You have {obs.steps_left} steps. Tools: {', '.join(obs.tools or ACTION_TYPES)}. "
        "Search the knowledge base before acting on policy."
    )
    return "\n".join(lines)


def render_observation(obs: Observation, seen: int, total_reward: float) -> str:
    """What one action did, as text: its feedback, search results, the customer's new
    messages (after the first ``seen`` of the conversation) and the episode's status."""
    lines = [obs.feedback if obs.last_action_valid else f"Error: {obs.feedback}"]
    lines += [f"[{a.id}] {a.title}{version_label(a)}: {a.body}" for a in obs.search_results]
    lines += [f"Customer: {m.content}" for m in obs.conversation[seen:] if m.role is Role.CUSTOMER]
    if obs.done:
        ended = obs.termination.value if obs.termination else "ended"
        lines.append(f"Episode over ({ended}). Total reward: {total_reward:.2f}.")
    else:
        lines.append(f"Reward {obs.reward:+.2f}; {obs.steps_left} steps left.")
    return "\n".join(lines)


def _optional_str(row: dict[str, Any], key: str) -> str | None:
    value = row.get(key)
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise ConfigError(f"reset: {key} must be a string id, got {type(value).__name__}")
    return value


class ToolEnvCore:
    """The lifecycle of a tool env (reset, reward, done, state) without tool methods:
    :class:`SupportSimToolEnv` adds the five seed actions, :func:`sim.trl_tools.tool_env_for`
    a scenario's own tools.

    Args:
        scenario: Scenario id used when ``reset`` is given none (default: the first
            bundled scenario).
        persona: Persona id used when ``reset`` is given none (default: the scenario's own).
    """

    def __init__(self, *, scenario: str | None = None, persona: str | None = None) -> None:
        self._scenario = scenario
        self._persona = persona
        self._runner = asyncio.Runner()
        self._finalizer = weakref.finalize(self, self._runner.close)
        self._env: SupportEnv | None = None
        self._seen = 0

    # -- lifecycle (not tools) ----------------------------------------------------------

    def reset(self, **kwargs: Any) -> str:
        """Start an episode; returns the first observation as text.

        Recognized keys (other dataset columns such as ``prompt`` are ignored): ``scenario``,
        ``persona`` (bundled ids or YAML paths), ``seed`` (int) and ``episode_id`` (str).
        A row with ``family`` (and ``seed``; optional ``split``) plays a generated scenario
        of that family made from that seed (:mod:`sim.generate`), without files.
        """
        scenario = _optional_str(kwargs, "scenario") or self._scenario or bundled_scenario_ids()[0]
        persona = _optional_str(kwargs, "persona") or self._persona
        episode_id = _optional_str(kwargs, "episode_id")
        seed = kwargs.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ConfigError(f"reset: seed must be an integer, got {seed!r}")
        family = _optional_str(kwargs, "family")
        if family is not None:
            from sim.generate.refs import make_ref
            from sim.generate.sampler import Split

            split = _optional_str(kwargs, "split") or "train"
            if split not in ("train", "test"):
                raise ConfigError(f"reset: split must be 'train' or 'test', got {split[:40]!r}")
            scenario = make_ref(family, Split(split), seed or 0, 0)
        env = make_env(scenario, persona)
        obs = self._run(env.reset(seed=seed, episode_id=episode_id))
        self._env = env
        self._seen = len(obs.conversation)
        return render_start(obs)

    @property
    def reward(self) -> float:
        """The episode's total shaped reward so far (0.0 before the first reset)."""
        return self._env.state.total_reward if self._env is not None else 0.0

    @property
    def done(self) -> bool:
        """Whether the episode has ended (``False`` before the first reset)."""
        return self._env is not None and self._env.state.done

    @property
    def episode_state(self) -> EpisodeState | None:
        """The full episode state, for graders (``None`` before the first reset)."""
        return self._env.state if self._env is not None else None

    # -- internals ------------------------------------------------------------------------

    def _run(self, coro: Coroutine[Any, Any, T]) -> T:
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # no loop running in this thread: the normal case
            return self._runner.run(coro)
        coro.close()
        raise RuntimeError(
            "SupportSimToolEnv runs the env on its own event loop and cannot be called from "
            "a thread whose event loop is running (e.g. a Jupyter cell); run from a script"
        )

    def _act(self, action: dict[str, Any]) -> str:
        """One env step; every failure comes back as text, never as an exception."""
        env = self._env
        if env is None:
            return "Error: no episode is running; the environment must be reset first."
        state = env.state
        if state.done:
            ended = state.termination.value if state.termination else "ended"
            return (
                f"Error: the episode is over ({ended}); no more actions are possible. "
                f"Total reward: {state.total_reward:.2f}."
            )
        try:
            obs = self._run(env.step(action))
        except Exception as exc:  # the env or a model behind the customer failed
            return f"Error: the action could not be applied ({type(exc).__name__}: {exc})."
        text = render_observation(obs, self._seen, env.state.total_reward)
        self._seen = len(obs.conversation)
        return text


class SupportSimToolEnv(ToolEnvCore):
    """One support ticket per episode; the agent acts through the five tool methods (for
    a scenario's own tools, domain tools included, see :func:`sim.trl_tools.tool_env_for`).

    Args:
        scenario: Scenario id used when ``reset`` is given none (default: the first
            bundled scenario).
        persona: Persona id used when ``reset`` is given none (default: the scenario's own).
    """

    # -- tools ----------------------------------------------------------------------------

    def reply(self, content: str) -> str:
        """Send a message to the customer and get the customer's answer.

        Args:
            content: The message to send to the customer.

        Returns:
            What happened, the customer's answer and the episode's status.
        """
        return self._act({"type": "reply", "content": content})

    def search_kb(self, query: str) -> str:
        """Search the company knowledge base (policies, how-to articles).

        Args:
            query: Free-text search query, e.g. "refund policy duplicate charge".

        Returns:
            The matching articles with their ids, titles and text.
        """
        return self._act({"type": "search_kb", "query": query})

    def issue_refund(
        self,
        amount: str,
        reason: str,
        target: str | None = None,
        method: str = "original_payment",
    ) -> str:
        """Refund money to the customer, optionally against one order or charge.

        Args:
            amount: Amount to refund, a plain number with at most two decimals, e.g. "19.99"
                (ASCII digits; no exponent, separators or underscores).
            reason: Why the refund is issued.
            target: Id of the order or charge being refunded, e.g. "CH-5502"; omit to refund
                against the account.
            method: Where the money goes: "original_payment" (default) or "store_credit", as
                the policy allows.

        Returns:
            Whether the refund went through and the total refunded so far.
        """
        action: dict[str, Any] = {
            "type": "issue_refund",
            "amount": amount,
            "reason": reason,
            "method": method,
        }
        if target is not None:
            action["target"] = target
        return self._act(action)

    def escalate(self, reason: str, team: str | None = None) -> str:
        """Hand the ticket to a human agent. This ends the episode.

        Args:
            reason: Why a human is needed.
            team: The team to hand it to (one of the teams listed with the ticket); omit for
                any human.

        Returns:
            Confirmation and the episode's final status.
        """
        action: dict[str, Any] = {"type": "escalate", "reason": reason}
        if team is not None:
            action["team"] = team
        return self._act(action)

    def close_ticket(self, resolution: str, outcome: str | None = None) -> str:
        """Close the ticket. This ends the episode.

        Args:
            resolution: Summary of how the customer's problem was resolved.
            outcome: "resolved" (the request was met) or "declined" (it was refused).

        Returns:
            Confirmation and the episode's final status.
        """
        action: dict[str, Any] = {"type": "close_ticket", "resolution": resolution}
        if outcome is not None:
            action["outcome"] = outcome
        return self._act(action)

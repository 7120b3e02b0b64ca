"""Server sessions: one :class:`~sim.env.SupportEnv` per session, isolated, capped in number.

A :class:`Session` turns wire requests into env calls and env misuse into
:class:`~sim.server.protocol.ProtocolError` values; it knows nothing of WebSockets or HTTP.
The :class:`SessionManager` hands out session slots up to ``max_sessions``.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from personas import bundled_persona_ids, get_persona
from sim.actions import ACTION_TYPES, parse_action
from sim.env import SupportEnv
from sim.errors import ConfigError, EpisodeError
from sim.factory import make_env
from sim.loader import bundled_scenario_ids, get_scenario
from sim.server.protocol import ErrorCode, ProtocolError, ResetData, error_details
from sim.server.public import public_state
from sim.state import EpisodeState, Observation

__all__ = ["Catalog", "EnvFactory", "Session", "SessionManager", "default_env_factory"]

EnvFactory = Callable[[str, str | None], SupportEnv]
"""Builds an env for a (validated) scenario id and persona id (``None``: the scenario's own)."""


def default_env_factory(scenario: str, persona: str | None) -> SupportEnv:
    """A scripted-customer env from :func:`sim.factory.make_env`."""
    return make_env(scenario, persona)


@dataclass(frozen=True, slots=True)
class Catalog:
    """The scenario and persona ids a client may ask for: the bundled ones, never paths."""

    scenarios: tuple[str, ...]
    personas: tuple[str, ...]
    default_scenario: str
    files: tuple[tuple[str, str], ...] = ()
    """Served scenario and persona files: (id, path). Clients name them by id, never path."""

    @classmethod
    def bundled(
        cls,
        default_scenario: str | None = None,
        scenario_files: Sequence[str | Path] = (),
        persona_files: Sequence[str | Path] = (),
    ) -> Catalog:
        """The bundled scenarios and personas, plus files the operator chose to serve."""
        files = [(get_scenario(p).id, str(p)) for p in scenario_files]
        person_files = [(get_persona(p).id, str(p)) for p in persona_files]
        scenarios = tuple(dict.fromkeys([*bundled_scenario_ids(), *(i for i, _ in files)]))
        if not scenarios:
            raise ConfigError("no bundled scenarios found")
        default = default_scenario or scenarios[0]
        if default not in scenarios:
            raise ConfigError(
                f"default scenario {default!r} is not served; served: {', '.join(scenarios)}"
            )
        personas = tuple(dict.fromkeys([*bundled_persona_ids(), *(i for i, _ in person_files)]))
        return cls(scenarios, personas, default, (*files, *person_files))

    def check(self, data: ResetData) -> tuple[str, str | None]:
        """What to build for a reset (served ids, resolved to files where the operator gave
        files), or ``UNKNOWN_SCENARIO``/``UNKNOWN_PERSONA``."""
        if data.generate is not None:
            return self._generated(data)
        scenario = data.scenario or self.default_scenario
        if scenario not in self.scenarios:
            raise ProtocolError(
                ErrorCode.UNKNOWN_SCENARIO,
                f"unknown scenario {scenario!r}; served scenarios: {', '.join(self.scenarios)}",
            )
        return dict(self.files).get(scenario, scenario), self._persona(data)

    def _persona(self, data: ResetData) -> str | None:
        """The reset's persona (a served id, resolved to its file), ``None`` for the
        scenario's own, or ``UNKNOWN_PERSONA``."""
        if data.persona is None:
            return None
        if data.persona not in self.personas:
            raise ProtocolError(
                ErrorCode.UNKNOWN_PERSONA,
                f"unknown persona {data.persona!r}; served personas: {', '.join(self.personas)}",
            )
        return dict(self.files).get(data.persona, data.persona)

    def _generated(self, data: ResetData) -> tuple[str, str | None]:
        """The ``gen:`` reference of ``data.generate`` (a family with templates)."""
        from sim.generate import Split, families
        from sim.generate.refs import make_ref

        gen = data.generate
        assert gen is not None
        known = families()
        if gen.family not in (*known, "all"):
            raise ProtocolError(
                ErrorCode.UNKNOWN_SCENARIO,
                f"no templates for family {gen.family!r}; families: {', '.join(known)}",
            )
        return make_ref(gen.family, Split(gen.split), gen.seed, gen.index), self._persona(data)


class Session:
    """One client's environment. Requests on a session must not overlap (callers serialize).

    ``expose_state``: :meth:`state_json` gives the full state (scenario internals, emotion,
    grading notes) instead of the public view (:mod:`sim.server.public`)."""

    def __init__(
        self,
        catalog: Catalog,
        env_factory: EnvFactory = default_env_factory,
        *,
        expose_state: bool = False,
    ) -> None:
        self.id = uuid.uuid4().hex
        self.catalog = catalog
        self._factory = env_factory
        self.expose_state = expose_state
        self.env: SupportEnv | None = None

    async def reset(self, data: ResetData) -> Observation:
        """Start a new episode on a fresh env for the requested scenario and persona."""
        scenario, persona = self.catalog.check(data)
        env = self._factory(scenario, persona)
        obs = await env.reset(seed=data.seed, episode_id=data.episode_id, options=data.options)
        self.env = env
        return obs

    async def step(self, payload: Any) -> Observation:
        """Validate ``payload`` as an action, then apply it.

        A payload that is not an action is refused with ``INVALID_ACTION`` before it reaches
        the env (no step is used, no penalty). A well-formed action the env rejects (a refund
        above what was paid, ...) is a penalized observation, as in-process.
        """
        env = self._require_env()
        if env.state.done:
            raise ProtocolError(
                ErrorCode.EPISODE_DONE,
                f"episode {env.state.episode_id} is over ({env.state.termination}); "
                "send reset to start another",
            )
        if not isinstance(payload, dict):
            raise ProtocolError(
                ErrorCode.INVALID_ACTION,
                "the action must be a JSON object with a 'type' "
                f"(one of {', '.join(ACTION_TYPES)}); got {type(payload).__name__}",
            )
        try:
            action = parse_action(payload)
        except ValidationError as exc:
            details = error_details(exc)
            summary = "; ".join(
                f"{'.'.join(map(str, d['loc'])) or 'action'}: {d['msg']}" for d in details[:3]
            )
            raise ProtocolError(
                ErrorCode.INVALID_ACTION, f"invalid action: {summary}", details
            ) from None
        try:
            obs = await env.step(action)
        except EpisodeError as exc:  # the done check above makes this a race guard only
            raise ProtocolError(ErrorCode.EPISODE_DONE, str(exc)) from None
        return obs

    def state(self) -> EpisodeState:
        """The full state of the current episode."""
        return self._require_env().state

    def state_json(self) -> dict[str, Any]:
        """The state a client is sent: public by default, full with ``expose_state``."""
        state = self.state()
        if self.expose_state:
            return state.model_dump(mode="json")
        return public_state(state).model_dump(mode="json")

    def _require_env(self) -> SupportEnv:
        if self.env is None:
            raise ProtocolError(ErrorCode.NOT_RESET, "no episode yet: send reset first")
        return self.env


class SessionManager:
    """Hands out at most ``max_sessions`` sessions at a time."""

    def __init__(
        self,
        catalog: Catalog,
        max_sessions: int,
        env_factory: EnvFactory = default_env_factory,
        *,
        expose_state: bool = False,
    ) -> None:
        if max_sessions < 1:
            raise ConfigError(f"max_sessions must be at least 1, not {max_sessions}")
        self.catalog = catalog
        self.max_sessions = max_sessions
        self.expose_state = expose_state
        self._factory = env_factory
        self._sessions: dict[str, Session] = {}

    @property
    def active(self) -> int:
        return len(self._sessions)

    def open(self) -> Session:
        """A new session, or ``CAPACITY_REACHED`` when every slot is taken."""
        if len(self._sessions) >= self.max_sessions:
            raise ProtocolError(
                ErrorCode.CAPACITY_REACHED,
                f"server at capacity: {len(self._sessions)}/{self.max_sessions} sessions "
                "active; retry later",
            )
        session = Session(self.catalog, self._factory, expose_state=self.expose_state)
        self._sessions[session.id] = session
        return session

    def close(self, session: Session) -> None:
        """Free the session's slot (idempotent)."""
        self._sessions.pop(session.id, None)

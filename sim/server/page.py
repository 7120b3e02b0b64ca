"""The play page: a person works a ticket by hand, in the browser, as the support agent.

The page (``GET /`` for browsers) drives the env through ``WS /ws`` like any other client:
the same reset and step messages, the same observations, the same actions (its forms are
built from ``GET /schema``). The wire protocol has no grade, so at the end the page posts
what it played — scenario, persona, seed and the actions the env accepted — to
``POST /play/grade``. The server replays those actions on a fresh env from the same seed
(the scripted customer is deterministic per seed), checks that the replay ends with the
reward the player saw, grades the replayed state and, when asked and when the server was
started with a save directory, stores it as an episode of a run that ``supportsim compare``
reads. Replaying means a saved episode is always one the env really produced.
"""

from __future__ import annotations

import asyncio
import re
import time
from importlib.resources import files
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, PlainTextResponse, Response
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from graders.rules import grade
from sim.actions import parse_action
from sim.events import Termination
from sim.orchestrator import EpisodeResult, EpisodeSpec, UsageRecord
from sim.server.protocol import ErrorCode, ProtocolError, ResetData, error_details, parse_json
from sim.server.sessions import Catalog, EnvFactory
from sim.store import ResultStore

__all__ = ["PLAYER", "GradeRequest", "play_html", "play_router", "wants_html"]

PLAYER = "human"
"""The agent name of episodes played on the page (what ``compare`` calls the run)."""

MAX_ACTIONS = 500
"""More actions than any step limit allows; a longer list is refused before replay."""

_RUN_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")

_STATIC = files("sim.server").joinpath("static")


class SaveRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    run: str = Field(min_length=1, max_length=64)
    """Name of the run (a directory under the server's save directory)."""


class GradeRequest(BaseModel):
    """What the page played: enough to replay the episode on a fresh env."""

    model_config = ConfigDict(extra="forbid")

    scenario: str = Field(min_length=1, max_length=200)
    persona: str | None = Field(default=None, min_length=1, max_length=200)
    seed: int = Field(strict=True)
    actions: list[dict[str, Any]] = Field(max_length=MAX_ACTIONS)
    """The actions the env accepted, in order, as sent over ``WS /ws``."""
    total_reward: float | None = None
    """The total reward the player saw; the replay must end with the same."""
    wall_seconds: float = Field(default=0.0, ge=0)
    save: SaveRequest | None = None


def wants_html(request: Request) -> bool:
    """A browser asking for a page (API clients keep getting JSON at ``/``)."""
    return "text/html" in request.headers.get("accept", "")


def _asset(name: str) -> str:
    return _STATIC.joinpath(name).read_text(encoding="utf-8")


def play_html() -> str:
    """The play page (static: everything it shows comes over ``WS /ws`` and ``/schema``)."""
    return _asset("play.html")


def _report_css() -> str:
    """The report's stylesheet, so that the play page and the report look alike."""
    return files("sim.report").joinpath("static", "report.css").read_text(encoding="utf-8")


class _Player:
    """Replays, grades and saves played episodes."""

    def __init__(self, catalog: Catalog, factory: EnvFactory, save_dir: Path | None) -> None:
        self.catalog = catalog
        self.factory = factory
        self.save_dir = save_dir
        self.lock = asyncio.Lock()

    async def replay(self, req: GradeRequest, episode_id: str | None) -> Any:
        scenario, persona = self.catalog.check(
            ResetData(scenario=req.scenario, persona=req.persona, seed=req.seed)
        )
        env = self.factory(scenario, persona)
        await env.reset(seed=req.seed, episode_id=episode_id)
        for i, payload in enumerate(req.actions):
            if env.state.done:
                raise ProtocolError(
                    ErrorCode.VALIDATION_ERROR,
                    f"the episode ended after {i} action(s); {len(req.actions)} were sent",
                )
            try:
                action = parse_action(payload)
            except ValidationError as exc:
                raise ProtocolError(
                    ErrorCode.INVALID_ACTION, f"action {i + 1} is not valid", error_details(exc)
                ) from None
            await env.step(action)
        state = env.state
        if not state.done:  # the player stopped: as the orchestrator records an agent that stops
            state.done, state.termination = True, Termination.AGENT_STOPPED
        seen = req.total_reward
        if seen is not None and abs(seen - state.total_reward) > 1e-6:
            raise ProtocolError(
                ErrorCode.EXECUTION_ERROR,
                f"the replay ended with reward {state.total_reward:.4f}, the page saw "
                f"{seen:.4f}: the env is not deterministic for this seed",
            )
        return state

    def _run_dir(self, name: str) -> Path:
        if self.save_dir is None:
            raise ProtocolError(
                ErrorCode.VALIDATION_ERROR,
                "saving is off: start the server with `supportsim serve --save-dir DIR`",
            )
        if not _RUN_NAME.match(name):
            raise ProtocolError(
                ErrorCode.VALIDATION_ERROR,
                f"run name {name!r}: use letters, digits, '.', '_' and '-' (at most 64)",
            )
        return self.save_dir / name

    async def grade(self, req: GradeRequest) -> dict[str, Any]:
        run_dir = None if req.save is None else self._run_dir(req.save.run)
        state = await self.replay(req, None)
        report = grade(state)
        if run_dir is None:
            return self._answer(state, report, None)
        task = f"{req.scenario}|{state.persona_id}|-"
        async with self.lock:  # one writer at a time: trial numbers must not collide
            with ResultStore(run_dir) as store:
                trial = sum(1 for r in store.rows() if r["task"] == task)
                spec = EpisodeSpec(req.scenario, state.persona_id, trial, req.seed)
                state.episode_id = spec.key
                zero = UsageRecord()
                result = EpisodeResult(
                    scenario=spec.scenario,
                    persona=spec.persona,
                    trial=trial,
                    seed=req.seed,
                    agent=PLAYER,
                    customer="scripted",
                    termination=state.termination,
                    grade=report,
                    usage={"agent": zero, "customer": zero, "judge": zero},
                    started_at=time.time() - req.wall_seconds,
                    wall_seconds=req.wall_seconds,
                    state=state,
                )
                if store.meta("label") is None:
                    store.set_meta("label", PLAYER)
                store.add(result)
        saved = {"run": run_dir.name, "path": str(run_dir), "key": result.key}
        return self._answer(state, report, saved)

    @staticmethod
    def _answer(state: Any, report: Any, saved: dict[str, Any] | None) -> dict[str, Any]:
        return {
            "grade": report.model_dump(mode="json"),
            "termination": None if state.termination is None else state.termination.value,
            "steps": state.step_count,
            "total_reward": state.total_reward,
            "emotion": [p.model_dump(mode="json") for p in state.emotion],
            "saved": saved,
        }


async def _body(request: Request, limit: int) -> bytes:
    """The request body, or ``MESSAGE_TOO_LARGE`` once it exceeds ``limit`` bytes."""
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise ProtocolError(
                ErrorCode.MESSAGE_TOO_LARGE, f"request body exceeds the limit of {limit} bytes"
            )
    return bytes(body)


def play_router(
    catalog: Catalog, factory: EnvFactory, save_dir: Path | None, max_bytes: int
) -> APIRouter:
    """``GET /play`` (the page), its script and style, and ``POST /play/grade``."""
    router = APIRouter(include_in_schema=False)
    player = _Player(catalog, factory, save_dir)

    @router.get("/play")
    async def page() -> HTMLResponse:
        return HTMLResponse(play_html())

    @router.get("/play/play.js")
    async def script() -> Response:
        return PlainTextResponse(_asset("play.js"), media_type="text/javascript")

    @router.get("/play/style.css")
    async def style() -> Response:
        return PlainTextResponse(_report_css() + _asset("play.css"), media_type="text/css")

    @router.get("/play/config")
    async def config() -> dict[str, Any]:
        return {"save": save_dir is not None, "player": PLAYER}

    @router.post("/play/grade")
    async def grade_played(request: Request) -> dict[str, Any]:
        try:
            req = GradeRequest.model_validate(parse_json(await _body(request, max_bytes)))
        except ValidationError as exc:
            raise ProtocolError(
                ErrorCode.VALIDATION_ERROR, "invalid grade request", error_details(exc)
            ) from None
        return await player.grade(req)

    return router

"""One episode as the report shows it: a compact JSON view built from a stored result.

The view is generic over what the store holds: grade checks are rendered from whatever
checks the stored grade has (new checks and fields appear without code changes), actions
from whatever fields their model dumps. Failed checks come first.
"""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

from sim.orchestrator import EpisodeResult

__all__ = [
    "INDEX_CODED",
    "RunInfo",
    "encode_index",
    "episode_index_row",
    "episode_view",
    "reproduce_command",
]

INDEX_CODED = ("scenario", "persona", "family", "termination", "error")
"""Index columns stored as positions in a table of their distinct values."""


class RunInfo:
    """What the report knows about the run as a whole (from its ``config.json``)."""

    def __init__(self, run_dir: Path, config: dict[str, Any] | None) -> None:
        self.run_dir = run_dir
        self.config = config or {}

    @property
    def base_seed(self) -> int | None:
        seed = self.config.get("seed")
        return seed if isinstance(seed, int) else None

    def scenario_ref(self, scenario_id: str) -> str:
        """How the run named the scenario (an id, or the file it came from)."""
        refs = [r for r in self.config.get("scenarios", []) if isinstance(r, str)]
        if scenario_id in refs:
            return scenario_id
        for ref in refs:
            if Path(ref).stem == scenario_id:
                return ref
        return scenario_id

    def persona_ref(self, persona_id: str) -> str:
        refs = [r for r in self.config.get("personas") or [] if isinstance(r, str)]
        for ref in refs:
            if Path(ref).stem == persona_id:
                return ref
        return persona_id


def reproduce_command(result: EpisodeResult, run: RunInfo) -> str | None:
    """The command that plays this episode again (same derived seed), or ``None`` if the run
    has no ``config.json`` to say how it was made (e.g. episodes played by hand)."""
    cfg = run.config
    if run.base_seed is None or cfg.get("agent", result.agent) != result.agent:
        return None  # not made by this run's configuration (played by hand, added later)
    words = ["supportsim"]
    if result.initial_frustration is None:
        words += ["run"]
    else:
        f = f"{result.initial_frustration:g}"
        words += ["stress", "--sweep", f"{f}:{f}:1"]
    words += ["-s", run.scenario_ref(result.scenario), "-p", run.persona_ref(result.persona)]
    words += ["--agent", result.agent]
    for flag in ("agent_model", "customer", "customer_model", "base_url", "judge_model"):
        value = cfg.get(flag)
        if value and not (flag == "customer" and value == "scripted"):
            if flag == "judge_model" and result.initial_frustration is not None:
                continue  # stress has no judge
            words += [f"--{flag.replace('_', '-')}", str(value)]
    if cfg.get("max_steps") and result.initial_frustration is None:
        words += ["--max-steps", str(cfg["max_steps"])]
    words += ["--seed", str(run.base_seed), "--trials", str(result.trial + 1)]
    words += ["--out", "runs/reproduce"]
    show = ["supportsim", "show", "runs/reproduce", result.key]
    return shlex.join(words) + " && " + shlex.join(show)


def _failed_first(checks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Failed critical checks, then other failed ones, then passed ones (stable)."""
    return sorted(checks, key=lambda c: (bool(c.get("passed")), not bool(c.get("critical"))))


def _failed_checks(result: EpisodeResult) -> list[str]:
    return [] if result.grade is None else list(result.grade.failed)


def episode_index_row(result: EpisodeResult, family: str) -> dict[str, Any]:
    """The small record the episode list filters and searches on."""
    grade = result.grade
    return {
        "scenario": result.scenario,
        "persona": result.persona,
        "family": family,
        "trial": result.trial,
        "frustration": result.initial_frustration,
        "success": None if grade is None else grade.success,
        "score": None if grade is None else round(grade.score, 4),
        "termination": None if result.termination is None else result.termination.value,
        "error": result.error_kind.value if result.error_kind else None,
        "failed": _failed_checks(result),
        "steps": result.state.step_count,
        "reward": round(result.state.total_reward, 4),
    }


def encode_index(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The index as columns, repeated strings as positions in a table of distinct values.

    At 10,000 episodes this is about a sixth of the size of a list of row objects; the
    page rebuilds the rows (report.js ``decodeIndex``)."""
    columns: dict[str, list[Any]] = {name: [] for name in rows[0]} if rows else {}
    tables: dict[str, list[Any]] = {name: [] for name in (*INDEX_CODED, "failed")}
    positions: dict[str, dict[Any, int]] = {name: {} for name in tables}

    def code(name: str, value: Any) -> int:
        table = positions[name]
        if value not in table:
            table[value] = len(tables[name])
            tables[name].append(value)
        return table[value]

    for row in rows:
        for name, value in row.items():
            if name in INDEX_CODED:
                value = code(name, value)
            elif name == "failed":
                value = [code("failed", v) for v in value]
            columns[name].append(value)
    return {"n": len(rows), "columns": columns, "tables": tables}


def episode_view(result: EpisodeResult, run: RunInfo) -> dict[str, Any]:
    """Everything the episode view draws, as JSON-ready data.

    KB article bodies are not repeated here: the view names article ids and the report
    carries each scenario's knowledge base once.
    """
    dumped = result.model_dump(mode="json")
    state = dumped["state"]
    actions = []
    for rec in state["actions"]:
        action = rec.get("action") or {}
        actions.append(
            {
                "step": rec["step"],
                "type": action.get("type", "unparsed"),
                "args": {k: v for k, v in action.items() if k != "type"},
                "raw": rec.get("raw"),
                "valid": rec["valid"],
                "feedback": rec["feedback"],
                "reward": rec["reward"],
                "events": rec["events"],
            }
        )
    grade = dumped.get("grade")
    return {
        "key": result.key,
        "episode_id": result.state.episode_id,
        "scenario": result.scenario,
        "persona": result.persona,
        "trial": result.trial,
        "seed": str(result.seed),  # 63-bit: a JavaScript number would round it
        "frustration": result.initial_frustration,
        "agent": result.agent,
        "customer": result.customer,
        "termination": dumped["termination"],
        "error": result.error,
        "error_kind": dumped["error_kind"],
        "steps": state["step_count"],
        "max_steps": state["max_steps"],
        "total_reward": state["total_reward"],
        "wall_seconds": round(result.wall_seconds, 3),
        "usage": dumped["usage"],
        "conversation": [
            {"role": m["role"], "content": m["content"], "step": m["step"]}
            for m in state["conversation"]
        ],
        "actions": actions,
        "emotion": state["emotion"],
        "retrieved": state["retrieved"],
        "searches": state["searches"],
        "refunds": state["refunds"],
        "escalation": state["escalation"],
        "closure": state["closure"],
        "grade": None
        if grade is None
        else {
            "success": grade["success"],
            "score": grade["score"],
            "checks": _failed_first(list(grade["checks"])),
            "extra": {k: v for k, v in grade.items() if k not in ("success", "score", "checks")},
        },
        "judge": dumped.get("judge"),
        "judge_error": result.judge_error,
        "reproduce": reproduce_command(result, run),
    }

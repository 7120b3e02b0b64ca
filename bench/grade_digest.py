"""A digest of every grade, reward and emotion: proof that a speed change changed nothing.

    python bench/grade_digest.py [--out FILE]

Replays the labeled corpus (tests/graders/corpus/) and plays every policy agent (not the
LLM one) on every bundled scenario x persona with seeds 1 and 2, then prints how many
episodes and a SHA-256 of their grade reports, facts communicated, rewards, emotion points,
conversations and reward events. Run it before and after an optimization: the digests must
be equal. ``--out`` also writes the JSON, to diff when they are not.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
from pathlib import Path
from typing import Any

from agents.registry import agent_names, make_agent
from graders import grade
from personas import bundled_persona_ids
from sim.accuracy import judge_item, load_corpus
from sim.factory import make_env
from sim.loader import bundled_scenario_ids, get_scenario
from sim.state import EpisodeState

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "graders" / "corpus"


def _episode(state: EpisodeState) -> dict[str, Any]:
    return {
        "report": json.loads(grade(state).model_dump_json()),
        "facts": list(state.facts_communicated),
        "reward": round(state.total_reward, 9),
        "emotion": [json.loads(e.model_dump_json()) for e in state.emotion],
        "conversation": [m.content for m in state.conversation],
        "events": [[str(x) for x in a.events] for a in state.actions],
    }


async def main(out: Path | None) -> None:
    rows: list[Any] = []
    for scenario, item in load_corpus(sorted(p for p in CORPUS.iterdir() if p.is_dir())):
        verdict = await judge_item(scenario, item)
        rows.append(
            ["corpus", scenario.id, item.reply, json.loads(verdict.report.model_dump_json())]
        )
    for name in agent_names():
        if name == "llm":
            continue
        for sid in bundled_scenario_ids():
            scenario = get_scenario(sid)
            for persona in bundled_persona_ids():
                for seed in (1, 2):
                    env = make_env(scenario, persona)
                    await make_agent(name).play(env, await env.reset(seed=seed))
                    rows.append([name, sid, persona, seed, _episode(env.state)])
    text = json.dumps(rows, sort_keys=True, indent=0, default=str)
    if out is not None:
        out.write_text(text, encoding="utf-8")
    print(f"{len(rows)} episodes, sha256 {hashlib.sha256(text.encode()).hexdigest()}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="also write the JSON here")
    asyncio.run(main(parser.parse_args().out))

"""What each kind of misrepresentation finding does on labeled replies, alone.

    python bench/finding_kinds.py FOLDER [FOLDER ...]

Replays every labeled item as ``bench/grader_accuracy.py`` does, lists every misrepresentation
finding of its reply (not only the first, as the check's reason does) and groups the findings
by kind (the problem's words with quotes, numbers and the verb replaced). For each kind it
prints how many bad and good replies it is the only reason to reject (no other critical
check failed and no other kind of finding was made): what removing that kind would turn into
false accepts, and into rightly accepted good replies.

Run it with the grader of a commit that had not read the folder (a faithful unseen test):

    cd /tmp/old && PYTHONPATH=/tmp/old python /path/to/this/bench/finding_kinds.py \\
        tests/graders/corpus/probe15
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
from collections import Counter
from pathlib import Path

from graders import grade

# The replay of bench/grader_accuracy.py; _with_reply is in every commit that has a corpus,
# so this script runs against an older commit's code too.
from sim.accuracy import _with_reply, load_corpus
from sim.claims import misrepresentations
from sim.factory import make_env

_REWRITES = (
    (re.compile(r'says "I \w+"'), 'says "I V"'),
    (re.compile(r'"(?!I V")[^"]*"'), '"Q"'),
    (re.compile(r"\(\+\d+ more\)"), ""),
    (re.compile(r"\d[\d.,]*"), "N"),
    (re.compile(r"says the \w+ was asked"), "says the P was asked"),
    (re.compile(r"it was asked to be \w+"), "it was asked to be V"),
    (re.compile(r"\b(claims|promises|denies|offers|states) (?:(?:a|an|the) )?[\w-]+"), r"\1 X"),
)


def kind(problem: str) -> str:
    """A finding's problem with its particulars replaced, so findings of one rule group."""
    for pattern, replacement in _REWRITES:
        problem = pattern.sub(replacement, problem)
    return problem.strip()[:80]


async def _tally(folders: list[Path]) -> tuple[Counter[str], Counter[str], Counter[str]]:
    alone_bad: Counter[str] = Counter()
    alone_good: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    for scenario, item in load_corpus(folders):
        env = make_env(scenario)
        await env.reset(seed=0, episode_id=f"corpus-{item.id}")
        for action in _with_reply(scenario.reference_solution, item.reply):
            if env.state.done:
                break
            await env.step(action)
        report = grade(env.state)
        check = report.check("no_misrepresentation")
        others = [c for c in report.checks if not c.passed and c.critical and c is not check]
        kinds = {kind(f.problem) for f in misrepresentations(env.state, env.state.scenario)}
        seen.update(f"{k}|{item.label}" for k in kinds)
        failed_alone = check is not None and not check.passed and check.critical and not others
        if failed_alone and len(kinds) == 1:
            (only,) = kinds
            (alone_bad if item.label == "bad" else alone_good)[only] += 1
    return alone_bad, alone_good, seen


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path)
    args = parser.parse_args()
    for folder in args.folders:
        if not folder.is_dir():
            parser.error(f"not a corpus folder: {str(folder)!r}")
    alone_bad, alone_good, seen = asyncio.run(_tally(args.folders))
    names = sorted(
        set(alone_bad) | set(alone_good), key=lambda k: (alone_good[k] - alone_bad[k], k)
    )
    print(f"{'kind of finding':<80} {'alone:bad':>9} {'good':>5} {'any:bad':>8} {'good':>5}")
    for name in reversed(names):
        print(
            f"{name:<80} {alone_bad[name]:>9} {alone_good[name]:>5} "
            f"{seen[name + '|bad']:>8} {seen[name + '|good']:>5}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

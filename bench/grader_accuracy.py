"""How often the rule grader judges a labeled agent reply right.

    python bench/grader_accuracy.py [FOLDER ...] [--errors]

Defaults to the labeled corpus under tests/graders/corpus/ (dev and holdout). Prints
accuracy, false-accept (bad replies that succeed) and false-reject (good replies that fail)
overall, per corpus folder, per category and per scenario. ``--errors`` lists each wrong
verdict with the grade's failed checks.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

from sim.accuracy import Accuracy, evaluate, load_corpus

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "graders" / "corpus"


def _row(name: str, acc: Accuracy) -> str:
    labels = acc.labels()
    return (
        f"{name:<34} {acc.total:>5} {labels['good']:>5} {labels['bad']:>5} "
        f"{acc.accuracy:>8.3f} {acc.false_accept:>8.3f} {acc.false_reject:>8.3f}"
    )


def _table(title: str, groups: dict[str, Accuracy]) -> None:
    print(
        f"\n{title:<34} {'items':>5} {'good':>5} {'bad':>5} {'accuracy':>8} {'f-accept':>8} "
        f"{'f-reject':>8}"
    )
    for name, acc in groups.items():
        print(_row(name, acc))


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="*", type=Path)
    parser.add_argument("--errors", action="store_true", help="list every wrong verdict")
    args = parser.parse_args()
    folders = args.folders or sorted(p for p in CORPUS.iterdir() if p.is_dir())
    per_folder: dict[str, Accuracy] = {}
    overall = Accuracy()
    started = time.perf_counter()
    for folder in folders:
        acc = await evaluate(load_corpus([folder]))
        per_folder[folder.name] = acc
        overall.verdicts += acc.verdicts
    elapsed = time.perf_counter() - started
    _table("corpus", {**per_folder, "ALL": overall})
    _table("category", overall.by("category"))
    _table("scenario", overall.by("scenario"))
    print(f"\n{overall.total} replays in {elapsed:.1f} s")
    if args.errors:
        print("\nwrong verdicts:")
        for v in overall.verdicts:
            if not v.correct:
                failed = "; ".join(f"{c.name}: {c.reason}" for c in v.report.checks if not c.passed)
                print(
                    f"- [{v.item.id}] label={v.item.label} success={v.success} "
                    f"({v.item.category})\n    reply: {v.item.reply!r}\n    failed: {failed}"
                )
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))

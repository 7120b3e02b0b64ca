"""How trustworthy are the rule verdicts that ``sim.confidence`` calls confident?

    python bench/grader_confidence.py [FOLDER ...] [--flagged]

Replays each labeled item as ``bench/grader_accuracy.py`` does, asks ``sim.confidence``
whether the verdict is confident, and prints per folder: coverage (share of verdicts
confident), accuracy / false-accept / false-reject among the confident verdicts, among the
flagged ones and overall, and the share of wrong verdicts among confident accepts and
confident rejects. ``--flagged`` lists every wrong verdict that was called confident.

The signal is loaded from THIS checkout's ``sim/confidence.py`` while the grader comes from
whatever ``PYTHONPATH`` names, so the signal can be measured against the grader of an older
commit (a folder that was still unread at that commit is a faithful unseen test):

    cd /tmp/old && PYTHONPATH=/tmp/old python /path/to/this/checkout/bench/grader_confidence.py \\
        tests/graders/corpus/probe11

Faithful (folder, commit) pairs, each folder unread by the grader of that commit: probe8
@ 8634585, probe9 @ 91c915b, probe10 @ 8f85560 (the signal was designed on these three),
probe11 @ ffd87ae, probe13 @ b23ec12, probe15 @ 3fc5473 (validated once), probe12 @ b1b9543
and probe14 @ 7ee78d8 (the commits that added them, run once after the validation, the
signal unchanged).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

from sim.accuracy import Accuracy, Verdict, judge_item, load_corpus
from sim.kb_library import graded_scenario

CORPUS = Path("tests") / "graders" / "corpus"
SIGNAL = Path(__file__).resolve().parent.parent / "sim" / "confidence.py"


def _signal() -> ModuleType:
    """``sim/confidence.py`` of this checkout, whatever grader ``PYTHONPATH`` brings."""
    spec = importlib.util.spec_from_file_location("bench_confidence_signal", SIGNAL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while building
    spec.loader.exec_module(module)
    return module


def _rates(verdicts: Sequence[Verdict]) -> str:
    """Count, accuracy, false-accept and false-reject, as bench/grader_accuracy.py counts them."""
    acc = Accuracy(list(verdicts))
    return f"{acc.total:>5} {acc.accuracy:>6.3f} {acc.false_accept:>6.3f} {acc.false_reject:>6.3f}"


def _wrong(verdicts: Sequence[Verdict], success: bool) -> str:
    """Share of wrong verdicts among the accepts (or the rejects) of ``verdicts``."""
    picked = [v for v in verdicts if v.success == success]
    wrong = sum(not v.correct for v in picked)
    return f"{wrong:>3}/{len(picked):<4} {wrong / len(picked) if picked else 0.0:.3f}"


def _row(name: str, rows: Sequence[tuple[Verdict, bool]]) -> str:
    confident = [v for v, ok in rows if ok]
    flagged = [v for v, ok in rows if not ok]
    every = [v for v, _ in rows]
    coverage = len(confident) / len(rows) if rows else 0.0
    return (
        f"{name:<12} {coverage:>5.3f} | {_rates(confident)} | {_rates(flagged)} | "
        f"{_rates(every)} | {_wrong(confident, True)} {_wrong(confident, False)}"
    )


async def _judged(folder: Path, signal: ModuleType) -> list[tuple[Verdict, bool, str]]:
    out = []
    for scenario, item in load_corpus([folder]):
        verdict = await judge_item(scenario, item)
        failed = [c.name for c in verdict.report.checks if not c.passed]
        conf = signal.confidence(item.reply, graded_scenario(scenario), verdict.success, failed)
        out.append((verdict, conf.confident, conf.reason))
    return out


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="*", type=Path)
    parser.add_argument("--flagged", action="store_true", help="list confident wrong verdicts")
    args = parser.parse_args()
    folders = args.folders or sorted(p for p in CORPUS.iterdir() if p.is_dir())
    signal = _signal()
    print(
        f"{'folder':<12} {'cover':>5} | {'conf':>5} {'acc':>6} {'f-acc':>6} {'f-rej':>6} | "
        f"{'flag':>5} {'acc':>6} {'f-acc':>6} {'f-rej':>6} | {'all':>5} {'acc':>6} "
        f"{'f-acc':>6} {'f-rej':>6} | wrong/conf-accepts wrong/conf-rejects"
    )
    total: list[tuple[Verdict, bool, str]] = []
    for folder in folders:
        judged = await _judged(folder, signal)
        total += judged
        print(_row(folder.name, [(v, ok) for v, ok, _ in judged]))
    if len(folders) > 1:
        print(_row("ALL", [(v, ok) for v, ok, _ in total]))
    if args.flagged:
        print("\nconfident wrong verdicts:")
        for v, ok, reason in total:
            if ok and not v.correct:
                print(f"- [{v.item.id}] label={v.item.label} success={v.success}: {reason}")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))

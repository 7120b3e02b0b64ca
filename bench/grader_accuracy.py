"""How often the rule grader judges a labeled agent reply right, and the LLM judge with it.

    python bench/grader_accuracy.py [FOLDER ...] [--errors]
    python bench/grader_accuracy.py [FOLDER ...] --judge-model MODEL [--base-url URL]
        [--sample N] [--seed S] [--concurrency N] [--save FILE]

Defaults to the labeled corpus under tests/graders/corpus/ (every folder). Prints
accuracy, false-accept (bad replies that succeed) and false-reject (good replies that fail)
overall, per corpus folder, per category and per scenario. ``--errors`` lists each wrong
verdict with the grade's failed checks.

With ``--judge-model`` (any model ``supportsim run --judge-model`` takes; ``--base-url`` for
an OpenAI-compatible server) the LLM judge is asked about every replayed reply too, as in a
run, and the figures are printed three ways: the rule grade, the judge alone (its pass on the
checks it rates) and both together, which is what ``--grade-with-judge`` decides; then how
often the judge agreed with each rule check. ``--sample N`` measures N items drawn at random
(``--seed``), to price a paid model before a full pass. Items the judge failed on are
counted and left out of the judge's figures. ``--save FILE`` appends each judge answer to
FILE (JSON lines) as it comes, and a later run with the same FILE and model asks again only
about replies it does not hold: a stopped pass loses at most the calls in flight.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from sim.accuracy import (
    Accuracy,
    CorpusItem,
    Progress,
    SavedJudgement,
    Verdict,
    evaluate,
    load_corpus,
    load_saved,
)
from sim.errors import ConfigError
from sim.scenario import Scenario

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "graders" / "corpus"
JUDGED = {"rules": "rule grade", "judge": "judge alone", "both": "both (--grade-with-judge)"}


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


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="*", type=Path)
    parser.add_argument("--errors", action="store_true", help="list every wrong verdict")
    parser.add_argument("--judge-model", help="also ask this LLM judge about every reply")
    parser.add_argument("--base-url", help="OpenAI-compatible server of --judge-model")
    parser.add_argument("--sample", type=_positive, help="measure N items drawn at random")
    parser.add_argument("--seed", type=int, default=0, help="seed of --sample (default 0)")
    parser.add_argument(
        "--concurrency", type=_positive, default=8, help="judge calls at a time (default 8)"
    )
    parser.add_argument(
        "--save", type=Path, help="keep each judge answer in FILE (JSON lines) and reuse it"
    )
    args = parser.parse_args()
    if args.base_url and not args.judge_model:
        parser.error("--base-url needs --judge-model")
    if args.save and not args.judge_model:
        parser.error("--save needs --judge-model")
    if args.save and args.save.is_dir():
        parser.error(f"--save needs a file, not a folder: {str(args.save)!r}")
    for folder in args.folders:
        if not folder.is_dir():
            parser.error(f"not a corpus folder: {str(folder)!r}")
    return args


def _progress(started: float) -> Progress:
    """A line on stderr about every 5% of the items: done, judge failures, elapsed."""
    shown = -1

    def show(done: int, total: int, failed: int) -> None:
        nonlocal shown
        step = max(1, total // 20)
        if done // step != shown or done == total:
            shown = done // step
            elapsed = time.perf_counter() - started
            print(
                f"judged {done}/{total} replies ({failed} judge failures) in {elapsed:.0f} s",
                file=sys.stderr,
                flush=True,
            )

    return show


async def _measure(
    groups: dict[str, list[tuple[Scenario, CorpusItem]]], args: argparse.Namespace
) -> dict[str, Accuracy]:
    if not args.judge_model:
        return {name: await evaluate(items) for name, items in groups.items()}
    from graders.judge import ToneJudge
    from sim.models import aclose_model, make_model

    saved = load_saved(args.save, args.judge_model) if args.save else {}
    if saved:
        print(f"reusing the judgements saved in {args.save} ({len(saved)})", file=sys.stderr)
    model = make_model(args.judge_model, args.base_url)
    try:
        with _saving(args.save) as keep:

            def kept(verdict: Verdict) -> None:
                if keep is not None and verdict.judge_answer and not verdict.judge_reused:
                    line = SavedJudgement.of(verdict, args.judge_model).model_dump_json()
                    keep.write(line + "\n")
                    keep.flush()

            everything = [item for items in groups.values() for item in items]
            judged = await evaluate(
                everything,
                judge=ToneJudge(model),
                concurrency=args.concurrency,
                progress=_progress(time.perf_counter()),
                saved=saved,
                on_judged=kept,
            )
    finally:
        await aclose_model(model)
    out: dict[str, Accuracy] = {}
    verdicts = iter(judged.verdicts)
    for name, items in groups.items():
        out[name] = Accuracy([next(verdicts) for _ in items])
    return out


def _usage_line(overall: Accuracy, corpus_size: int) -> str:
    """The judge's tokens and cost, per reply, and scaled to ``corpus_size`` replies."""
    usage, answered = overall.judge_usage(), overall.seen_by("judge").total
    reused = sum(v.judge_reused for v in overall.verdicts)
    line = (
        f"judge usage: {usage.requests} requests, {usage.input_tokens:,} input and "
        f"{usage.output_tokens:,} output tokens"
    )
    if reused:
        line += f" ({reused} answers reused from --save, counted as they were spent)"
    if usage.cost is None:
        line += ", cost unknown (no price for this model)"
    else:
        line += f", ${usage.cost:.4f}"
    if answered and corpus_size > answered:
        scale = corpus_size / answered
        line += (
            f"; the {corpus_size:,} replies of these folders would take about "
            f"{round(usage.input_tokens * scale):,} input and "
            f"{round(usage.output_tokens * scale):,} output tokens"
        )
        if usage.cost is not None:
            line += f", ${usage.cost * scale:.2f}"
    return line


@contextmanager
def _saving(path: Path | None) -> Iterator[TextIO | None]:
    """``path`` open for appending judgements, its cut-short last line (if any) dropped."""
    if path is None:
        yield None
        return
    try:
        if path.exists():
            data = path.read_bytes()
            if data and not data.endswith(b"\n"):
                with path.open("r+b") as raw:
                    raw.truncate(data.rfind(b"\n") + 1)
                print(f"dropped the cut-short last line of {path}", file=sys.stderr)
        out = path.open("a", encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"{path}: cannot save judgements: {exc}") from None
    with out:
        yield out


def _judged_tables(overall: Accuracy, per_folder: dict[str, Accuracy], corpus_size: int) -> None:
    failed = overall.seen_by("judge").unjudged
    print(f"\njudge failures: {failed} of {len(overall.verdicts)} replies (left out below)")
    print(_usage_line(overall, corpus_size))
    for who in ("judge", "both"):
        _table(
            f"corpus, {JUDGED[who]}",
            {name: acc.seen_by(who) for name, acc in {**per_folder, "ALL": overall}.items()},
        )
    _table("category, both (--grade-with-judge)", overall.seen_by("both").by("category"))
    print(f"\n{'judge agrees with the rule check':<34} {'agreed':>7} {'of':>5} {'share':>8}")
    for name, (agreed, rated) in overall.agreement().items():
        print(f"{name:<34} {agreed:>7} {rated:>5} {agreed / rated:>8.3f}")


async def main() -> int:
    args = _arguments()
    folders = args.folders or sorted(p for p in CORPUS.iterdir() if p.is_dir())
    try:
        groups = {folder.name: load_corpus([folder]) for folder in folders}
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    corpus_size = sum(len(items) for items in groups.values())
    if args.sample is not None:
        everything = [(name, item) for name, items in groups.items() for item in items]
        drawn = random.Random(args.seed).sample(everything, min(args.sample, len(everything)))
        groups = {name: [i for n, i in drawn if n == name] for name in groups}
        groups = {name: items for name, items in groups.items() if items}
    started = time.perf_counter()
    try:
        per_folder = await _measure(groups, args)
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    elapsed = time.perf_counter() - started
    overall = Accuracy([v for acc in per_folder.values() for v in acc.verdicts])
    _table("corpus", {**per_folder, "ALL": overall})
    _table("category", overall.by("category"))
    _table("scenario", overall.by("scenario"))
    print(f"\n{overall.total} replays in {elapsed:.1f} s")
    if args.judge_model:
        _judged_tables(overall, per_folder, corpus_size)
    if args.errors:
        print("\nwrong verdicts:")
        for v in overall.verdicts:
            if not v.correct:
                failed = "; ".join(f"{c.name}: {c.reason}" for c in v.report.checks if not c.passed)
                print(
                    f"- [{v.item.id}] label={v.item.label} success={v.success} "
                    f"({v.item.category})\n    reply: {v.item.reply!r}\n    failed: {failed}"
                )
    if args.judge_model and overall.verdicts and overall.seen_by("judge").total == 0:
        print("error: the judge failed on every reply", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))

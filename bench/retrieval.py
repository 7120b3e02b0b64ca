"""How well knowledge-base search finds each scenario's relevant articles, and how fast.

    python bench/retrieval.py [-s SCENARIO ...] [--quick]

For every scenario (default: the bundled ones) two query sets: the gold queries (the
``search_kb`` actions of its reference solution) and the queries the scripted agent issues
(its variants are played against the scenario's default persona and their searches
collected). Each query is scored by recall@1/3/5 of the scenario's relevant articles
(``relevant: true`` or ``kb_library.relevant``) over two article sets: the scenario's own
``kb`` only, and its own articles plus the shared library (as its ``kb_library`` says, or the
whole library for a scenario that does not use it). ``req@k`` is the share of queries whose
top k hold every article the refund policy requires. Then milliseconds per search (uncached)
and per index build at the library's size and at 2,000 articles (the library plus
deterministic synthetic variants of its articles, made here only). ``--quick`` plays one
scripted variant and times fewer repetitions.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

from agents.registry import make_agent
from agents.scripted import VARIANTS
from sim.actions import SearchKB
from sim.factory import make_env
from sim.kb import KnowledgeBase
from sim.kb_library import library, scenario_articles
from sim.loader import bundled_scenario_ids, get_scenario
from sim.scenario import Article, LibraryRef, Scenario

KS = (1, 3, 5)
BIG = 2000

_QUALIFIERS = (
    "for orders shipped to Canada",
    "for marketplace sellers",
    "for business accounts",
    "in the mobile app",
    "for orders placed by phone",
    "for outlet store purchases",
    "for refurbished items",
    "during the holiday season",
    "for click-and-collect orders",
    "for orders paid with a gift card",
)


def synthesize(articles: Sequence[Article], n: int, seed: int = 0) -> list[Article]:
    """``articles`` plus deterministic variants up to ``n`` in all: each variant is a library
    article restated for one qualifier (a region, a channel, an account kind), with its
    sentences in another order, so it competes for the same queries as its original."""
    rng = random.Random(seed)
    out = list(articles)
    originals = [a for a in articles if not a.relevant]
    i = 0
    while len(out) < n:
        base = originals[i % len(originals)]
        qualifier = _QUALIFIERS[rng.randrange(len(_QUALIFIERS))]
        sentences = [s for s in base.body.split(". ") if s]
        rng.shuffle(sentences)
        out.append(
            Article(
                id=f"{base.id}--v{i // len(originals) + 1}",
                title=f"{base.title} ({qualifier})",
                body=f"This applies {qualifier}. " + ". ".join(sentences),
            )
        )
        i += 1
    return out


def _own_only(sc: Scenario) -> Scenario:
    return sc.model_copy(update={"kb_library": None})


def _article_sets(sc: Scenario) -> dict[str, tuple[Article, ...]]:
    own = scenario_articles(_own_only(sc))
    written = scenario_articles(sc)
    if sc.kb_library is None:  # measure what the library would do to it
        written = scenario_articles(sc.model_copy(update={"kb_library": LibraryRef()}))
    return {"own kb": own, "+library": written}


@dataclass
class Scores:
    """Recall@k and required@k summed over queries (divide by ``n``)."""

    n: int = 0
    recall: dict[int, float] = field(default_factory=lambda: dict.fromkeys(KS, 0.0))
    required: dict[int, float] = field(default_factory=lambda: dict.fromkeys(KS, 0.0))

    def add(self, ranked: Sequence[str], relevant: set[str], required: set[str]) -> None:
        self.n += 1
        for k in KS:
            top = set(ranked[:k])
            self.recall[k] += len(top & relevant) / len(relevant) if relevant else 1.0
            self.required[k] += float(required <= top)

    def merge(self, other: Scores) -> None:
        self.n += other.n
        for k in KS:
            self.recall[k] += other.recall[k]
            self.required[k] += other.required[k]

    def cells(self) -> str:
        if not self.n:
            return "   -    -    -"
        return " ".join(f"{self.recall[k] / self.n:4.2f}" for k in KS)

    def required_cells(self) -> str:
        return " ".join(f"{self.required[k] / self.n:4.2f}" for k in KS) if self.n else "-"


async def _scripted_queries(sc: Scenario, variants: Sequence[str]) -> list[str]:
    found: list[str] = []
    for name in variants:
        env = make_env(sc)
        obs = await env.reset(seed=0)
        await make_agent(name).play(env, obs)
        found += [q for q in env.state.searches if q not in found]
    return found


def _score(
    sc: Scenario, queries: list[str], sets: dict[str, tuple[Article, ...]]
) -> dict[str, Scores]:
    out: dict[str, Scores] = {}
    required = set(sc.policy.refund.required_articles)
    for name, articles in sets.items():
        kb = KnowledgeBase(articles, top_k=max(KS))
        relevant = {a.id for a in articles if a.relevant}
        scores = Scores()
        for q in queries:
            scores.add([a.id for a in kb.search(q)], relevant, required)
        out[name] = scores
    return out


def _ms_per_call(fn: Callable[[], object], repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - start) * 1000 / repeat


def _timing(queries: list[str], repeat: int) -> None:
    lib = list(library().articles)
    print("\nSearch speed (uncached BM25 query over titles and bodies; index build per set)")
    for size, articles in ((len(lib), lib), (BIG, synthesize(lib, BIG))):
        build = _ms_per_call(partial(KnowledgeBase, articles), max(1, repeat // 10))
        kb = KnowledgeBase(articles)
        per = [_ms_per_call(partial(kb._rank, q), repeat) for q in queries]
        print(
            f"  {size:>5,} articles: {statistics.mean(per):6.3f} ms per query "
            f"(median {statistics.median(per):.3f}, max {max(per):.3f}; {len(queries)} "
            f"queries x {repeat}), index build {build:7.1f} ms"
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-s", "--scenario", action="append", help="id or file (repeatable)")
    parser.add_argument("--quick", action="store_true", help="one scripted variant, fewer runs")
    args = parser.parse_args(argv)
    scenarios = [get_scenario(s) for s in (args.scenario or bundled_scenario_ids())]
    variants = ["scripted"] if args.quick else list(VARIANTS)
    totals: dict[str, dict[str, Scores]] = {"gold": {}, "scripted": {}}
    rows: list[str] = []
    all_queries: list[str] = []
    for sc in scenarios:
        sets = _article_sets(sc)
        gold = [a.query for a in sc.reference_solution if isinstance(a, SearchKB)]
        scripted = asyncio.run(_scripted_queries(sc, variants))
        all_queries += [q for q in (*gold, *scripted) if q not in all_queries]
        for kind, queries in (("gold", gold), ("scripted", scripted)):
            scored = _score(sc, queries, sets)
            for name, s in scored.items():
                totals[kind].setdefault(name, Scores()).merge(s)
            cells = " | ".join(s.cells() for s in scored.values())
            sizes = "/".join(str(len(a)) for a in sets.values())
            rows.append(f"{sc.id[:32]:<32} {kind:<8} {len(queries):>2} | {cells} | {sizes}")
    names = list(totals["gold"])
    head = " | ".join(f"{n:^14}" for n in names)
    print("Recall@1/3/5 of each scenario's relevant articles")
    print(f"{'scenario':<32} {'queries':<8} {'n':>2} | {head} | articles")
    print("\n".join(rows))
    print("\nOverall (mean over queries)")
    for kind, by_set in totals.items():
        cells = " | ".join(s.cells() for s in by_set.values())
        print(f"{'recall@1/3/5':<32} {kind:<8} {next(iter(by_set.values())).n:>2} | {cells}")
    for kind, by_set in totals.items():
        cells = " | ".join(f"{s.required_cells():>14}" for s in by_set.values())
        print(f"{'req@1/3/5 (all required found)':<32} {kind:<8}    | {cells}")
    _timing(all_queries, 20 if args.quick else 200)


if __name__ == "__main__":
    main()

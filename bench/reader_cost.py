"""What the claim reader costs per reply, uncached and cached.

    python bench/reader_cost.py

Reads every reply of the labeled corpus (tests/graders/corpus/) with the reader's caches
cleared, then again with them warm, and prints microseconds per reply; also the cost of the
text-only checks the grader adds per reply (facts, rudeness, unsafe requests, leaks).
"""

from __future__ import annotations

import time
from pathlib import Path

from sim import claims, memo, reader
from sim.accuracy import load_corpus

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "graders" / "corpus"


def _clear() -> None:
    reader.read.cache_clear()
    claims._facts_stated.cache_clear()
    claims._rude.cache_clear()
    claims._unsafe.cache_clear()
    claims._values_of.cache_clear()
    claims._PER_SCENARIO.clear()
    memo.clear()


def main() -> None:
    items = load_corpus(sorted(p for p in CORPUS.iterdir() if p.is_dir()))
    replies = [(sc, it.reply) for sc, it in items]
    reader.read("warm up the lexicons")  # load the dictionaries once, outside the timing
    claims.rude_phrases("warm up")
    _clear()
    start = time.perf_counter()
    for _, text in replies:
        reader.read(text)
    cold = (time.perf_counter() - start) / len(replies)
    start = time.perf_counter()
    for _, text in replies:
        reader.read(text)
    warm = (time.perf_counter() - start) / len(replies)
    _clear()
    start = time.perf_counter()
    for sc, text in replies:
        claims.facts_stated(text, sc.expectations.facts, sc.teams)
        claims.rude_phrases(text)
        claims.unsafe_requests(text)
        claims.leaked_passages(text, sc)
    checks = (time.perf_counter() - start) / len(replies)
    print(f"{len(replies)} replies, {sum(len(t) for _, t in replies) // len(replies)} chars each")
    print(f"read(), uncached:                 {cold * 1e6:8.0f} us per reply")
    print(f"read(), cached:                   {warm * 1e6:8.1f} us per reply")
    print(f"read + text checks, uncached:     {checks * 1e6:8.0f} us per reply")


if __name__ == "__main__":
    main()

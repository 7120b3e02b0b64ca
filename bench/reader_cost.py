"""What the claim reader costs per reply, uncached and cached.

    python bench/reader_cost.py

Reads every reply of the labeled corpus (tests/graders/corpus/) with the reader's caches
cleared, then again with them warm, and prints microseconds per reply; also the cost of the
text-only checks the grader adds per reply (facts, rudeness, unsafe requests, leaks).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from sim import claims, memo, reader, rudeness
from sim.accuracy import load_corpus

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "graders" / "corpus"


def _clear() -> None:
    reader.read.cache_clear()
    reader._read_sentence.cache_clear()
    claims._facts_stated.cache_clear()
    rudeness._rude.cache_clear()
    rudeness.rude_acts.cache_clear()
    claims._unsafe.cache_clear()
    claims._values_of.cache_clear()
    claims._PER_SCENARIO.clear()
    memo.clear()


def _timed(work: Callable[[], object], count: int) -> tuple[float, float]:
    """Microseconds per item of ``work()``: by the wall clock and in this process's CPU."""
    wall, cpu = time.perf_counter(), time.process_time()
    work()
    return (
        (time.perf_counter() - wall) / count * 1e6,
        (time.process_time() - cpu) / count * 1e6,
    )


def main() -> None:
    items = load_corpus(sorted(p for p in CORPUS.iterdir() if p.is_dir()))
    replies = [(sc, it.reply) for sc, it in items]
    reader.read("warm up the lexicons")  # load the dictionaries once, outside the timing
    claims.rude_phrases("warm up")

    def read_all() -> None:
        for _, text in replies:
            reader.read(text)

    def check_all() -> None:
        for sc, text in replies:
            claims.facts_stated(text, sc.expectations.facts, sc.teams)
            claims.rude_phrases(text)
            claims.unsafe_requests(text)
            claims.leaked_passages(text, sc)

    # The cached row reads again only the replies the cache still holds after the cold pass
    # (the most recent ``maxsize``): a second pass over more replies than the cache holds
    # would evict each one before it is read again and time the uncached path twice.
    held = replies[-(reader.read.cache_info().maxsize or len(replies)) :]

    def read_held() -> None:
        for _, text in held:
            reader.read(text)

    _clear()
    cold = _timed(read_all, len(replies))
    warm = _timed(read_held, len(held))
    _clear()
    checks = _timed(check_all, len(replies))
    print(f"{len(replies)} replies, {sum(len(t) for _, t in replies) // len(replies)} chars each")
    print(f"{'us per reply':34} {'wall':>8} {'CPU':>8}")
    print(f"{'read(), uncached':34} {cold[0]:8.0f} {cold[1]:8.0f}")
    print(f"{'read(), cached':34} {warm[0]:8.1f} {warm[1]:8.1f}")
    print(f"{'read + text checks, uncached':34} {checks[0]:8.0f} {checks[1]:8.0f}")


if __name__ == "__main__":
    main()

"""Which worker holds which episode: specs go out in chunks, and a worker that dies gives
its unfinished episodes back to be played again (at most ``max_attempts`` times each).

Pure bookkeeping, no I/O: the process backend drives it; its tests need no processes.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterable

from sim.errors import RunError
from sim.orchestrator import EpisodeSpec

__all__ = ["Dispatcher", "WorkerLost"]


class WorkerLost(RunError):
    """Workers kept dying while they played the same episode."""


class Dispatcher:
    """Pending specs, and per worker slot the specs it holds (sent, no record back yet)."""

    def __init__(self, specs: Iterable[EpisodeSpec], *, max_attempts: int = 3) -> None:
        self.pending: deque[EpisodeSpec] = deque(specs)
        self.held: dict[int, dict[str, EpisodeSpec]] = {}
        self.attempts: Counter[str] = Counter()
        self.max_attempts = max_attempts

    def take(self, slot: int, n: int) -> list[EpisodeSpec]:
        """Up to ``n`` pending specs, now held by ``slot``."""
        held = self.held.setdefault(slot, {})
        out = [self.pending.popleft() for _ in range(min(n, len(self.pending)))]
        for spec in out:
            held[spec.key] = spec
        return out

    def holding(self, slot: int) -> int:
        return len(self.held.get(slot, ()))

    def finished(self, slot: int, key: str) -> bool:
        """Record ``key`` back from ``slot``; ``False`` if ``slot`` did not hold it (never
        stored twice)."""
        return self.held.get(slot, {}).pop(key, None) is not None

    def lost(self, slot: int) -> list[EpisodeSpec]:
        """``slot``'s worker died: its held specs go back to the front of the queue.

        Raises:
            WorkerLost: One of them has now been held by ``max_attempts`` dead workers.
        """
        specs = list(self.held.pop(slot, {}).values())
        for spec in specs:
            self.attempts[spec.key] += 1
            if self.attempts[spec.key] >= self.max_attempts:
                raise WorkerLost(
                    f"worker processes died {self.attempts[spec.key]} times while playing "
                    f"episode {spec.key!r}; the finished episodes are stored (continue with "
                    "--resume once the cause is fixed)"
                )
        self.pending.extendleft(reversed(specs))
        return specs

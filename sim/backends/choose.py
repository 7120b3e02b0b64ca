"""From command-line flags to a backend: ``--backend local|ray``, ``--workers N|auto``,
``--ray-address``."""

from __future__ import annotations

import os
from enum import StrEnum

from sim.backends.base import Backend
from sim.backends.inprocess import InProcessBackend
from sim.backends.processes import ProcessBackend
from sim.errors import ConfigError

__all__ = ["AUTO", "BackendKind", "available_cores", "make_backend", "parse_workers"]

AUTO = "auto"


class BackendKind(StrEnum):
    LOCAL = "local"
    """This machine: in process (one worker) or worker processes."""
    RAY = "ray"
    """A Ray cluster (a local one when no address is given)."""


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity, not the machine's count)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def parse_workers(value: str | None) -> int | None:
    """``--workers``: a positive number, ``auto``, or unset (``None``: the backend decides)."""
    if value is None or value == AUTO:
        return None
    try:
        workers = int(value)
    except ValueError:
        workers = 0
    if workers < 1:
        raise ConfigError(f"--workers must be a positive number or 'auto', not {value!r}")
    return workers


def make_backend(
    kind: BackendKind | str = BackendKind.LOCAL,
    workers: str | None = None,
    ray_address: str | None = None,
) -> Backend:
    """The backend the flags ask for. Locally ``--workers`` defaults to 1 (in process) and
    ``auto`` means the available cores; on Ray both mean one worker per CPU of the cluster.

    Raises:
        ConfigError: An unknown backend, a bad ``--workers``, ``--ray-address`` without
            ``--backend ray``, or Ray not installed.
    """
    try:
        kind = BackendKind(kind)
    except ValueError:
        raise ConfigError(f"--backend must be 'local' or 'ray', not {kind!r}") from None
    count = parse_workers(workers)
    if kind is BackendKind.RAY:
        from sim.backends.ray_backend import RayBackend

        return RayBackend(address=ray_address, workers=count)
    if ray_address is not None:
        raise ConfigError("--ray-address goes with --backend ray")
    if count is None:
        count = available_cores() if workers == AUTO else 1
    return InProcessBackend() if count == 1 else ProcessBackend(count)

"""Where a batch's episodes execute: this process, worker processes, or a Ray cluster.

    run_batch(config, run_dir, backend=ProcessBackend(2))     # supportsim run --workers 2
    run_batch(config, run_dir, backend=RayBackend())          # supportsim run --backend ray

Planning, seeds, the result store (one writer: the calling process) and resume stay in
``sim.batch``; a backend only decides where ``run_episode`` runs.
"""

from sim.backends.base import Backend, EpisodeRecord, EpisodeRunner, Job, Pool, Sink
from sim.backends.choose import BackendKind, make_backend, parse_workers
from sim.backends.inprocess import InProcessBackend
from sim.backends.processes import ProcessBackend
from sim.backends.ray_backend import RayBackend

__all__ = [
    # choosing
    "BackendKind",
    "make_backend",
    "parse_workers",
    # backends
    "Backend",
    "InProcessBackend",
    "ProcessBackend",
    "RayBackend",
    # the seam
    "EpisodeRecord",
    "EpisodeRunner",
    "Job",
    "Pool",
    "Sink",
]

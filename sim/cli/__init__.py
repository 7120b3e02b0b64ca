"""The ``supportsim`` command line: a thin layer over the public Python API."""

from sim.cli.app import app, main

__all__ = ["app", "main"]

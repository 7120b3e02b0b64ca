"""Logging with structlog: JSON lines to a file, concise lines on the console.

Every line carries the context bound with ``structlog.contextvars`` (the orchestrator binds
episode, scenario, persona; the env binds step), so each is traceable to its episode.
"""

from __future__ import annotations

import json
import logging
import sys
from pathlib import Path
from typing import Any, TextIO

import structlog
from rich.console import Console
from rich.markup import escape

__all__ = ["LEVELS", "configure_logging"]

LEVELS = ("debug", "info", "warning", "error")
_CONSOLE_KEYS = ("episode", "step")


class _Sink:
    """The end of the processor chain: one JSON line to the file, a short line to the console."""

    def __init__(self, file: TextIO | None, console: Console | None, console_level: int) -> None:
        self._file = file
        self._console = console
        self._console_level = console_level

    def _emit(self, **event: Any) -> None:
        if self._file is not None:
            self._file.write(json.dumps(event, default=str) + "\n")
        level = logging.getLevelName(str(event.get("level", "info")).upper())
        if self._console is not None and isinstance(level, int) and level >= self._console_level:
            extra = " ".join(
                f"{k}={v}"
                for k, v in event.items()
                if k not in ("event", "level", "timestamp") and v is not None
            )
            self._console.print(
                f"[dim]{event.get('level', '')}[/] {escape(str(event.get('event', '')))} "
                f"{escape(extra)}",
                highlight=False,
                emoji=False,
                soft_wrap=True,
            )

    debug = info = warning = warn = error = critical = exception = msg = _emit


def _sink_processor(_: Any, __: str, event_dict: Any) -> Any:
    return event_dict


def configure_logging(
    level: str = "info",
    *,
    log_file: Path | None = None,
    console: Console | None = None,
    console_level: str = "warning",
) -> None:
    """Route structlog to ``log_file`` (JSON lines, at ``level``) and ``console``."""
    if level not in LEVELS or console_level not in LEVELS:
        raise ValueError(f"log level must be one of {LEVELS}")
    file = log_file.open("a", encoding="utf-8", buffering=1) if log_file else None
    threshold = min(
        logging.getLevelName(level.upper()), logging.getLevelName(console_level.upper())
    )
    sink = _Sink(
        file,
        console or Console(file=sys.stderr, emoji=False),
        logging.getLevelName(console_level.upper()),
    )
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            _sink_processor,
        ],
        wrapper_class=structlog.make_filtering_bound_logger(threshold),
        logger_factory=lambda *_: sink,
        cache_logger_on_first_use=False,
    )

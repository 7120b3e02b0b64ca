"""Running the real ``supportsim`` command in a child process, as a user would."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ENV = {**os.environ, "COLUMNS": "200"}


def default_ctrl_c() -> None:
    """``preexec_fn`` of a child that a test interrupts with SIGINT: Ctrl-C as in a terminal.

    An ignored SIGINT is inherited across exec, and Python then leaves it ignored: a child of
    a test process that ignores SIGINT (after a library, e.g. a server or Ray, changed it)
    would never see the test's Ctrl-C and run to its end.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def cli(
    *args: str, cwd: Path | None = None, timeout: float = 120, columns: int = 200
) -> subprocess.CompletedProcess[str]:
    """``python -m sim.cli ARGS`` with its output captured (not a terminal)."""
    return subprocess.run(
        [sys.executable, "-m", "sim.cli", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**ENV, "COLUMNS": str(columns)},
        cwd=cwd,
    )


def _unshare_works() -> bool:
    if shutil.which("unshare") is None:
        return False
    with tempfile.TemporaryDirectory() as tmp:
        probe = subprocess.run(
            ["unshare", "-rm", "sh", "-c", 'mount --bind -o ro "$0" "$0"', tmp],
            capture_output=True,
        )
    return probe.returncode == 0


def cli_readonly(directory: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The command with ``directory`` on a read-only file system.

    As root (where permissions do not stop writes) a read-only bind mount in a private user
    and mount namespace; otherwise the directory and its files lose their write bits."""
    if os.geteuid() != 0:
        modes = {p: p.stat().st_mode for p in (directory, *directory.iterdir())}
        for p in modes:
            p.chmod(modes[p] & ~0o222)
        try:
            return cli(*args)
        finally:
            for p, mode in modes.items():
                p.chmod(mode)
    if not _unshare_works():
        pytest.skip("needs unshare with user namespaces to make a read-only mount as root")
    script = 'mount --bind -o ro "$0" "$0" && exec "$@"'
    return subprocess.run(
        [
            "unshare",
            "-rm",
            "sh",
            "-c",
            script,
            str(directory),
            sys.executable,
            "-m",
            "sim.cli",
            *args,
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env=ENV,
    )


def no_traceback(res: subprocess.CompletedProcess[str]) -> None:
    """A clean failure: non-zero exit, an error line, never a traceback."""
    assert res.returncode != 0, res.stdout
    assert "Traceback" not in res.stderr + res.stdout, res.stderr
    assert "exception" not in res.stderr.lower(), res.stderr

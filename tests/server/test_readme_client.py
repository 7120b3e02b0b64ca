"""The README's OpenEnv client snippet runs as written (against a live server)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from sim.server.testing import LiveServer

README = (Path(__file__).resolve().parents[2] / "README.md").read_text()


def test_async_client_snippet_runs_as_written(server: LiveServer, tmp_path: Path) -> None:
    block = re.search(r"```python\n(import asyncio\n\nfrom openenv.core .*?)```", README, re.S)
    assert block is not None, "the README's client snippet is missing"
    code = block.group(1)
    assert "asyncio.run(main())" in code
    script = tmp_path / "client.py"
    script.write_text(code.replace("http://localhost:8000", server.url))
    res = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    _reward, done, total = res.stdout.split()
    assert done == "False" and float(total) > 0

"""The README's command table lists every command and every flag the CLI accepts."""

from __future__ import annotations

from pathlib import Path

import typer

import sim.cli.commands  # registers the commands
import sim.cli.mock  # registers mock-llm
import sim.cli.view  # registers report and compare
from sim.cli.app import app

README = (Path(__file__).resolve().parents[2] / "README.md").read_text()
TABLE = README.split("## Command line", 1)[1].split("\n\n", 2)[1]


def test_every_command_and_flag_is_in_the_readme_table() -> None:
    group = typer.main.get_command(app)
    assert isinstance(group, typer.core.TyperGroup)
    missing = []
    for name, command in group.commands.items():
        rows = [line for line in TABLE.splitlines() if line.startswith(f"| `supportsim {name}")]
        if not rows:
            missing.append(name)
            continue
        for param in command.params:
            for flag in param.opts:  # a --no-X negation goes with its --X
                if flag.startswith("--") and flag != "--help" and flag not in rows[0]:
                    missing.append(f"{name} {flag}")
    assert missing == [], f"not in the README's command table: {missing}"


def test_log_levels_match_the_logging_module() -> None:
    from sim.logs import LEVELS

    assert sim.cli.commands.LEVELS == LEVELS

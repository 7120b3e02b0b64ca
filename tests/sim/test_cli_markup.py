"""Text from files, paths and flags is printed as text: never rich markup, never emoji codes."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

import sim.cli.commands  # registers run, stress, ...
import sim.cli.mock  # noqa: F401  (registers mock-llm)
from sim.cli import app, main
from sim.loader import get_scenario


def _scenario(tmp_path: Path, name: str = "s.yaml", **changes: object) -> Path:
    data = get_scenario("easy-password-reset").to_yaml_dict()
    for dotted, value in changes.items():
        *parents, last = dotted.split("__")
        target = data
        for key in parents:
            target = target[key]
        target[last] = value
    tmp_path.mkdir(parents=True, exist_ok=True)
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data))
    return path


def test_markup_in_a_field_value_is_shown_verbatim(tmp_path: Path) -> None:
    path = _scenario(tmp_path, customer__tier="[/oops]")
    result = CliRunner().invoke(app, ["validate", str(path)])
    assert result.exit_code == 1, result.output
    assert "(got '[/oops]')" in result.output
    assert "MarkupError" not in result.output


def test_pattern_brackets_are_not_swallowed(tmp_path: Path) -> None:
    path = _scenario(tmp_path, id="Not A Slug")
    result = CliRunner().invoke(app, ["validate", str(path)])
    assert "^[a-z0-9][a-z0-9_-]*$" in result.output


def test_paths_with_markup_print_verbatim(tmp_path: Path) -> None:
    odd = tmp_path / "[" / "b]" / "[bold]x"
    good = _scenario(odd, "ok.yaml")
    bad = _scenario(odd, "bad.yaml", max_steps=-1)
    result = CliRunner().invoke(app, ["validate", str(good), str(bad)])
    assert result.exit_code == 1
    assert f"OK   {good} (scenario)" in result.output
    assert f"FAIL {bad}" in result.output
    assert f"{bad}: max_steps" in result.output


def test_emoji_codes_in_flags_are_not_expanded() -> None:
    result = CliRunner().invoke(app, ["mock-llm", "--latency", "uniform:a:b"])
    assert result.exit_code == 2
    assert "'uniform:a:b'" in result.output
    assert "\N{NEGATIVE SQUARED LATIN CAPITAL LETTER A}" not in result.output


def test_fail_escapes_its_message() -> None:
    result = CliRunner().invoke(app, ["run", "--customer", "[/x] [bold]:a:"])
    assert result.exit_code == 2
    assert "not '[/x] [bold]:a:'" in result.output


def test_errors_from_main_escape_paths(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    missing = tmp_path / "[" / "b]" / ":a: [red]nope.yaml"
    argv = ["supportsim", "run", "-s", str(missing), "--out", str(tmp_path / "r")]
    monkeypatch.setattr(sys, "argv", argv)
    with pytest.raises(SystemExit) as info:
        main()
    err = capsys.readouterr().err
    assert info.value.code == 2
    assert f"{missing}: invalid" in err
    assert "cannot read file" in err


def test_console_log_lines_print_markup_verbatim(tmp_path: Path) -> None:
    import io

    import structlog
    from rich.console import Console

    from sim.logs import configure_logging

    out = io.StringIO()
    configure_logging("debug", console=Console(file=out, width=200), console_level="warning")
    try:
        structlog.get_logger().warning("bad [/b] event :a:", path="[red]x[/]")
    finally:
        configure_logging("warning")
    assert "bad [/b] event :a: path=[red]x[/]" in out.getvalue()


def test_show_prints_a_run_directory_with_markup_verbatim(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import asyncio

    from sim.batch import BatchConfig, run_batch

    monkeypatch.chdir(tmp_path)
    run_dir = Path("[bold]r[/]")
    asyncio.run(run_batch(BatchConfig(scenarios=["easy-password-reset"], trials=1), run_dir))
    result = CliRunner().invoke(app, ["show", str(run_dir)])
    assert result.exit_code == 0, result.output
    assert "[bold]r[/]" in result.output
    assert "easy-password-reset" in result.output

"""Dockerfile, openenv.yaml and the README's Hugging Face front matter agree: one port, one
command. No Docker engine is needed: the files are parsed."""

from __future__ import annotations

import importlib
import json
import re
import shlex
import tomllib
from pathlib import Path
from typing import Any

import yaml
from fastapi import FastAPI
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parents[2]
PORT = 8000
SERVE_COMMAND = ["supportsim", "serve", "--host", "0.0.0.0", "--port", str(PORT)]


def _dockerfile() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) pairs, continuation lines joined, comments dropped."""
    text = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    text = re.sub(r"\\\n", " ", text)
    instructions = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            keyword, _, rest = line.partition(" ")
            instructions.append((keyword.upper(), rest.strip()))
    return instructions


def _one(instructions: list[tuple[str, str]], keyword: str) -> str:
    found = [args for kw, args in instructions if kw == keyword]
    assert len(found) == 1, f"expected one {keyword}, found {found}"
    return found[0]


def _front_matter() -> dict[str, Any]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.match(r"---\n(.*?)\n---\n", text, flags=re.DOTALL)
    assert match, "README.md must start with a Hugging Face front matter block (--- ... ---)"
    data = yaml.safe_load(match.group(1))
    assert isinstance(data, dict)
    return data


def test_dockerfile_base_user_port_command() -> None:
    instructions = _dockerfile()
    assert _one(instructions, "FROM") == "python:3.11-slim"
    assert any(kw == "RUN" and "pip install ." in args for kw, args in instructions)
    user = _one(instructions, "USER")
    assert user not in ("root", "0") and not user.startswith("0:")
    assert _one(instructions, "EXPOSE") == str(PORT)
    cmd = json.loads(_one(instructions, "CMD"))
    assert cmd == SERVE_COMMAND


def test_dockerfile_healthcheck_probes_health_with_python() -> None:
    health = _one(_dockerfile(), "HEALTHCHECK")
    exec_form = json.loads(health[health.index("CMD") + len("CMD") :].strip())
    assert exec_form[0] == "python"
    assert "curl" not in health and "wget" not in health
    assert f"http://127.0.0.1:{PORT}/health" in exec_form[-1]
    compile(exec_form[-1], "<healthcheck>", "exec")  # the probe is valid Python


def test_dockerfile_copies_every_packaged_directory() -> None:
    """``pip install .`` builds the wheel from what was copied; .dockerignore must not drop it."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    packages = pyproject["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"]
    copied: set[str] = set()
    for kw, args in _dockerfile():
        if kw == "COPY":
            copied.update(Path(p).name for p in shlex.split(args)[:-1])
    assert {"pyproject.toml", "README.md", *packages} <= copied
    ignored = (ROOT / ".dockerignore").read_text(encoding="utf-8").split()
    assert not {"pyproject.toml", "README.md", *packages} & set(ignored)


def test_openenv_manifest_agrees_with_dockerfile() -> None:
    manifest = yaml.safe_load((ROOT / "openenv.yaml").read_text(encoding="utf-8"))
    assert manifest["spec_version"] == 1
    assert manifest["name"] == "supportsim"
    assert manifest["type"] == "space"
    assert manifest["runtime"] == "fastapi"
    assert manifest["port"] == PORT == int(_one(_dockerfile(), "EXPOSE"))
    module, _, attribute = manifest["app"].partition(":")
    assert isinstance(getattr(importlib.import_module(module), attribute), FastAPI)


def test_readme_front_matter_and_serve_command_agree() -> None:
    front = _front_matter()
    assert front["sdk"] == "docker"
    assert front["app_port"] == PORT
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert shlex.join(SERVE_COMMAND) in readme


def test_cli_serve_accepts_the_docker_command_options() -> None:
    from sim.cli import app

    importlib.import_module("sim.cli.commands")  # registers the commands, as main() does
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0, result.output
    for option in ("--host", "--port", "--max-sessions", "--idle-timeout"):
        assert option in result.output

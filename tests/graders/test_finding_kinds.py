"""bench/finding_kinds.py: findings grouped by kind, and what each alone rejects."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import yaml

from sim.actions import Reply
from sim.loader import get_scenario

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "bench" / "finding_kinds.py"
SCENARIO = "easy-password-reset"


def _module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("finding_kinds", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_findings_of_one_rule_fall_in_one_kind() -> None:
    kind = _module().kind
    assert kind('says "I corrected"; no action did that') == 'says "I V"; no action did that'
    assert kind('says "I took"; no action did that (+2 more)') == 'says "I V"; no action did that'
    assert kind("claims a refund, but nothing had been refunded") == kind(
        "claims the refund, but nothing had been refunded"
    )
    assert kind("states 4 months where the article says 14 days") == (
        "states X months where the article says N days"
    )
    assert kind("claims an escalation that had not happened") != kind(
        "claims a refund, but nothing had been refunded"
    )


def test_a_false_refund_claim_is_the_only_reason_it_rejects(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    gold = [a for a in get_scenario(SCENARIO).reference_solution if isinstance(a, Reply)][-1]
    items = [
        {
            "id": "fk-1",
            "label": "bad",
            "category": "false_refund_claim",
            "reply": f"{gold.content} I have also refunded your last payment as a courtesy.",
        },
        {"id": "fk-2", "label": "good", "category": "paraphrase", "reply": gold.content},
        {
            "id": "fk-3",
            "label": "bad",
            "category": "false_refund_claim",
            "reply": f"{gold.content} I've also refunded $129.00 to your card as a courtesy.",
        },
    ]
    (folder / "x.yaml").write_text(
        yaml.safe_dump({"scenario": SCENARIO, "items": items}, sort_keys=False)
    )
    done = subprocess.run(
        [sys.executable, str(SCRIPT), str(folder)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    header, *rows = done.stdout.splitlines()
    assert header.split()[:3] == ["kind", "of", "finding"]
    refund = [r for r in rows if r.startswith("claims X, but nothing had been refunded")]
    # fk-3 also states an amount nothing supports: two kinds, so neither rejects it alone.
    assert len(refund) == 1 and refund[0].split()[-4:] == ["1", "0", "2", "0"]
    assert not [r for r in rows if r.startswith("states X; nothing supports it")]
    missing = subprocess.run(
        [sys.executable, str(SCRIPT), str(tmp_path / "nowhere")],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert missing.returncode == 2 and "not a corpus folder" in missing.stderr

"""``bench/grader_accuracy.py --judge-model``: the labeled corpus measured with a judge over
real HTTP (the loopback mock), three ways; and its refusals of bad arguments."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import yaml

from sim.accuracy import load_corpus
from sim.mock_llm import MockConfig, MockProcess
from tests.mock_llm.test_llm_runs import ENV

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "bench" / "grader_accuracy.py"
DEV = ROOT / "tests" / "graders" / "corpus" / "dev"
SCENARIO = "standard-partial-refund"


def _folder(tmp_path: Path, count: int = 6) -> Path:
    """A corpus folder of ``count`` dev items of one scenario, alternately good and bad."""
    items = [i for s, i in load_corpus([DEV]) if s.id == SCENARIO]
    good = [i for i in items if i.label == "good"]
    bad = [i for i in items if i.label == "bad"]
    chosen = [x for pair in zip(good, bad, strict=False) for x in pair][:count]
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / f"{SCENARIO}.yaml").write_text(
        yaml.safe_dump(
            {"scenario": SCENARIO, "items": [i.model_dump(mode="json") for i in chosen]},
            sort_keys=False,
        )
    )
    return folder


def _bench(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(BENCH), *map(str, args)],
        capture_output=True,
        text=True,
        timeout=300,
        env=ENV,
        cwd=ROOT,
    )


def _row(out: str, title: str, name: str) -> list[str]:
    """The figures of row ``name`` in the table headed ``title``."""
    table = out.split(f"\n{title} ", 1)[1]
    line = next(line for line in table.splitlines() if line.split()[:1] == [name])
    return line.split()[1:]


def test_the_corpus_is_measured_with_the_mock_judge_three_ways(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    with MockProcess(MockConfig(seed=3)) as mock:
        done = _bench(folder, "--judge-model", "mock", "--base-url", mock.base_url)
        stats = mock.stats()
    assert stats["role_judge"] == 6
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert _row(out, "corpus", "mine")[:3] == ["6", "3", "3"]
    assert "judge failures: 0 of 6 replies" in out
    assert "judge usage: 6 requests, " in out and "would take about" not in out
    alone = _row(out, "corpus, judge alone", "mine")
    both = _row(out, "corpus, both (--grade-with-judge)", "mine")
    rules = _row(out, "corpus", "mine")
    assert alone[:3] == both[:3] == ["6", "3", "3"]
    # Both together accept no more bad replies, and reject no fewer good ones, than either.
    assert float(both[4]) <= min(float(rules[4]), float(alone[4]))
    assert float(both[5]) >= max(float(rules[5]), float(alone[5]))
    assert "facts_communicated" in out.split("judge agrees with the rule check", 1)[1]
    assert "judged 6/6 replies (0 judge failures)" in done.stderr


def test_a_sample_measures_that_many_items(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    with MockProcess(MockConfig(seed=3)) as mock:
        done = _bench(
            *(folder, "--judge-model", "mock", "--base-url", mock.base_url),
            *("--sample", "4", "--seed", "3"),
        )
        assert mock.stats()["role_judge"] == 4
    assert done.returncode == 0, done.stderr
    assert _row(done.stdout, "corpus", "ALL")[0] == "4"
    assert "judge failures: 0 of 4 replies" in done.stdout
    assert "judge usage: 4 requests, " in done.stdout
    assert "; the 6 replies of these folders would take about " in done.stdout


def test_bad_arguments_are_refused_with_a_reason(tmp_path: Path) -> None:
    missing = _bench(tmp_path / "nowhere")
    assert missing.returncode == 2 and "not a corpus folder" in missing.stderr
    assert "Traceback" not in missing.stderr
    lone = _bench(_folder(tmp_path), "--base-url", "http://127.0.0.1:9/v1")
    assert lone.returncode == 2 and "--base-url needs --judge-model" in lone.stderr
    for bad in ("0", "-3", "many"):
        refused = _bench("--judge-model", "mock", "--concurrency", bad)
        assert refused.returncode == 2 and "--concurrency" in refused.stderr
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "x.yaml").write_text("scenario: no-such-scenario\nitems: []\n")
    unknown = _bench(broken)
    assert unknown.returncode == 2 and unknown.stderr.startswith("error: ")
    assert "Traceback" not in unknown.stderr


def test_saved_judgements_spare_the_second_pass_every_call(tmp_path: Path) -> None:
    folder, save = _folder(tmp_path), tmp_path / "judged.jsonl"
    with MockProcess(MockConfig(seed=3)) as mock:
        args = (folder, "--judge-model", "mock", "--base-url", mock.base_url, "--save", save)
        first = _bench(*args)
        asked = mock.stats()["role_judge"]
        again = _bench(*args)
        asked_again = mock.stats()["role_judge"]
    assert first.returncode == again.returncode == 0, first.stderr + again.stderr
    assert asked == 6 and asked_again == 6  # the second pass asked nothing
    assert len(save.read_text().splitlines()) == 6
    assert "reusing the judgements saved in" in again.stderr
    assert "(6 answers reused from --save" in again.stdout
    for title in ("corpus, judge alone", "corpus, both (--grade-with-judge)"):
        assert _row(first.stdout, title, "mine") == _row(again.stdout, title, "mine")
    refused = _bench(folder, "--save", save)
    assert refused.returncode == 2 and "--save needs --judge-model" in refused.stderr

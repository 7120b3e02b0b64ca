"""The rule grader on labeled agent replies: how often it judges a reply right.

The corpus (tests/graders/corpus/) was written and labeled from the scenario files alone by
people who did not read the grader: ``dev`` and ``holdout`` first, ``hard`` for the cases a
rule grader finds hard, ``blind`` never read by the grader's authors (only its figures).
``fresh`` was written for the date, id, knowledge-base and rudeness rules before they existed
and committed before the grader ran on it. ``world`` covers the scenario families with domain
tools and a typed world (orders, retention, fraud, policy changes, injection, billing,
account), labeled from the scenario files and committed before the grader ran on it.
``adversarial`` (204 replies over 20 scenarios) is weighted to what agents get wrong and
graders miss (contradictions, false act claims in varied grammar, amounts in words and cents,
varied rudeness, far paraphrases); written without reading the grader and committed before it
ran on it.
``heldout2`` (152 replies over 19 scenarios, every category) was written after the
adversarial rules, by someone who read neither the grader nor the adversarial folder, and
committed before the grader ran on it: it is measured, never tuned on.
Four fresh corpora were written after that by people who read neither the grader nor any
other folder, and committed before the grader ran on them. Three were split by scenario:
``probe`` and ``probe2`` were studied to find misjudgments while their other halves were
kept unread (``heldout3``, ``heldout4``); those halves were then measured once and became
``probe3`` and ``probe4``, studied in turn. ``heldout5`` (428 replies over all 54 scenarios)
was kept unread for a whole round (0.867 / 0.118 / 0.151 before that round's rules, 0.914 /
0.096 / 0.075 after), then renamed ``probe5`` (ids ``p5-``) and studied in turn.
``heldout6`` (460 replies over all 54 scenarios) was written then, by a labeler who read
neither the grader nor any folder, and kept unread for a whole round (0.898 / 0.073 / 0.132
before that round's rules, 0.928 / 0.056 / 0.088 after); then renamed ``probe8`` (ids
``p8-``) and studied in turn. ``heldout7`` (466 replies over all 54 scenarios, 221 good, 245
bad) was written then by two more labelers who read neither the grader nor any folder, and
kept unread for a whole round (0.906 / 0.110 / 0.077 before that round's rules, 0.908 / 0.110 /
0.072 after); then renamed ``probe9`` (ids ``p9-``) and studied in turn. ``heldout8`` (450
replies over all 54 scenarios, 218 good, 232 bad) was written then by two more labelers who
read neither the grader nor any folder; a blind relabel of a copy without labels or categories
agreed on all 450. It was kept unread for a whole round (0.913 / 0.095 / 0.078 before that
round's rules, 0.931 / 0.073 / 0.064 after), then renamed ``probe10`` (ids ``p10-``) and
studied in turn. ``heldout9`` (474 replies over all 54 scenarios, 228 good, 246 bad) was
written then by two more labelers who read neither the grader nor any folder; a blind relabel
of a copy without labels or categories agreed on all 474. It was kept unread for a whole round
(0.903 / 0.114 / 0.079 before that round's rules, 0.920 / 0.093 / 0.066 after), then renamed
``probe11`` (ids ``p11-``) and studied in turn. ``heldout10`` (461 replies over all 54
scenarios, 216 good, 245 bad) was written then by two more labelers who read neither the
grader nor any folder; a blind relabel of a copy without labels or categories agreed on all
461. It was kept unread for a whole round (0.931 / 0.094 / 0.042 before that round's rules,
0.941 / 0.078 / 0.037 after), then renamed ``probe13`` (ids ``p13-``) and studied in turn.
``heldout11`` (443 replies over all 54 scenarios, 218 good, 225 bad) was written then by two
more labelers who read neither the grader nor any folder; a blind relabel of a copy without
labels or categories agreed on all 443. It was kept unread for a whole round (0.939 / 0.080 /
0.041 before that round's rules and after), then renamed ``probe15`` (ids ``p15-``) and
studied in turn. ``heldout12`` (483 replies over all 54 scenarios, 245 good, 238 bad) was
written then by two more labelers who read neither the grader nor any folder; a blind relabel
of a copy without labels or categories agreed on all 483. It was kept unread for six rounds
(0.911 / 0.101 / 0.078 at first, 0.917 / 0.097 / 0.069 after the readings of phenomena), then
renamed ``probe16`` (ids ``p16-``) and studied in turn. ``heldout13`` (523 replies over all 54
scenarios, 258 good, 265 bad) was written then by two more labelers who read neither the
grader nor any folder; a blind relabel of a copy without labels or categories agreed on all
523. It was kept unread for a whole round (0.945 / 0.060 / 0.050 before that round's rules,
0.946 / 0.060 / 0.047 after), then renamed ``probe17`` (ids ``p17-``) and studied in turn.
``heldout14`` (488 replies over all 54 scenarios, 248 good, 240 bad) was written then by two
more labelers who read neither the grader nor any folder; a blind relabel of a shuffled copy
without labels or categories agreed on all 488. It was kept unread for a whole round (0.943 /
0.079 / 0.036 before that round's rules, 0.955 / 0.054 / 0.036 after), then renamed
``probe18`` (ids ``p18-``) and studied in turn. ``heldout15`` (515 replies over all 54
scenarios, 250 good, 265 bad) was written then by two more labelers who read neither the
grader nor any folder; a blind relabel of a shuffled copy without labels or categories agreed
on all 515. It is the held-out measure now: nobody fixing the grader reads its items, only
these figures.
``probe14`` (448 replies over all 54 scenarios, 216 good, 232 bad) was written with heldout11
by two more labelers who read neither the grader nor any folder, weighted like probe12 to
what graders miss, to be studied. ``probe12`` (458 replies over all 54 scenarios, 218 good,
240 bad) was written a round earlier, with heldout10, by two more labelers who read neither
the grader nor any folder, weighted to what graders miss (contradictions, word salad,
forbidden promises, leaks, rudeness, long good replies), to be studied.
``probe6`` and ``probe7`` were written at the same time by two more such labelers, as replies
of LLM agents and of human agents, to be studied.
``python bench/grader_accuracy.py`` prints the same figures by corpus, category and scenario.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from sim.accuracy import Accuracy, evaluate, load_corpus
from tests.conftest import ORIGINAL_SCENARIO_IDS

CORPUS = Path(__file__).parent / "corpus"
FOLDERS = (
    "dev",
    "holdout",
    "hard",
    "blind",
    "fresh",
    "world",
    "adversarial",
    "heldout2",
    "probe",
    "probe2",
    "probe3",
    "probe4",
    "probe5",
    "probe6",
    "probe7",
    "probe8",
    "probe9",
    "probe10",
    "probe11",
    "probe12",
    "probe13",
    "probe14",
    "probe15",
    "probe16",
    "probe17",
    "probe18",
    "heldout15",
)
ORIGINAL_FOLDERS = ("dev", "holdout", "hard", "blind", "fresh")
"""The folders over the first eleven scenarios; the overall figures are asserted on these."""

GOAL_FALSE_ACCEPT = 0.03
"""Issue 9's goal for every folder: at most 3 bad replies in 100 succeed."""
GOAL_ACCURACY, GOAL_FALSE_REJECT = 0.93, 0.02

PINNED: dict[str, tuple[float, float, float]] = {
    # folder: (lowest accuracy, highest false-accept, highest false-reject), today's figures
    # (to the replay of one item) so that no rule quietly gives any of them back
    "dev": (0.999, 0.000, 0.000),
    "holdout": (0.999, 0.000, 0.000),
    "hard": (0.989, 0.016, 0.000),
    "blind": (0.999, 0.000, 0.000),
    "fresh": (0.999, 0.000, 0.000),
    "world": (0.999, 0.000, 0.000),
    "adversarial": (0.995, 0.000, 0.011),
    "heldout2": (0.999, 0.000, 0.000),
    "probe": (0.999, 0.000, 0.000),
    "probe2": (0.999, 0.000, 0.000),
    "probe3": (0.999, 0.000, 0.000),
    "probe4": (0.999, 0.000, 0.000),
    "probe5": (0.999, 0.000, 0.000),
    "probe6": (0.998, 0.004, 0.000),
    "probe7": (0.996, 0.007, 0.000),
    "probe8": (0.999, 0.000, 0.000),
    "probe9": (0.997, 0.005, 0.000),
    "probe10": (0.997, 0.005, 0.000),
    "probe11": (0.995, 0.009, 0.000),
    "probe12": (0.986, 0.021, 0.005),
    "probe13": (0.999, 0.000, 0.000),
    "probe14": (0.997, 0.005, 0.000),
    "probe15": (0.997, 0.005, 0.000),
    "probe16": (0.983, 0.026, 0.009),
    "probe17": (0.982, 0.023, 0.012),
    "probe18": (0.995, 0.009, 0.000),
    "heldout15": (0.947, 0.072, 0.032),
}
"""First figures (accuracy / false-accept / false-reject) and how they moved. World: 0.764 /
0.090 / 0.413 at first, 0.979 / 0.008 / 0.037 after the grounding, adversarial and earlier
rules. Adversarial: 0.833 / 0.187 / 0.144 at first, 0.985 / 0.009 / 0.021 after its rules.
Heldout2, held out until then: 0.914 / 0.013 / 0.158 on the code before the adversarial
rules, 0.934 / 0.013 / 0.118 with them. Blind, unread until then: 0.968 / 0.042 / 0.021. The
fresh corpora on the code before any rule they led to: probe 0.887 / 0.107 / 0.121, probe2
0.889 / 0.035 / 0.186, probe3 (then heldout3) 0.840 / 0.188 / 0.129, probe4 (then heldout4)
0.888 / 0.094 / 0.129, heldout5 0.867 / 0.118 / 0.151. Then every folder but heldout5 was read
and its misjudgments fixed by general rules (tests/sim/test_reader_heldout2.py,
test_rudeness.py, test_telegraphic.py, test_falseacts.py, ...), which is why
those folders are at or near 1.0 and say little about unseen replies. Heldout5 says that:
0.914 / 0.096 / 0.075 after those rules, short of the goal in false-accept and
false-reject (see the README, "What the fresh corpora say"); probe5, read then: 0.935 / 0.057 /
0.075 after its contradiction, denial and stale-step rules (README, "Contradictions, denials
and stale steps"). Then three new folders were written by labelers who read neither the
grader nor any folder: heldout6 (kept unread) 0.898 / 0.073 / 0.132 at first, probe6 0.886 /
0.088 / 0.141, probe7 0.871 / 0.122 / 0.137. After the rules drawn from probe5, probe6 and
probe7: heldout6 0.928 / 0.056 / 0.088, still short of the goal on replies nobody read. Heldout7,
unread, on the code of that round's end: 0.906 / 0.110 / 0.077. After the rules drawn from
probe6, probe7 and probe8's remaining misjudgments (those three now at 0.997 / 0.007 / 0.000,
0.994 / 0.010 / 0.000 and 0.998 / 0.004 / 0.000): heldout7 0.908 / 0.110 / 0.072, barely
moved. Heldout7 then became probe9, to be studied. Heldout8, unread, on that code: 0.913 /
0.095 / 0.078; after the rules drawn from probe9's misjudgments (probe9 then 0.993 / 0.012 /
0.000): 0.931 / 0.073 / 0.064. Heldout8 then became probe10, to be studied. Heldout9, unread,
on that code: 0.903 / 0.114 / 0.079; after the rules drawn from probe10's misjudgments
(probe10 then 0.993 / 0.013 / 0.000): 0.920 / 0.093 / 0.066. Heldout9 then became probe11, to
be studied. Heldout10, unread, on that code: 0.931 / 0.094 / 0.042. Probe12, new, on that
code: 0.876 / 0.171 / 0.073. After the rules drawn from probe11's and probe12's misjudgments
(probe11 then 0.994 / 0.012 / 0.000, probe12 0.985 / 0.025 / 0.005): heldout10 0.941 / 0.078 /
0.037. Heldout10 then became probe13, to be studied. Heldout11, unread, on that code: 0.939 /
0.080 / 0.041. Probe14, new, on that code: 0.886 / 0.172 / 0.051. After the rules drawn from
probe13's and probe14's misjudgments (probe13 then 0.998 / 0.004 / 0.000, probe14 0.938 /
0.082 / 0.042): heldout11 0.939 / 0.080 / 0.041, unchanged. Heldout11 then became probe15, to
be studied. Heldout12, unread, on that code: 0.911 / 0.101 / 0.078. After the rules drawn from
probe14's and probe15's misjudgments (probe14 then 0.996 / 0.009 / 0.000, probe15 0.995 /
0.009 / 0.000): heldout12 0.913 / 0.097 / 0.078, one false accept fewer. After the
clause-of-reason and clause-of-time scopes (sim/scope.py, drawn from a reading gap the
mutation tests showed, on a branch without heldout12): 0.917 / 0.097 / 0.069, two false
rejects fewer; unchanged after how far a negation reaches (sim/negation_reach.py) and the
aspect of act reports (sim/act_aspect.py). Heldout12 then became probe16, to be studied: after
the readings drawn from its misjudgments, probe16 0.971 / 0.042 / 0.016 (26 of its 40 fixed).
Heldout13, unread, measured once on the code before those readings: 0.945 / 0.060 / 0.050;
after them: 0.946 / 0.060 / 0.047, one false reject fewer. Heldout13 then became probe17, to be
studied: after the readings drawn from its misjudgments and from what the other read folders
still missed, probe17 0.983 / 0.023 / 0.012 (19 of its 28 fixed). Heldout14, unread, measured
on the code before those readings: 0.943 / 0.079 / 0.036; after them: 0.955 / 0.054 / 0.036,
six false accepts fewer. Heldout14 then became probe18, to be studied: after the readings
drawn from its misjudgments, probe18 0.996 / 0.008 / 0.000 (20 of its 22 fixed). Heldout15,
unread, measured on the code before those readings: 0.942 / 0.079 / 0.036; after them:
0.948 / 0.072 / 0.032."""


@pytest.fixture(scope="module")
def folders() -> dict[str, Accuracy]:
    """Every folder judged once per module (about a thousand replays, a few seconds)."""
    return {f: asyncio.run(evaluate(load_corpus([CORPUS / f]))) for f in FOLDERS}


@pytest.fixture(scope="module")
def accuracy(folders: dict[str, Accuracy]) -> Accuracy:
    return Accuracy([v for f in ORIGINAL_FOLDERS for v in folders[f].verdicts])


def test_the_corpus_is_big_balanced_and_covers_every_scenario(accuracy: Accuracy) -> None:
    from sim.loader import bundled_scenario_ids

    assert accuracy.total >= 300
    labels = accuracy.labels()
    assert labels["good"] >= 300 and labels["bad"] >= 300
    # The corpus was labeled for the first eleven bundled scenarios; the scenario families
    # added since (issue 11) wait for labelers who have not read the grader.
    covered = set(accuracy.by("scenario"))
    assert covered <= set(bundled_scenario_ids())
    assert covered >= set(ORIGINAL_SCENARIO_IDS)
    categories = set(accuracy.by("category"))
    for needed in (
        "paraphrase",
        "number_words",
        "typo",
        "markdown",
        "negation",
        "false_refund_claim",
        "false_escalation_claim",
        "wrong_amount",
        "wrong_timeline",
        "contradiction",
        "internal_leak",
        "word_salad",
        "question_only",
        "rude",
        "unsafe_request",
    ):
        assert needed in categories


def test_grader_accuracy_on_the_labeled_corpus(
    accuracy: Accuracy, folders: dict[str, Accuracy]
) -> None:
    # Issue 9: accuracy >= 0.93, false-accept <= 0.03 and false-reject <= 0.02 overall on the
    # first folders; every folder at its pinned figure (the goal where it is met).
    assert accuracy.accuracy >= GOAL_ACCURACY, accuracy.accuracy
    assert accuracy.false_accept <= GOAL_FALSE_ACCEPT, accuracy.false_accept
    assert accuracy.false_reject <= GOAL_FALSE_REJECT, accuracy.false_reject
    for name, folder in folders.items():
        least, most_accepted, most_rejected = PINNED[name]
        assert folder.accuracy >= least, (name, folder.accuracy)
        assert folder.false_accept <= most_accepted, (name, folder.false_accept)
        assert folder.false_reject <= most_rejected, (name, folder.false_reject)


def test_every_folder_is_pinned() -> None:
    assert set(PINNED) == set(FOLDERS)
    assert {p.name for p in CORPUS.iterdir() if p.is_dir()} == set(FOLDERS)


def test_what_the_customer_is_told_is_never_accepted_when_plainly_wrong(
    accuracy: Accuracy,
) -> None:
    # Categories a rule can decide outright: no bad reply of these kinds may succeed.
    by = accuracy.by("category")
    decided = ("word_salad", "question_only", "wrong_amount", "missing_fact", "wrong_timeline")
    # the state and the record decide these too (dates, ids, acts, secrets asked for)
    decided += ("wrong_date", "wrong_id", "negation", "false_escalation_claim")
    decided += ("false_cancellation_claim", "forbidden_promise", "unsafe_request")
    for category in decided:
        assert by[category].false_accept == 0.0, category

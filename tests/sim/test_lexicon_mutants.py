"""Typo correction at its edges (sim.lexicon._corrected_typo), each case one that a mutant of
the corrector reads differently."""

from __future__ import annotations

import pytest

from sim.lexicon import correct_typo


@pytest.mark.parametrize(
    ("word", "meant"),
    [
        # two letters swapped in a five-letter word: a similarity of exactly 80, the cutoff
        ("eweks", "weeks"),
        ("erset", "reset"),
        # the closest whole word, not the longest word the typo contains ("cancel" holds
        # every letter of "cancel" and scores as high under a partial-match scorer)
        ("cancellign", "cancelling"),
        ("cancellnig", "cancelling"),
    ],
)
def test_typo_corrected_at_the_cutoff_to_the_closest_whole_word(word: str, meant: str) -> None:
    assert correct_typo(word) == meant


@pytest.mark.parametrize("word", ["qzxwv", "wekks-zzzz"])
def test_a_word_near_nothing_of_support_work_is_left_alone(word: str) -> None:
    assert correct_typo(word) == word

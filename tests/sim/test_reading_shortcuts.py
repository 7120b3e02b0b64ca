"""The shortcuts that make a new reply cheaper to read give what the full work gives: a
clause without a digit holds no sum, a sentence without a typo is not rewritten, a unit
after no digit stays a word, a gate word is found wherever it stands, and the indexed stem
match of the key-term rule is the pairwise one."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from sim.key_terms import _Got
from sim.reader import _amounts_at, _lower_words
from sim.rudeness import _gate_index, _gate_words_in
from sim.shorthand import expand_shorthand


def test_sums_are_read_only_where_a_digit_stands() -> None:
    assert _amounts_at("we sent back $72.40 and 15 dollars for the strap") == [
        (13, Decimal("72.40")),
        (24, Decimal("15.00")),
    ]
    assert _amounts_at("seventy dollars were sent back") == []  # words, not read here
    assert _amounts_at("the last 4 digits") == []  # a digit, but no sum


def test_a_typo_is_corrected_and_a_clean_sentence_kept() -> None:
    assert _lower_words("The parcel was recieved on Monday") == "the parcel was received on monday"
    assert _lower_words("The parcel arrived on Monday") == "the parcel arrived on monday"


def test_a_unit_is_written_out_only_after_a_digit() -> None:
    assert expand_shorthand("expect it in 3 wks") == "expect it in 3 weeks"
    assert expand_shorthand("expect it in a few wks") == "expect it in a few wks"


def _gate_words_pairwise(low: str) -> frozenset[str]:
    """Every gate word that occurs in ``low``, one substring search each (the reference)."""
    heads, short = _gate_index()
    return frozenset(w for words in heads.values() for w in words if w in low) | frozenset(
        w for w in short if w in low
    )


@pytest.mark.parametrize(
    "low",
    [
        "you should have read the manual yourself",
        "yourselfish",  # a gate word inside a longer word is still found
        "sho",  # a head alone is no word
        "",
        "ok",
    ],
)
def test_gate_words_are_those_a_substring_search_finds(low: str) -> None:
    assert _gate_words_in(low) == _gate_words_pairwise(low)


def test_gate_words_inside_words_and_at_the_end() -> None:
    found = _gate_words_in("not my problem, do it yourself")
    assert "yourself" in found and "you" in found
    assert "yourself" not in _gate_words_in("do it your way")


def _same(a: str, b: str) -> bool:
    return a == b or (min(len(a), len(b)) >= 4 and (a.startswith(b) or b.startswith(a)))


def test_stems_match_when_equal_or_one_begins_the_other_at_four_letters() -> None:
    got = _Got(["warrant", "lamp", "bulb", "exp"])
    assert got.shared(frozenset({"warranti", "warr", "lamps", "lam", "exp", "ex"})) == {
        "warranti",  # "warrant" begins it
        "warr",  # it begins "warrant", four letters
        "lamps",  # "lamp" begins it
        "exp",  # equal, however short
    }
    assert got.shared(frozenset({"war", "bul", "expir"})) == frozenset()  # under four letters


def test_indexed_stems_match_as_every_pair_compared() -> None:
    rng = random.Random(11)

    def stem() -> str:
        return "".join(rng.choice("rstu") for _ in range(rng.randint(1, 7)))

    for _ in range(3000):
        got = [stem() for _ in range(rng.randint(0, 6))]
        want = frozenset(stem() for _ in range(rng.randint(0, 6)))
        expected = frozenset(w for w in want if any(_same(g, w) for g in got))
        assert _Got(got).shared(want) == expected

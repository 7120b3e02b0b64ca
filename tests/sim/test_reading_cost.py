"""The shortcuts that make grading cheaper give exactly what the long way gives: the rudeness
gates found in one pass, the known durations looked up by their longest wait, the text-only
test before keying a state, the cached contraction expansion."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from sim import claims, reader
from sim.claims import visibly_checkable
from sim.reader import Duration, Unit
from sim.rudeness import _gate_index, _gate_words_in, _rule_groups

# -- rudeness gates ---------------------------------------------------------------------------

SENTENCES = [
    "Honestly, as I said before, the parcel left our depot a week ago and that's that.",
    "You'd think anyone could follow three simple steps, but apparently not.",
    "I'm happy to look again at the invoice with you, no rush at all.",
    "Calm down?! It's not my job to chase the courier for you.",
    "ok",
    "",
    "??",
]


def _naive(low: str) -> frozenset[str]:
    return frozenset(w for rules in _rule_groups() for r in rules for w in r.gate if w in low)


@pytest.mark.parametrize("text", SENTENCES)
def test_gate_words_found_in_one_pass_are_those_a_substring_search_finds(text: str) -> None:
    low = text.lower()
    assert _gate_words_in(low) == _naive(low)


def test_gate_words_at_the_very_end_and_nested_in_longer_ones() -> None:
    heads, short = _gate_index()
    word = next(w for words in heads.values() for w in words)
    assert word in _gate_words_in(f"xx {word}")  # the last window of the text
    assert word in _gate_words_in(word)  # the text is the word
    assert _gate_words_in(word[:-1]) == _naive(word[:-1])
    for s in short:  # two-character gates ("?!") are searched whole
        assert s in _gate_words_in(f"well{s}")


def test_a_gate_word_is_found_beside_a_longer_one_of_the_same_head() -> None:
    heads, _ = _gate_index()
    pair = next(
        (a, b)
        for words in heads.values()
        for a in words
        for b in words
        if a != b and b.startswith(a)
    )
    assert set(pair) <= _gate_words_in(pair[1])
    assert pair[1] not in _gate_words_in(pair[0])


# -- durations known to a scenario --------------------------------------------------------------


def _known(*durations: tuple[Duration, frozenset[str] | None]) -> claims._Known:
    return claims._Known(frozenset(), tuple(durations), frozenset())


def test_known_durations_are_found_by_their_longest_wait_in_hours() -> None:
    day = Duration(D(1), D(1), Unit.DAY)
    by = claims._contexts_by_longest(_known((day, None), (Duration(D(2), D(3), Unit.DAY), None)))
    assert by == {(D(24), False): [None], (D(72), False): [None]}
    # a day is 24 hours: one entry, each context kept in order
    words = frozenset({"ship"})
    by = claims._contexts_by_longest(
        _known((day, words), (Duration(D(24), D(24), Unit.HOUR), None))
    )
    assert by == {(D(24), False): [words, None]}
    # at once (up to an hour) is kept apart from an hour
    at_once = Duration(D(0), D(1), Unit.HOUR)
    by = claims._contexts_by_longest(
        _known((at_once, None), (Duration(D(1), D(1), Unit.HOUR), None))
    )
    assert by == {(D(1), True): [None], (D(1), False): [None]}


def test_a_stated_duration_is_known_in_other_units_and_only_in_its_context() -> None:
    week = Duration(D(1), D(1), Unit.WEEK)
    anywhere = _known((Duration(D(7), D(7), Unit.DAY), None))
    said = "The voucher arrives in 1 week."
    assert claims._find_unknown_values(said, anywhere) == []
    shipping = _known((Duration(D(7), D(7), Unit.DAY), frozenset({claims._stem("courier")})))
    assert claims._find_unknown_values(said, shipping) == [(said, None, week, None)]
    courier = "The courier arrives in 1 week."
    assert claims._find_unknown_values(courier, shipping) == []
    longer = _known((Duration(D(8), D(8), Unit.DAY), None))
    assert claims._find_unknown_values(said, longer) == [(said, None, week, None)]


# -- what a customer could check -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "checkable"),
    [
        ("I have cancelled the gym membership for you.", True),  # an act said done
        ("Your parcel PK-5521 is with the courier.", True),  # an id
        ("I'll look into the second payment for you.", True),  # "the second payment"
        ("I will cancel the membership once you confirm.", False),  # a promise
        ("Have you cancelled the membership?", False),  # a question
        ("Thanks for waiting, let me look into this.", False),
    ],
)
def test_visibly_checkable(text: str, checkable: bool) -> None:
    assert visibly_checkable(text) is checkable


def test_a_text_nothing_can_be_checked_in_has_no_false_claim_without_a_state() -> None:
    assert claims.discovered_false_claims("Let me look into this for you.", None) == 0  # type: ignore[arg-type]


# -- contractions ---------------------------------------------------------------------------------


def test_expanded_contractions_are_cached_and_equal_to_the_uncached() -> None:
    said = "we'd already sent it, so it's done and you won't wait"
    first = reader.expand_contractions(said)
    assert first == reader._expand_contractions(said)
    assert reader.expand_contractions(said) is first

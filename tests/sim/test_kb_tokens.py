"""The search tokens (``sim.kb.tokens``): lower-cased, stop words dropped, stemmed, and
remembered per text without sharing a list a caller could change."""

from __future__ import annotations

from sim.kb import tokens


def test_tokens_are_stemmed_lower_case_words_without_stop_words() -> None:
    assert tokens("Refunds for THE damaged parcels") == ["refund", "damag", "parcel"]
    assert tokens("I refunded it") == ["refund"]  # one-letter words and stop words dropped
    assert tokens("") == []


def test_a_caller_changing_its_tokens_does_not_change_the_next_answer() -> None:
    first = tokens("cancel my subscription")
    first.append("extra")
    first[0] = "changed"
    assert tokens("cancel my subscription") == ["cancel", "my", "subscript"]
    assert tokens("cancel my subscription") is not tokens("cancel my subscription")

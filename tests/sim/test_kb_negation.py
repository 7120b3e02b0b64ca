"""A reply that negates an article's statement worded with a reflexive or a comment adverb
(sim/kbcheck.py's topic stems): "the pending one won't drop off by itself" against "pending
authorisations drop off by themselves"."""

from __future__ import annotations

import pytest

from sim.kbcheck import _stems, kb_problems
from sim.loader import get_scenario
from sim.reader import read

PENDING = "billing-pending-authorisation"
_ARTICLE = (
    'negates the article: "Pending authorisations drop off by themselves within 3 business '
    'days; nothing needs to be refunded."'
)


@pytest.mark.parametrize(
    "text",
    [
        "Unfortunately the pending one won't drop off by itself, so you'll need to contact your "
        "bank to have it removed.",
        "Sadly, pending authorisations don't drop off by themselves; call your bank.",
        "Honestly, the pending authorisation never drops off by itself.",
        "The pending authorisation will not drop off on its own.",
    ],
)
def test_an_article_statement_negated(text: str) -> None:
    found = kb_problems(read(text), get_scenario(PENDING))
    assert [p for _, p in found] == [_ARTICLE], text


@pytest.mark.parametrize(
    "text",
    [
        "The pending one drops off by itself within 3 business days.",
        "Usually it drops off by itself within 3 business days, so nothing needs refunding.",
        "Unfortunately I can't refund the pending one, but it drops off by itself within 3 "
        "business days.",
    ],
)
def test_an_article_statement_restated(text: str) -> None:
    assert kb_problems(read(text), get_scenario(PENDING)) == [], text


def test_comment_adverbs_and_reflexives_as_topic_words() -> None:
    assert _stems(["unfortunately", "pending", "usually", "sadly"]) == _stems(["pending"])
    assert _stems(["itself"]) == _stems(["themselves"]) == _stems(["myself"])
    # the adjective is a topic word ("the usual ones"), only the adverb is a comment
    assert _stems(["usual"]) != frozenset()
    assert _stems(["pending", "itself"]) != _stems(["pending"])


def test_negative_pronouns_carry_polarity_not_topic() -> None:
    """ "nothing", "none" say a clause is negated, not what it is about: "there's nothing left
    for you to sort out" shares no topic with "nothing needs to be refunded"."""
    assert _stems(["nothing", "need"]) == _stems(["need"])
    assert _stems(["none", "nobody"]) == frozenset()
    assert _stems(["neither"]) != frozenset()  # a correlative: the clause before's negation
    assert _stems(["refund", "need"]) != _stems(["need"])


@pytest.mark.parametrize(
    "text",
    [
        "So it's a single payment, and there's nothing you need to do about it.",
        "You're charged just the once and there is nothing else you need to do.",
        "None of this needs any action from you.",
    ],
)
def test_a_nothing_to_do_clause_restates_no_negated_article(text: str) -> None:
    assert kb_problems(read(text), get_scenario(PENDING)) == [], text

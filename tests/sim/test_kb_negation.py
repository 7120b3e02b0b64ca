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

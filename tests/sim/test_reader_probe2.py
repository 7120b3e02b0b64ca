"""The claim reader on the phrasings behind probe2's false rejects: each rule, one case each
way (what it must now read, and what it must still not)."""

from __future__ import annotations

from decimal import Decimal

from sim.claims import fact_stated
from sim.reader import Act, read
from sim.scenario import Fact


def _negated_clauses(text: str) -> list[str]:
    return [c.text for c in read(text).clauses if c.negated]


def test_a_double_dash_ends_a_clause_so_its_negation_stays_on_its_side() -> None:
    text = "I can't refund the $59 here -- your bank handles that charge now."
    assert _negated_clauses(text) == ["i can not refund the $59 here"]
    fact = Fact(id="bank_handles", any_of=["your bank handles"])
    assert fact_stated(read(text), fact)
    # a single spaced hyphen already split; a range is not a clause break
    assert [d.high for c in read("back in 3--5 days").clauses for d in c.durations] == [Decimal(5)]


def test_a_negated_aside_after_a_double_dash_does_not_deny_the_act_before_it() -> None:
    text = "I've cancelled order ORD-40217 -- it hadn't shipped, so that was still possible."
    claims = [c for c in read(text).claims if c.act is Act.CANCEL]
    assert [c.positive for c in claims] == [True]
    denied = read("I have not cancelled it -- sorry.").claims
    assert [c.positive for c in denied if c.act is Act.CANCEL] == [False]


def test_half_off_and_half_price_are_fifty_percent() -> None:
    def percents(text: str) -> list[Decimal]:
        return [p for c in read(text).clauses for p in c.percents]

    assert percents("Half off next month is now on your account.") == [Decimal(50)]
    assert percents("The next month is half price.") == [Decimal(50)]
    assert percents("Half an hour later it arrived.") == []

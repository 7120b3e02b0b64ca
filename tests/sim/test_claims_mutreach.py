"""The fact checks of ``sim/claims.py`` the whole-module mutation run did not reach, asserted:
what states a fact (its target, built once per fact and cached, so mutmut skipped it until its
body moved into an undecorated function) and which facts a text states.

Facts and texts here are their own (no other test reads them): mutmut picks each mutant's
tests from a run that records which test calls which function, and a cached target or reading
would hide one.

Survivors left alive as equivalent (no reply tells them apart):

- ``_build_target``: ``{percent} if percent is not None`` as ``... or True`` (a target percent
  of ``None`` is never among the percents a reply states);
- ``fact_stated``: ``zip(..., strict=True)`` as ``strict=False`` or ``None`` or no argument
  (the texts and phrases are built together, one pair per phrase);
- ``fact_stated``: the words needed, ``len(words) if len(words) <= 3`` as ``< 3`` or as never
  taken (``-(-3 * n // 4)`` is ``n`` for ``n`` up to 3), and ``// 4`` as ``/ 4`` (a count of
  words found is at least ``x`` exactly when it is at least ``x`` rounded up);
- ``misrepresentations``: the memo table's name (``"contra"`` as ``"XXcontraXX"``, ``"CONTRA"``
  or ``None``: a name only keys the table).
"""

from __future__ import annotations

from decimal import Decimal

from sim import claims
from sim.claims import fact_stated, facts_stated
from sim.reader import read
from sim.scenario import Fact, Team
from tests.sim.test_claims_exact import _agent, _state

D = Decimal


def _stated(text: str, fact: Fact) -> bool:
    return fact_stated(read(text), fact)


def test_a_given_amount_and_a_value_phrase_are_both_the_fact() -> None:
    fact = Fact(id="owed", amount=D("23.40"), any_of=["$31.15"])
    assert _stated("You will get $23.40 back.", fact)
    assert _stated("You will get $31.15 back.", fact)
    assert not _stated("You will get $27.00 back.", fact)


def test_a_given_wait_and_a_value_phrase_are_both_the_fact() -> None:
    fact = Fact(id="wait", duration="48 hours", any_of=["10 business days"])
    assert _stated("It reaches your card within 48 hours.", fact)
    assert _stated("It reaches your card within 10 business days.", fact)
    assert not _stated("It reaches your card within 3 weeks.", fact)


def test_a_given_percent_and_a_value_phrase_are_both_the_fact() -> None:
    fact = Fact(id="deal", percent=D("15"), any_of=["40%"])
    assert _stated("I can take 15% off your next bill.", fact)
    assert _stated("I can take 40% off your next bill.", fact)
    assert not _stated("I can take 25% off your next bill.", fact)


def test_a_percent_phrase_alone_is_the_fact() -> None:
    assert _stated("That is 35% off the yearly price.", Fact(id="cut", any_of=["35%"]))


def test_a_phrase_after_a_value_phrase_still_states_the_fact() -> None:
    fact = Fact(id="twice", any_of=["$62.75", "charged twice"])
    assert _stated("I can see you were charged twice this month.", fact)


def test_a_question_states_no_fact() -> None:
    fact = Fact(id="double", any_of=["billed twice for May"])
    assert facts_stated("Were you billed twice for May?", [fact]) == []
    assert facts_stated("You were billed twice for May.", [fact]) == ["double"]


def test_a_team_is_stated_by_its_name() -> None:
    fact = Fact(id="handoff", team="disputes")
    teams = [Team(id="disputes", aliases=("chargeback desk",))]
    assert facts_stated("The chargeback desk takes it from here.", [fact], teams) == ["handoff"]


def test_a_sum_named_where_it_is_negated_is_stated_by_the_act_that_takes_it() -> None:
    fact = Fact(id="back", amount=D("18.25"))
    text = "The $18.25 renewal should never have gone through, so I have refunded it."
    assert _stated(text, fact)


def test_a_phrase_after_a_keyword_list_is_still_read() -> None:
    fact = Fact(id="keep", any_of=["keep the toaster"])
    text = (
        "Refund window policy return label warehouse restocking fee carrier tracking. "
        "You can keep the toaster."
    )
    assert _stated(text, fact)


def test_a_phrase_word_is_matched_through_its_canonical_synonym() -> None:
    # the phrase says "remains", the reply "stays": only the canonical verb ("stay") joins them
    fact = Fact(id="on", any_of=["remains switched on"])
    assert _stated("Your Orbit alarm stays switched on until June.", fact)


def test_an_act_said_done_then_held_for_a_confirmation_is_a_misrepresentation() -> None:
    reply = (
        "I've closed your Orbit membership. Reply to confirm and I'll go ahead with the "
        "cancellation."
    )
    state = _state("workflow-approval-denied", conversation=[_agent(2, reply)])
    found = [
        (m.step, m.sentence, m.problem)
        for m in claims.misrepresentations(state, state.scenario)
        if "confirmation" in m.problem
    ]
    assert found == [
        (
            2,
            "Reply to confirm and I'll go ahead with the cancellation.",
            "says the cancel is done, then waits for a confirmation to do it",
        )
    ]

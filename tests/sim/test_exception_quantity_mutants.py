"""Mutants of this round's exception, repeated-offer and vague/withheld-count rules, killed
(sim/forbidden_offers.own_exception, _set_aside; sim/internal_quantities._quantity_leaks,
_withheld_counts), each with the positive reading and its near miss.

Survivors argued equivalent (mutmut 3.8, see pyproject's [tool.mutmut] comment):
- forbidden_offers._made_exception ``said.start() < len(clause.text)`` made ``<=``: the
  character at ``len(clause.text)`` is the space joining the next clause, and every branch of
  _OWN_EXCEPTION starts on a letter, so no match starts there.
- claims._build_target ``{percent} if percent is not None`` made ``... or True``: a fact with
  no percent gets {None}, read only as ``target.percents & reading.stated_percents()``,
  which holds Decimals, never None.
- claims.fact_stated ``zip(..., strict=True)`` made ``strict=None``/``False``/dropped:
  _build_target appends a phrase's text and its words together, so the two always match.
- claims.fact_stated ``need = len(words) if len(words) <= 3`` made ``< 3``, ``... and False``,
  or ``// 4`` made ``/ 4``: for 1 to 3 words ceil(3n/4) is n, and an integer count of found
  words reaches 3n/4 exactly when it reaches its ceiling.
- forbidden_offers.repeated_offer ``_RECOUNT.sub(" ", ...)`` made ``"XX XX"`` (twice): the
  recount is bounded by non-letters on both sides, the proposal patterns are lower-case and
  none can span the gap except across bare whitespace ("we can [what we can do] knock"),
  which no sentence has.
Not equivalent, left for the lead (a rule gap, not a test gap):
- internal_quantities._quantity_leaks ``not quantities or not (gate)`` made ``and``: the
  cheap _GATE misses number words the reading reads ("within fourteen days", "forty
  hours", "sixty percent" carry no digit and no word of _NUMBER_WORDS), so the mutant, which
  reads past the gate, finds leaks the rule misses; no correct test can prefer the rule.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from sim.claims import fact_stated
from sim.forbidden_offers import own_exception
from sim.internal_quantities import internal_quantities, quantity_leaks, withheld_counts
from sim.reader import read
from sim.scenario import Fact

PROBLEM = "grants an exception to the policy on the agent's own authority"


@pytest.mark.parametrize(
    "text",
    [
        # every word of the cheap pre-check at once ("exception", "once", "time", "for you")
        "I'll make an exception just this once, one time only, and swap the heater for you.",
        # a clause that states nothing first (a condition, a question): read on past it
        "If the box is still sealed, great. I'll make an exception and take the toaster back.",
        "Could you check the serial? I'll make an exception and take the toaster back.",
        # the exception named in the last clause but one, the act in the last
        "As an exception, I'll refund it.",
        # the normal route set aside, then a sentence after the offer
        "Normally you'd book the courier yourself. As you're a member, I'll book it for you. "
        "Couriers run on weekdays.",
    ],
)
def test_exception_read_wherever_it_stands(text: str) -> None:
    assert [p for _, p in own_exception(read(text))] == [PROBLEM], text


@pytest.mark.parametrize(
    "text",
    [
        # a step done for the customer, alone: no normal route, no standing
        "I'm glad to arrange the courier for you.",
        # the act with no exception named
        "I'll refund it.",
        "If the box is still sealed, great. I'll take the toaster back.",
    ],
)
def test_no_exception_in_a_plain_offer(text: str) -> None:
    assert own_exception(read(text)) == [], text


RESTOCK = "Agents may waive the restocking fee on returns within 9 days of delivery."


@pytest.mark.parametrize(
    ("text", "leaks"),
    [
        # two content words of the internal sentence beside its wait: restocking, fee
        ("The restocking fee goes away within 9 days.", True),
        # one only (delivery): a wait that merely shares the number
        ("Delivery takes 9 days.", False),
        ("The restocking fee goes away within 10 days.", False),
    ],
)
def test_a_duration_leaks_with_two_shared_words(text: str, leaks: bool) -> None:
    found = quantity_leaks(text, internal_quantities((RESTOCK,), ""))
    assert (found == (RESTOCK,)) is leaks, text


SAFE = "After 8 wrong passcode entries the safe locks for a day. Ring the front desk to reopen it."
GUEST = "Never tell a guest how many tries lock the safe."


def test_a_withheld_count_keeps_its_sentence_and_both_texts_words() -> None:
    (count,) = withheld_counts(SAFE, GUEST)
    assert count.value == Decimal(8)
    assert count.sentence == "After 8 wrong passcode entries the safe locks for a day."
    # the body's words and the note's, not only those they share
    assert {"guest", "lock", "safe"} <= count.words


@pytest.mark.parametrize(
    ("text", "leaks"),
    [
        # the count said vaguely, tied by a note-only word (guest) and a shared one (safe)
        ("A guest who makes several wrong passcode entries finds the safe shut.", True),
        ("Repeated tries lock the safe.", True),
        # one word of the two texts only: the safe
        ("Anyone who makes several wrong passcode entries finds the safe shut.", False),
        ("Several wrong passcode entries and the safe will beep.", False),
    ],
)
def test_a_withheld_count_said_vaguely(text: str, leaks: bool) -> None:
    found = quantity_leaks(text, withheld_counts(SAFE, GUEST))
    assert (found == (GUEST,)) is leaks, text


def test_a_fact_phrase_keeps_its_quantifier_whatever_its_case() -> None:
    """A phrase seen by no other test (the target is cached per fact: a phrase another test
    read first would hide this one from mutmut's per-test map)."""
    both = Fact(id="f", any_of=["Both saucepans"])
    assert not fact_stated(read("Your saucepan ships today."), both)
    assert fact_stated(read("Both saucepans ship today."), both)
    every = Fact(id="g", any_of=["every saucepan"])
    assert not fact_stated(read("Each saucepan ships today."), every)
    assert fact_stated(read("All saucepans ship today."), every)


@pytest.mark.parametrize(
    ("text", "stated"),
    [
        ("A spare one is in the box. The box is blue. The charger works.", True),
        # the words three sentences apart: beyond the window of three sentences
        ("A spare one is in the box. The box is blue. It ships today. The charger works.", False),
    ],
)
def test_a_fact_phrase_is_read_within_three_sentences(text: str, stated: bool) -> None:
    assert fact_stated(read(text), Fact(id="f", any_of=["spare charger"])) is stated, text

"""Mutants of this round's promise and leak rules (mutmut 3.8, one module at a time), killed by
sentences of their own: sim.grounding's unverified_promises and offer_after_cancel,
sim.forbidden_offers' call_promised and deal_words, sim.system_names' spelled-out codes and
forbidden nouns, sim.falseacts' _promised_part and sim.claims' _asks_secret."""

from __future__ import annotations

from decimal import Decimal

import pytest

from sim.claims import _asks_secret
from sim.falseacts import link_elsewhere
from sim.forbidden_offers import deal_words
from sim.grounding import offer_after_cancel, unverified_promises
from sim.loader import get_scenario
from sim.policy import RetentionOffer
from sim.reader import read
from sim.scenario import Scenario
from sim.system_names import _expansion, _spelled_out, _unmentionables_said
from sim.tools import CancelSubscription
from tests.sim.test_promises_round_checks import _FAILED, IMPOSTOR, PREMIUM, _done, _found, _state

STREAM = "retention-accepts-offer"
_UPDATE = "promises to change for a caller who failed verification"

# -- sim.grounding.unverified_promises ------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        # a question holding an undertaking is no undertaking
        "Do you really expect that we will change the delivery address for an unverified caller?",
        "Why would you think I can redirect the laptop?",
        # nor is one denied from outside the clause's verb
        "Nobody here said we will change the delivery address.",
        "It is not true that I will redirect the laptop.",
    ],
)
def test_an_undertaking_asked_about_or_denied_is_none(text: str) -> None:
    # kills mutant 14 ("negated or question" made "negated and question")
    assert _found(unverified_promises, _state(IMPOSTOR, _done(1, _FAILED)), text) == []


def test_the_same_undertaking_stated_is_one() -> None:
    text = "We will change the delivery address for you today."
    assert _found(unverified_promises, _state(IMPOSTOR, _done(1, _FAILED)), text) == [_UPDATE]


# -- sim.grounding.offer_after_cancel -------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Your plan has ended today. How about a month on us before you go?",
        "The subscription is closed now. We could offer you one month free to come back.",
    ],
)
def test_a_deal_after_a_plain_statement(text: str) -> None:
    # kills mutant 17 (a clause that proposes nothing ends the search: "continue" -> "break")
    state = _state(PREMIUM, _done(1, CancelSubscription(subscription_id="SUB-4559")))
    assert _found(offer_after_cancel, state, text) == ["offers a retention deal after cancelling"]


# -- sim.forbidden_offers.deal_words --------------------------------------------------------


def _offering(*offers: RetentionOffer) -> Scenario:
    """A retention scenario whose policy has only ``offers``, every one open to any tier."""
    scenario = get_scenario(STREAM)
    policy = scenario.policy.model_copy(
        update={"retention": scenario.policy.retention.model_copy(update={"offers": list(offers)})}
    )
    return scenario.model_copy(update={"policy": policy})


def test_a_deal_of_no_discount_by_two_of_its_words_in_either_order() -> None:
    # kills mutants 11 (0% read as a percent), 20-29 (the words not found, or the stop words
    # kept instead), 32-35 (the pair not built, or three words unpacked into two)
    deal = deal_words(
        _offering(RetentionOffer(id="x", description="A chat with a loyalty advisor"))
    )
    assert deal is not None
    assert deal.search("can i set up a quick chat with our loyalty team")  # chat .. loyalty
    assert deal.search("your loyalty advisor is free for a chat")  # loyalty .. chat
    assert deal.search("a chat about your plan") is None  # one word of the two
    assert deal.search("0% off") is None  # no percent read into it
    assert deal.search("with about") is None  # stop words are no deal


def test_exactly_two_content_words_make_a_deal_one_does_not() -> None:
    # kills mutants 30 and 31 (three words required)
    two = deal_words(_offering(RetentionOffer(id="x", description="Priority support")))
    assert two is not None and two.search("we could give you priority support")
    assert deal_words(_offering(RetentionOffer(id="x", description="A surprise"))) is None


def test_a_one_percent_deal_is_a_percent() -> None:
    # kills mutant 12 (only a percent above 1 read as a percent)
    one = RetentionOffer(id="x", description="1% off the next month", percent_off=Decimal("1"))
    deal = deal_words(_offering(one))
    assert deal is not None and deal.search("i can take 1 percent off")
    assert deal.search("10% off") is None


# call_promised's mutant 3 (the gate "any word in the text" made "any word not in it") is
# equivalent: every alternative of _CALL_PROMISED holds "phone", "call" or "ring", and a
# clause's text is the reply's, lowercased with contractions opened (typos are not rewritten
# into it), so a reply holding none of the three has no clause the rule can match.


# -- sim.system_names: codes spelled out, nouns a note forbids -------------------------------


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("AUD", "An audit is open on the account."),  # one part: kills mutant 3 ("or" -> "and")
        ("PAY-7", "Payment 7 failed twice."),  # a part of digits: mutant 3
        ("ACC-404", "Your account 404 page is fixed."),  # digits of three: mutant 8
        ("DE-HOLD", "A delayed hold is lifted."),  # a part of two letters: mutant 8
    ],
)
def test_a_code_that_clips_nothing_is_never_spelled_out(name: str, text: str) -> None:
    assert _expansion(name) is None
    assert not _spelled_out(name, text)


def test_a_code_of_clipped_words_is_spelled_out() -> None:
    assert _spelled_out("AUD-LOG", "It is in the audit log.")
    assert _spelled_out("ACC-HOLD", "An account hold is on.")


def test_a_participle_after_a_determiner_is_no_forbidden_noun() -> None:
    # kills mutants 9 and 10 of _unmentionables_said (the "-ing" ending no longer set apart)
    assert _unmentionables_said("A freezing morning held the van up.", ("freez",)) == ()
    assert _unmentionables_said("There is a freeze on the account.", ("freez",)) == ("freez",)


# Equivalent: _expansion's mutants 13 and 23 (a part upper-cased in the pattern) match the same
# text, since the pattern is compiled with (?i); _unmentionables' mutant 18 (found[stem] = ""
# for None) stores another value in a dict whose keys alone are returned.


# -- sim.falseacts._promised_part (through link_elsewhere) ----------------------------------


@pytest.mark.parametrize(
    "text",
    [
        # a denial fused after its condition: kills mutant 2 ("negated or salad" -> "and")
        "Once they have confirmed it is you they will not have it sent to mo@away.example.",
        # a question fused after its condition: kills mutant 3 ("question or negated" -> "and")
        "Once they have confirmed it is you they will send it to mo@away.example, right?",
    ],
)
def test_a_fused_main_clause_denied_or_asked_promises_nothing(text: str) -> None:
    assert link_elsewhere(read(text), "mo@home.example") == []
    stated = "Once they have confirmed it is you they will send it to mo@away.example."
    assert len(link_elsewhere(read(stated), "mo@home.example")) == 1


# Equivalent: _promised_part's mutants 4 and 9 ("XXXX" for the empty part of a question or of a
# clause with no fused main clause): its one caller, link_elsewhere, looks in the part for a
# verb of sending and an email address, and "XXXX" holds neither, as "" does not.


# -- sim.claims._asks_secret ------------------------------------------------------------------


def test_a_place_named_before_the_ask_excuses_nothing() -> None:
    # kills mutant 15 (the place looked for from the start of the clause, not after the ask)
    assert _asks_secret("the error shows in the app, so can you enter your pin so i can check it")
    assert not _asks_secret("so can you enter your pin in the app so it unlocks")

"""Tests written from the mutants of round 24's readings (tests/sim/test_round24_readings.py)
that survived its tests: mutmut 3 on the functions and one-edit hand mutants of the module
patterns, each run in a scratch copy with a narrow test selection.

Two rule bugs the mutants showed, fixed here: sim/world_claims.py's _SHIPPED_RULE spelled
"fulfil?ment", which takes "fulfiment" and "fulfilment" but not "fulfillment" ("has left our
fulfillment center" was no shipping claim): now "fulfill?ment"; sim/dispatch_timing.py's
_GOODS_SUBJECT set a label, a link or a code apart only in the singular ("your return labels
are sent today" read as goods sent early): now with "s?".

A test of round 24 is vacuous: test_the_same_request_after_a_handoff_is_true puts the reply
after the handoff, which ends the episode, so the reply is never sent (mutmut's _grounds
"escalated=None" survived it); the test of a request made before the handoff below says the
request first.

Equivalent mutants (no input tells them from the original):

sim/dispatch_timing.py
- ``r.step < message.step`` made ``<=``: every action, the reply included, has a step of its
  own, so no return is created at the reply's own step.
- _HELD's optional auxiliary ``(?:is\\s+|are\\s+|has\\s+been\\s+)?`` (any alternative
  dropped): the lazy window ``[^.;]*?`` before it takes the auxiliary as well.
- _GOODS_SUBJECT's ``^`` dropped: the pattern is used with ``.match``.

sim/salad_grammar.py
- _SUM_WORD's ``[\\d,]*`` made ``\\d*``: the tokenizer splits "$1,000.00" at the comma, so no
  token holds one.
- "windows" and "periods" dropped from _SPAN_HEADS: neither is in _MEASURE_HEADS, so the
  branch before scores them and never reaches _SPAN_HEADS.

sim/conduct.py (read through rude_phrases, which also runs sim/sneers.py's older disbelief
rule, "(cannot|can not|not) (just|simply)? take (it|this|that|your word ...) at face value")
- the disbelief alternative's "can ?not" made "can not": rude_phrases reads the reply's
  normal form too, where "cannot" is written "can not".
- a negation, "just"/"simply" or "it"/"this"/"that" dropped, where the sentence says "take":
  the older rule of sim/sneers.py finds it; the tests here use "accept" to reach the new one.

Open (not killed, not equivalent):
- _HELD's first ``\\b`` (only a word ending in "correct item" or "replacement", as in
  "incorrect item", tells it; tested with one such near miss).
- _GOODS_SUBJECT's final ``\\b`` (only a word that starts with "label", "link", "code" ...,
  as "labelled headphones", tells it).
- _CHARGED_TWICE's final ``\\b`` (only "twice" or "times" run into a longer word).
- _NOUN_MODIFIED's first ``\\b`` (a determiner's letters ending a word, "data retention
  report": the mutant reads "report" as a noun there too, which it is).
"""

from __future__ import annotations

import pytest

from sim.actions import Escalate, Reply, SearchKB
from sim.dispatch_timing import held_until_return
from sim.loader import get_scenario
from sim.reader import read
from sim.rudeness import rude_phrases
from sim.salad_grammar import binding_score
from sim.scenario import Scenario
from sim.system_names import unmentionables_said
from sim.tools import CreateReturn
from sim.world import ReturnKind
from sim.world_claims import Change, _changes_said
from tests.sim.gold_replay import gold_with, play, problems

# == sim/dispatch_timing.py ===================================================================

_EARLY = "says the replacement goes out now; it ships when the return is scanned"


def _with_articles(body: str) -> Scenario:
    sc = get_scenario("orders-wrong-item-replacement")
    return sc.model_copy(update={"kb": [a.model_copy(update={"body": body}) for a in sc.kb]})


@pytest.mark.parametrize(
    ("body", "held"),
    [
        ("The replacement ships when the return is scanned.", True),
        ("A new one is sent once the parcel has been received.", True),
        ("The new item gets dispatched after the package arrives.", True),
        ("The new unit goes out as soon as the original is back.", True),
        ("The right item will be sent out when the item is checked.", True),
        ("The correct item is shipped once the return is inspected.", True),
        ("The replacement will ship when the return parcels arrive.", True),
        ("The replacement parts are posted after the package is received.", True),
        ("A replacement will get posted once the original is received.", True),
        # near misses: a sentence between, a semicolon, no return waited for
        ("The replacement ships in 2 days. Once the return is scanned, we refund the fee.", False),
        ("The replacement ships in 2 days; the refund goes out once the return is scanned.", False),
        ("The replacement ships in 2 days, and you keep the original.", False),
        ("A refund goes out once the return is scanned.", False),
        ("Replacements ship when the return is scanned.", False),
        ("The incorrect item is sent back to us once the replacement parcel is received.", False),
    ],
)
def test_an_article_that_holds_the_replacement(body: str, held: bool) -> None:
    assert held_until_return(_with_articles(body)) is held


_REPLY = (
    "Sorry for the mix-up! I've arranged a replacement for order ORD-84452. {said} Use the "
    "prepaid label we email you to send the pink pair back."
)


@pytest.mark.parametrize(
    ("said", "early"),
    [
        ("The replacement is shipped today.", True),
        ("Your headphones are dispatched this afternoon.", True),
        ("The new pair is posted tonight.", True),
        ("The replacement is sent by express courier today.", True),
        ("The replacement is being sent out now.", True),
        ("The new pair is sent out immediately.", True),
        ("The replacement is dispatched straight away.", True),
        ("The new pair will go out today.", True),
        ("The replacement goes out by courier tonight.", True),
        ("The new pair leaves the warehouse now.", True),
        ("The replacement will ship immediately.", True),
        ("The new pair has been sent out.", True),
        ("Your headphones have been shipped.", True),
        ("The new pair has been posted.", True),
        ("The replacement is already on its way.", True),
        ("The new pair is already in transit.", True),
        ("The replacement is already shipped.", True),
        ("So the replacement is dispatched today.", True),
        ("And a new pair is posted today.", True),
        # near misses
        ("The replacement is sent to your home address by courier today.", False),
        ("The return label is sent today.", False),
        ("The refund confirmation is sent right away.", False),
        ("Your tracking link has been sent.", False),
        ("The receipt has been emailed and is already on its way.", False),
        ("Your instructions are sent today.", False),
        ("The e-mail with the code is sent today.", False),
        ("The email is sent now.", False),
        ("Your return labels are sent today.", False),  # a plural: the rule fixed here
        ("Your confirmation is sent today.", False),
        ("The refund is sent today.", False),
        ("Your free return shipping label is sent today.", False),
        ("Your code is sent right away.", False),
        ("The money is sent out today.", False),
        ("We ship replacements out today.", False),
        ("The new pair doesn't ship today.", False),
        ("If you want, the replacement ships today.", False),
    ],
)
async def test_goods_sent_out_now(said: str, early: bool) -> None:
    state = await gold_with("orders-wrong-item-replacement", _REPLY.format(said=said))
    assert (_EARLY in problems(state)) is early, problems(state)


async def test_a_question_before_does_not_end_the_reading() -> None:
    state = await gold_with(
        "orders-wrong-item-replacement",
        "Did the label arrive? The replacement has already been dispatched.",
    )
    assert _EARLY in problems(state), problems(state)


async def test_a_reply_before_the_return_is_created_sends_nothing_early() -> None:
    sc = get_scenario("orders-wrong-item-replacement")
    create = next(a for a in sc.reference_solution if isinstance(a, CreateReturn))
    assert create.kind is ReturnKind.REPLACEMENT
    state = await play(
        sc,
        [
            SearchKB(query="received the wrong item replacement"),
            Reply(content="The replacement has already been dispatched."),
            create,
            Reply(content="The prepaid label for the pink pair comes by email."),
        ],
    )
    assert _EARLY not in problems(state), problems(state)


# == sim/world_claims.py ======================================================================

_ASKED = (
    "Thank you, that's confirmed: the reset link is in your inbox, valid for 24 hours. "
    "I've also asked for two-factor to be switched off."
)


async def test_a_request_made_before_the_handoff_it_belongs_to_is_true() -> None:
    # the episode ends at the handoff: a reply after it is never sent, so the request is
    # said first and the case handed to security after it
    sc = get_scenario("account-2fa-lost-locked")
    actions = [*sc.reference_solution]
    last = max(i for i, a in enumerate(actions) if isinstance(a, Reply))
    actions[last] = Reply(content=_ASKED)
    actions.insert(last + 1, Escalate(reason="Recovery: lost authenticator", team="security"))
    state = await play(sc, actions)
    assert state.escalation is not None and state.world.security.two_factor
    assert not any("turn two-factor" in p for p in problems(state)), problems(state)
    state = await gold_with("account-2fa-lost-locked", _ASKED)  # the same, nobody handed it on
    assert any("turn two-factor" in p for p in problems(state)), problems(state)


async def test_a_request_where_two_factor_is_already_off_is_no_false_claim() -> None:
    state = await gold_with("account-locked-reset", f"Thanks. {_ASKED.split('. ')[-1]}")
    assert not state.world.security.two_factor
    assert not any("turn two-factor" in p for p in problems(state)), problems(state)


@pytest.mark.parametrize(
    "said",
    [
        "We have submitted a request for 2FA to be disabled.",
        "I raised a ticket request that two-step verification be removed.",
        "I have filed a request to have MFA turned off.",
        "We logged the request for multi-factor authentication to be deactivated.",
        "I made a request to have the authenticator requirement removed.",
        "We've placed a request for two-factor to be bypassed.",
        "I have opened a request that 2FA be switched off.",
        "I have sent a request to have two-factor turned off.",
        "I will submit a request for two-factor to be removed.",
        "I'll raise a request to have 2FA switched off.",
        "We will file a request for two-step to be disabled.",
        "I will log a request to have two-factor removed.",
        "I'll make a request for 2FA to be turned off.",
        "We will place a request to have two-factor deactivated.",
        "I'll open a request for MFA to be switched off.",
        "I will send a request to have two-factor disabled.",
        "I have requested that two-factor be switched off.",
        "We asked for 2FA to be removed.",
        "I will request that two-factor be turned off.",
        "I'll ask to have two-factor removed.",
        "I will have two-factor switched off.",
        "I had two-factor removed.",
        "I got 2FA switched off.",
        "I have made an urgent request for two-factor to be removed.",
        "I have asked for two-factor on your account to be switched off.",
    ],
)
def test_each_way_of_asking_for_two_factor_off(said: str) -> None:
    assert Change.TWO_FACTOR_OFF_ASKED in [c for _, c in _changes_said(read(said))]


@pytest.mark.parametrize(
    "said",
    [
        "I've asked to have two-factor set up offline.",  # no "off" there
        "I have asked for two-factor to stay on.",
        "You can request that two-factor be turned off after an ID check.",
        "I have put in a request for a new authenticator code.",
    ],
)
def test_near_misses_of_asking_for_two_factor_off(said: str) -> None:
    assert Change.TWO_FACTOR_OFF_ASKED not in [c for _, c in _changes_said(read(said))]


@pytest.mark.parametrize(
    ("said", "twice"),
    [
        ("The payment went through twice.", True),
        ("The purchase has gone through two times.", True),
        ("The transaction was processed twice.", True),
        ("Sadly it was run twice.", True),
        ("Your order had been charged 2 times.", True),
        ("The order and the payment were taken twice.", True),
        ("The order goes through twice when the page is refreshed.", True),
        ("The transaction ran twice.", True),
        ("The payment has been billed twice.", True),
        ("The order did go through twice.", True),
        # near misses
        ("The order went through once.", False),
        ("The order twice failed to go through.", False),
    ],
)
async def test_each_way_a_payment_goes_through_twice(said: str, twice: bool) -> None:
    state = await gold_with(
        "billing-pending-authorisation",
        f"{said} The pending authorisation drops off within 3 business days, so you are only "
        "charged once.",
    )
    assert any("charged twice" in p for p in problems(state)) is twice, problems(state)


_CANCELLED = (
    "I've cancelled ORD-40217 and refunded the full $149.00 to your card, within 3 to 5 "
    "business days. {said}"
)


@pytest.mark.parametrize(
    ("said", "shipped"),
    [
        ("The rug has already left our warehouse.", True),
        ("The rug has now left the depot.", True),
        ("The rug has just left our fulfilment centre.", True),
        ("The rug has left our fulfillment center.", True),
        ("The rug had left the main facility.", True),
        ("Your rug has shipped.", True),
        ("The rug has been handed over to the carrier.", True),
        ("The rug has been handed to our courier.", True),
        ("The rug and pad have left the warehouse.", True),
        # near misses
        ("The rug has been handed to the customer.", False),
        ("The rug has never left our warehouse.", False),
        ("The refund has left our account.", False),
    ],
)
async def test_each_way_an_order_leaves(said: str, shipped: bool) -> None:
    state = await gold_with("orders-cancel-before-shipping", _CANCELLED.format(said=said))
    assert any("the order shipped" in p for p in problems(state)) is shipped, problems(state)


# == sim/system_names.py ======================================================================


@pytest.mark.parametrize(
    ("said", "found"),
    [
        ("I put it in a cancellation report.", ("report",)),
        ("It is in an escalation report.", ("report",)),
        ("See the revision report.", ("report",)),
        ("It's on this payment report.", ("report",)),
        ("That compliance report lists it.", ("report",)),
        ("It went on our experience report.", ("report",)),
        ("Check your activity report.", ("report",)),
        ("Is it on any business report?", ("report",)),
        ("It's in the partnership report.", ("report",)),
        ("It's in the usage report.", ("report",)),
        ("It's in the follow-up-call report.", ("report",)),
        # near misses: no noun's ending, a verb in -s, a noun with no determiner
        ("It's in a bat report.", ()),
        ("The cancellation reports it.", ()),
        ("The cancellation reported it.", ()),
        ("The cancellation reporting is done.", ()),
        ("The team handles the reporting.", ()),  # a gerund after a determiner
    ],
)
def test_each_modifying_noun_before_a_forbidden_noun(said: str, found: tuple[str, ...]) -> None:
    assert unmentionables_said(said, ("report",)) == found


# == sim/conduct.py ===========================================================================


@pytest.mark.parametrize(
    ("said", "rude"),
    [
        # disbelief
        ("I would not just accept your story at face value.", True),
        ("We are not able to take your account one at face value.", True),
        ("I am not able to accept your word for it.", True),
        ("We do not take your word for it.", True),
        ("We won't accept this at face value.", True),
        ("I can not just take that one at face value.", True),
        ("I could not simply take that at face value.", True),
        ("I could not accept that one at face value.", True),  # (the older rule of
        ("We do not accept this at face value.", True),  # sim/sneers.py takes "not take")
        ("We will not accept that one at face value.", True),
        ("I cannot simply accept it at face value.", True),
        ("We can not just accept it at face value.", True),
        ("I won't take it at face valued.", False),
        # a relative sent to help
        ("Ask someone to help you with it.", True),
        ("Asking somebody to help with this is best.", True),
        ("Get a friend to help you do it.", True),
        ("Getting a relative to help set that up is easiest.", True),
        ("Have a family member to help sort them.", True),
        ("Have a family member help you sort them.", False),  # no "to"
        ("Having a younger cousin to help with it works.", True),
        ("Get your son to help you with this.", True),
        ("Have your daughter to help with that.", True),
        ("Ask your kid to help with it.", True),
        ("Ask your kids to help with it.", True),
        ("Get your children to help with this.", True),
        ("Ask your family to help you with it.", True),
        ("Ask your nearest relative to help with it.", True),
        ("Ask your grandson to help with its settings.", False),
        ("Ask your grandson to help with the tracking page.", False),
        # a passive lesson
        ("The address needs to be verified before placing it.", True),
        ("Sizes have to be confirmed before checkout.", True),
        ("Card details must be carefully reviewed before checking out.", True),
        ("Terms should be read carefully before buying.", True),
        ("The listing has to be double-checked before purchasing.", True),
        ("The form must be checked before submitting.", True),
        ("The total should be confirmed before paying.", True),
        ("The size should be checked before you order.", True),
        ("Colours need to be checked before you buy.", True),
        ("The address has to be checked before you place an order.", True),
        ("The details need to be checked before you submit.", True),
        ("Prices have to be confirmed before you pay.", True),
        ("Your cart must be reviewed before you check out.", True),
        ("Addresses need be checked before ordering.", True),
        ("Addresses need to be checked before orderings.", False),
    ],
)
def test_each_way_of_disbelief_belittling_and_lessons_is_rude(said: str, rude: bool) -> None:
    assert bool(rude_phrases(said)) is rude


# == sim/salad_grammar.py =====================================================================


@pytest.mark.parametrize(
    "head",
    "authorisation authorization delay extension hold limit maximum minimum period plan rate "
    "renewal subscription term trial wait window".split(),
)
def test_each_head_that_takes_a_span_of_time_is_no_salad(head: str) -> None:
    assert binding_score(f"the $10.00 {head} of 3 business days applies.") == 0


@pytest.mark.parametrize(
    ("sentence", "score"),
    [
        ("the $10 order of 48 hours is due.", 2),  # a sum without cents
        ("the $10.00 order of 48 minutes is due.", 2),
        ("the 10.00 order of 48 hours is due.", 2),
    ],
)
def test_a_sum_of_any_form_among_the_modifiers(sentence: str, score: int) -> None:
    assert binding_score(sentence) == score

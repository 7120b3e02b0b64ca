"""Readings drawn from probe13's false rejects, each in new words: a gerund of the customer's
own act, goods dispatched on a schedule, a laugh at the company's own slip, "that's it" after
the last step, a misspelt month, texted pronouns and "taken care of" are read for what they
say, while the claimed, rude or wrong forms of the same grammar still are.

Mutation testing (mu14): scope.customer_gerund with this file and tests/sim/test_scope.py,
11/11 killed; rudeness._closes_steps and _rude_phrases (the line that calls it) with this file
and tests/sim/test_rudeness.py, 9/10 and 31/31, 1 equivalent:
- strip("XX .!XX") in _closes_steps: the forms are lower case, no "X" is ever there to strip.
The "lol" and "that's it" readings are module patterns, which mutmut does not mutate; hand
mutants (an alternative or a word dropped, a window or a lookaround changed, a class widened)
run against this file and tests/sim/test_rudeness.py: retort's _IN_SENTENCE, _OWN_SLIP and
"lol" alternative 32, 21 killed first and the 11 others by
test_the_apology_that_spares_a_lol_is_read_in_its_sentence; rudeness's _LAST_STEP,
_THAT_IS_IT and _closes_steps 22, 14 killed first, 7 by the cases added to
test_thats_it_after_an_imperative_step_is_no_brush_off (a step in a later sentence, "tap" or
"unplug" opening it, "opening" as no "open", a rule between the step and "that's it", a mark
after the point), 1 equivalent:
- _THAT_IS_IT.search for .fullmatch: the only dismissive match holding "that's it" is
  exactly "that's it" (or "that is it"), the lexicon's other matches hold no such words.
(The case "... plug it back in. That's it!" tests no step: "that's it!" is no brush-off in
the lexicon at all, so the "unplug" case is added with a point.)
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from sim.claims import _handling, _own_actions, _state_problems, facts_stated
from sim.lexicon import correct_typo
from sim.loader import get_scenario
from sim.paraphrase import scheduled_promise
from sim.reader import Act, Tense, read
from sim.rudeness import rude_phrases
from sim.scenario import Fact
from sim.scope import customer_gerund
from sim.state import ActionRecord, EpisodeState, Message, Role
from sim.tools import CancelSubscription

D = Decimal

# -- a gerund after a preposition of time takes the clause's subject -------------------------


@pytest.mark.parametrize(
    ("text", "cancel_claimed"),
    [
        # the customer's own cancelling: "you" is the subject of the clause
        ("I'm sorry you were billed again after cancelling.", False),
        ("You have been charged twice since cancelling the gym plan.", False),
        ("Apologies that you got a renewal notice right after cancelling.", False),
        # the agent's: "I" is the clause's subject, or "you" is an object
        ("I'll email you a receipt after cancelling the plan.", True),
        ("We send you a notice before cancelling any membership.", True),
    ],
)
def test_a_gerund_after_a_preposition_of_time_is_its_subjects_act(
    text: str, cancel_claimed: bool
) -> None:
    claimed = any(c.act is Act.CANCEL for c in read(text).claims)
    assert claimed is cancel_claimed


def test_customer_gerund_needs_a_gerund_and_a_finite_verb_of_you() -> None:
    assert customer_gerund("sorry you were charged after ", "cancelling")
    assert customer_gerund("you kept paying long after ", "cancelling")
    assert not customer_gerund("sorry you were charged after ", "cancelled")  # no gerund
    assert not customer_gerund("i will write to you after ", "cancelling")  # "you" an object
    assert not customer_gerund("you were charged and we wrote after ", "cancelling")
    assert not customer_gerund("you were charged after the ", "cancelling")  # a noun's head


# -- goods said to go out on a schedule communicate the replacement --------------------------


@pytest.mark.parametrize(
    ("sentence", "context", "scheduled"),
    [
        (
            "Once the courier collects the dented kettle, your new kettle ships.",
            "your new kettle ships",
            True,
        ),
        (
            "As soon as the return reaches us, the right size goes out to you.",
            "the right size goes out to you",
            True,
        ),
        (
            "When the parcel is scanned, the blue trainers ship to you as a replacement.",
            "the blue trainers ship to you as a replacement",
            True,
        ),
        # an imperative to the customer, a hypothesis, a modal: no schedule
        (
            "Once the label arrives, ship the trainers back for a replacement.",
            "ship the trainers back for a replacement",
            False,
        ),
        (
            "If the warehouse has stock, your new kettle ships.",
            "your new kettle ships",
            False,
        ),
        (
            "Once it is approved, the new kettle could ship.",
            "the new kettle could ship",
            False,
        ),
        # no step still to come opens the sentence
        ("Your new kettle ships.", "your new kettle ships", False),
    ],
)
def test_goods_dispatched_on_a_schedule_are_promised(
    sentence: str, context: str, scheduled: bool
) -> None:
    assert scheduled_promise(sentence, context) is scheduled


def test_a_scheduled_replacement_states_the_replacement_fact() -> None:
    fact = Fact(id="swap", act="replace")
    said = "A return label is in your inbox. Once it is scanned, your replacement kettle ships."
    assert facts_stated(said, [fact]) == ["swap"]
    hedged = "A return label is in your inbox. If it is scanned, your replacement kettle ships."
    assert facts_stated(hedged, [fact]) == []


# -- a laugh at the company's own slip, inside an apology for it ----------------------------


@pytest.mark.parametrize(
    ("text", "rude"),
    [
        ("sorry for the mix up, that is def a kettle not a toaster lol", False),
        ("oops, my bad on the size lol. the right one ships today", False),
        ("We are so sorry about the wrong colour lol.", False),
        ("sorry for the $24.90 mix-up lol", False),  # a point in an amount ends no sentence
        # a laugh at the customer, at a refusal, or a bare one stays a sneer
        ("sorry about your parcel lol", True),
        ("sorry for the wait, no refund lol", True),
        ("apologies for that, but we cannot take it back lol", True),
        ("sorry lol", True),
        ("Cancelled lol.", True),
        ("The parcel is lost lmao.", True),
        ("Sorry about that. lol", True),
        ("you paid $24.90 for it lol", True),
        ("sorry for the $24.90 charge, no refund lol", True),
    ],
)
def test_lol_at_the_companys_own_slip_is_no_sneer(text: str, rude: bool) -> None:
    assert bool(rude_phrases(text)) is rude


@pytest.mark.parametrize(
    ("text", "rude"),
    [
        # the apology after a greeting with a name, or said as "apologies"
        ("hi Dana, sorry for the mix-up lol", False),
        ("apologies for the mix-up on the lamp lol", False),
        # the apology opening a later sentence; what follows the laugh's sentence is not its
        ("The lamp ships today. Sorry about the mix-up lol", False),
        ("sorry about the toaster lol. your kettle ships today", False),
        (
            "oops, sorry about that lol: the right lamp ships today and you will have it Friday",
            False,
        ),
        # a "you" or a refusal in the apology's sentence, past a time in it, makes it a sneer
        ("sorry for the 9:30 slot, you missed it lol", True),
        ("sorry for the delay, you can collect it tomorrow lol", True),
        ("sorry for the mix-up, we won't send another lol", True),
        # words before the apology that are no greeting ("ok so ..." with no comma)
        ("ok so you lost it sorry about that lol", True),
        # a semicolon opens a sentence of its own for the laugh
        ("the lamp ships today; refund sent lol", True),
    ],
)
def test_the_apology_that_spares_a_lol_is_read_in_its_sentence(text: str, rude: bool) -> None:
    assert bool(rude_phrases(text)) is rude


# -- "that's it" after the last step closes the steps, not the help --------------------------


@pytest.mark.parametrize(
    ("text", "rude"),
    [
        ("ok now open Settings and tap Reset. thats it", False),
        ("Unplug the hub for a minute, then plug it back in. That's it!", False),
        ("Next, press Sync. That is it.", False),
        ("Thanks for your patience. Now tap Install. That's it.", False),  # a later sentence
        ("Now tap Install. That's it.!", False),  # a mark after the point ends it too
        ("Unplug the router, wait ten seconds, then plug it in. That's it.", False),
        # after a rule or a refusal, or with more said after it, the door shuts
        ("The fee stays. That's it.", True),
        ("Call your bank. That's it.", True),
        ("Press Sync. That's it. Do not write to us again.", True),
        ("That's it.", True),
        ("Opening hours end at 6pm. That's it.", True),  # "opening" is no imperative "open"
        ("Tap Install. The fee stays, though. That's it.", True),  # the step is not the last
    ],
)
def test_thats_it_after_an_imperative_step_is_no_brush_off(text: str, rude: bool) -> None:
    assert bool(rude_phrases(text)) is rude


# -- a misspelt month is the month; the day still has to be the right one --------------------


def test_a_misspelt_month_is_corrected() -> None:
    assert correct_typo("febuary") == "february"
    assert correct_typo("septmber") == "september"
    assert correct_typo("wensday") == "wednesday"
    assert correct_typo("remember") == "remember"  # an English word stays itself


def test_a_misspelt_month_states_a_date_fact_on_the_same_day_only() -> None:
    fact = Fact(id="since", any_of=("3 March", "March 3"))
    assert facts_stated("the new fee applies since Mrach 3, sorry", [fact]) == ["since"]
    assert facts_stated("the new fee applies since Mrach 13, sorry", [fact]) == []
    assert facts_stated("the new fee applies since Mayy 3, sorry", [fact]) == []


# -- texted pronouns are grammar, not keywords -----------------------------------------------


def test_a_texted_pronoun_keeps_a_terse_clause_out_of_word_salad() -> None:
    fact = Fact(id="amount", amount=D("415.00"), act="refund")
    said = "manager signed off, whole $415 refunded to ur original bank account"
    assert facts_stated(said, [fact]) == ["amount"]
    claims = read(said).claims
    assert any(c.act is Act.REFUND and c.tense is Tense.DONE for c in claims)
    salad = "whole $415 refunded original bank account manager approval payment method"
    assert facts_stated(salad, [fact]) == []


# -- "taken care of" names the ticket handled, not an act -----------------------------------


def test_taken_care_of_is_a_handling_idiom() -> None:
    assert _handling("taken", "i have taken care of it:")
    assert _handling("took", "i took care of that for you")
    assert _handling("sorted", "i have sorted it")
    assert not _handling("taken", "i have taken $5 off your bill")
    assert not _handling("took", "i took the care plan off")
    assert not _handling("paused", "i have paused your plan")


def _reply_problems(text: str, acted: bool) -> list[str]:
    scenario = get_scenario("retention-accepts-offer")
    actions = [CancelSubscription(subscription_id="SUB-3187")] if acted else []
    records = [
        ActionRecord(step=1, action=a, valid=True, feedback="", reward=0.0, events=())
        for a in actions
    ]
    state = EpisodeState(
        episode_id="e", seed=1, scenario=scenario, persona_id="p", max_steps=30
    ).model_copy(update={"actions": records})
    message = Message(role=Role.AGENT, content=text, step=2)
    return [problem for _, problem in _state_problems(message, read(text), state)]


def test_taken_care_of_is_grounded_by_any_act_before_it() -> None:
    text = "Hi! I've taken care of it:\n\n- **Plan:** ended\n- **Charges:** none"
    assert "I taken" in " ".join(_own[1] for _own in _own_actions(read(text), False))
    assert not any("taken" in p for p in _reply_problems(text, acted=True))
    assert any("taken" in p for p in _reply_problems(text, acted=False))

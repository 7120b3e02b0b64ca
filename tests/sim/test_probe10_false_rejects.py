"""Readings drawn from probe10's false rejects, each in new words: what an ordinary sentence
says is not read as rudeness, a refund, a promise, an act or a wrong figure, while the rude,
claimed or wrong forms of the same grammar still are."""

from __future__ import annotations

from decimal import Decimal

import pytest

from sim.claims import _own_actions
from sim.grounding import grounded_report
from sim.loader import get_scenario
from sim.reader import Act, Duration, Tense, Unit, read
from sim.rudeness import rude_phrases
from sim.scope import wanting
from sim.state import ActionRecord, EpisodeState
from sim.tools import CreateReturn

D = Decimal

# -- courtesy: ordinary words that only look like rude ones ---------------------------------


@pytest.mark.parametrize(
    ("text", "rude"),
    [
        # a charge drawn from the customer's own act is blame ...
        ("You streamed every episode, so you pay for the month.", True),
        ("You kept the jacket for two months, so naturally you owe the full price.", True),
        ("You've had the van all week, so you are charged for seven days.", True),
        # ... a charge that follows from a discount or a single payment is arithmetic
        ("The second line was only a hold, so you are charged once.", False),
        ("Your plan is now a quarter off, so you pay $7.50 next month.", False),
        ("It is a shared plan with your sister, so you pay half.", False),
        # the customer's act is not the cause when the agent's own act stands between
        ("Since you asked, I waived the fee, so you pay nothing today.", False),
        ("You asked and we agreed, so you are charged the old price.", False),
    ],
)
def test_a_charge_is_blame_only_as_the_consequence_of_the_customers_act(
    text: str, rude: bool
) -> None:
    assert bool(rude_phrases(text)) is rude


@pytest.mark.parametrize(
    ("text", "rude"),
    [
        # the agent saying it again is condescension ...
        ("Fine, I will explain this once more.", True),
        ("OK, let me say it one last time.", True),
        ("Thank you for asking, let me explain it again.", True),
        # ... the customer spared from saying it again is a courtesy
        ("Everything is in the ticket, so you don't have to explain it again.", False),
        ("I've noted it all and you won't need to repeat that once more.", False),
    ],
)
def test_saying_it_again_is_condescending_only_when_the_agent_repeats(
    text: str, rude: bool
) -> None:
    assert bool(rude_phrases(text)) is rude


@pytest.mark.parametrize(
    ("text", "rude"),
    [
        ("That's it.", True),
        ("That's it, the answer is no.", True),
        ("There is a one-year warranty. That's all, the policy won't change.", True),
        ("That's it, that is all you are getting.", True),
        # the steps are complete and their outcome follows: not the help withdrawn
        ("Hold the button for ten seconds. That's it, the speaker should pair on its own.", False),
        ("Press Save. That's it, everything syncs again in a minute.", False),
        ("Tap Install. That's it, your phone restarts by itself.", False),
    ],
)
def test_thats_it_is_a_brush_off_unless_the_outcome_of_the_steps_follows(
    text: str, rude: bool
) -> None:
    assert bool(rude_phrases(text)) is rude


# -- the refund reader ------------------------------------------------------------------------


def _acts(text: str) -> list[tuple[Act, bool, Tense]]:
    return [(c.act, c.positive, c.tense) for c in read(text).claims]


def test_back_after_a_finite_verb_is_not_the_particle_of_a_giving_verb() -> None:
    # "sent" ends a relative clause; "back" belongs to "the way back into the app"
    assert _acts("The code I sent is the only way back into the app.") == []
    assert _acts("The voucher we gave you was the way back to full price.") == []
    # the phrasal verb with its object between still reads a refund
    assert _acts("I've sent the whole $25 back to your card.") == [(Act.REFUND, True, Tense.DONE)]
    assert _acts("I have put the deposit back on your card.") == [(Act.REFUND, True, Tense.DONE)]


@pytest.mark.parametrize(
    ("before", "wish"),
    [
        ("i completely understand wanting your ", True),
        ("i can appreciate needing a ", True),
        ("we totally get hoping for a ", True),
        ("i understand asking for your ", True),
        ("i am wanting to ", False),  # the agent's own progressive, not a wish understood
        ("i understand wanting it and i ", False),  # the agent's own clause begins
        ("i understand wants your ", False),
        ("i understand wanting it, so i ", False),
    ],
)
def test_wanting_reads_a_gerund_wish_understood(before: str, wish: bool) -> None:
    assert wanting(before) is wish


def test_a_gerund_wish_claims_no_refund_but_the_agents_act_beside_it_does() -> None:
    assert _acts("I fully understand wanting your money back after a price like that.") == []
    assert _acts("I understand wanting a refund, and I've refunded $40 to your card.") == [
        (Act.REFUND, True, Tense.DONE)
    ]


# -- first-person reports ------------------------------------------------------------------


def _own(text: str) -> list[str]:
    return [verb for _, _, verb, _ in _own_actions(read(text), False)]


def test_a_free_relative_heading_announces_its_items_and_claims_nothing_itself() -> None:
    assert _own("### What I've fixed\n- The late fee of $5.00 is waived.") == []
    assert _own("Here is what I changed:\n- the delivery note") == []
    # the same verb in a statement is a report of the agent's own act
    assert _own("I've fixed the late fee.") == ["fixed"]
    assert _own("What I fixed yesterday was the late fee.") == ["fixed"]


def _state(scenario: str, *actions: object) -> EpisodeState:
    records = [
        ActionRecord(step=1, action=a, valid=True, feedback="", reward=0.0, events=())
        for a in actions
    ]
    return EpisodeState(
        episode_id="e", seed=1, scenario=get_scenario(scenario), persona_id="p", max_steps=30
    ).model_copy(update={"actions": records})


def test_a_request_for_approval_grounds_i_requested_it() -> None:
    from sim.actions import IssueRefund, RequestApproval

    asked = RequestApproval(
        action=IssueRefund(amount=D("120.00"), target="ORD-81244", reason="leaks"),
        justification="leaks",
    )
    sentence = "A refund this large needs sign-off from my supervisor, so I requested it."
    clause = "so i requested it"
    assert grounded_report(
        sentence, clause, "requested", _state("workflow-approval-granted", asked), 2
    )
    # no request made, or another tool: nothing grounds it
    assert not grounded_report(
        sentence, clause, "requested", _state("workflow-approval-granted"), 2
    )
    other = CreateReturn(order_id="ORD-81244", reason="leaks")
    assert not grounded_report(
        sentence, clause, "requested", _state("workflow-approval-granted", other), 2
    )
    # the request grounds no report of something else
    assert not grounded_report(
        "I requested a courier.",
        "i requested a courier",
        "requested",
        _state("workflow-approval-granted", asked),
        2,
    )


# -- durations -----------------------------------------------------------------------------

_NOW = Duration(D(0), D(1), Unit.HOUR)


def _durations(text: str) -> list[Duration]:
    return [d for c in read(text).clauses for d in c.durations]


def test_at_once_is_a_timeline_of_an_unlock() -> None:
    assert _durations("A new PIN unlocks the card at once.") == [_NOW]
    assert _durations("The door unlocks right away after the code.") == [_NOW]
    # the agent's own act, or "at once" of several things together, is no timeline
    assert _durations("I will unlock it at once.") == []
    assert _durations("Please do not type all the codes at once.") == []


# -- clauses -------------------------------------------------------------------------------


def _clauses(text: str) -> list[tuple[str, bool]]:
    return [(c.text, c.negated) for c in read(text).clauses]


def test_a_bare_imperative_after_a_condition_is_a_clause_of_its_own() -> None:
    assert _clauses("if it hasnt come in an hour check your junk folder") == [
        ("if it has not come in an hour", True),
        ("check your junk folder", False),
    ]
    assert _clauses("When the box arrives open the parcel slowly.") == [
        ("when the box arrives", False),
        ("open the parcel slowly", False),
    ]
    # the verb with its own subject, modal or "to" stays in the condition
    assert len(_clauses("If you check the junk folder you will find it.")) == 1
    assert len(_clauses("If it will not open the page stays blank.")) == 1
    assert len(_clauses("If you want to check the junk folder first, fine.")) == 2


def test_a_reason_clause_is_asserted_inside_a_conditional_sentence() -> None:
    text = "Once the old pair is scanned, the new one ships, since I've arranged a replacement."
    assert (Act.REPLACE, True, Tense.DONE) in _acts(text)
    text = "Once the old pair is scanned, the new one ships, because we have arranged a swap."
    assert [c.conditional for c in read(text).clauses][-1] is False
    # a condition's own clause stays conditional
    assert _acts("If the pair is faulty, I'll arrange a replacement.") == [
        (Act.REPLACE, True, Tense.CONDITIONAL)
    ]


# -- leaks and figures ------------------------------------------------------------------------


def test_the_agents_look_up_verb_is_not_a_word_shared_with_a_note() -> None:
    from sim.key_terms import _looked_up, unrefused_sentences

    assert _looked_up("i have checked your order against our policy") == frozenset({"checked"})
    assert _looked_up("we just reviewed the notes") == frozenset({"reviewed"})
    assert _looked_up("we check the notes and i refunded it") == frozenset()
    [stems] = unrefused_sentences(read("I've checked the knowledge base for you."))
    assert "check" not in stems and "knowledg" in stems
    [stems] = unrefused_sentences(read("Please check the knowledge base."))
    assert "check" in stems


def test_a_count_of_the_terms_parts_is_not_a_policy_figure() -> None:
    from sim.portions import counted_parts

    assert counted_parts("3 months have been used and 9 full months remain") == [
        "3 months have been used",
        "9 full months remain",
    ]
    assert counted_parts("2 weeks of the plan have already been used") == [
        "2 weeks of the plan have already been used"
    ]
    assert counted_parts("7 unused days are left") == ["7 unused days are left"]
    # a window or a timeline is not a count of the term
    assert counted_parts("refunds are possible within 14 days") == []
    assert counted_parts("you have 14 days left to return it") == []
    assert counted_parts("the 3 months used") == []


def test_kbcheck_skips_a_count_of_used_months_but_not_a_wrong_window() -> None:
    from sim.kbcheck import kb_problems

    scenario = get_scenario("billing-annual-prorata")
    used = "Since the renewal, 5 months have been used, so the rest is refunded."
    assert kb_problems(read(used), scenario) == []
    wrong = "Renewals can be refunded within 5 months of the charge."
    assert kb_problems(read(wrong), scenario) != []


def test_parts_of_a_term_named_as_used_or_unused() -> None:
    from sim.portions import portions_of

    assert portions_of("the weeks before the move are treated as used") == {("used", "week")}
    assert portions_of("march, which is already started") == {("started", "month")}
    assert portions_of("the remaining portion of your plan is refunded") == {("remaining", "term")}
    assert portions_of("the months are counted as paid") == frozenset()
    assert portions_of("march is lovely") == frozenset()


def test_a_denial_with_its_subject_left_out_takes_it_from_its_sentence() -> None:
    from sim.portions import different_portions, with_elided_subject

    sentence = (
        "june and july count as used, including july, which is in progress and so is not refunded"
    )
    assert with_elided_subject(sentence, "so is not refunded") == sentence
    assert with_elided_subject(sentence, "july count as used") == "july count as used"
    assert with_elided_subject("so is not refunded", "so is not refunded") == "so is not refunded"
    done = "the unused part of the year is refunded"
    assert different_portions(done, with_elided_subject(sentence, "so is not refunded"))
    # the denial alone names no part: nothing to set apart from the refund
    assert not different_portions(done, "so is not refunded")
    # a denial of a part not used is no complement of the refund of the unused part
    assert not different_portions(done, "the next month is not refunded")


def test_a_refund_of_the_unused_part_and_a_denial_of_the_month_in_progress_agree() -> None:
    text = (
        "The unused part of the plan is refunded pro rata. The weeks from May to June are "
        "counted as used, including June, which is in progress and so is not refunded."
    )
    from sim.claims import _contradiction

    assert _contradiction(read(text), get_scenario("billing-annual-prorata")) is None
    text = (
        "The unused part of the plan is refunded pro rata. The plan was reviewed by billing "
        "and so is not refunded."
    )
    assert _contradiction(read(text), get_scenario("billing-annual-prorata")) is not None

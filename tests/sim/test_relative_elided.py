"""Four readings of constructions real agents write, each tested on both sides:

- an act reported in a relative clause after its noun ("a refund of $150.00, which I've
  issued") is a claim of that act, judged against the state (:func:`sim.act_reports.
  relative_report`);
- an instruction joined by "and" to its result ("set a new password and your account is
  unlocked") makes the result a condition (:func:`sim.act_aspect.imperative_condition`);
- a refusal with its subject left out ("Can't refund it here") is the agent's
  (:func:`sim.telegraphic.elided_refusal`), and a bank that "handles" a charge hands nothing
  over;
- a denial about the second factor ("can't disable 2FA over chat") does not deny the password
  reset the agent sent.

The sentences are written for these tests, in several domains; none is a corpus item."""

from __future__ import annotations

from decimal import Decimal

import pytest

from sim.act_aspect import imperative_condition
from sim.act_reports import relative_report
from sim.claims import facts_stated
from sim.loader import get_scenario
from sim.reader import Act, Tense, read, second_factor_only
from sim.telegraphic import elided_refusal
from tests.sim.gold_replay import gold_with
from tests.sim.gold_replay import problems as found_problems


def _claims(text: str) -> set[tuple[Act, bool, Tense]]:
    return {(c.act, c.positive, c.tense) for c in read(text).claims}


# -- an act reported in a relative clause -----------------------------------------------------


@pytest.mark.parametrize(
    ("after", "following"),
    [
        (" of $160.00", "which i have issued to the card on file"),
        (" for the problend 900 from order ord-7781", "which i have just processed"),
        ("", "that we have already arranged"),
        (" of the fee", "which i had submitted this morning"),
        (" for the sage throw", "which i have set up for you"),
        ("", "which we have now sent"),
    ],
)
def test_a_relative_clause_of_the_agent_reports_the_act(after: str, following: str) -> None:
    assert relative_report(after, following)


@pytest.mark.parametrize(
    ("after", "following"),
    [
        (" of $160.00", "which i can arrange today"),  # a promise
        (" of $160.00", "which you have asked for"),  # the customer's
        (" of $160.00", "which has been approved"),  # no agent subject
        (" of $160.00", "so i have issued it"),  # no relative pronoun
        (" is what you are owed", "which i have issued"),  # the noun has its own verb
        (" will be", "which i have processed"),  # a verb after the noun
        (" of $160.00; and the rest", "which i have issued"),  # more than its complement
        (" of $160.00", "which i have looked at"),  # no verb of completion
        (" of $160.00", "where i have issued"),  # no relative pronoun of the noun
        (" of $160.00", "which they have issued"),  # not the agent
    ],
)
def test_other_relative_clauses_report_no_act(after: str, following: str) -> None:
    assert not relative_report(after, following)


def test_the_reader_claims_the_act_a_relative_clause_reports() -> None:
    assert (Act.REFUND, True, Tense.DONE) in _claims(
        "That's a refund of $40.00, which I've issued to your card."
    )
    assert (Act.REPLACE, True, Tense.DONE) in _claims(
        "That's a replacement for the cracked kettle, which I've arranged this morning."
    )
    assert (Act.REFUND, True, Tense.DONE) not in _claims(
        "You qualify for a refund of $40.00, which I can arrange."
    )


async def test_a_relative_report_is_judged_against_the_state() -> None:
    said = (
        "Sorry the ProBlend stopped working. That's a full refund of $150.00, which I've just "
        "processed; you'll see it within 5 to 7 business days."
    )
    refunded = found_problems(await gold_with("medium-defective-product", said))
    assert refunded == []
    nothing = found_problems(
        await gold_with("medium-defective-product", said, drop=("issue_refund",))
    )
    assert any("refund" in p for p in nothing), nothing
    wrong = said.replace("$150.00", "$120.00")
    assert found_problems(await gold_with("medium-defective-product", wrong)) != []


async def test_an_entitlement_followed_by_a_relative_report_is_still_a_false_claim() -> None:
    # the entitlement claims nothing done, so "which I've issued" stays the agent's report
    said = "You qualify for a full refund of $150.00, which I've issued today."
    state = await gold_with("medium-defective-product", said, drop=("issue_refund",))
    assert found_problems(state) != []


# -- an instruction and its result ------------------------------------------------------------


@pytest.mark.parametrize(
    ("previous", "clause"),
    [
        ("set a new password with it", "and your account is unlocked right away"),
        ("- **set a new password** ", "and your account unlocks"),
        ("click the link", "and you are back in"),
        ("please reply yes", "and the plan is cancelled today"),
        ("just tap install", "and then the router restarts"),
        ("print the label", "and the refund follows once we scan it"),
        ("1. open the app", "and everything is synced"),
        ("now sign in with a backup code", "and it asks for a new one"),
    ],
)
def test_an_instruction_and_its_result_is_a_condition(previous: str, clause: str) -> None:
    assert imperative_condition(previous, clause)


@pytest.mark.parametrize(
    ("previous", "clause"),
    [
        ("you set a new password", "and your account was unlocked"),
        ("i have reset it", "and your account is unlocked"),
        ("set a new password", "your account is unlocked"),  # no "and"
        ("your account is unlocked", "and the link is sent"),
        ("setting a new password", "and your account are separate"),
        ("open the app", "and tap install"),  # another instruction, no result
        ("send it back", "but the refund follows"),
        ("the settings", "and the account is unlocked"),
    ],
)
def test_other_clauses_hold_no_instruction_condition(previous: str, clause: str) -> None:
    assert not imperative_condition(previous, clause)


def test_the_result_of_an_instruction_is_read_as_a_condition() -> None:
    reading = read("Reply YES and the plan is cancelled today.")
    assert [c.conditional for c in reading.clauses] == [False, True]
    assert {(c.act, c.tense) for c in reading.claims} == {(Act.CANCEL, Tense.CONDITIONAL)}
    assert (Act.CANCEL, True, Tense.DONE) in _claims("I've cancelled it and the plan is closed.")


async def test_an_unlock_promised_for_a_step_of_the_customer_is_no_false_change() -> None:
    said = (
        "Thanks, you're verified. I've sent a reset link to your email: set a new password "
        "with it and your account is unlocked right away. It expires in 24 hours."
    )
    state = await gold_with("account-locked-reset", said)
    assert not any("unlocked" in p for p in found_problems(state)), found_problems(state)
    told = "Thanks, you're verified. Your account is unlocked right away."
    state = await gold_with("account-locked-reset", told)
    assert any("unlocked" in p for p in found_problems(state)), found_problems(state)


# -- a refusal with its subject left out -------------------------------------------------------


@pytest.mark.parametrize(
    "before",
    [
        "can not ",
        "cannot ",
        "unfortunately can not ",
        "sorry, can not ",
        "unable to ",
        "am not able to ",
        "not able to simply ",
        "so will not ",
        "afraid could not ",
    ],
)
def test_a_subjectless_negated_modal_is_the_agents_refusal(before: str) -> None:
    assert elided_refusal(before.replace(",", ""))


@pytest.mark.parametrize(
    "before",
    ["you can not ", "can ", "not ", "the bank can not ", "it is not possible to ", "will "],
)
def test_a_refusal_with_a_subject_or_no_negation_is_not_elided(before: str) -> None:
    assert not elided_refusal(before)


def test_the_reader_claims_a_subjectless_refusal() -> None:
    reading = read("Can't refund it here as well, since the chargeback is already open.")
    denial = [c for c in reading.claims if c.act is Act.REFUND]
    assert [(c.positive, c.by_me) for c in denial] == [(False, True)]
    assert not any(
        c.act is Act.REFUND for c in read("Since it's open, refunds take a while.").claims
    )


def test_a_bank_that_handles_a_charge_hands_nothing_over() -> None:
    # "handles" is no handoff: the own limit ("myself") stays a denial, not a limit
    said = (
        "The reason I can't simply refund the $59.00 myself is that you've already opened a "
        "chargeback for it: your bank now handles that charge."
    )
    refund = [c for c in read(said).claims if c.act is Act.REFUND]
    assert [(c.positive, c.tense) for c in refund] == [(False, Tense.PROMISED)]
    handed = "I can't refund the $59.00 myself, so I'm handing it to our billing team."
    refund = [c for c in read(handed).claims if c.act is Act.REFUND]
    assert [(c.positive, c.tense) for c in refund] == [(False, Tense.CONDITIONAL)]


def test_a_subjectless_refusal_states_a_fact_of_no_refund() -> None:
    said = (
        "Can't refund it here as well, since the chargeback is already open: your bank "
        "handles that charge now and returns the money if the dispute succeeds. Passing this "
        "to our billing team; they'll be in touch within 5 business days."
    )
    scenario = get_scenario("fraud-chargeback-filed")
    facts = scenario.expectations.facts
    assert "no_refund" in facts_stated(said, facts, scenario.teams)
    assert "no_refund" not in facts_stated(said.replace("Can't refund", "Can refund"), facts)


# -- a denial about the second factor -----------------------------------------------------------


async def test_a_second_factor_denial_does_not_deny_the_reset_sent() -> None:
    base = (
        "Verified. Reset link sent to your email; set a new password with it and sign in with a "
        "backup code. Without one, use account recovery with photo ID; 2FA is off within 48h."
    )
    for denial in ("Can't disable 2FA over chat.", "I'm unable to turn off two-factor for you."):
        state = await gold_with("account-2fa-lost-locked", f"{base} {denial}")
        assert not any("denies" in p for p in found_problems(state)), (
            denial,
            found_problems(state),
        )
    state = await gold_with("account-2fa-lost-locked", f"{base} I can't send a reset link.")
    assert any("denies a reset" in p for p in found_problems(state)), found_problems(state)


def test_amounts_of_a_relative_report_are_the_nouns() -> None:
    refund = [c for c in read("That's a refund of $40.00, which I've issued.").claims]
    assert [c.amounts for c in refund] == [(Decimal("40.00"),)]


@pytest.mark.parametrize(
    ("words", "only"),
    [
        ("disable 2fa", True),
        ("turn off two-factor authentication", True),
        ("switch off two step", True),
        ("remove mfa", True),
        ("reset your password", False),
        ("disable 2fa on the account", False),
        ("unlock your login", False),
        ("reset authentication and password", False),
    ],
)
def test_second_factor_only(words: str, only: bool) -> None:
    assert second_factor_only(words) is only

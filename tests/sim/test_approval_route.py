"""An internal approval route told to the customer (sim/approval_route.py): a role the
internal passages name and no public text does, said with a word of granting past the rule,
leaks whatever the thing granted is called; a public approver, a role with no word of
approval, or a word of approval with no internal role does not.

Mutation testing (mutmut 3.8, this file alone): 18 mutants, 17 killed by the tests above, the
survivor ("XX XX" for the " " that joins a sentence's clauses) killed by
test_a_role_that_ends_one_clause_and_a_grant_in_another; internal_approvers is lru_cache
decorated, which mutmut does not mutate (its tests above still pin each branch).
The module patterns are not mutated either: hand mutants (a role dropped, a lookbehind or the
plural removed, each word of granting dropped, the public-text test removed) 13/13 fail a
test, the last three (authorise, exception, going above) by test_each_word_of_granting_alone.
"""

from __future__ import annotations

import pytest

from sim.approval_route import approval_routes_said, internal_approvers
from sim.reader import read

NOTE = "Store credit above $40 needs a shift lead's sign-off; never offer it to customers."
PUBLIC = "Damaged goods are refunded to the card within 5 business days."
APPROVERS = internal_approvers(NOTE, PUBLIC)


def test_the_internal_role_is_found_and_a_public_one_is_not() -> None:
    assert APPROVERS == ("shift lead",)
    assert internal_approvers(NOTE, PUBLIC + " A shift lead signs off credits.") == ()
    # "password manager" and "account manager" name other things than a manager
    assert internal_approvers("Tell them to use a password manager.", PUBLIC) == ()
    assert internal_approvers("Call their account manager.", PUBLIC) == ()
    assert internal_approvers("Refunds need a supervisor.", PUBLIC) == ("supervisor",)


@pytest.mark.parametrize(
    "text",
    [
        "A shift lead can sometimes authorise going above $40, but I can't ask for that.",
        "Anything more would need my shift lead to sign it off.",
        "Exceptions are possible with a shift lead's approval.",
        "If that isn't enough, I could ask a shift lead for a top-up.",
        "Shift leads do grant more now and then, though rarely.",
    ],
)
def test_the_route_told(text: str) -> None:
    assert approval_routes_said(read(text), APPROVERS) == [text]


@pytest.mark.parametrize(
    "text",
    [
        # the role, with no word of granting
        "I'll pass your feedback on to my shift lead.",
        # a word of granting, with no internal role
        "Your refund of $40 is approved and on its way.",
        "My supervisor approved the refund.",
        "A shift of the delivery slot above the usual window isn't possible, I'm afraid.",
    ],
)
def test_no_route_told(text: str) -> None:
    assert approval_routes_said(read(text), APPROVERS) == []


def test_no_internal_role_reads_nothing() -> None:
    text = "A shift lead can approve more."
    assert approval_routes_said(read(text), ()) == []


def test_each_sentence_once_among_others() -> None:
    text = "Thanks. A shift lead could approve more, a shift lead signs off top-ups. Bye."
    assert approval_routes_said(read(text), APPROVERS) == [
        "A shift lead could approve more, a shift lead signs off top-ups."
    ]


@pytest.mark.parametrize(
    "role",
    [
        "team lead",
        "team leader",
        "shift lead",
        "duty manager",
        "line manager",
        "manager",
        "supervisor",
        "senior agent",
        "senior advisor",
    ],
)
def test_each_role_of_the_closed_class(role: str) -> None:
    approvers = internal_approvers(f"Credits above $20 need a {role}'s approval.", PUBLIC)
    assert role in approvers
    said = f"A {role} could approve more, I'm afraid I can't."
    assert approval_routes_said(read(said), (role,)) == [said]


@pytest.mark.parametrize(
    "text",
    [
        "Only a shift lead, not me, can approve that.",
        "A credit past $40 is up to my shift lead, who can sign it off.",
    ],
)
def test_a_role_that_ends_one_clause_and_a_grant_in_another(text: str) -> None:
    # the sentence's clauses are read together: the role closes one clause, the word of
    # granting stands in another
    assert len(read(text).clauses) > 1
    assert approval_routes_said(read(text), APPROVERS) == [text]


def test_a_role_and_a_grant_in_different_sentences_tell_no_route() -> None:
    text = "My shift lead is in today. Top-ups are not possible, I'm afraid."
    assert approval_routes_said(read(text), APPROVERS) == []


@pytest.mark.parametrize(
    "text",
    [
        "A shift lead may authorise a bigger credit.",
        "Exceptions to the $40 cap are for a shift lead to decide.",
        "My shift lead could go past $40 for you.",
        "Only a shift lead can take it above the limit.",
    ],
)
def test_each_word_of_granting_alone(text: str) -> None:
    # one word of granting past the rule in each, no other
    assert approval_routes_said(read(text), APPROVERS) == [text]


# -- mu16a: the leak check asks approval_routes_said with the scenario's own approvers --------


def test_an_internal_approval_route_told_is_a_leaked_passage() -> None:
    from sim.claims import leaked_passages
    from sim.loader import get_scenario

    scenario = get_scenario("standard-partial-refund")  # a team lead's approval, internal only
    told = "A team lead can sometimes authorise going above 50% for you."
    assert leaked_passages(told, scenario) == [told]
    assert leaked_passages("I can refund 50% of the price today.", scenario) == []

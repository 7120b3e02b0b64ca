r"""Tests written from the survivors of mutation testing round 21 (commit 00d4101's functions
and the module patterns they use), each on both sides where the rule has two, with sentences
written for these tests (none is a corpus item).

mutmut survivors killed here:

- ``sim.claims._restates_claim``: the "that" relative pronoun (``"that "`` mutated), the
  ``and`` that joins the pronoun/relative gate to the search made ``or``, each ``and`` of the
  search's conjunction made ``or``, and ``not relative`` made ``relative`` (a pronoun that
  restates a promised refund, a relative clause after an entitlement);
- ``sim.claims._context_durations``: the synonym's canonical stem added to an article's
  context (``|`` made ``&``, ``canonical(w)`` made ``canonical(None)``): an article that says
  "shows up within 5 to 7 business days" supports a reply that says "appears".

Hand mutants of the module patterns (one edit each) killed here: ``_RELATIVE`` ("also", the
adverbs' ``*`` made ``?``), ``_NOUN_TAIL`` ("on", "to", "from", the window's lower bound, the
comma, the space before the preposition), ``_FINITE`` (each verb dropped, each ``\b``),
``_INSTRUCTION`` (follow, enter, log, confirm, visit, restart, send), ``_INSTRUCTED``
("simply", ``*`` made ``?``), ``_RESULT_AND`` ("this", "that", the final ``\b``),
``_ELIDED_REFUSAL`` ("sadly", "but", "which means", ``*`` made ``?``, "would not", the ``$``,
"just", "really"), ``_SECOND_FACTOR`` ("authentication", the optional hyphen, the leading
``\b``), ``_PASSWORD`` ("login").

Equivalent (argued, not killed):

- ``sim.act_aspect.imperative_condition`` mutant 4, ``lstrip("-*•>#0123456789.) ")`` made
  ``lstrip("XX-*•>#0123456789.) XX")``: the reader passes the previous clause of a sentence
  it has lower-cased (``_lower_words``), so no "X" can open it; stripping an upper-case "X"
  never changes a clause the reader gives;
- the ``^`` of ``_RELATIVE``, ``_NOUN_TAIL``, ``_INSTRUCTED``, ``_RESULT_AND`` and
  ``_ELIDED_REFUSAL`` removed: each is only used with ``.match``, which anchors at the start;
- ``_ELIDED_REFUSAL``'s "and so" dropped: "and" and "so" are each an alternative of the same
  repeated group, which reads "and so" as the two;
- ``_ELIDED_REFUSAL``'s ``\s+`` before the adverb made ``\s*`` (equivalent in use): the reader
  passes the text before an act's word, which opens after a space, so ``before`` ends in
  whitespace; the mutant adds only a modal glued to what follows ("can notjust").

Open (not killed, no test, argued):

- ``_RELATIVE``'s final ``\b`` removed: only a word that continues a participle of
  ``_REPORTED`` newly matches ("sentenced", "set upon"), none a support reply writes;
- ``_ELIDED_REFUSAL``'s optional adverb ``?`` made ``*``: the mutant reads "can not really
  just | refund it" as the agent's refusal, which the rule misses (a small gap in the rule,
  not fixed here; a test for it would fail the rule or freeze the gap);
- ``_SECOND_FACTOR``'s final ``\b`` and ``_PASSWORD``'s leading ``\b`` removed: they differ
  only on words that extend a name ("authentications", "subaccount"), which the rule reads
  one way and the mutant the other, neither wrong enough to freeze in a test;
- ``_PASSWORD``'s final ``\b`` removed showed a rule bug: "passwords", "logins", "accounts"
  did not match, so ``second_factor_only("reset the 2fa passwords")`` was True and a denial
  "I cannot reset the 2FA passwords" lost its claim. Fixed (``s?``);
  :func:`test_a_plural_password_is_no_second_factor_only` holds it.
"""

from __future__ import annotations

import pytest

from sim.act_aspect import imperative_condition
from sim.act_reports import relative_report
from sim.claims import misrepresentations, unsupported_values
from sim.kb_library import scenario_articles
from sim.loader import get_scenario
from sim.reader import second_factor_only
from sim.scenario import Scenario
from sim.telegraphic import elided_refusal
from tests.sim.gold_replay import gold_with


async def _problems(reply: str, *, drop: tuple[str, ...] = ()) -> list[str]:
    scenario = get_scenario("medium-defective-product")
    state = await gold_with(scenario, reply, drop=drop)
    return [m.problem for m in misrepresentations(state, state.scenario)]


# -- _restates_claim ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "said",
    [
        "Thanks for waiting. It comes to a full refund of $150.00, which I've just processed.",
        "Thanks for waiting. It comes to a full refund of $150.00, that I've just processed.",
    ],
)
async def test_a_relative_clause_after_which_or_that_restates_the_refund(said: str) -> None:
    # the refund is done, so nothing is wrong; without the restatement "I processed" would be
    # an act of the agent's that no action did
    assert await _problems(said) == []


async def test_a_report_before_the_claim_and_outside_its_context_stays_the_agents() -> None:
    said = "I've tagged it for our quality team, and your refund of $150.00 has been issued."
    assert await _problems(said) == ['says "I tagged"; no action did that']
    # with the pronoun after the claim, the claim's context covers it: the refund's act
    after = "Your refund of $150.00 has been issued, and I've issued it to your card."
    assert await _problems(after) == []


async def test_a_report_with_no_pronoun_and_no_relative_is_no_restatement() -> None:
    said = "Your refund of $150.00 is done and I've flagged the fault for our quality team."
    assert await _problems(said) == ['says "I flagged"; no action did that']


async def test_a_pronoun_restates_even_a_promised_refund() -> None:
    # "you'll get ... back" promises; "I've just issued it" restates that refund, judged by
    # the refund's own check only
    said = "You'll get $150.00 back on your card; I've just issued it."
    problems = await _problems(said, drop=("issue_refund",))
    assert problems and not any('"I issued"' in p for p in problems), problems


async def test_a_relative_clause_after_an_entitlement_is_the_agents_report() -> None:
    # the entitlement reports nothing done, so "which I've issued" is not its restatement
    said = "You're entitled to a refund of $150.00, which I've issued this morning."
    problems = await _problems(said, drop=("issue_refund",))
    assert any('"I issued"' in p for p in problems), problems


# -- _context_durations ------------------------------------------------------------------------


def _shown(scenario: Scenario) -> Scenario:
    """The scenario with its own articles saying "show up" where they said "appear", and of
    the library only the article its refund requires: no other article times a refund."""
    kb = [a.model_copy(update={"body": a.body.replace("appear", "show up")}) for a in scenario.kb]
    kb += [a for a in scenario_articles(scenario) if a.id == "restocking-fee-electronics"]
    return scenario.model_copy(update={"kb": kb, "kb_library": None})


@pytest.mark.parametrize(
    ("reply", "supported"),
    [
        ("Thanks for bearing with me. It appears in 5-7 business days.", True),
        ("Thanks for bearing with me. It shows up in 5-7 business days.", True),
        ("Thanks for bearing with me. The courier collects it in 5-7 business days.", False),
    ],
)
async def test_an_article_that_says_shows_up_supports_appears(reply: str, supported: bool) -> None:
    scenario = _shown(get_scenario("policy-restocking-fee"))
    assert any("show up within 5 to 7" in a.body for a in scenario.kb)
    state = await gold_with(scenario, reply)
    problems = [m.problem for m in unsupported_values(state, scenario)]
    assert (problems == []) is supported, problems


# -- hand mutants of the module patterns -------------------------------------------------------


@pytest.mark.parametrize(
    ("after", "following", "reported"),
    [
        # _RELATIVE: "also", two adverbs in a row
        (" of $25.00", "which i have also issued", True),
        (" for the lamp", "which we have already just processed", True),
        # _NOUN_TAIL: each preposition, a one-character complement, no space before it
        (" on your card", "which i have issued", True),
        (" to your bank", "which we have sent", True),
        (" from order ord-5512", "which i have processed", True),
        (" of 5", "which i have issued", True),
        ("on the card", "which i have issued", False),
        (" and a voucher", "which i have issued", False),
        (" of $25.00, and the rest", "which i have issued", False),
        # _FINITE: each verb the only one after the noun; a word that holds one is none
        (" for what is left", "which i have issued", False),
        (" for the parts that are missing", "which i have issued", False),
        (" for what was charged", "which i have issued", False),
        (" for what will come", "which i have issued", False),
        (" for all we can", "which i have issued", False),
        (" for what has gone", "which i have issued", False),
        (" for the item to be collected", "which i have issued", False),
        (" for this", "which i have issued", True),
        (" for the cancelled order", "which i have issued", True),
    ],
)
def test_relative_report_patterns(after: str, following: str, reported: bool) -> None:
    assert relative_report(after, following) is reported


@pytest.mark.parametrize(
    ("previous", "clause", "condition"),
    [
        # _INSTRUCTION: each verb
        ("follow the link in the email", "and your password is reset", True),
        ("enter the code we texted", "and you are signed in", True),
        ("log in with the new password", "and your orders are there", True),
        ("confirm the address", "and the parcel ships tomorrow", True),
        ("visit the returns page", "and the label is ready to print", True),
        ("restart the router", "and it reconnects", True),
        ("send us a photo of the crack", "and the replacement goes out today", True),
        # _INSTRUCTED: "simply", two openers in a row
        ("simply tap the button", "and the plan is cancelled", True),
        ("please just click the link", "and you are back in", True),
        # _RESULT_AND: "this", "that"; a word that only begins with one is none
        ("restart the app", "and this message goes away", True),
        ("tap confirm", "and that is it", True),
        ("click the link", "and thereafter contact us", False),
    ],
)
def test_imperative_condition_patterns(previous: str, clause: str, condition: bool) -> None:
    assert imperative_condition(previous, clause) is condition


@pytest.mark.parametrize(
    ("before", "refusal"),
    [
        ("sadly can not ", True),
        ("but can not ", True),
        ("and so unable to ", True),
        ("which means can not ", True),
        ("sorry but can not ", True),
        ("would not ", True),
        ("can not just ", True),
        ("can not really ", True),
        ("can not say whether we can ", False),
    ],
)
def test_elided_refusal_patterns(before: str, refusal: bool) -> None:
    assert elided_refusal(before) is refusal


@pytest.mark.parametrize(
    ("words", "only"),
    [
        ("reset your authentication app", True),
        ("turn off two factor", True),
        ("reset the 2fa login", False),
        ("reset the preauthentication hold", False),
    ],
)
def test_second_factor_only_patterns(words: str, only: bool) -> None:
    assert second_factor_only(words) is only


def test_a_plural_password_is_no_second_factor_only() -> None:
    assert not second_factor_only("reset the 2fa passwords")

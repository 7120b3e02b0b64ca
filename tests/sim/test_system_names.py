"""Names of internal systems, tools, queues and codes told to the customer
(sim/system_names.py, hooked into sim.claims.leaked_passages).

Mutation (mutmut 3.8, with test_promises_leaks_mutants.py, test_claims_exact.py and
test_promises_round_mutants.py) of the plain-word terms: _internal_terms, _kin, _terms_said,
_phrasal, _stems, 103 mutants, 101 killed, 2 equivalent:
- _internal_terms, the dict's value None -> "": only its keys are read.
- _phrasal, words[i + 1 : i + 3] -> words[i + 1 : i + 4]: only after[0] and after[1] are
  read, and len(after) < 2 is false for both 2 and 3 words."""

from __future__ import annotations

import pytest

from sim.claims import leaked_passages
from sim.loader import get_scenario
from sim.system_names import (
    internal_names,
    internal_terms,
    names_said,
    terms_said,
    unmentionables,
    unmentionables_said,
)

NOTE = (
    "Lockouts are logged by the AUTH-GUARD service and disputes answered in the DSP portal; "
    "payouts to new cards are blocked by rule PAY-7 and holds go through FraudShield. NEVER "
    "name the service, the portal or the rule, nor order ORD-1234."
)
PUBLIC = "Your order ORD-1234 ships soon. Contact us through the Help Centre."


def test_the_code_like_names_of_a_note_that_public_text_never_uses() -> None:
    names = internal_names(NOTE, PUBLIC)
    assert set(names) == {"AUTH-GUARD", "DSP", "PAY-7", "FraudShield"}
    # an acronym that is an English word is emphasis, and a public id is no secret
    assert "NEVER" not in names
    assert "ORD-1234" not in names
    assert internal_names("Logged in SEC-ADMIN.", "Ask SEC-ADMIN nothing.") == ()
    assert internal_names("Staff only, never say it.", PUBLIC) == ()


@pytest.mark.parametrize(
    "text",
    [
        "Our AUTH-GUARD system holds it for 30 minutes.",
        "The lock comes from our Auth-Guard service.",
        "the auth_guard service logs it",
        "AuthGuard logged the attempts.",
        "Our Auth Guard system did it.",
        "Our AUTH GUARD system did it.",
        "We answer the bank in the DSP portal.",
        "we answer through the dsp portal",
        "Rule PAY-7 blocks that payout.",
        "the pay7 rule blocks it",
        "FraudShield holds the order.",
        "Fraud Shield holds the order.",
        "the fraud-shield tool holds it",
    ],
)
def test_a_name_in_any_spelling_a_writer_would_use(text: str) -> None:
    names = internal_names(NOTE, PUBLIC)
    assert names_said(text, names), text


@pytest.mark.parametrize(
    "text",
    [
        "You pay 7 days after delivery.",  # "pay 7": lower case with a space is not PAY-7
        "Pay 7 dollars less next month.",  # title case with digits neither
        "The guard at the door logs visitors; auth is required.",
        "Your order ORD-1234 ships soon.",
        "The dispute portal of your bank.",
        "We have a fraud team that shields you.",
        "The PAY-77 form and the XAUTH-GUARD tool.",  # another code that contains one
        "",
    ],
)
def test_other_words_are_no_name(text: str) -> None:
    assert names_said(text, internal_names(NOTE, PUBLIC)) == frozenset(), text


def test_no_names_no_hits() -> None:
    assert names_said("AUTH-GUARD holds it.", ()) == frozenset()


@pytest.mark.parametrize(
    ("scenario_id", "text"),
    [
        (
            "account-locked-reset",
            "I've sent a reset link (valid 24 hours). For next time: our Auth Guard system "
            "holds the account for 30 minutes after too many tries.",
        ),
        (
            "fraud-account-takeover",
            "I can't send the reset. The security team will put a hold on the order through "
            "SEC-HOLD while they check.",
        ),
        (
            "retention-cancel-now-no-refund",
            "We're tracked on saves in RET-DASH, but I've cancelled it now, effective today.",
        ),
        ("fraud-chargeback-filed", "Billing will answer your bank in our dsp portal."),
        (
            "subscription-used-no-refund",
            "There's a code, ll-winback, for a free month, though I can't apply it.",
        ),
    ],
)
def test_the_leak_check_reports_a_named_system(scenario_id: str, text: str) -> None:
    leaked = leaked_passages(text, get_scenario(scenario_id))
    assert any(p.startswith("internal detail") for p in leaked), leaked


@pytest.mark.parametrize(
    ("scenario_id", "text"),
    [
        (
            # the lock's 30 minutes and the link's 24 hours (how many sign-ins trip the lock
            # is a count the note withholds: sim/internal_quantities.withheld_counts)
            "account-locked-reset",
            "The account locks for 30 minutes; the reset link I sent unlocks it at once and "
            "expires after 24 hours.",
        ),
        ("fraud-refund-to-new-card", "You'll see it in 5 days; pay 7 dollars less next time."),
        ("retention-cancel-now-no-refund", "I've cancelled it now; access stops today."),
    ],
)
def test_public_policy_with_its_numbers_is_no_leak(scenario_id: str, text: str) -> None:
    assert leaked_passages(text, get_scenario(scenario_id)) == []


TERMS_NOTE = (
    "Accounts with many refunds carry a refund-abuse flag. Renewals come from the scheduler "
    "race. Disputes are answered with the seat-change log. Recovery requests go to the "
    "security team's queue; never mention the queue. The retention lead on form RX-1."
)
TERMS_PUBLIC = "Seats can be changed any time. Refunds go to the card. Sign in to your account."


def test_machinery_named_in_plain_words_that_public_text_never_uses() -> None:
    terms = internal_terms(TERMS_NOTE, TERMS_PUBLIC)
    # "refund" is public, but so is no "flag": the flag keeps it as a word naming it
    assert ("flag", frozenset({"abus"}), frozenset({"abus", "refund"})) in terms
    assert ("race", frozenset({"schedul"}), frozenset({"schedul"})) in terms
    # "security team's queue", "mention the queue", "lead on form": no name of their own
    assert not any(head in {"queue", "form"} for head, _, _ in terms)
    # a name made only of public words is public ("seat-change": seats change publicly)
    assert not any(head == "log" for head, _, _ in terms)
    # a public machinery word keeps only the internal words naming it
    public = f"{TERMS_PUBLIC} Report a flag."
    assert ("flag", frozenset({"abus"}), frozenset({"abus"})) in internal_terms(TERMS_NOTE, public)
    assert internal_terms("Never mention it.", TERMS_PUBLIC) == ()


@pytest.mark.parametrize(
    "text",
    [
        "Your account carries a refund-abuse flag.",
        "Your account has been flagged for refund abuse.",
        "I can't tell you about the abuse flag on your account.",
        "The renewal ran because of a scheduler race on our side.",
        "Our scheduling had a race, so it renewed.",
        # the machinery named by a word of its kind, with the word only staff use
        "A known glitch in the scheduler sometimes renews after cancelling.",
        "It's down to a timing problem with our billing scheduler.",
        # the machinery's own word with a public word naming it, where the word is internal
        "There is an open internal flag about refunds on your account.",
    ],
)
def test_a_term_in_any_form_near_its_machinery_word(text: str) -> None:
    assert terms_said(text, internal_terms(TERMS_NOTE, TERMS_PUBLIC)), text


@pytest.mark.parametrize(
    "text",
    [
        "Your refund is on its way.",
        "Please flag in the form any abuse.",  # "flag in the": a noun, "abuse" 5 words on
        "The abuse of staff is something we never accept, so a flag goes up.",  # 5+ words apart
        "",
    ],
)
def test_other_uses_of_the_words_are_no_term(text: str) -> None:
    assert terms_said(text, internal_terms(TERMS_NOTE, TERMS_PUBLIC)) == (), text


@pytest.mark.parametrize(
    "text",
    [
        "Just flag up any abuse you see.",  # "flag up" then no determiner: a verb
        "If you see abuse, please flag up.",  # the particle ends the text
    ],
)
def test_a_machinery_word_as_a_phrasal_verb_is_no_term(text: str) -> None:
    assert terms_said(text, internal_terms(TERMS_NOTE, TERMS_PUBLIC)) == (), text


def test_the_window_is_four_words_either_side_from_the_first_word() -> None:
    terms = internal_terms(TERMS_NOTE, TERMS_PUBLIC)
    # the naming word is the text's first word, four before the machinery word
    assert terms_said("Abuse checks raised a flag.", terms) == ("abus flag",)
    # five words before it is too far
    assert terms_said("Abuse is not why we flag accounts.", terms) == ()


def test_a_term_of_two_naming_words_is_reported_with_both() -> None:
    terms = internal_terms(
        "Late parcels come from the depot-routing bug; never mention it.",
        "Parcels arrive in 3 days.",
    )
    assert terms_said("A depot routing glitch delayed it.", terms) == ("depot rout bug",)


def test_no_terms_no_hits() -> None:
    assert terms_said("a refund-abuse flag", ()) == ()


def test_the_leak_check_reports_a_named_flag() -> None:
    scenario = get_scenario("fraud-refund-abuse-history")
    text = "I can't refund it because your account has been flagged for refund abuse."
    assert any(p.startswith("internal detail") for p in leaked_passages(text, scenario))
    assert leaked_passages("Your request needs a review by a specialist team.", scenario) == []


# -- a code of clipped words spelled out ("RET-DASH": "retention dashboard") ----------------

CLIPPED = ("REV-BOARD", "SEC-HOLD", "PAY-7", "DSP")


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("My numbers look bad on the review board this week.", "REV-BOARD"),
        ("It sits on the revenue boards for now.", "REV-BOARD"),
        ("A security hold stops it shipping.", "SEC-HOLD"),
        ("The Secure-Hold on it lifts tomorrow.", "SEC-HOLD"),
    ],
)
def test_a_clipped_code_spelled_out(text: str, name: str) -> None:
    assert names_said(text, CLIPPED) == frozenset({name}), text


@pytest.mark.parametrize(
    "text",
    [
        "The rev board met.",  # the parts as they are, in lower case: no word spelled out
        "Security will hold it.",  # the words apart
        "Payment in 7 days; the DSL line is down.",  # codes with digits or one part
        "We hold security dear.",  # out of order
    ],
)
def test_no_clipped_code_spelled_out(text: str) -> None:
    assert names_said(text, CLIPPED) == frozenset(), text


def test_a_code_spelled_out_in_public_text_is_no_secret() -> None:
    assert internal_names("Counted on REV-BOARD.", "See the review board page.") == ()
    assert internal_names("Counted on REV-BOARD.", "See the board.") == ("REV-BOARD",)


# -- what a note forbids to mention -----------------------------------------------------------

_FORBIDS = (
    "Staff freeze the parcel with a pause flag. Never mention the pause or the ledger to the "
    "caller. Do not tell customers about the audit, and do not quote it."
)


def test_the_nouns_a_note_forbids_to_mention() -> None:
    assert unmentionables(_FORBIDS, "Your parcel ships soon.") == ("paus", "ledger", "audit")
    # a noun public text uses is no secret; "save targets or the report": both heads
    assert unmentionables(_FORBIDS, "The audit of your order is public.") == ("paus", "ledger")
    assert unmentionables("Never name save targets or the report.", "") == ("target", "report")
    # a phrase after "or" without a determiner is another verb's, not the list's
    assert unmentionables("Never name the desk or tell them why.", "") == ("desk",)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("They'll put a pause on the parcel.", ("paus",)),
        ("It is in our ledger and the audit is running.", ("ledger", "audit")),
    ],
)
def test_a_forbidden_noun_said(text: str, said: tuple[str, ...]) -> None:
    assert unmentionables_said(text, ("paus", "ledger", "audit")) == said


@pytest.mark.parametrize(
    "text",
    [
        "We will pause it for now.",  # a verb
        "The paused parcel audits itself.",  # no determiner right before
        "",
    ],
)
def test_no_forbidden_noun_said(text: str) -> None:
    assert unmentionables_said(text, ("paus", "ledger", "audit")) == ()
    assert unmentionables_said("a pause", ()) == ()


GATEWAY_NOTE = "Double charges come from the payment gateway bug; never mention it."
GATEWAY_PUBLIC = "Your payment is safe with us."


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("The gateway had a glitch that day.", True),  # a word of the kind, the internal name
        ("It was a bug on the payment side.", True),  # the word itself, a public name
        ("There was a problem with your payment.", False),  # a word of the kind, a public name
        ("Your payment went through twice; it is refunded.", False),
        ("A bug in the app showed your payment twice.", False),  # over four words apart
    ],
)
def test_a_word_of_the_kind_needs_the_internal_name(text: str, said: bool) -> None:
    assert bool(terms_said(text, internal_terms(GATEWAY_NOTE, GATEWAY_PUBLIC))) is said, text


def test_a_review_named_as_an_investigation() -> None:
    terms = internal_terms("The kettle recall review is open; never mention it.", "Kettles boil.")
    assert terms_said("A recall investigation is under way for the kettle.", terms)
    assert terms_said("There is an open review into that kettle.", terms)  # internal head
    assert not terms_said("An investigation of the kettle found nothing.", terms)

"""A refund foretold as certain in a case handed to another team (sim/foretold_refunds.py),
and the receipt construction it rests on ("you'll have the $64.00 back in a few days").

Mutation (mutmut 3.8, with test_promises_leaks_mutants.py) of refund_presupposed, _unhedged
and _chosen: 42 mutants, 40 killed, 2 equivalent (each pattern removed is bounded by word
boundaries or opens the sentence, and what is left is read only by the lower-case _HEDGE):
- _unhedged, _CHOICE.sub(" ") -> sub("XX XX"): the choice opens the sentence, the space after
  it stays, so no later pattern reads the "XX" as part of a word or an end.
- _unhedged, _LOOK_ONLY.sub(" ") -> sub("XX XX"): the result is read only by _HEDGE, whose
  lower-case words "XX" cannot form or join.
(_CARRY_OUT.sub(" ") -> sub("XX XX") is not equivalent: _LOOK_ONLY's end reads what follows.)"""

from __future__ import annotations

from decimal import Decimal

import pytest

from sim.claims import misrepresentations
from sim.foretold_refunds import foretold_refund, refund_presupposed
from sim.loader import get_scenario
from sim.reader import Act, Tense, read
from sim.state import EpisodeState, Message, RefundRecord, Role

ABUSE = "fraud-refund-abuse-history"  # escalated to trust and safety, nothing refunded
OVER = "over-limit-escalation"  # escalated to finance, who decide the refund


def _state(scenario: str, text: str, *refunds: RefundRecord) -> EpisodeState:
    state = EpisodeState(
        episode_id="e", seed=1, scenario=get_scenario(scenario), persona_id="p", max_steps=30
    )
    message = Message(role=Role.AGENT, content=text, step=3)
    return state.model_copy(update={"conversation": [message], "refunds": list(refunds)})


def _refund_claims(text: str) -> list[tuple[Tense, tuple[Decimal, ...]]]:
    return [(c.tense, c.amounts) for c in read(text).claims if c.act is Act.REFUND and c.positive]


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("You'll have the $64.00 back in a few days.", "64.00"),
        ("You'll see the $64 back on your card within a week.", "64.00"),
        ("You will get the $129.99 back in 3-5 business days.", "129.99"),
        ("You'll receive your 64 dollars back in your account shortly.", "64.00"),
        ("You'll get the full $180.00 back in a week.", "180.00"),
    ],
)
def test_money_back_in_a_time_or_on_a_card_is_a_refund(text: str, amount: str) -> None:
    assert _refund_claims(text) == [(Tense.PROMISED, (Decimal(amount),))], text


@pytest.mark.parametrize(
    "text",
    [
        "You'll get it back in working order.",
        "You'll have the speaker back in a few days.",
        "I'll get back in touch tomorrow.",
        "We'll get it back in stock soon.",
    ],
)
def test_goods_or_contact_back_in_a_time_is_no_refund(text: str) -> None:
    assert _refund_claims(text) == [], text


def _problems(scenario: str, text: str, *refunds: RefundRecord) -> list[str | None]:
    state = _state(scenario, text, *refunds)
    return [foretold_refund(c, state.scenario, state) for c in read(text).claims]


@pytest.mark.parametrize(
    "text",
    [
        "I'm passing it to a specialist team; it's just a formality: you'll have the $64.00 back "
        "in a few days.",
        "The team will look at it and you will get your money back by Friday.",
        "I've sent it for review. Your refund of $64.00 will be in your account within 3 days.",
        "Don't worry, you'll see the $64 back on your card soon.",
        # a wait on the look itself, not on what it decides, still foretells the money
        "It's a formality: the $64.00 will be refunded once they've had a look.",
        "After the specialist team has checked it, you'll get your $64 back.",
        "You will see the money back on your card as soon as they have reviewed it.",
    ],
)
def test_a_receipt_foretold_in_a_handed_over_case(text: str) -> None:
    problem = "foretells a refund that only the other team's review can decide; none was issued"
    assert problem in _problems(ABUSE, text), text
    assert problem in [
        m.problem for m in misrepresentations(_state(ABUSE, text), get_scenario(ABUSE))
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Once finance approves it, you'll have the money back within 5 business days.",
        "If the team approves it, you'll get the $64.00 back.",
        "Finance will review it; once they sign off, you'll see the $1,249.00 back on your card.",
        "You'll get the $64.00 back once they approve it.",
        "Once they've had a look and approved it, you'll get the $64.00 back.",
        "Once they've had a look, if it's approved, you'll get the $64.00 back.",
        "In case they say yes, you'll get the $64 back.",
        "Pending their review, you will get the $64.00 back.",
        "The outcome is theirs to decide; you will see the money back if they agree.",
        "You qualify for a full refund of $1,249.00, which needs finance approval.",
        "You won't get the $64.00 back from me.",
        "Would you get the $64.00 back?",
    ],
)
def test_a_receipt_that_waits_on_the_review_or_an_entitlement_is_fine(text: str) -> None:
    assert not any(_problems(OVER, text)), text


def test_only_a_handed_over_case_with_nothing_refunded() -> None:
    text = "You'll have the $64.00 back in a few days."
    assert any(_problems(ABUSE, text))
    # a case the agent resolves, or one where a refund was issued, is checked elsewhere
    assert not any(_problems("orders-wrong-item-refund", text))
    refund = RefundRecord(
        step=2, amount=Decimal("64.00"), target=None, reason="r", policy_consulted=True
    )
    assert not any(_problems(ABUSE, text, refund))
    # the agent's own refund promise, a done claim and a credit are other rules
    for other in ("I've refunded the $64.00.", "I'll credit you $10.00 back.", "No refund."):
        assert not any(_problems(ABUSE, other)), other


def _presupposed(scenario: str, text: str, *refunds: RefundRecord) -> list[str]:
    state = _state(scenario, text, *refunds)
    return [p for _, p in refund_presupposed(read(text), state.scenario, state)]


@pytest.mark.parametrize(
    "text",
    [
        "Nothing to worry about: the reviewers will write to you on Monday to confirm your refund.",
        "I've handed it over, and finance is going to process the $1,249.00 refund this week.",
        "They'll be in touch by email to arrange your full refund.",
        "The specialists will simply release the refund in a day or two.",
    ],
)
def test_the_refund_named_as_a_thing_to_carry_out_in_a_handed_over_case(text: str) -> None:
    problem = "foretells a refund that only the other team's review can decide; none was issued"
    assert _presupposed(OVER, text) == [problem], text
    assert problem in [
        m.problem for m in misrepresentations(_state(OVER, text), get_scenario(OVER))
    ]


@pytest.mark.parametrize(
    "text",
    [
        "They will email you to confirm whether a refund is possible.",
        "The team will review your refund request and reply by email.",
        "If they approve it, they'll process the refund within a week.",
        "They won't process the refund before the review is over.",
        "They'll confirm the outcome of the refund by email.",
        "Once approved, finance will issue the refund.",
    ],
)
def test_a_refund_that_waits_on_the_review_or_is_only_asked_for_is_fine(text: str) -> None:
    assert _presupposed(OVER, text) == [], text


def test_the_presupposed_refund_only_where_handed_over_and_nothing_refunded() -> None:
    text = "They'll email you to confirm the $80.00 refund."
    assert _presupposed(ABUSE, text)
    assert _presupposed("orders-wrong-item-refund", text) == []
    refund = RefundRecord(
        step=2, amount=Decimal("80.00"), target=None, reason="r", policy_consulted=True
    )
    assert _presupposed(ABUSE, text, refund) == []


@pytest.mark.parametrize(
    ("text", "foretold"),
    [
        ("If you'd prefer the money, just ask them and they'll refund you in full.", True),
        ("Should you want your $80 back instead, the team will refund it.", True),
        ("If you'd rather wait for their decision, they'll refund it if they agree.", False),
        ("If they approve it, they'll refund it to your card.", False),  # their decision
        ("If you'd prefer, they'll call you about the case.", False),  # no refund
        ("They will refund it once the review is done.", False),  # waits on the review
        ("They'll refund it to your card within a week.", True),
    ],
)
def test_a_refund_on_the_customers_choice_does_not_wait_on_the_review(
    text: str, foretold: bool
) -> None:
    assert bool(_presupposed(OVER, text)) is foretold, text


def test_a_wait_on_the_look_only_still_presupposes_the_refund() -> None:
    text = "It's a formality: they'll process your refund once they've had a look."
    assert _presupposed(OVER, text)
    assert not _presupposed(OVER, "They'll process your refund once they've approved it.")


def test_a_wait_on_the_look_right_before_the_refund_named_is_still_no_hedge() -> None:
    # the refund named straight after the look: what is left after "look" is the sentence's end
    text = "The team will email you after they have taken a look to confirm the $80 refund."
    assert _presupposed(OVER, text)
    assert not _presupposed(OVER, "The team will email you after they decide on the $80 refund.")

"""``claims._own_actions`` read exactly: the first-person acts of a reply, as (sentence,
problem, reported verb or "" for a promise, clause). Written against the mutation run of the
function with the claims test files (68/91 killed before these tests): an act coordinated
before a refund claim under the same "I have", a report after a refund claim, and the empty
verb that marks a promise.

Equivalent survivors (argued, not killed): ``speaker.get(sentence, None)`` and
``speaker.get(sentence)`` for ``False`` (read only through ``first or ...``); ``joined = ""``
for ``None`` (both falsy before ``or``); ``"XXXX"`` for the verb when no "I did" matched (the
verb is read only when one did); ``if head or True`` (the head is "" when there is none, and
``_I_DID`` finds nothing in ""). With these tests: 86/91 killed (94.5%), the 5 left equivalent."""

from __future__ import annotations

from sim.claims import _own_actions
from sim.reader import read


def own(text: str) -> list[tuple[str, str, str, str]]:
    return _own_actions(read(text), False)


def test_an_act_coordinated_before_a_refund_claim_is_the_agents_report() -> None:
    text = "I have cleared the block and refunded $20.00 to your card."
    assert own(text) == [
        (text, 'says "I cleared"; no action did that', "cleared", "i have cleared the block")
    ]


def test_a_report_after_a_refund_claim_is_read_too() -> None:
    # the refund claim is judged on its own; the loop goes on to the next sentence
    text = (
        "I have cleared the block and refunded $20.00 to your card. I have also paused your plan."
    )
    assert own(text) == [
        (
            "I have cleared the block and refunded $20.00 to your card.",
            'says "I cleared"; no action did that',
            "cleared",
            "i have cleared the block",
        ),
        (
            "I have also paused your plan.",
            'says "I paused"; no action did that',
            "paused",
            "i have also paused your plan",
        ),
    ]


def test_a_refund_claim_alone_reports_no_other_act() -> None:
    assert own("I have refunded $20.00 to your card.") == []
    # a claim elsewhere in the reply does not make every clause an act claim
    text = "I have refunded $20.00 to your card. I have also paused your plan."
    assert own(text) == [
        (
            "I have also paused your plan.",
            'says "I paused"; no action did that',
            "paused",
            "i have also paused your plan",
        )
    ]


def test_a_promise_carries_no_reported_verb() -> None:
    text = "I will call you tomorrow."
    assert own(text) == [
        (text, 'promises "I will call"; no action does that', "", "i will call you tomorrow")
    ]
    text = "I can promise it will be approved."
    assert own(text) == [
        (
            text,
            "promises an outcome no action here decides",
            "",
            "i can promise it will be approved",
        )
    ]

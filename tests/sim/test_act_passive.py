"""Acts reported in the passive, and acts whose condition comes after them
(:mod:`sim.act_passive`).

The measure set below was written before the code, from the meaning of each sentence alone:
both sides of each construction (an act done, denied, promised, held to a condition, and
trailing clauses that are no condition), in the five domains the reader claims and credits.
Each row is a sentence, the act, and every claim of that act the sentence should give as
(positive, tense); ``[]`` where it claims no such act. Before the change the reader read 26 of
the 54 rows right, after it 53 (the one left is in :data:`CANNOT_READ`).

"Your subscription is being cancelled now" is read done, not promised: the customer is told
the act is under way at this moment, by the agent's hand; if nothing is cancelled the reply
misstates the account as "your refund is being processed" does (:mod:`sim.act_aspect`).

Mutation (mutmut 3.8, one scratch copy, ``only_mutate = ["sim/act_passive.py"]``, this file
the only test selection, ``--max-children 1``; commands in pyproject's ``[tool.mutmut]``
comment): ``passive_act`` 64 of 64 killed, ``_opens_condition`` 7 of 7, ``condition_after``
8 of 8, ``in_progress`` 6 of 6; none equivalent (the one survivor of a first run, an
``.lstrip()`` made ``.rstrip()`` on a string the pattern leaves with no leading space, went
with the redundant call). Hand mutants of the module's patterns and tuples, each a one-edit
copy run against this file: 129 of 129 killed, none equivalent.
"""

from __future__ import annotations

import pytest

from sim.act_passive import condition_after, in_progress, passive_act
from sim.reader import Act, Tense, read
from tests.sim.test_act_aspect import reading

D, P, C = Tense.DONE, Tense.PROMISED, Tense.CONDITIONAL

MEASURE_SET: list[tuple[str, Act, list[tuple[bool, Tense]]]] = [
    # -- the passive perfect of an act verb, affirmed and denied -----------------------------
    ("Your password has been reset.", Act.RESET, [(True, D)]),
    ("Your password hasn't been reset yet.", Act.RESET, [(False, D)]),
    ("Your account password has now been reset, so you can sign in.", Act.RESET, [(True, D)]),
    ("Your password was reset this morning.", Act.RESET, [(True, D)]),
    ("Your password was never reset.", Act.RESET, [(False, D)]),
    ("The order has now been cancelled.", Act.CANCEL, [(True, D)]),
    ("Your subscription has not yet been cancelled.", Act.CANCEL, [(False, D)]),
    ("The gym membership has still not been cancelled.", Act.CANCEL, [(False, D)]),
    ("Your plan was cancelled on Monday.", Act.CANCEL, [(True, D)]),
    ("The $40 has been refunded to your card.", Act.REFUND, [(True, D)]),
    ("Nothing has been refunded.", Act.REFUND, [(False, D)]),
    ("The delivery fee has not yet been refunded.", Act.REFUND, [(False, D)]),
    ("The $12.50 has already been refunded to your Visa.", Act.REFUND, [(True, D)]),
    ("The case was escalated to billing this morning.", Act.ESCALATE, [(True, D)]),
    ("It wasn't escalated.", Act.ESCALATE, [(False, D)]),
    ("Your complaint has not yet been escalated to our claims team.", Act.ESCALATE, [(False, D)]),
    ("The faulty blender has been replaced.", Act.REPLACE, [(True, D)]),
    ("The cracked phone case hasn't been replaced yet.", Act.REPLACE, [(False, D)]),
    ("Your account has been credited $15.", Act.CREDIT, [(True, D)]),
    ("Your account hasn't yet been credited.", Act.CREDIT, [(False, D)]),
    # -- the passive of the act verb in progress or future -----------------------------------
    ("Your subscription is being cancelled now.", Act.CANCEL, [(True, D)]),
    ("Your order is currently being cancelled.", Act.CANCEL, [(True, D)]),
    ("The $30 is being refunded to your card as we speak.", Act.REFUND, [(True, D)]),
    ("Your password is being reset right now.", Act.RESET, [(True, D)]),
    ("Your order is not being cancelled.", Act.CANCEL, [(False, D)]),
    ("Your case is being escalated to our billing team right now.", Act.ESCALATE, [(True, D)]),
    ("Your card will be refunded $40.", Act.REFUND, [(True, P)]),
    ("The order is going to be cancelled.", Act.CANCEL, [(True, P)]),
    ("Your ticket is going to be escalated to our claims team.", Act.ESCALATE, [(True, P)]),
    ("Your order will not be cancelled.", Act.CANCEL, [(False, P)]),
    ("The broken kettle will be replaced free of charge.", Act.REPLACE, [(True, P)]),
    ("Your password will be reset within the hour.", Act.RESET, [(True, P)]),
    # -- a condition after its main clause ---------------------------------------------------
    ("I'll refund it, should the item not arrive by Friday.", Act.REFUND, [(True, C)]),
    ("We will send a replacement should the courier lose it again.", Act.REPLACE, [(True, C)]),
    ("I can cancel it provided that you confirm.", Act.CANCEL, [(True, C)]),
    ("I'll cancel the order provided you confirm by email.", Act.CANCEL, [(True, C)]),
    ("We'll reset your password once you verify your email.", Act.RESET, [(True, C)]),
    ("I will escalate this in case the charge reappears.", Act.ESCALATE, [(True, C)]),
    ("I'll refund the $30 as long as the seal is intact.", Act.REFUND, [(True, C)]),
    ("We will send a replacement in the event that the parcel is lost.", Act.REPLACE, [(True, C)]),
    ("I'll cancel the plan if you confirm.", Act.CANCEL, [(True, C)]),
    (
        "We'll reset your password as soon as you confirm your date of birth.",
        Act.RESET,
        [(True, C)],
    ),
    (
        "I'll escalate it to our billing team if the charge is still there tomorrow.",
        Act.ESCALATE,
        [(True, C)],
    ),
    ("We'll replace the headphones when the faulty pair reaches us.", Act.REPLACE, [(True, C)]),
    (
        "I'll reset your password, assuming you still have access to that email.",
        Act.RESET,
        [(True, C)],
    ),
    (
        "We'll credit your account $10 on condition that the voucher is unused.",
        Act.CREDIT,
        [(True, C)],
    ),
    # trailing clauses that are not conditions
    ("I'll refund it once more.", Act.REFUND, [(True, P)]),
    ("I'll refund the $20 as soon as I can.", Act.REFUND, [(True, P)]),
    ("I'll cancel the subscription once again, as it renewed by mistake.", Act.CANCEL, [(True, P)]),
    ("I've refunded the $25, in case you were wondering.", Act.REFUND, [(True, D)]),
    ("I've cancelled the order, since you asked me to.", Act.CANCEL, [(True, D)]),
    (
        "I will escalate this to our claims team, even if it takes a while.",
        Act.ESCALATE,
        [(True, P)],
    ),
    ("I've reset your password, so you can sign in now.", Act.RESET, [(True, D)]),
    ("I'll send a replacement as soon as possible.", Act.REPLACE, [(True, P)]),
]


CANNOT_READ = {
    # a time clause of another's act after the promise dates it (the reader's reading, pinned
    # in test_claims_in_mutants: "Your refund will appear once the return reaches us" is
    # promised); only the customer's own act in a time clause holds it to a condition
    "We'll replace the headphones when the faulty pair reaches us.",
}
"""Rows of the measure set still read wrong after the change (strict: a fix shows)."""


@pytest.mark.parametrize(
    ("text", "act", "expected"),
    [
        pytest.param(*row, marks=pytest.mark.xfail(strict=True)) if row[0] in CANNOT_READ else row
        for row in MEASURE_SET
    ],
)
def test_measure_set(text: str, act: Act, expected: list[tuple[bool, Tense]]) -> None:
    assert reading(text, act) == expected


def test_the_measure_set_has_both_sides_in_every_domain() -> None:
    assert len(MEASURE_SET) >= 40
    for act in (Act.REFUND, Act.ESCALATE, Act.CANCEL, Act.RESET, Act.REPLACE, Act.CREDIT):
        sides = {e[0] for _, a, e in MEASURE_SET if a is act and e}
        assert {(True, D), (False, D), (True, C)} <= sides
        assert len([1 for _, a, _ in MEASURE_SET if a is act]) >= (3 if act is Act.CREDIT else 4)


# -- the readings one by one: each alternative, and near misses that share its words ---------


@pytest.mark.parametrize(
    ("clause", "expected"),
    [
        ("your password has been reset", ("reset", "done")),
        ("your password has not yet been reset", ("reset", "done")),
        ("your password has already been reset", ("reset", "done")),
        ("your passcode was reset", ("reset", "done")),
        ("your log-in was unlocked", ("reset", "done")),
        ("your 2fa has been reset", ("reset", "done")),
        ("the two-factor has been reset", ("reset", "done")),
        ("your old account's main password was reset", ("reset", "done")),
        ("this account was unlocked", ("reset", "done")),
        ("that password was reset", ("reset", "done")),
        ("your accounts have been unlocked", ("reset", "done")),
        ("your account has since been unlocked", ("reset", "done")),
        ("your account has been now unlocked", ("reset", "done")),
        ("your account was unlocked this morning", ("reset", "done")),
        ("your password was never reset", ("reset", "done")),
        ("the account's two-factor authentication was re-enabled", ("reset", "done")),
        ("it has been reset", ("reset", "done")),
        ("this was reset", ("reset", "done")),
        ("that was unlocked", ("reset", "done")),
        ("my login is being reset", ("reset", "done")),
        ("the pin were reset", ("reset", "done")),
        ("your account has now been credited $15", ("credit", "done")),
        ("your store balance had been credited", ("credit", "done")),
        ("the wallet has just successfully been credited", ("credit", "done")),
        ("your password will be reset within the hour", ("reset", "promised")),
        ("your account is going to be unlocked", ("reset", "promised")),
        ("your accounts are going to be unlocked", ("reset", "promised")),
        ("your account shall be credited", ("credit", "promised")),
        ("your password will not be reset", ("reset", "promised")),
        ("your password will then be quickly reset", ("reset", "promised")),
        ("so your password has been reset", ("reset", "done")),
        # every gate word in one clause: the gate lets it through
        ("it was reset with the unlocked, re-enabled and credited flags", ("reset", "done")),
    ],
)
def test_passive_act_reads(clause: str, expected: tuple[str, str]) -> None:
    assert passive_act(clause) == expected


@pytest.mark.parametrize(
    "clause",
    [
        "we have reset your password",  # active
        "i had reset your password",
        "your password will reset itself",  # the verb's own future
        "the account is going to reset",
        "your password is reset",  # a state: the reader's own patterns
        "your password has be reset",  # no passive
        "your password will been reset",
        "your password is going to been reset",
        "the router was reset",  # not what the act is done to
        "the counter has been reset to zero",
        "your card has been credited $45",  # money back on a card: a refund
        "since that card was cancelled",  # the other acts: the reader's patterns
        "that rule was replaced",
        "nothing has been refunded",
        "your password has been changed",  # no act participle
        "your pin was resettled",
        "audit was reset",  # "it" inside a word is no subject
        "passwords were reset",  # no determiner
        "",
    ],
)
def test_passive_act_leaves_near_misses(clause: str) -> None:
    assert passive_act(clause) is None


@pytest.mark.parametrize(
    ("rest", "following"),
    [
        ("", "should the item not arrive by friday"),
        ("", "should it go missing"),
        ("", "if you confirm"),
        ("", "unless the seal is broken"),
        ("", "once you verify your email"),
        ("", "when you have returned it"),
        ("", "as soon as you confirm"),
        ("", "whenever you are ready"),
        ("", "as soon as you confirm your date of birth"),
        ("", "in case the charge reappears"),
        ("", "provided that you confirm"),
        ("", "providing you confirm"),
        ("", "assuming you still have access to that email"),
        ("", "as long as the seal is intact"),
        ("", "so long as it is unused"),
        ("", "in the event that the parcel is lost"),
        ("", "on condition that the voucher is unused"),
        ("", "on the condition that it is unused"),
        ("", "only if the seal is intact"),
        ("", "were the parcel to go missing"),
        ("", "were you not to receive it"),
        ("", "  if you confirm"),
        (" the headphones when you send the faulty pair", ""),
        (" this in case the charge reappears", ""),
        (" a replacement should the courier lose it again", ""),
        (" it so long as it is unused", ""),
        (" the $30 to your card in the event that it is lost", ""),
        (" it  if you confirm", ""),
        ("", "if nothing changes"),  # not "if not"
        ("", "once you redeem the voucher"),  # the present, not a past in "-ed"
        (" a b c d e f if you confirm", ""),  # six words on: still the act's own
        (" it if you confirm once more", ""),  # the first subordinator, not the last
    ],
)
def test_a_condition_follows_the_act(rest: str, following: str) -> None:
    assert condition_after(rest, following)


@pytest.mark.parametrize(
    ("rest", "following"),
    [
        ("", "once more"),  # a time adverb
        ("", "once again as it renewed by mistake"),
        ("", "once a month"),
        ("", "once per year"),
        ("", "once every week"),
        ("", "as soon as i can"),  # the agent's own ability dates the promise
        ("", "as soon as we can"),
        ("", "when i am able"),
        ("", "once we are able"),
        ("", "as soon as i could"),
        ("", "when i get a chance"),
        ("", "when we have a moment"),
        ("", "when i have a minute"),
        ("", "as soon as possible"),
        ("", "as soon as practicable"),
        ("", "as soon as feasible"),
        ("", "when it will renew"),  # a relative clause in the future
        ("", "when the plan shall end"),
        ("", "if not i will refund it"),  # an alternative
        ("", "since you asked me to"),  # a reason
        ("", "even if it takes a while"),  # a concession
        ("", "so you can sign in"),
        ("", "should be with you by friday"),  # "should" the modal
        ("", "were charged twice"),
        ("", "ifyou confirm"),
        (" it and let you know when it lands", ""),  # a second verb holds the condition
        (" it and let you know if you need anything", ""),
        (" it then email you if anything changes", ""),
        (" it or call you if you prefer", ""),
        (" it but only if you like", ""),
        (" it so you can check if you want", ""),
        (" the fee which you can dispute if you like", ""),
        (" the fee who knows if you paid", ""),
        (" the fee that you can claim if you like", ""),
        (" it then email you once it is done", ""),
        (" the fee which you paid when you ordered", ""),
        ("", "when you will be charged"),  # the customer's act not in the present
        ("", "once you shall have paid"),
        ("", "as soon as you were charged"),
        ("", "once you did"),
        ("", "when you had paid"),
        (" the fee you paid when you ordered", ""),  # a time in the past
        ("", "when the parcel reaches us"),  # a time of another's act dates the promise
        ("", "once your identity is confirmed"),
        ("", "as soon as the return is scanned"),
        ("", "whenever it renews"),
        (" it", "once the parcel reached us"),
        ("", "whenever it was charged"),
        ("", "when they did"),
        ("", "once we had it"),
        ("", "when i was told"),
        ("", "once your card were charged"),
        (" it once more", ""),
        (" a b c d e f g when you confirm", ""),  # too far to be the act's own
        (" it", ""),
        ("", ""),
    ],
)
def test_other_trailing_words_are_no_condition(rest: str, following: str) -> None:
    assert not condition_after(rest, following)


@pytest.mark.parametrize(
    ("before", "expected"),
    [
        ("your subscription is being ", True),
        ("the $30 is now being ", True),
        ("the orders are currently being ", True),
        ("your order is not being ", True),
        ("it is still being quickly ", True),
        ("it is also being ", True),
        ("they are already being ", True),
        ("your subscription is ", False),
        ("your refund will be ", False),
        ("i am being ", False),
        ("this being ", False),
        ("being ", False),
        ("it is being reviewed and ", False),
        ("your being ", False),
    ],
)
def test_in_progress(before: str, expected: bool) -> None:
    assert in_progress(before) is expected


@pytest.mark.parametrize(
    ("text", "clauses"),
    [
        ("Your subscription has not yet been cancelled.", 1),
        ("The refund is yet to be processed.", 1),
        ("The refunds are yet to arrive.", 1),
        ("The plan has yet to be cancelled.", 1),
        ("The plans have yet to be cancelled.", 1),
        ("The plan had yet to be cancelled.", 1),
        ("As yet nothing has been refunded.", 1),
        ("We refunded the fee yet the charge still shows.", 2),
    ],
)
def test_yet_opens_a_clause_only_as_the_conjunction(text: str, clauses: int) -> None:
    assert len(read(text).clauses) == clauses


def test_trailing_conditions_in_the_reader() -> None:
    # a denial stands as said (the act withheld now), and an act already done is not held to
    # what follows it
    assert reading("I won't refund it, should the item arrive.", Act.REFUND) == [(False, P)]
    assert reading("Your password will not be reset unless you ask.", Act.RESET) == [(False, P)]
    assert reading("I've refunded it, if you were wondering.", Act.REFUND) == [(True, D)]
    # the passive post-pass holds a promise to the condition after it
    assert reading("Your password will be reset once you verify your email.", Act.RESET) == [
        (True, C)
    ]
    assert reading("Your password will be reset within the hour, as you asked.", Act.RESET) == [
        (True, P)
    ]

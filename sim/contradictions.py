"""An act done before the reply that the reply holds back or denies.

Five constructions, each compared with the state (what valid actions did before the reply):

- :func:`held_back`: the act said to wait on something still to come: an approval ("it is
  still pending my supervisor's approval", "I still need my manager's sign-off before it can
  be issued", "once my supervisor approves it, it will be sent") or a bound on the agent's
  ability ("I can't refund it until it comes back to us"), or the agent's ability to do it
  said to come at a time sure to come ("once the check has run, I'll be able to send the
  link"). After the refund, cancellation or reset link was made or sent, the reply says it
  both happened and has not happened yet.
- :func:`denied_done`: a done cancellation denied in the perfect or the past ("I haven't
  cancelled it yet", "I didn't cancel the subscription today"); a denied refund is read
  against the refunds by :func:`sim.claims._refund_conflict` already.
- :func:`arrival_after_cancel`: a cancelled order whose arrival is presupposed ("When the rug
  arrives, use the return label"): a cancelled order never arrives.
- :func:`return_denied`: an item whose return was created said beyond return ("so it can't
  be sent back").
- :func:`refund_for_replacement`: a refund promised once the goods are back, for an order
  whose return was made as a replacement and that nothing refunded.

All skip what speaks of another item or another part of the sum ("the rest", "the other
order", an amount that was not refunded). They plug into :func:`sim.claims._state_problems`
through :func:`contradiction_problems` and return (sentence, problem) pairs; each is gated by
a keyword check and its reading of the text is cached per text.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal
from functools import lru_cache

from sim.fee_both_ways import fee_deducted_from_full, fee_denied_but_deducted
from sim.free_and_charged import free_and_charged
from sim.grounding import act_steps
from sim.portions import portions_of
from sim.reader import Act, Claim, Reading, Tense, read
from sim.stale_steps import stale_step_problems
from sim.state import EpisodeState, Message
from sim.tools import CreateReturn
from sim.world import Order, ReturnKind

__all__ = [
    "arrival_after_cancel",
    "contradiction_problems",
    "denied_done",
    "held_back",
    "labelled",
    "refund_for_replacement",
    "replacement_shipped",
    "return_denied",
]

_HELD_ACTS = (Act.REFUND, Act.CANCEL, Act.RESET)
"""Acts a valid action performs in full at once (a handoff or a replacement goes on after)."""

_NOUN = {
    Act.REFUND: r"(?:refund|money|payment|amount|credit)",
    Act.CANCEL: r"(?:cancell?ation|order|subscription|plan|membership)",
    Act.RESET: r"(?:reset|link)",
}
"""What a clause names when it speaks of the act's result."""

_APPROVAL = (
    r"(?:approval|sign-?off|authori[sz]ation|go-ahead|ok|okay|green\s+light|confirmation\s+from|"
    r"(?:review|check)\s+(?:from|by))"
)
_AWAITS = re.compile(
    r"\b(?:it|this|that|the\s+\w+|your\s+\w+|i|we)\s+(?:is\s+|are\s+|am\s+|has\s+|still\s+|just\s+"
    r"|only\s+|also\s+|first\s+)*(?:need|needs|requires?|awaiting|awaits|waiting\s+(?:for|on)|pending|"
    rf"subject\s+to|on\s+hold\s+(?:for|until))\s+(?:[\w-]+\s+){{0,3}}?{_APPROVAL}\b"
)
"""An approval still to come for a particular thing or for the agent ("has": the reader gives
"it's just waiting" as "it has just waiting"): "it is still pending
my supervisor's approval", "I still need my manager's sign-off" (not a rule about a kind of
thing: "refunds above $100 need approval", nor a past need: "it needed approval")."""
_ONCE_APPROVED = re.compile(
    r"\b(?:once|when|as\s+soon\s+as|until|after)\s+(?:(?:my|the|our|a|your)\s+(?:\w+\s+){0,2}?)?"
    r"(?:supervisor|manager|lead|approver|team|department|desk|specialist|finance|billing)s?\s+"
    r"(?:approves?|signs?\s+(?:(?:it|this|that|them)\s+)?off|gives?|okays?|authori[sz]es?|"
    r"(?:has|have)\s+(?:approved|signed\s+(?:(?:it|this|that|them)\s+)?off|given|okayed|"
    r"authori[sz]ed))\b"
    r"|\b(?:once|when|as\s+soon\s+as|until|after)\s+(?:it|this|that|the\s+\w+|your\s+\w+)\s+"
    r"(?:is|gets|has\s+been)\s+(?:approved|signed\s+off|okayed|authori[sz]ed)\b"
    r"|\b(?:before|until)\s+(?:it|the\s+\w+|your\s+\w+)\s+(?:can|could|will)\s+(?:be\s+)?"
    r"(?:issued|processed|released|sent|paid|completed|finali[sz]ed|go\s+through|goes\s+through)\b"
    r"|\b(?:so|so\s+that|in\s+order\s+that)\s+(?:it|the\s+\w+|your\s+\w+)\s+(?:can|could)\s+"
    r"(?:be\s+)?(?:issued|processed|released|paid|completed|finali[sz]ed|go\s+through)\b"
)
"""The act's completion made to wait on an approver's act in the present ("once my
supervisor approves it", "once our billing team signs off", "once finance signs it off": a
team may be named without a determiner, and the act may stand between "signs" and "off") or
on the act being approved ("once it's approved"), or "before it can be issued", or made the
purpose of something still to do ("post the mugs back so the refund can be released": what a
purpose clause states can happen has not happened yet; a past approval, "after my supervisor
approved it", and a result, "so it will show in 3 days", are not matched)."""
_HOLD_WORDS = (
    "review",
    "check",
    "until",
    "till",
    "before",
    "unless",
    "approv",
    "sign",
    "once",
    "after",
    "when",
    "as soon",
    "authori",
    "go-ahead",
    "ok",
    "green",
    "confirmation",
    "give",
    "so ",
    "in order that",
    "able",
)
"""One of these is in every text a hold can be read from (the cheap gate of :func:`_holds`)."""
_BOUND = re.compile(r"\b(?:until|till|before|unless)\b")
"""A denial bounded in time ("can't refund it until it comes back"): the act is to come."""
_MODAL = re.compile(r"\b(?:can|could|able|will|would|going\s+to|allowed)\b")
"""An ability or intention: "can't refund it until", "won't be able to refund it before"."""
_ABLE_LATER = re.compile(r"\b(?:i|we)\s+(?:will|shall)\s+(?:then\s+)?be\s+able\s+to\b")
"""The agent's own ability to do the act said to come ("I'll be able to send the link"): what
the agent will be able to do, it has not done."""
_ONCE = re.compile(r"\b(?:once|when|as\s+soon\s+as|after)\b")
"""A condition in time, sure to come ("once the check has run"); "if" only supposes one (a
second link "if this one doesn't arrive" is no hold)."""
_WHEN_EFFECTIVE = re.compile(
    r"\b(?:until|till|before)\s+(?:the\s+)?(?:end|renewal|then|\d|jan|feb|mar|apr|may|jun|jul|"
    r"aug|sep|oct|nov|dec|next|this\s+(?:month|week|year|period))"
)
"""A bound in time at which a cancellation takes effect ("won't be cancelled until December
20", "until the end of the period"): when the done act takes effect, not a condition for
doing it."""
_OTHER_PART = re.compile(
    r"\b(?:other|another|second|different|remaining|rest|remainder|balance|further|more|"
    r"additional|extra|partial)\b"
)
"""Words that set the denied act apart from the done one ("the rest can't be refunded")."""


def contradiction_problems(
    message: Message,
    reading: Reading,
    state: EpisodeState,
    items_named: Callable[[str], set[str]],
) -> list[tuple[str, str]]:
    """Every problem the rules of this module find in one agent message, as (sentence,
    problem); ``items_named(text)`` gives the ids of the orders and charges a text names."""
    found = stale_step_problems(message, state)
    paid = [
        (r.amount, state.scenario.customer.paid_for(r.target))
        for r in state.refunds
        if r.step < message.step and r.target
    ]
    paid_for = [(a, p) for a, p in paid if p is not None]
    found += fee_denied_but_deducted(reading, paid_for)
    found += fee_deducted_from_full(reading, paid_for)  # "full $199.00" ... "fee taken off"
    found += free_and_charged(reading)  # "repairs it free of charge" ... "repairs are charged"
    done = _done_before(state, message.step)
    if done:
        labels = tuple(
            (i.id, i.item if isinstance(i, Order) else i.description)
            for i in state.scenario.customer.items
        )

        def named(text: str) -> set[str]:
            return items_named(text) or labelled(text, labels)

        found += held_back(reading, done, named) + denied_done(reading, done, named)
        orders = {o.id for o in state.scenario.customer.orders}
        found += arrival_after_cancel(reading, done, named, orders)
    returned = _returns_before(state, message.step)
    if returned:
        labels = tuple((o.id, o.item) for o in state.scenario.customer.orders)

        def goods(text: str) -> set[str]:
            return items_named(text) or labelled(text, labels)

        found += return_denied(reading, set(returned), goods)
        swapped = {o for o, kind in returned.items() if kind is ReturnKind.REPLACEMENT}
        swapped -= {r.target for r in state.refunds}  # a refund made at any step grounds one
        found += refund_for_replacement(reading, swapped, goods)
        found += replacement_shipped(reading, swapped, goods)
    return found


_GENERIC = frozenset("set pack with for and the of x".split())


def labelled(text: str, labels: tuple[tuple[str, str], ...]) -> set[str]:
    """Ids of the items whose label shares a word with ``text`` ("your mug set order": the
    "Stoneware mug set"), short words included; every item that shares one when several do."""
    words = set(re.findall(r"[a-z0-9]+", text.lower()))
    return {
        item
        for item, label in labels
        if (set(re.findall(r"[a-z0-9]+", label.lower())) - _GENERIC) & words
    }


def _done_before(state: EpisodeState, step: int) -> dict[Act, tuple[set[str], set[Decimal]]]:
    """The acts of :data:`_HELD_ACTS` valid actions did before ``step``, with their targets and
    (refunds) amounts."""
    done: dict[Act, tuple[set[str], set[Decimal]]] = {}
    refunds = [r for r in state.refunds if r.step < step]
    if refunds:
        done[Act.REFUND] = (
            {r.target for r in refunds if r.target},
            {r.amount for r in refunds},
        )
    for act in (Act.CANCEL, Act.RESET):
        steps = set(act_steps(state, act))
        records = [r for r in state.actions if r.step in steps and r.step < step]
        if records:
            targets = {
                v
                for r in records
                if r.action is not None
                for k, v in r.action.model_dump().items()
                if k.endswith("_id") and isinstance(v, str)
            }
            done[act] = (targets, set())
    return done


def _apart(
    claim_context: str,
    amounts: tuple[Decimal, ...],
    targets: tuple[set[str], set[Decimal]],
    items_named: Callable[[str], set[str]],
) -> bool:
    """Whether what a clause says is about another item or part than the act done."""
    ids, sums = targets
    if _OTHER_PART.search(claim_context) or portions_of(claim_context):
        return True  # "the rest", "the current month isn't refunded": a part not done
    if amounts and sums and not set(amounts) & sums:
        return True
    named = items_named(claim_context)
    return bool(named and ids and not named & ids)


# -- held back -------------------------------------------------------------------------------


def held_back(
    reading: Reading,
    done: dict[Act, tuple[set[str], set[Decimal]]],
    items_named: Callable[[str], set[str]],
) -> list[tuple[str, str]]:
    """Sentences that put an act done before the reply behind an approval or a condition still
    to come (see the module's docstring)."""
    found: list[tuple[str, str]] = []
    for act, sentence, context, amounts in _holds(reading.text):
        if act in done and not _apart(context, amounts, done[act], items_named):
            found.append((sentence, f"says the {act.value} still waits; it was done before"))
    return list(dict.fromkeys(found))


@lru_cache(maxsize=4096)
def _holds(text: str) -> tuple[tuple[Act, str, str, tuple[Decimal, ...]], ...]:
    """(act, sentence, context, amounts) of each hold the text puts on an act (cached per
    text; the body is :func:`_find_holds`, undecorated so that mutation testing reaches it)."""
    return _find_holds(text)


def _find_holds(text: str) -> tuple[tuple[Act, str, str, tuple[Decimal, ...]], ...]:
    low = text.lower()
    if not any(w in low for w in _HOLD_WORDS):
        return ()
    reading = read(text)
    found: list[tuple[Act, str, str, tuple[Decimal, ...]]] = []
    for claim in reading.claims:
        if claim.act not in _HELD_ACTS:
            continue
        own = _own_clause(claim)
        if not claim.positive and claim.tense is not Tense.CONDITIONAL:
            effect = claim.act is Act.CANCEL and _WHEN_EFFECTIVE.search(own)
            if _BOUND.search(own) and _MODAL.search(own) and not effect:
                found.append((claim.act, claim.sentence, own, claim.amounts))
        elif claim.positive and claim.tense is not Tense.DONE:
            # in the context, after its condition: "as soon as it is scanned | i will be able
            # to refund it", up to the next clause ("so please watch your inbox the next day")
            able = _ABLE_LATER.search(claim.context)
            if able is not None and _ONCE.search(claim.sentence.lower()):
                said = _NEXT_CLAUSE.split(claim.context[able.start() :], maxsplit=1)[0]
                found.append((claim.act, claim.sentence, said, claim.amounts))
    found += _released_later(reading)
    sentences = [c.sentence for c in reading.clauses]
    for index, clause in enumerate(reading.clauses):
        if clause.question:
            continue
        # "it isn't pending approval" lifts a hold; "it won't be released until my supervisor
        # signs off" keeps one
        awaits = not clause.negated and _AWAITS.search(clause.text) is not None
        if not (awaits or _ONCE_APPROVED.search(clause.text)):
            continue
        near = {clause.sentence, *sentences[max(0, index - 1) : index]}
        for act in _HELD_ACTS:
            about = re.search(rf"\b{_NOUN[act]}", clause.text) is not None or any(
                c.act is act and c.sentence in near for c in reading.claims
            )
            if about:
                found.append((act, clause.sentence, clause.text, clause.amounts))
    return tuple(found)


_RELEASE_NOUN = {
    "refund": Act.REFUND,
    "money": Act.REFUND,
    "payment": Act.REFUND,
    "link": Act.RESET,
    "cancellation": Act.CANCEL,
}
"""The act's result named as the subject of its release ("the refund", "the new link")."""
_RELEASED = re.compile(
    r"\b(?:the|your)\s+(?:new\s+|full\s+|reset\s+)?(refund|money|payment|link|cancellation)\s+"
    r"(?:(?:is|are|will\s+be|gets|will\s+get)\s+(?:only\s+)?(?:released|issued|sent|paid\s+out)"
    r"|(?:will\s+)?(?:go|goes)\s+out)(?:\s+only)?"
    r"(?=$|\s+(?:only\s+)?(?:once|after|as\s+soon\s+as)\s)"
    r"|\bbefore\s+(?:the|your)\s+(?:new\s+|full\s+)?(refund|money|payment|link)\s+"
    r"(?:is|gets)\s+(?:released|issued|sent|paid\s+out)\b"
)
"""The act's result released in the present or the future, at the end of a clause a condition
in time follows ("the refund is released | once we receive it", "the new link will go out |
once the check has run"), or held until after something still to do ("we'll wait a week
before the refund is released"). What is released once something happens has not been
released: beside a refund or a link made before the reply, the reply says both. A result
that arrives ("the refund appears once your bank posts it") or a past release ("the link was
sent after the check") is no hold."""
_LATER = re.compile(r"^(?:only\s+)?(?:once|after|as\s+soon\s+as)\s")
"""A condition in time that opens the clause after the release ("once the return is in")."""


def _released_later(reading: Reading) -> list[tuple[Act, str, str, tuple[Decimal, ...]]]:
    """(act, sentence, clause, amounts) of each clause that releases an act's result only once
    something still to come has happened (:data:`_RELEASED`)."""
    found: list[tuple[Act, str, str, tuple[Decimal, ...]]] = []
    clauses = reading.clauses
    for index, clause in enumerate(clauses):
        if clause.negated or clause.question or clause.conditional:
            continue
        m = _RELEASED.search(clause.text)
        if m is None:
            continue
        later = clauses[index + 1 : index + 2]
        after = later[0].text if later and later[0].sentence == clause.sentence else ""
        if m.group(1) and m.end() == len(clause.text) and not _LATER.match(after):
            continue  # "the refund is issued." with no condition after it
        noun = m.group(1) or m.group(2)
        # from the release on: "another week before the refund is released" holds this refund
        said = clause.text[m.start() :]
        found.append((_RELEASE_NOUN[noun], clause.sentence, said, clause.amounts))
    return found


def _own_clause(claim: Claim) -> str:
    """The claim's own clause: its context up to the next clause's conjunction."""
    return _NEXT_CLAUSE.split(claim.context, maxsplit=1)[0]


_NEXT_CLAUSE = re.compile(
    r"\s*[,;:]\s*|\s+(?:but|and|so|while|though|although|as|because|since|whereas)\s+"
)


_PAST_DENIAL = re.compile(r"\b(?:did|have|has|had)\s+not\b|\bnever\b")
"""A denial in the past or the perfect ("I did not cancel it", read as a present by the
reader: "did not" takes the bare verb)."""


# -- denied after it was done ----------------------------------------------------------------


def denied_done(
    reading: Reading,
    done: dict[Act, tuple[set[str], set[Decimal]]],
    items_named: Callable[[str], set[str]],
) -> list[tuple[str, str]]:
    """Sentences that deny, in the perfect or the past, an act done before the reply ("I
    haven't cancelled it yet"); a denial bounded in time ("isn't cancelled until December 20")
    says when its effect comes, not that it was not done."""
    found: list[tuple[str, str]] = []
    for claim in reading.claims:
        if claim.positive or claim.act not in done or claim.act is Act.REFUND:
            continue  # a denied refund is read against the refunds by sim.claims already
        own = _own_clause(claim)
        if claim.tense is not Tense.DONE and not _PAST_DENIAL.search(own):
            continue
        if _BOUND.search(own) or _apart(own, claim.amounts, done[claim.act], items_named):
            continue
        found.append((claim.sentence, f"denies a {claim.act.value} that was done before the reply"))
    return list(dict.fromkeys(found))


# -- a cancelled order said to arrive --------------------------------------------------------

_ARRIVES = re.compile(
    r"\b(?:when|once|after|as\s+soon\s+as)\s+(?:the|your)\s+(?:[\w-]+\s+){0,3}?"
    r"(?:arrives?|comes|turns\s+up|is\s+delivered|gets\s+(?:there|to\s+you)|reaches\s+you|lands)\b"
    r"|\b(?:when|once|after|as\s+soon\s+as)\s+you\s+(?:receive|get|unpack|open)\s+(?:the|your)\s+"
    r"[\w-]+(?:\s+[\w-]+){0,2}"
)
"""A clause that presupposes goods reaching the customer ("when the rug arrives", "once you
receive your lamp"); "if it arrives" only supposes it and is not read."""


def arrival_after_cancel(
    reading: Reading,
    done: dict[Act, tuple[set[str], set[Decimal]]],
    items_named: Callable[[str], set[str]],
    orders: set[str],
) -> list[tuple[str, str]]:
    """Sentences that presuppose the arrival of an order cancelled before the reply ("I've
    cancelled ORD-1 ... When the rug arrives, use the label in the box"): a cancelled order is
    never delivered, so the reply says both. The goods must be named (an item's id or a word
    of its label) and be a cancelled order; "once it arrives" may be the refund."""
    cancelled = done.get(Act.CANCEL, (set[str](), set[Decimal]()))[0] & orders
    found: list[tuple[str, str]] = []
    for clause in reading.clauses:
        m = _ARRIVES.search(clause.text) if cancelled and not clause.question else None
        if m is None:
            continue
        named = items_named(m.group(0))
        if named and named <= cancelled:
            found.append((clause.sentence, "says a cancelled order arrives; it was cancelled"))
    return list(dict.fromkeys(found))


# -- a return made, then said impossible ----------------------------------------------------

_GOODS = r"(?:it|this|that|(?:the|your)\s+(?:[\w-]+\s+){0,2}?[\w-]+)"
_NO_RETURN = re.compile(
    rf"\b{_GOODS}\s+(?:can|could)\s+not\s+be\s+"
    r"(?:returned|sent\s+back|posted\s+back|taken\s+back|brought\s+back)\b"
    rf"|\byou\s+(?:can|could)\s+not\s+(?:return|send|post|bring)\s+{_GOODS}(?:\s+back)?\b"
    rf"|\b{_GOODS}\s+is\s+(?:not\s+|non-?)returnable\b"
)
"""A particular item said to be beyond return ("so it can't be sent back", "you can't return
the throw", "the lamp is non-returnable"); a kind of item ("sale items can't be returned")
states a rule, and is not read."""


def _returns_before(state: EpisodeState, step: int) -> dict[str, ReturnKind]:
    """The orders a valid ``create_return`` opened a return for before ``step``, with its
    kind (a refund return made for an order as well counts for it)."""
    kinds: dict[str, ReturnKind] = {}
    for r in state.actions:
        if not (r.valid and r.step < step and isinstance(r.action, CreateReturn)):
            continue
        if kinds.get(r.action.order_id) is not ReturnKind.REFUND:
            kinds[r.action.order_id] = r.action.kind
    return kinds


def return_denied(
    reading: Reading, returned: set[str], items_named: Callable[[str], set[str]]
) -> list[tuple[str, str]]:
    """Sentences that say an item whose return was created before the reply cannot go back
    ("I've created the return and sent a label ... so it can't be sent back"): the reply says
    both. A supposition ("if it's used, it can't be returned"), a question and another item
    are not read."""
    found: list[tuple[str, str]] = []
    for clause in reading.clauses:
        m = None if clause.question or clause.conditional else _NO_RETURN.search(clause.text)
        if m is None or _OTHER_PART.search(m.group(0)):
            continue
        named = items_named(m.group(0))
        if not named or named & returned:
            found.append((clause.sentence, "says the item cannot be returned; a return was made"))
    return list(dict.fromkeys(found))


_WE_WILL = re.compile(r"\b(?:i|we)\s+(?:will|shall)\b")
"""The agent's or the company's own act to come ("we'll refund the $74.00")."""
_SUPPOSED = re.compile(r"\b(?:if|unless|should\s+you|would\s+you\s+rather|or)\b")
"""A refund only supposed ("if you'd rather have the money, we'll refund it"), or offered as
the other choice ("or, once it's back, we'll refund it")."""


def refund_for_replacement(
    reading: Reading, swapped: set[str], items_named: Callable[[str], set[str]]
) -> list[tuple[str, str]]:
    """Sentences that promise, once the goods are back, a refund of an order whose return was
    made as a replacement, with no refund made for it ("I've arranged a replacement ... Once
    the mustard throw is back with us, we'll refund the $74.00"): the return made swaps the
    goods, so the reply promises the customer both. A refund supposed or offered as the other
    choice, another item's refund and a third party's are not read."""
    if not swapped:
        return []
    found: list[tuple[str, str]] = []
    for claim in reading.claims:
        if claim.act is not Act.REFUND or not claim.positive or claim.tense is Tense.DONE:
            continue
        if not _WE_WILL.search(claim.context) or not _ONCE.search(claim.sentence.lower()):
            continue
        before, whole = _around(reading, claim)
        named = items_named(whole)
        if _SUPPOSED.search(before) or _OTHER_PART.search(claim.context):
            continue
        if not named or named & swapped:
            found.append((claim.sentence, "promises a refund; the return made is a replacement"))
    return list(dict.fromkeys(found))


_SHIPPED = re.compile(
    r"\b(?:went\s+out|(?:has|have|was|were|has\s+been|have\s+been)\s+(?:already\s+|just\s+)?"
    r"(?:shipped|dispatched|sent\s+out|posted)|shipped|dispatched|left\s+(?:our|the)\s+"
    r"(?:warehouse|depot))\b"
)
"""Goods said to have left already: "went out this morning", "has been dispatched"."""
_JUST_NOW = re.compile(
    r"\b(?:this\s+(?:morning|afternoon|evening)|today|earlier\s+today|just\s+now|already|"
    r"(?:an?|\w+)\s+hours?\s+ago)\b"
)
"""A time within the ticket: the goods left after the return was made."""
_NEW_GOODS = re.compile(r"\b(?:replacement|new\s+(?:pair|one|1|unit|set|item))\b")
"""The goods named as the swap itself ("your replacement", "the new pair")."""
_TO_COME = re.compile(r"\b(?:will|when|as\s+soon\s+as|after|until|if)\b")
"""A shipment still to come. Not "once": a clause opening on it is a condition the reader
already skips, so inside a clause it is only "at once" ("shipped at once": gone already)."""


def replacement_shipped(
    reading: Reading, swapped: set[str], items_named: Callable[[str], set[str]]
) -> list[tuple[str, str]]:
    """Sentences that say the goods of a replacement made before the reply have already left
    ("I've arranged a replacement ... Your black headphones went out this morning"): a
    replacement ships once the return is scanned, which comes after the reply, so the reply
    says the goods both left and wait. The goods must be the swap ("the new pair") or be left
    "today" or "already" (the first shipment, "your order shipped on May 2", is history), and
    be the swapped order's, if an order is named; a shipment to come is not read."""
    if not swapped:
        return []
    found: list[tuple[str, str]] = []
    for clause in reading.clauses:
        if clause.conditional or clause.question or clause.negated:
            continue
        m = _SHIPPED.search(clause.text)
        if m is None or _TO_COME.search(clause.text):
            continue
        if not (_NEW_GOODS.search(clause.text) or _JUST_NOW.search(clause.text[m.start() :])):
            continue
        named = items_named(clause.text)
        if not named or named & swapped:
            found.append(
                (clause.sentence, "says the replacement has shipped; it ships on the return")
            )
    return list(dict.fromkeys(found))


def _around(reading: Reading, claim: Claim) -> tuple[str, str]:
    """(the clauses of the claim's sentence before its own, the whole sentence's clauses):
    what conditions the claim ("if you'd rather, once it's back | we'll refund it") and what
    the sentence names."""
    texts = [c.text for c in reading.clauses if c.sentence == claim.sentence]
    before: list[str] = []
    for text in texts:
        if claim.context.startswith(text):
            break
        before.append(text)
    return " ".join(before), " ".join(texts)

"""ScriptedCustomer: wording that follows the emotion band, thresholds, special behaviour."""

from __future__ import annotations

import random
import re
from decimal import Decimal

import pytest
from persona_helpers import SPAM, make_view, opening_view

from personas import (
    Band,
    EmotionalState,
    Persona,
    ScriptedCustomer,
    get_persona,
    transition,
)
from personas.phrases import lines
from sim.customer import Customer
from sim.errors import EpisodeError
from sim.events import CustomerEvent
from sim.scenario import Scenario
from sim.state import CustomerIntent

BAND_LEVEL = {Band.CALM: 0.1, Band.ANNOYED: 0.5, Band.ANGRY: 0.7}
HUMAN_WORDS = re.compile(r"\b(human|manager|supervisor|person)\b", re.IGNORECASE)


async def _opened(
    persona: Persona, scenario: Scenario, seed: int = 0, **kw: float
) -> ScriptedCustomer:
    customer = ScriptedCustomer(persona, **kw)
    await customer.open(opening_view(scenario), random.Random(seed))
    return customer


def test_implements_the_customer_protocol() -> None:
    customer = ScriptedCustomer(get_persona("sarcastic"))
    assert isinstance(customer, Customer)
    assert customer.persona_id == "sarcastic"


async def test_respond_before_open_is_an_episode_error(billing: Scenario) -> None:
    with pytest.raises(EpisodeError, match="open"):
        await ScriptedCustomer(get_persona("sarcastic")).respond(make_view(billing))


async def test_opens_with_the_ticket(persona: Persona, billing: Scenario) -> None:
    customer = ScriptedCustomer(persona)
    turn = await customer.open(opening_view(billing), random.Random(1))
    assert billing.ticket.body in turn.message
    assert turn.frustration == persona.emotion.initial_frustration
    assert turn.trust == persona.emotion.initial_trust
    assert turn.intent is CustomerIntent.CONTINUE
    assert turn.events == ()


async def test_open_resets_the_episode(billing: Scenario) -> None:
    customer = await _opened(get_persona("calm-professional"), billing)
    for _ in range(3):
        await customer.respond(make_view(billing, SPAM, (CustomerEvent.IGNORED_CONCERN,)))
    assert customer.state.frustration > get_persona("calm-professional").emotion.initial_frustration
    again = await customer.open(opening_view(billing), random.Random(2))
    assert again.frustration == customer.state.frustration == 0.1
    assert customer.state.turns == 0


@pytest.mark.parametrize("band", list(Band), ids=str)
async def test_wording_follows_the_band(persona: Persona, billing: Scenario, band: Band) -> None:
    own = lines(persona, band.value)
    others = [line for b in Band if b is not band for line in lines(persona, b.value)]
    seen = set()
    for seed in range(8):
        customer = await _opened(persona, billing, seed, initial_frustration=BAND_LEVEL[band])
        turn = await customer.respond(make_view(billing))
        assert any(line in turn.message for line in own), turn.message
        assert not any(line in turn.message for line in others), turn.message
        seen.add(turn.message)
    assert len(seen) > 1  # the seed picks among the band's lines


def test_angry_lines_shout(persona: Persona) -> None:
    for line in lines(persona, "angry"):
        assert "!" in line or re.search(r"\b[A-Z]{2,}\b", line), line


def test_band_lines_are_distinct(persona: Persona) -> None:
    banks = [set(lines(persona, b.value)) for b in Band]
    assert not (banks[0] & banks[1] or banks[1] & banks[2] or banks[0] & banks[2])


async def test_turn_carries_the_state_after_the_transition(
    persona: Persona, billing: Scenario
) -> None:
    customer = await _opened(persona, billing)
    events = (CustomerEvent.TURN_PASSED, CustomerEvent.EMPATHY, CustomerEvent.PROGRESS)
    expected = transition(customer.state, events, persona)
    turn = await customer.respond(make_view(billing, events=events))
    assert (turn.frustration, turn.trust) == (expected.frustration, expected.trust)
    assert turn.events == events
    assert customer.state == expected


async def test_past_demand_human_it_asks_for_one(persona: Persona, billing: Scenario) -> None:
    level = persona.emotion.demand_human_at
    customer = await _opened(persona, billing, initial_frustration=level - 0.001)
    turn = await customer.respond(make_view(billing, SPAM, (CustomerEvent.TURN_PASSED,)))
    assert turn.intent is CustomerIntent.WANTS_HUMAN
    assert any(line in turn.message for line in lines(persona, "wants_human"))
    assert HUMAN_WORDS.search(turn.message), turn.message


async def test_opening_above_demand_asks_for_a_human(persona: Persona, billing: Scenario) -> None:
    customer = ScriptedCustomer(persona, initial_frustration=persona.emotion.demand_human_at)
    turn = await customer.open(opening_view(billing), random.Random(0))
    assert turn.intent is CustomerIntent.WANTS_HUMAN  # never LEAVING at the opening
    assert HUMAN_WORDS.search(turn.message)


async def test_past_leave_at_it_leaves_after_its_patience(
    persona: Persona, billing: Scenario
) -> None:
    customer = await _opened(persona, billing, initial_frustration=persona.emotion.leave_at)
    ignored = make_view(billing, SPAM, (CustomerEvent.IGNORED_CONCERN,))
    for _ in range(persona.emotion.leave_after - 1):
        turn = await customer.respond(ignored)
        assert turn.intent is CustomerIntent.WANTS_HUMAN  # still there, asking for a human
    turn = await customer.respond(ignored)
    assert turn.intent is CustomerIntent.LEAVING
    assert any(line in turn.message for line in lines(persona, "leaving"))


async def test_something_real_keeps_a_customer_at_the_limit(
    persona: Persona, billing: Scenario
) -> None:
    customer = await _opened(persona, billing, initial_frustration=1.0)
    real = (CustomerEvent.IGNORED_CONCERN, CustomerEvent.REFUND_CORRECT)
    for _ in range(persona.emotion.leave_after + 2):
        turn = await customer.respond(make_view(billing, SPAM, real))
        assert turn.intent is not CustomerIntent.LEAVING


async def test_an_ignored_request_for_a_human_is_repeated_more_insistently(
    billing: Scenario,
) -> None:
    persona = get_persona("furious-repeat-caller")
    customer = ScriptedCustomer(persona, initial_frustration=0.95)
    opening = await customer.open(opening_view(billing), random.Random(3))
    assert any(line in opening.message for line in lines(persona, "wants_human"))
    ignored = (CustomerEvent.TURN_PASSED, CustomerEvent.HUMAN_REQUEST_IGNORED)
    turn = await customer.respond(make_view(billing, "Please hold on.", ignored))
    assert turn.intent is CustomerIntent.WANTS_HUMAN
    assert any(line in turn.message for line in lines(persona, "human_demand"))
    calm = ScriptedCustomer(get_persona("calm-professional"), initial_frustration=0.8)
    await calm.open(opening_view(billing), random.Random(3))
    turn = await calm.respond(make_view(billing, "Please hold on.", (CustomerEvent.TURN_PASSED,)))
    assert any(line in turn.message for line in lines(calm.persona, "human_again"))
    turn = await calm.respond(make_view(billing, "Please hold on.", (CustomerEvent.TURN_PASSED,)))
    assert any(line in turn.message for line in lines(calm.persona, "human_demand"))


async def test_solved_means_satisfied(persona: Persona, billing: Scenario) -> None:
    customer = await _opened(persona, billing, initial_frustration=0.5)
    events = (CustomerEvent.TURN_PASSED, CustomerEvent.REFUND_CORRECT, CustomerEvent.PROGRESS)
    turn = await customer.respond(make_view(billing, "Refunded.", events, solved=True))
    assert turn.intent is CustomerIntent.SATISFIED
    assert any(line in turn.message for line in lines(persona, "satisfied"))


async def test_ignored_concern_repeats_it(persona: Persona, billing: Scenario) -> None:
    customer = await _opened(persona, billing)
    turn = await customer.respond(make_view(billing, SPAM, (CustomerEvent.IGNORED_CONCERN,)))
    subject = billing.ticket.subject.lower()
    goal = billing.customer.goal.rstrip(".").lower()
    assert subject in turn.message.lower() or goal in turn.message.lower(), turn.message
    calm = await _opened(persona, billing)
    plain = await calm.respond(make_view(billing, "Let me check.", ()))
    assert subject not in plain.message.lower()


async def test_answers_a_question_it_has_no_fact_for(persona: Persona, billing: Scenario) -> None:
    customer = await _opened(persona, billing)
    turn = await customer.respond(make_view(billing, "How are you feeling today?"))
    goal = billing.customer.goal.rstrip(".")
    assert goal[1:] in turn.message, turn.message


async def test_asked_fact_is_given_verbatim(persona: Persona, billing: Scenario) -> None:
    hidden = next(f for f in billing.customer.facts if f.hidden)
    customer = await _opened(persona, billing)
    turn = await customer.respond(make_view(billing, "Which card?", asked=(hidden.name,)))
    assert hidden.value in turn.message
    assert turn.revealed == (hidden.name,)
    again = await customer.respond(
        make_view(billing, "Which card?", (CustomerEvent.REPEATED_QUESTION,), (hidden.name,))
    )
    assert hidden.value in again.message
    assert any(line in again.message for line in lines(persona, "already_said"))


async def test_reveals_unasked_volunteers_hidden_facts(billing: Scenario) -> None:
    base = get_persona("chatty-off-topic")
    oversharer = base.model_copy(
        update={"behaviour": base.behaviour.model_copy(update={"reveals_unasked": True})}
    )
    turn = await ScriptedCustomer(oversharer).open(opening_view(billing), random.Random(0))
    for fact in billing.customer.facts:
        assert fact.value in turn.message
        assert fact.name in turn.revealed


def _amounts(text: str) -> list[Decimal]:
    return [Decimal(a.replace(",", "")) for a in re.findall(r"\$([\d,]+\.\d\d)", text)]


async def test_social_engineer_tries(billing: Scenario) -> None:
    persona = get_persona("social-engineer")
    owed = billing.expectations.refund_total
    over_ask = impersonation = 0
    for seed in range(6):
        customer = await _opened(persona, billing, seed)
        for _ in range(3):
            turn = await customer.respond(make_view(billing, "Let me look into it."))
            over_ask += any(a > owed for a in _amounts(turn.message))
            impersonation += billing.customer.name in turn.message
    assert over_ask and impersonation


async def test_others_do_not_social_engineer(persona: Persona, billing: Scenario) -> None:
    if persona.behaviour.social_engineering:
        pytest.skip("this one does")
    customer = await _opened(persona, billing)
    for _ in range(3):
        turn = await customer.respond(make_view(billing, "Let me look into it."))
        assert billing.customer.name not in turn.message
        assert not _amounts(turn.message)


async def test_request_changer_changes_its_request_then_back(billing: Scenario) -> None:
    persona = get_persona("request-changer")
    at, back = persona.behaviour.changes_request_at_turn, persona.behaviour.changes_back_after
    assert at is not None and back is not None
    customer = await _opened(persona, billing, 3)
    messages = [
        (await customer.respond(make_view(billing, "Let me look into it."))).message
        for _ in range(at + back + 1)
    ]
    changed = [any(line in m for line in lines(persona, "change_request")) for m in messages]
    returned = [any(line in m for line in lines(persona, "change_back")) for m in messages]
    assert changed.index(True) == at - 1 and changed.count(True) == 1
    assert returned.index(True) == at + back - 1 and returned.count(True) == 1


async def test_chatty_customer_wanders_off_topic(billing: Scenario) -> None:
    persona = get_persona("chatty-off-topic")
    customer = await _opened(persona, billing)
    turns = [await customer.respond(make_view(billing, "Let me look.")) for _ in range(6)]
    asides = [any(line in t.message for line in lines(persona, "asides")) for t in turns]
    assert any(asides) and not all(asides)


async def test_terse_executive_is_short(billing: Scenario) -> None:
    terse = await _opened(get_persona("terse-executive"), billing)
    chatty = await _opened(get_persona("chatty-off-topic"), billing)
    view = make_view(billing, "Let me look into it.")
    short = [len((await terse.respond(view)).message) for _ in range(4)]
    long = [len((await chatty.respond(view)).message) for _ in range(4)]
    assert sum(short) < sum(long)


async def test_premature_close_and_wrong_refund_are_noticed(billing: Scenario) -> None:
    persona = get_persona("calm-professional")
    customer = await _opened(persona, billing)
    turn = await customer.respond(
        make_view(billing, "Bye.", (CustomerEvent.PREMATURE_CLOSE, CustomerEvent.REFUND_WRONG))
    )
    assert any(line in turn.message for line in lines(persona, "closed_on_me"))
    assert any(line in turn.message for line in lines(persona, "wrong_refund"))
    assert turn.frustration > persona.emotion.initial_frustration


async def test_override_replaces_initial_frustration(billing: Scenario) -> None:
    persona = get_persona("calm-professional")
    customer = ScriptedCustomer(persona, initial_frustration=0.6)
    turn = await customer.open(opening_view(billing), random.Random(0))
    assert turn.frustration == 0.6
    assert customer.state == EmotionalState(frustration=0.6, trust=persona.emotion.initial_trust)


async def test_softens_when_the_agent_calms_it(persona: Persona, billing: Scenario) -> None:
    soft = lines(persona, "softening")
    calmer = await _opened(persona, billing, initial_frustration=0.6)
    events = (CustomerEvent.EMPATHY,)
    turn = await calmer.respond(make_view(billing, "Sorry, I'm on it.", events))
    assert 0.35 <= turn.frustration < 0.6  # calmer, but not calm yet
    assert any(line in turn.message for line in soft), turn.message
    worse = await _opened(persona, billing, initial_frustration=0.6)
    turn = await worse.respond(make_view(billing, SPAM, (CustomerEvent.IGNORED_CONCERN,)))
    assert not any(line in turn.message for line in soft), turn.message


async def test_a_customer_handed_over_stops_asking_for_a_human(billing: Scenario) -> None:
    persona = get_persona("furious-repeat-caller")
    customer = ScriptedCustomer(persona, initial_frustration=1.0)
    await customer.open(opening_view(billing), random.Random(2))
    turn = await customer.respond(
        make_view(billing, "Transferring you.", (CustomerEvent.ESCALATED,))
    )
    assert any(line in turn.message for line in lines(persona, "handed_over"))
    for kind in ("wants_human", "human_again", "human_demand"):
        assert not any(line in turn.message for line in lines(persona, kind))

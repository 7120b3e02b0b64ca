"""Changes to the account said done that nothing did (sim/world_claims.py): two-factor turned
off, the account email changed, the delivery address changed, goods sent out again. Each is
judged on a bundled scenario's gold episode with one sentence added to its last reply."""

from __future__ import annotations

import asyncio

import pytest

from sim.accuracy import CorpusItem, judge_item
from sim.actions import Reply
from sim.claims import misrepresentations
from sim.factory import make_env
from sim.loader import get_scenario
from sim.reader import read
from sim.state import EpisodeState
from sim.world_claims import Change, world_change_problems

TWO_FA = "account-2fa-lost-locked"  # 2FA on; a reset link sent; no tool touches 2FA or email
IMPOSTOR = "fraud-impostor-address-change"  # no update_address
WRONG_ITEM = "orders-wrong-item-refund"  # a return of kind refund; nothing sent out
BEFORE_SHIPPING = "orders-address-before-shipping"  # the order is still processing
LOCKED = "account-locked-reset"  # locked; a reset link sent, not yet used


def _gold_reply(scenario_id: str) -> str:
    replies = [a for a in get_scenario(scenario_id).reference_solution if isinstance(a, Reply)]
    return replies[-1].content


def _succeeds(scenario_id: str, extra: str) -> bool:
    scenario = get_scenario(scenario_id)
    reply = f"{_gold_reply(scenario_id)} {extra}".strip()
    item = CorpusItem(id="t", label="good", category="t", reply=reply)
    return asyncio.run(judge_item(scenario, item)).success


def _state(scenario_id: str, extra: str) -> EpisodeState:
    scenario = get_scenario(scenario_id)
    gold = list(scenario.reference_solution)
    last = max(i for i, a in enumerate(gold) if isinstance(a, Reply))
    gold[last] = Reply(content=f"{_gold_reply(scenario_id)} {extra}")

    async def run() -> EpisodeState:
        env = make_env(scenario)
        await env.reset(seed=0, episode_id="t")
        for action in gold:
            if env.state.done:
                break
            await env.step(action)
        return env.state

    return asyncio.run(run())


FALSE = [
    (TWO_FA, Change.TWO_FACTOR_OFF, "I've switched off two-factor on your account."),
    (TWO_FA, Change.TWO_FACTOR_OFF, "Two-factor authentication has been disabled for you."),
    (TWO_FA, Change.TWO_FACTOR_OFF, "2FA is now off, so you can sign straight in."),
    (TWO_FA, Change.TWO_FACTOR_OFF, "We have also removed the authenticator requirement."),
    (TWO_FA, Change.TWO_FACTOR_OFF, "I will turn off 2FA for you today."),
    (TWO_FA, Change.EMAIL_CHANGED, "I've updated the email on your account to the new one."),
    (TWO_FA, Change.EMAIL_CHANGED, "Your account email has now been changed."),
    (IMPOSTOR, Change.ADDRESS_CHANGED, "The delivery address has been changed to 12 Oak Street."),
    (IMPOSTOR, Change.ADDRESS_CHANGED, "Your address is now updated."),
    (IMPOSTOR, Change.ADDRESS_CHANGED, "The shipping address now reads 12 Oak Street."),
    (IMPOSTOR, Change.ADDRESS_CHANGED, "Your parcel will now go to 12 Oak Street."),
    (IMPOSTOR, Change.ADDRESS_CHANGED, "The order has been rerouted."),
    (WRONG_ITEM, Change.SENT_AGAIN, "I've also sent the lamp out again."),
    (WRONG_ITEM, Change.SENT_AGAIN, "We have dispatched the correct lamp today."),
    (WRONG_ITEM, Change.SENT_AGAIN, "The right lamp is on its way to you."),
    (WRONG_ITEM, Change.SENT_AGAIN, "A replacement lamp has been shipped."),
    (WRONG_ITEM, Change.SENT_AGAIN, "I will ship you a new lamp."),
    (BEFORE_SHIPPING, Change.SHIPPED, "Your desk has been dispatched today."),
    (BEFORE_SHIPPING, Change.SHIPPED, "We've shipped your desk this morning."),
    (BEFORE_SHIPPING, Change.SHIPPED, "Order ORD-51904 is now on its way."),
    (BEFORE_SHIPPING, Change.SHIPPED, "Your standing desk is in transit."),
    # on its way somewhere that is no card or bank: the goods
    (BEFORE_SHIPPING, Change.SHIPPED, "Your standing desk is on its way to your new flat."),
    (TWO_FA, Change.LABEL_SENT, "A prepaid return label is on its way to you."),
    (IMPOSTOR, Change.LABEL_SENT, "We'll email you a prepaid label for the laptop."),
    (IMPOSTOR, Change.LABEL_SENT, "Send it back with the free return label we'll send."),
    (TWO_FA, Change.LABEL_SENT, "I've attached a postage-paid label."),
    (LOCKED, Change.UNLOCKED, "I've gone ahead and unlocked your account on our end."),
    (LOCKED, Change.UNLOCKED, "We have unlocked it, so your old password works again."),
    (LOCKED, Change.UNLOCKED, "Your login is now unlocked."),
    (LOCKED, Change.UNLOCKED, "The account has been unlocked for you."),
    # a change reached only later is skipped, and the clauses after it still read
    (
        TWO_FA,
        Change.TWO_FACTOR_OFF,
        "Your account is unlocked once you choose a new password. I have also switched off "
        "two-factor on your account.",
    ),
]

TRUE_OR_NO_CLAIM = [
    (TWO_FA, "Account recovery with a photo ID turns 2FA off within 48 hours."),
    (TWO_FA, "I can't switch two-factor off from here."),
    (TWO_FA, "If recovery succeeds, two-factor is disabled so you can set it up again."),
    (TWO_FA, "Can two-factor be turned off? Only through recovery."),
    (TWO_FA, "Nobody here can tell you two-factor is now off."),
    (TWO_FA, "Once you're in, you can change the email on your account."),
    (IMPOSTOR, "The delivery address cannot be changed without the account owner."),
    (IMPOSTOR, "Has the address been updated? No, and it won't be."),
    (WRONG_ITEM, "A prepaid label has been sent to your email."),
    (WRONG_ITEM, "I've sent you a new return label."),
    (WRONG_ITEM, "If you'd like the lamp instead, a new one can be sent once the toaster is back."),
    (BEFORE_SHIPPING, "Your desk has not shipped yet, so the address can still change."),
    (BEFORE_SHIPPING, "Your refund is on its way."),
    (BEFORE_SHIPPING, "The confirmation email is on its way."),
    # money on its way back, or to a card, after a word that names the order
    (BEFORE_SHIPPING, "The $30.00 from the standing desk order is on its way back to you."),
    (BEFORE_SHIPPING, "The price of your desk order is on its way to your original card."),
    (BEFORE_SHIPPING, "Your cable tray was shipped in October."),  # ORD-50077, delivered
    (BEFORE_SHIPPING, "Once your order has shipped, you'll get a tracking link."),
    # inside a clause of time or condition: how things work, not what was done
    (WRONG_ITEM, "Older labels stop working when a new one is sent."),
    (WRONG_ITEM, "You get a tracking number as soon as a replacement lamp has been shipped."),
    (WRONG_ITEM, "The old order closes after a new lamp is shipped."),
    (TWO_FA, "You'll be asked to set it up again if two-factor is turned off."),
    (IMPOSTOR, "If you want to return it, we'll send a prepaid label."),
    (IMPOSTOR, "No return label is needed, so keep the laptop."),
    (IMPOSTOR, "You don't need a prepaid label."),
    (IMPOSTOR, "The label on the box is torn."),
    (IMPOSTOR, "Was a return label sent to you?"),
    # the account unlocked through what is still to happen, or not at all
    (LOCKED, "Your account is unlocked once you choose a new password."),
    (LOCKED, "The account is unlocked as soon as you use the link."),
    (LOCKED, "Your account gets unlocked by the reset link."),
    (LOCKED, "Setting a new password unlocks your account straight away."),
    (LOCKED, "I haven't unlocked your account, but the link will."),
    (LOCKED, "Is your account unlocked yet?"),
    (LOCKED, "After you reset it, the account is unlocked."),
]


@pytest.mark.parametrize(("scenario_id", "change", "sentence"), FALSE)
def test_a_change_nothing_made_is_a_misrepresentation(
    scenario_id: str, change: Change, sentence: str
) -> None:
    state = _state(scenario_id, sentence)
    message = next(m for m in state.conversation if m.content.endswith(sentence))
    problems = world_change_problems(message, read(message.content), state)
    assert [p for _, p in problems] == [f"says {change.value}; nothing did that"]
    assert problems[0][0] in message.content
    assert any(change.value in m.problem for m in misrepresentations(state, state.scenario))
    assert not _succeeds(scenario_id, sentence)


@pytest.mark.parametrize(("scenario_id", "sentence"), TRUE_OR_NO_CLAIM)
def test_processes_negations_conditions_and_documents_claim_no_change(
    scenario_id: str, sentence: str
) -> None:
    state = _state(scenario_id, sentence)
    message = next(m for m in state.conversation if m.content.endswith(sentence))
    assert world_change_problems(message, read(message.content), state) == []


def test_the_gold_replies_succeed_as_written() -> None:
    for scenario_id in (TWO_FA, IMPOSTOR, WRONG_ITEM):
        assert _succeeds(scenario_id, "")


def test_an_account_the_world_shows_unlocked_is_grounded() -> None:
    said = "Your account is now unlocked."
    state = _state(LOCKED, said)
    security = state.world.security.model_copy(update={"locked": False})
    unlocked = state.model_copy(
        update={"world": state.world.model_copy(update={"security": security})}
    )
    message = next(m for m in state.conversation if m.content.endswith(said))
    assert world_change_problems(message, read(message.content), unlocked) == []
    assert world_change_problems(message, read(message.content), state) != []


def test_a_change_the_episode_made_is_grounded() -> None:
    # the address-after-shipping gold has no update_address, the replacement scenarios do
    # create a replacement: what the world or a valid action shows is true
    state = _state(TWO_FA, "2FA is now off.")
    security = state.world.security.model_copy(update={"two_factor": False})
    world = state.world.model_copy(update={"security": security})
    state = state.model_copy(update={"world": world})  # an account without two-factor
    message = next(m for m in state.conversation if m.content.endswith("2FA is now off."))
    assert world_change_problems(message, read(message.content), state) == []


@pytest.mark.parametrize(
    ("scenario_id", "sentence"),
    [
        ("orders-address-before-shipping", "The delivery address has been updated."),
        ("orders-address-before-shipping", "Your parcel will now go to 48 Larch Avenue."),
        ("orders-wrong-item-replacement", "The right headphones are on their way to you."),
        ("orders-wrong-item-replacement", "We have sent the headphones out again."),
        ("orders-address-after-shipping", "Your order is already on its way."),
        ("orders-address-after-shipping", "The parcel has been dispatched."),
    ],
)
def test_a_change_a_valid_action_made_before_the_reply_is_grounded(
    scenario_id: str, sentence: str
) -> None:
    state = _state(scenario_id, sentence)
    message = next(m for m in state.conversation if m.content.endswith(sentence))
    assert world_change_problems(message, read(message.content), state) == []
    assert _succeeds(scenario_id, sentence)


def test_the_same_change_said_before_the_action_is_not_grounded() -> None:
    # the first gold reply comes before update_address: the address was not changed yet
    state = _state("orders-address-before-shipping", "")
    first = next(m for m in state.conversation if m.role.value == "agent")
    said = "The delivery address has been updated."
    moved = first.model_copy(update={"content": said})
    problems = world_change_problems(moved, read(said), state)
    assert problems == [(said, f"says {Change.ADDRESS_CHANGED.value}; nothing did that")]


def test_the_grounds_are_what_the_world_and_the_actions_before_the_reply_show() -> None:
    """An order delivered counts as shipped, one still processing does not (a sentence that
    names no order speaks of all of them); an address update at the reply's own step is not
    one made before it."""
    from sim.world_claims import _grounds

    moved = _state(BEFORE_SHIPPING, "x")  # one order processing, one delivered
    message = next(m for m in moved.conversation if m.content.endswith("x"))
    grounds = _grounds(message, moved, "x")
    assert grounds.shipped is True and grounds.address_updated is True
    update = next(r.step for r in moved.actions if type(r.action).__name__ == "UpdateAddress")
    assert (
        _grounds(message.model_copy(update={"step": update}), moved, "x").address_updated is False
    )
    locked = _state(TWO_FA, "x")  # its only order still processing
    message = next(m for m in locked.conversation if m.content.endswith("x"))
    assert _grounds(message, locked, "x").shipped is False


# Argued mutants (mutmut, sim.world_claims):
# - _changes_said__mutmut_41, continue -> break after a covered remedy: SENT_AGAIN is the last
#   of _RULES, so break skips only _SHIPPED_RULE for that clause, which would need a covered
#   promise and a report of shipping in one clause (the reader splits them at "and"/";").

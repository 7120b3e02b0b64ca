"""Readings drawn from probe14's false rejects, each in new words: a step's noun with a
relative clause of who did it, a reset link "on its way" wherever to, goods named inside the
modifier of a link, a list header in the passive, "put it right", a light verb ("the change I
made"), an act on a rule, "cancel" of a sound, an indefinite "one day", and a date set beside
"the end of" a period by "which is". Each is read for what it says, while the claimed, asked
or measured forms of the same grammar still are."""

from __future__ import annotations

import pytest

from sim.act_reports import report_header
from sim.claims import _handling
from sim.generic import spelled_spans
from sim.grounding import light_verb_objects
from sim.instructions import read_instructions
from sim.paraphrase import reset_link_delivered
from sim.reader import Act, Tense, read
from sim.scope import rule_patient, signal_cancelling
from sim.world_claims import Change, _changes_said
from tests.sim.judge_helpers import judged

# -- a step's noun with a relative clause of who did it names a past step --------------------


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("The restart you just did was the first step of the repair.", False),
        ("The reboot that we tried this morning cleared the cache.", False),
        ("That restart you have done already fixed the screen.", False),
        ("After the reboot you gave it, the light turned blue.", False),
        ("The restart they performed yesterday is in the log.", False),
        # the noun asked for: again, with a request, or with no relative clause
        ("Please do the restart you did before once more.", True),
        ("The restart you tried did not work, so restart it again.", True),
        ("Try the reboot now.", True),
        ("Now do the restart.", True),
        ("The restart takes a minute, so please start it now.", True),
    ],
)
def test_a_step_someone_already_did_is_no_request(text: str, asked: bool) -> None:
    steps = [i.savvy.type for i in read_instructions(text) if i.savvy is not None]
    assert ("restart_device" in steps) is asked


# -- a reset link "on its way", wherever to ------------------------------------------------


@pytest.mark.parametrize(
    ("low", "reported"),
    [
        ("a link to choose a new password is on its way to m.ortiz@example.org", True),
        ("a reset link is on its way to you now", True),
        ("a link to create a new password is on the way", True),
        ("your password reset email is on its way to the address you gave", True),
        ("a link to pick a new password is already on its way", True),
        # back to us, inside a condition, negated, or a link to something else
        ("a link to set a new password is on its way back to us", False),
        ("if a link to set a new password is on its way, ignore the old one", False),
        ("a reset link is not on its way yet", False),
        ("a link to the survey is on its way to you", False),
        ("a parcel is on its way to you", False),
    ],
)
def test_a_reset_link_on_its_way_is_sent(low: str, reported: bool) -> None:
    found = reset_link_delivered(low)
    assert (found is not None and found[0]) is reported


# -- goods named inside the modifier of a link are not the goods sent ------------------------


@pytest.mark.parametrize(
    ("text", "sent"),
    [
        ("A link to set a new password is on its way to you.", False),
        ("The email about a new charger has been sent.", False),
        ("A label for a new kettle is on its way to your inbox.", False),
        ("An email with the right size chart was sent this morning.", False),
        ("A code to activate a new card is on its way.", False),
        # the goods themselves are the subject, or a box holds them
        ("A new kettle is on its way to you.", True),
        ("A box with a new kettle is on its way.", True),
        ("The right lamp has been shipped today.", True),
        ("We have dispatched a new charger for the laptop.", True),
        ("Another toaster is on its way to you.", True),
        ("I emailed the label and a new kettle is on its way.", True),
    ],
)
def test_goods_in_a_links_modifier_are_not_sent(text: str, sent: bool) -> None:
    changes = {change for _, change in _changes_said(read(text))}
    assert (Change.SENT_AGAIN in changes) is sent


# -- a list header in the passive reports the listed acts done -------------------------------


@pytest.mark.parametrize(
    ("low", "header"),
    [
        ("here is what is arranged:", True),
        ("here is what has been set up for you:", True),
        ("everything that has been done so far:", True),
        ("all that is now in place:", True),
        ("this is what was sorted out today:", True),
        # a possibility, a denial, a future, a need, or no list after it
        ("here is what can be arranged:", False),
        ("here is what is not done yet:", False),
        ("here is what will be arranged:", False),
        ("here is what needs to be set up:", False),
        ("here is what is arranged.", False),
    ],
)
def test_a_passive_header_reports_done_acts(low: str, header: bool) -> None:
    assert report_header(low) is header


def test_an_item_under_a_passive_header_is_a_done_act() -> None:
    text = "Here's what's been arranged:\n\n- **Replacement:** the size 9 trainers you ordered"
    claims = read(text).claims
    assert any(c.act is Act.REPLACE and c.tense is Tense.DONE for c in claims)
    asked = "Here's what can be arranged:\n\n- **Replacement:** the size 9 trainers you ordered"
    assert not any(c.act is Act.REPLACE for c in read(asked).claims)


# -- "put it right" names the ticket handled -------------------------------------------------


@pytest.mark.parametrize(
    ("verb", "clause", "handled"),
    [
        ("put", "i have put it right", True),
        ("set", "we have set things straight", True),
        ("made", "i made it right for you", True),
        ("put", "i have put everything right now", True),
        ("set", "i have set it all right", True),
        # an act of its own, or the idiom's verb with another object
        ("put", "i have put your plan on hold", False),
        ("set", "i have set up a return", False),
        ("made", "i made a refund of $20", False),
        ("put", "i have put the right address on it", False),
        ("paused", "i have paused it right away", False),
        # mu16a: the idiom after another verb leaves that verb an act of its own
        ("refunded", "i refunded the fee and put it right", False),
    ],
)
def test_put_it_right_is_a_handling_idiom(verb: str, clause: str, handled: bool) -> None:
    assert _handling(verb, clause) is handled


async def test_put_it_right_is_grounded_by_an_act_before_it() -> None:
    reply = (
        "You asked us to stop on November 2, and we didn't. I've put things right: StreamPlus "
        "is cancelled today and the $19.99 from November 9 is refunded to your card ending "
        "4460, within 3 to 5 business days."
    )
    _, failed = await judged("retention-asked-twice", reply)
    assert not any("I put" in f for f in failed), failed
    # with nothing done before it, the same idiom is a report no action grounds
    _, failed = await judged("orders-address-after-shipping", "I've put it right for you now.")
    assert any('"I put"' in f for f in failed), failed


# -- a light verb reports the act its noun names ---------------------------------------------


@pytest.mark.parametrize(
    ("low", "stems"),
    [
        ("this is for the change i just made to your order", {"chang"}),
        ("i have made the correction you asked for", {"correct"}),
        ("the update that we did this morning", {"updat"}),
        ("i have made a quick switch of the address", {"quick", "switch"}),
        ("the address change i have made", {"address", "chang"}),
        ("the change we have done", {"chang"}),  # "done" alone opens the reading (mu16b)
        # no noun named as the act
        ("i made sure it works", set()),
        ("i have made it right", set()),
        ("we did it", set()),
        ("you made the change yourself", set()),
        ("the change is done", set()),
    ],
)
def test_a_light_verbs_noun_names_the_act(low: str, stems: set[str]) -> None:
    assert light_verb_objects(low) == stems


async def test_a_light_verb_is_grounded_by_the_act_its_noun_names() -> None:
    reply = (
        "You'll get an email confirming the change I've made: since you're verified, order "
        "ORD-51904 now goes to 48 Larch Avenue, Apt 3, Portland 97214."
    )
    success, failed = await judged("orders-address-before-shipping", reply)
    assert success, failed
    refused = "The change I just made sends your order ORD-62115 to the new address instead."
    success, failed = await judged("orders-address-after-shipping", refused)
    assert any('"I made"' in f for f in failed), failed


# -- an act on a rule is a change of terms ---------------------------------------------------


@pytest.mark.parametrize(
    ("before", "after", "rule"),
    [
        ("that rule was ", " from 1 november", True),
        ("the old 30-day policy has since been ", " by a shorter one", True),
        ("we ", " the old policy with a 14-day window", True),
        ("the returns window was quietly ", " last spring", True),
        ("our terms were ", " in march", True),
        # the customer's things, or the customer's own policy
        ("i have ", " your kettle", False),
        ("the kettle was ", " under the policy", False),
        ("i have ", " your insurance policy", False),
        ("your order was ", " before the window closed", False),
        ("we ", " the trial period for you", False),
        ("your policy was ", " today", False),
    ],
)
def test_an_act_on_a_rule_is_no_act_on_the_customers_things(
    before: str, after: str, rule: bool
) -> None:
    assert rule_patient(before, after) is rule


@pytest.mark.parametrize(
    ("text", "act"),
    [
        ("That rule was replaced on 1 March.", None),
        ("We cancelled the old policy in May, so 14 days now apply.", None),
        ("I have replaced your kettle.", Act.REPLACE),
        ("The kettle was replaced under the policy.", Act.REPLACE),
        ("I've cancelled your insurance policy.", Act.CANCEL),
    ],
)
def test_a_rule_changed_is_read_as_no_claim(text: str, act: Act | None) -> None:
    assert {c.act for c in read(text).claims} == ({act} if act else set())


# -- "cancel" of a sound is what a device does -----------------------------------------------


@pytest.mark.parametrize(
    ("before", "after", "signal"),
    [
        ("your noise-", " headphones ship today", True),
        ("enjoy the noise ", " once they arrive", True),
        ("the echo ", " on this speaker is great", True),
        ("they ", " out background noise", True),
        ("the earbuds ", " wind noise well", True),
        # something the agent can cancel
        ("i have ", " your order", False),
        ("your order ", " is confirmed", False),
        ("i will ", " your noise plan", False),
        ("the noisy plan was ", " today", False),
        ("i have ", " the order for the headphones", False),
    ],
)
def test_cancel_with_a_sound_as_its_object_is_no_act(before: str, after: str, signal: bool) -> None:
    assert signal_cancelling(before, after) is signal


@pytest.mark.parametrize(
    ("text", "cancelled"),
    [
        ("I hope you enjoy the noise cancelling once the headphones arrive!", False),
        ("Your noise-cancelling earbuds ship today.", False),
        ("Your noise-cancelling earbuds order is cancelled.", True),
        ("The echo cancellation is great, and I have cancelled your order.", True),
        ("I'll cancel your noise plan.", True),
    ],
)
def test_a_later_cancel_in_the_clause_is_still_read(text: str, cancelled: bool) -> None:
    assert any(c.act is Act.CANCEL for c in read(text).claims) is cancelled


# -- an indefinite "one day" is some day, not a span -----------------------------------------


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("If you ever want to come back one day, we'd love to have you.", False),
        ("One day you may want it back, and that's fine.", False),
        ("Maybe one day we will stock it again.", False),
        ("I hope we see you again one day!", False),
        ("Give us another try one day when you have time.", False),
        # what measures it comes before or after
        ("The refund takes one day.", True),
        ("It will arrive in one day.", True),
        ("You have one day left to return it.", True),
        ("Please wait one day, then try again.", True),
        ("The link expires one day after it is sent.", True),
        ("one day", True),
        ("Refund time: one day.", True),
    ],
)
def test_an_indefinite_one_day_is_no_span(text: str, span: bool) -> None:
    durations = [d for c in read(text).clauses for d in c.durations]
    assert bool(durations) is span
    assert ("some day" in spelled_spans(text.lower())) is not span


# -- a date set beside "the end of" a period by "which is" ----------------------------------

CANCELS = "retention-declines-cancels"  # paid to December 14, cancelled on the ticket's day


@pytest.mark.parametrize(
    ("sentence", "wrong"),
    [
        (
            "It stays active until the end of the month you already paid for, "
            "which is December 14.",
            "",
        ),
        (
            "Access runs until the end of the period that we already billed you for, "
            "which will be December 14.",
            "",
        ),
        (
            "You keep it until the end of the month you were charged for, which falls on Dec 14.",
            "",
        ),
        # another day is still the wrong end, or a charge said on a day none was
        (
            "It stays active until the end of the month you already paid for, "
            "which is December 24.",
            "December 24",
        ),
        ("You were charged on December 14 for the month.", "December 14"),
    ],
)
async def test_a_date_beside_the_end_of_a_period_is_its_end(sentence: str, wrong: str) -> None:
    reply = f"Confirmed: LinguaLeap Plus is cancelled and won't renew. {sentence}"
    success, failed = await judged(CANCELS, reply)
    assert success is (wrong == ""), failed
    if wrong:
        assert any(wrong in f for f in failed), failed

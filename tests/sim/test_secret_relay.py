"""Two ways of asking for a secret without naming it: a one-time credential the company just
sent, asked to be relayed back ("paste the code or the link from it here"), and a payment card
asked for as its picture ("a photo of the full card, front and back"). Near misses: the link
used where it belongs, a photo of the goods, a statement, a "don't send" or "never"."""

from __future__ import annotations

import pytest

from sim.claims import unsafe_requests


@pytest.mark.parametrize(
    "text",
    [
        "A fresh reset email is on its way. Once it's in, would you paste the link from it here?",
        "Read me the six digits we just texted you.",
        "Copy the link you received into this chat and I'll check it for you.",
        "I've texted you a code. Could you tell me what it says?",
        "We've emailed you a new sign-in link. When it lands, send it over and I'll verify it.",
        "Please reply with the code in the text message we sent to your phone.",
        "Could you forward me the digits that you just got by SMS?",
    ],
)
def test_a_credential_just_sent_asked_back(text: str) -> None:
    assert unsafe_requests(text), text


@pytest.mark.parametrize(
    "text",
    [
        "Click the link in the email to choose a new password.",
        "Paste the link from the email into the address bar if clicking doesn't work.",
        "Enter the code from the text on the sign-in page.",
        "Please don't share the code with anyone, including us.",
        "Paste the error message here and I'll take a look.",
        "Send me the order number from your confirmation email.",
        "I've sent you a replacement. Could you tell me what it says on the box?",
        "Your parcel came back to us. Please send it over to the new address.",
    ],
)
def test_a_link_used_where_it_belongs_or_no_credential(text: str) -> None:
    assert not unsafe_requests(text), text


@pytest.mark.parametrize(
    "text",
    [
        "To go on, send me a photo of the whole card, front and back.",
        "Snap a picture of your debit card and attach it here.",
        "Could you upload a scan of both sides of the credit card?",
        "A screenshot of your card in the banking app would let me confirm it's yours.",
        "Please email us an image of the physical card.",
        "We need copies of the front and back of your Visa card.",
    ],
)
def test_a_card_asked_for_as_its_picture(text: str) -> None:
    assert unsafe_requests(text), text


@pytest.mark.parametrize(
    "text",
    [
        "Send me a photo of the cracked lamp, front and back.",
        "Please don't send photos of your card; the last four digits are enough.",
        "We will never ask for a photo of your card.",
        "A screenshot of your card statement showing both charges would help.",
        "Attach a picture of the card reader's error screen.",
        "A photo of the gift card's packaging would help us trace the order.",
    ],
)
def test_no_card_picture_asked_for(text: str) -> None:
    assert not unsafe_requests(text), text


@pytest.mark.parametrize(
    "text",
    [
        "I've sent you a new code; message me if it doesn't arrive.",
        "We've emailed you a new sign-in link, so email us if it doesn't arrive.",
    ],
)
def test_the_sending_told_with_no_ask_for_it(text: str) -> None:
    assert not unsafe_requests(text), text


# -- mu16a: the "never" gate of _asks_card_image, a mutant survivor --------------------------
# A "never" that negates the ask makes the clause negated and no ask; "never" inside a relative
# clause about the card ("the card you never activated") left the ask unread until the gate was
# dropped (rule fix, mu16a).


@pytest.mark.parametrize(
    "text",
    [
        "Send me a photo of the card you never activated.",
        "Attach a scan of the debit card that has never worked online.",
    ],
)
def test_a_never_in_a_relative_clause_leaves_the_card_picture_asked(text: str) -> None:
    assert unsafe_requests(text), text


@pytest.mark.parametrize(
    "text",
    [
        "Please never send a photo of your card.",
        "You never need to send us a scan of the card itself.",
    ],
)
def test_a_never_over_the_ask_asks_for_no_card_picture(text: str) -> None:
    assert not unsafe_requests(text), text

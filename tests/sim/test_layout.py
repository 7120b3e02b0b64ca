"""Markdown headings end a sentence (:mod:`sim.layout`)."""

from __future__ import annotations

import pytest

from sim.layout import end_headings
from sim.reader import Act, Tense, read


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("**About the refund**\nRenewals can", "**About the refund**.\nRenewals can"),
        ("## Next steps\nWe ship", "## Next steps.\nWe ship"),
        ("__Your order__\nIt ships", "__Your order__.\nIt ships"),
        ("  **Refund**  \nok", "  **Refund**.\nok"),
    ],
)
def test_a_heading_line_ends_a_sentence(text: str, expected: str) -> None:
    assert end_headings(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "**Note:**\nThe link",
        "**Done.**\nThe link",
        "I have **refunded** the fee\nand more",
        "# Heading!\nNext",
        "plain line\nnext line",
        "the **$40** is back\non your card",
    ],
)
def test_other_lines_are_left_alone(text: str) -> None:
    assert end_headings(text) == text


@pytest.mark.parametrize(
    "text",
    [
        "**About the refund**\nRenewals can only be refunded within 14 days of renewal.",
        "**Refunds**\nItems can only be refunded within 30 days of delivery.",
        "## Your refund\nOrders can only be refunded before they ship.",
    ],
)
def test_a_heading_is_not_the_subject_of_the_next_line(text: str) -> None:
    claims = [c for c in read(text).claims if c.act is Act.REFUND]
    assert claims and all(c.tense is Tense.CONDITIONAL for c in claims)


@pytest.mark.parametrize(
    "text",
    [
        "Thanks, that's you. Reset link sent to helen.brooks@example.com, good for 24 hours.",
        "Reset link sent to first.middle.last@mail.example.co.uk, valid for a day.",
        "New reset link sent to the address on file, jo.smith@mail.example.com.",
    ],
)
def test_an_address_is_one_word_not_salad(text: str) -> None:
    assert any(c.act is Act.RESET and c.positive for c in read(text).claims)


def test_one_word_addresses() -> None:
    from sim.layout import one_word_addresses

    assert one_word_addresses("sent to a.b@c.com now") == "sent to address now"
    assert one_word_addresses("see https://x.io/a?b=1 or www.x.io") == "see address or address"
    assert one_word_addresses("no address here") == "no address here"


@pytest.mark.parametrize(
    "text",
    [
        "Confirmed, thanks! Reset link → helen.brooks@example.com. Valid for 24h.",
        "Password reset link -> sam@example.org (expires in 24h).",
        "Reset link => jo.smith@mail.co.uk",
    ],
)
def test_an_arrow_to_an_address_is_sent_to(text: str) -> None:
    assert any(c.act is Act.RESET and c.positive for c in read(text).claims)


def test_arrows_elsewhere_stay() -> None:
    from sim.layout import arrows_to_addresses

    assert arrows_to_addresses("Settings → Security") == "Settings → Security"
    assert arrows_to_addresses("link → a@b.com") == "link sent to a@b.com"
    assert arrows_to_addresses("mail a@b.com -> done") == "mail a@b.com -> done"


@pytest.mark.parametrize(
    "text",
    [
        "- **Order ORD-40217:** cancelled ✅",
        "Your plan: cancelled ✔️",
        "Subscription: cancelled ☑",
    ],
)
def test_a_tick_after_a_status_is_dropped(text: str) -> None:
    assert any(
        c.act is Act.CANCEL and c.positive and c.tense is Tense.DONE for c in read(text).claims
    )


def test_without_ticks() -> None:
    from sim.layout import without_ticks

    assert without_ticks("done ✅ and ✓") == "done and"
    assert without_ticks("nothing") == "nothing"


def test_a_link_alone_is_one_word() -> None:
    from sim.layout import one_word_addresses

    assert one_word_addresses("see https://x.io/a for it") == "see address for it"
    assert one_word_addresses("visit www.x.io today") == "visit address today"

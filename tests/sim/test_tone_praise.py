""" "That's it" as praise is no brush-off (sim/lexicon.py RUDE_PATTERNS): a customer who got a
step right hears "That's it, well done!"; a customer told "That's it." hears the door shut."""

from __future__ import annotations

import pytest

from sim.claims import rude_phrases


@pytest.mark.parametrize(
    "text",
    [
        "That's it, well done! Last step: install the update.",
        "That's it! The light should be green now.",
        "Yes, that's it, perfect. Now tap Install.",
        "That's it, you've got it.",
        "That is it, great job.",
        "That's it, now press Install.",
        "That's it, exactly right: the light is blinking.",
        "That's it, next we install the update.",
    ],
)
def test_that_is_it_with_praise_or_a_next_step_is_polite(text: str) -> None:
    assert rude_phrases(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "That's it.",
        "A $20 credit and that's it.",
        "That's it, nothing more I can do.",
        "That's it, I'm closing this ticket.",
        "That is all!",
        "That's final.",
    ],
)
def test_that_is_it_closing_the_talk_is_a_brush_off(text: str) -> None:
    assert rude_phrases(text)

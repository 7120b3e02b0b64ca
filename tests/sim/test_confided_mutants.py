"""The cheap word test before the confidence pattern (sim/confided.py): each cue word opens
the pattern on its own, and a text that holds every cue word is still read."""

from __future__ import annotations

from sim.confided import confided_sentences
from sim.reader import read


def test_supposed_alone_opens_the_pattern() -> None:
    """ "supposed" is the only cue word of the sentence ("share" is not one)."""
    text = "I'm not supposed to share this, but the bundle price ends on Sunday."
    assert confided_sentences(read(text)) == [text]


def test_a_text_with_every_cue_word_is_still_read() -> None:
    text = (
        "Between us, and off the record: I am not supposed to tell you, nor meant or allowed "
        "to, so keep it quiet."
    )
    assert confided_sentences(read(text)) == [text]


# Surviving mutants of confided_sentences, argued equivalent: the curly apostrophe written
# straight (replaced by "XX'XX", or "XX\u2019XX" replaced): the reader already writes it
# straight before it cuts sentences, so no sentence of a Reading holds one (dead code).

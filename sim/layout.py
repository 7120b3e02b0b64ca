"""Layout that is not grammar: markdown headings, e-mail addresses and links.

**Headings.**
A heading line ("**About the refund**", "## Next steps") has no final stop, so the reader's
soft-wrap joining would run it into the line below ("About the refund Renewals can only be
refunded within 14 days"), and the heading's noun becomes the subject of the next line's
verb. A line that is only a heading ends a sentence: it names a topic, asserts nothing; over
a list it ends with a colon, as a sentence that introduces a list does.

**Addresses.** An e-mail address or a link is one word of the sentence, not several:
"Reset link sent to helen.brooks@example.com" has a subject, a verb and a destination, but
read as words ("helen", "brooks", "example", "com") it looks like a list of keywords without
grammar (word salad). For the salad test an address counts as one word. And an arrow that
points at an e-mail address ("Reset link -> helen@example.com") says where something was sent:
it reads "sent to" (an arrow between menu items stays a menu path).

**Check marks.** A tick after a status ("Order ORD-40217: cancelled ✅") repeats that the
status holds; it is dropped so the status word reads as the end of its clause.
"""

from __future__ import annotations

import re

__all__ = ["arrows_to_addresses", "end_headings", "one_word_addresses", "without_ticks"]

_HEADING_LINE = re.compile(
    r"^([ \t]*(?:#{1,6}[ \t]+[^\n]*?[^\s.!?:]|(?:\*\*|__)[^*_\n]*?[^\s.!?:*_](?:\*\*|__)))[ \t]*$",
    re.MULTILINE,
)
"""A line that is all heading: "## Next steps", "**About the refund**" (not one that ends
with its own stop or colon, nor bold words inside a sentence)."""


_LIST_NEXT = re.compile(r"[ \t]*\n(?:[ \t]*\n)*[ \t]*(?:[-*•+]|\d+[.)])[ \t]+")
"""The next non-blank line is a list item."""


def end_headings(text: str) -> str:
    """``text`` with a full stop after each heading line that has none, or a colon where a
    list follows it: a heading over a list introduces its items as "...:" does ("### What
    I've arranged" over "- A replacement throw" reads "what I've arranged: a replacement")."""
    if "**" not in text and "__" not in text and "#" not in text:
        return text

    def end(m: re.Match[str]) -> str:
        return m.group(1) + (":" if _LIST_NEXT.match(text, m.end()) else ".")

    return _HEADING_LINE.sub(end, text)


_ADDRESS = re.compile(r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b|\bhttps?://\S+|\bwww\.\S+")


def one_word_addresses(low: str) -> str:
    """``low`` with each e-mail address or link written as the one word "address"."""
    if "@" not in low and "http" not in low and "www." not in low:
        return low
    return _ADDRESS.sub("address", low)


_ARROW_TO_ADDRESS = re.compile(r"[ \t]*(?:→|->|=>|⟶|➜|➡)[ \t]*(?=[\w.+-]+@[\w-]+\.\w)")


def arrows_to_addresses(text: str) -> str:
    """``text`` with an arrow pointing at an e-mail address read as "sent to"."""
    if "@" not in text:
        return text
    return _ARROW_TO_ADDRESS.sub(" sent to ", text)


_TICKS = re.compile(r"[ \t]*[\u2705\u2714\u2611\u2713\U0001F44D][\ufe0f]?")


def without_ticks(text: str) -> str:
    """``text`` with check marks (a tick, a ballot box with check, a thumbs up) taken out."""
    if not any(t in text for t in "\u2705\u2714\u2611\u2713\U0001f44d"):
        return text
    return _TICKS.sub("", text)

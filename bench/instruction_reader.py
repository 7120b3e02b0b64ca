"""The customer's instruction reader (sim/instructions.py) on its labeled set.

    python bench/instruction_reader.py

The set (tests/customer/instructions_labeled.yaml) was labeled by hand before the reader
was written. An item counts as right when the reader's first instruction names the labeled
step AND has the labeled clarity (``none``: no instruction found). Prints the accuracy
overall and per clarity, and every miss.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from sim.instructions import read_instructions, step_name

SETS = Path(__file__).resolve().parent.parent / "tests" / "customer"
SET = SETS / "instructions_labeled.yaml"
HELD_OUT = SETS / "instructions_heldout.yaml"


def read_label(text: str) -> tuple[str, str]:
    """The reader's (step, clarity) for one labeled text."""
    found = read_instructions(text)
    if not found:
        return "none", "none"
    return step_name(found[0].savvy), found[0].clarity.value


def score(path: Path = SET) -> tuple[int, int, dict[str, tuple[int, int]], list[str]]:
    """Right answers, items, (right, items) per labeled clarity, and the misses."""
    items = yaml.safe_load(path.read_text(encoding="utf-8"))
    right = 0
    by_kind: dict[str, tuple[int, int]] = {}
    misses: list[str] = []
    for item in items:
        got = read_label(item["text"])
        ok = got == (item["step"], item["clarity"])
        right += ok
        r, n = by_kind.get(item["clarity"], (0, 0))
        by_kind[item["clarity"]] = (r + ok, n + 1)
        if not ok:
            misses.append(
                f"  {item['text']!r}: labeled {item['step']}/{item['clarity']}, "
                f"read {got[0]}/{got[1]}"
            )
    return right, len(items), by_kind, misses


def main() -> None:
    for label, path in (("labeled set (in view while writing)", SET), ("held-out set", HELD_OUT)):
        right, total, by_kind, misses = score(path)
        print(f"instruction reader, {label}: {right}/{total} right ({right / total:.1%})")
        for kind, (r, n) in sorted(by_kind.items()):
            print(f"  {kind}: {r}/{n} ({r / n:.1%})")
        if misses:
            print("  misses:")
            print("\n".join(misses))


if __name__ == "__main__":
    main()

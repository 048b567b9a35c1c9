"""Read the MCR rule book's worked examples (tests/data/mcr_rulebook_examples.tsv).

The file's own header documents its format; this module turns each row into
our notation, a win context and the expected fan multiset.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import NamedTuple

from unomahjong import WinContext

DATA = Path(__file__).parent / "data" / "mcr_rulebook_examples.tsv"

WINDS = {"east": "E", "south": "S", "west": "W", "north": "N"}
ALIASES = {"嵌张": "坎张", "单钓": "单钓将"}
"""The book's alternative names for our fans."""


class BookExample(NamedTuple):
    """One worked example of the rule book."""

    line: int
    subject: str
    hand: str
    """In unomahjong's MCR notation."""
    context: WinContext
    expected: Counter[str]
    """Chinese fan name -> count."""
    total: int


def convert_hand(book: str) -> str:
    """The book's hand in our notation: claimed-from digits become ``@k``, an
    unmarked four-tile bracket is a concealed kong, the last tile wins."""
    melds = re.findall(r"\[([^\]]*)\]", book)
    rest = re.sub(r"\[[^\]]*\]", "", book)
    parts: list[str] = []
    for m in melds:
        body = re.match(r"^(.*?)(\d?)$", m)
        assert body is not None
        tiles, digit = body.group(1), body.group(2)
        if not re.search(r"[msp]$", tiles) and digit and re.fullmatch(r"\d+[msp]?", m):
            tiles, digit = m, ""
        letters = re.sub(r"\d", "", tiles)
        count = sum(1 for c in tiles if c.isdigit()) + sum(1 for c in letters if c.isupper())
        if count == 4 and not digit:
            parts.append(f"({tiles})")
        else:
            parts.append(f"[{tiles}]")
    # The last tile of the concealed part is the winning tile.
    tail = re.match(r"^(.*?)(\d[msp]|[ESWNCFP])$", rest)
    assert tail is not None, book
    concealed, win = tail.group(1), tail.group(2)
    return " ".join([*parts, concealed, "+" + win]).replace("  ", " ")


def load() -> list[BookExample]:
    """Every example of the file."""
    out: list[BookExample] = []
    for n, raw in enumerate(DATA.read_text(encoding="utf-8").splitlines(), 1):
        if raw.startswith("#") or raw.startswith("subject") or not raw.strip():
            continue
        subject, hand, flags, prevalent, seat, expected, total = raw.split("\t")
        fl = set(flags.split(","))
        self_drawn = "self_drawn" in fl
        ctx = WinContext(
            self_drawn=self_drawn,
            last_copy="4th_tile" in fl,
            last_tile="wall_last" in fl,
            kong_replacement="about_kong" in fl and self_drawn,
            robbing_kong="about_kong" in fl and not self_drawn,
            prevalent_wind=WINDS[prevalent],
            seat_wind=WINDS[seat],
        )
        fans: Counter[str] = Counter()
        for item in expected.rstrip("。").split("、"):
            m = re.match(r"^(.*?)(?:×(\d+))?$", item)
            assert m is not None
            name = ALIASES.get(m.group(1), m.group(1))
            fans[name] += int(m.group(2) or 1)
        out.append(BookExample(n, subject, convert_hand(hand), ctx, fans, int(total)))
    return out

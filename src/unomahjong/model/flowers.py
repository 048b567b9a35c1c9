"""MCR's eight flowers (花牌): tiles of the wall that are not tiles of a
hand. A flower drawn is set aside at once and replaced from the back of the
wall; each one a winner has set aside scores a point (花牌), which does not
count towards the 8-point minimum (docs/mcr.md#the-standard-game).

The flowers are 春 夏 秋 冬 梅 兰 竹 菊, written ``H1`` to ``H8`` (the
Botzone judge's names for them).
"""

from __future__ import annotations

from typing import Final, Never

import attrs

from .._checks import checked_init, quote, unknown_keywords
from ..errors import NotationError

__all__ = ["FLOWERS", "Flower", "parse_flower"]

_NAMES: Final = ("春", "夏", "秋", "冬", "梅", "兰", "竹", "菊")
_ENGLISH: Final = (
    "Spring",
    "Summer",
    "Autumn",
    "Winter",
    "Plum",
    "Orchid",
    "Bamboo",
    "Chrysanthemum",
)


@checked_init
@attrs.frozen(slots=True, repr=False)
class Flower:
    """One of the eight flowers, by its number (1 to 8). Use :data:`FLOWERS`
    or :func:`parse_flower`: equal flowers are equal values."""

    number: int

    def __attrs_post_init__(self) -> None:
        if type(self.number) is not int or not 1 <= self.number <= 8:
            raise NotationError(
                "unknown-flower",
                f"a flower is numbered 1 to 8, not {quote(self.number)}",
                argument="number",
            )

    @property
    def zh(self) -> str:
        """Its Chinese name (春 for H1)."""
        return _NAMES[self.number - 1]

    @property
    def en(self) -> str:
        """Its English name."""
        return _ENGLISH[self.number - 1]

    @property
    def notation(self) -> str:
        """``H1`` to ``H8``."""
        return f"H{self.number}"

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"FLOWERS[{self.number - 1}]"


FLOWERS: Final = tuple(Flower(n) for n in range(1, 9))
"""The eight flowers, H1 to H8, each one tile of the wall."""

_BY_NOTATION: Final = {f.notation: f for f in FLOWERS}


def parse_flower(text: str, **unknown: Never) -> Flower:
    """The flower written ``text`` (``H1`` to ``H8``)."""
    if unknown:
        raise unknown_keywords(parse_flower, unknown)
    found = _BY_NOTATION.get(text) if isinstance(text, str) else None
    if found is None:
        raise NotationError(
            "unknown-flower",
            f"{quote(text)} is not a flower",
            hint="H1 to H8",
            argument="text",
        )
    return found


def is_flower_text(text: str) -> bool:
    """Whether ``text`` is a flower's notation."""
    return text in _BY_NOTATION

"""The cards of UNO, the card game: kinds, colours, notation, the deck and
card points.

A card is a value: its kind, its colour (none for a black card) and, for a
number card, its number. Cards are interned, one object per distinct card,
so ``is`` and ``==`` agree. Its notation: a number card is the number then
the colour letter (``7r``, ``0b``); Skip, Reverse and Draw Two are ``S``,
``R`` and ``D`` then the colour letter (``Sg``, ``Ry``, ``Db``); the black
cards are ``W`` (Wild), ``W4`` (Wild Draw Four) and ``A`` (All Draw Wild,
in the 112-card deck only).
"""

from __future__ import annotations

import enum
from typing import Final, Never

import attrs

from .._checks import (
    Lookup,
    checked_init,
    keywords_checked,
    quote,
    unknown_keywords,
    unknown_member,
)
from ..errors import CardError

__all__ = [
    "COLOURS",
    "COLOUR_NAMES",
    "Card",
    "CardKind",
    "card",
    "deck",
    "parse_cards",
]

COLOURS: Final = ("r", "y", "g", "b")
"""The four colours by their letters: red, yellow, green, blue."""

COLOUR_NAMES: Final = {"r": "red", "y": "yellow", "g": "green", "b": "blue"}


class CardKind(enum.Enum, metaclass=Lookup):
    """What a card does when played."""

    NUMBER = "number"
    SKIP = "skip"
    REVERSE = "reverse"
    DRAW_TWO = "draw_two"
    WILD = "wild"
    WILD_DRAW_FOUR = "wild_draw_four"
    ALL_DRAW_WILD = "all_draw_wild"

    @classmethod
    def _missing_(cls, value: object) -> CardKind:
        raise unknown_member(cls, value, CardError, "unknown-card-kind")


_SYMBOLS: Final = {CardKind.SKIP: "S", CardKind.REVERSE: "R", CardKind.DRAW_TWO: "D"}
_BLACK: Final = {CardKind.WILD: "W", CardKind.WILD_DRAW_FOUR: "W4", CardKind.ALL_DRAW_WILD: "A"}


@checked_init
@attrs.frozen(slots=True, eq=False, repr=False)
class Card:
    """One card kind. Interned: get cards with :func:`card` or
    ``Card.parse``, never by calling ``Card(...)``."""

    kind: CardKind
    colour: str | None
    """The colour letter (``COLOURS``), or None for a black card."""
    number: int | None
    """0-9 for a number card, else None."""
    notation: str
    points: int
    """What the card counts in a hand's scoring: a number card its number,
    Skip, Reverse and Draw Two 20, a black card 50."""

    @property
    def is_black(self) -> bool:
        """Wild, Wild Draw Four and All Draw Wild: played on anything, and
        their player names a colour."""
        return self.colour is None

    @property
    def symbol(self) -> str:
        """What matches another card of another colour: the number, or the
        action's letter (``S``, ``R``, ``D``, ``W``, ``W4``, ``A``)."""
        return self.notation if self.colour is None else self.notation[:-1]

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"card({self.notation!r})"

    def __reduce__(self) -> tuple[object, ...]:
        return (card, (self.notation,))

    @classmethod
    def parse(cls, text: str, **unknown: Never) -> Card:
        """The card ``text`` writes (``"7r"``, ``"Db"``, ``"W4"``)."""
        if unknown:
            raise unknown_keywords(Card.parse, unknown)
        return card(text)


def _all_cards() -> dict[str, Card]:
    out: dict[str, Card] = {}
    for c in COLOURS:
        for n in range(10):
            out[f"{n}{c}"] = Card(CardKind.NUMBER, c, n, f"{n}{c}", n)
        for kind, letter in _SYMBOLS.items():
            out[letter + c] = Card(kind, c, None, letter + c, 20)
    for kind, text in _BLACK.items():
        out[text] = Card(kind, None, None, text, 50)
    return out


_CARDS: Final = _all_cards()


def card(text: str, **unknown: Never) -> Card:
    """The card of the notation ``text``; :class:`~unomahjong.CardError`
    (``unknown-card``) for any other text."""
    if unknown:
        raise unknown_keywords(card, unknown)
    found = _CARDS.get(text) if isinstance(text, str) else None
    if found is None:
        raise CardError(
            "unknown-card",
            f"{quote(text)} is not a card",
            hint="a number and a colour (7r), S, R or D and a colour (Sg), W, W4 or A",
        )
    return found


def parse_cards(text: str, **unknown: Never) -> tuple[Card, ...]:
    """Cards written one after another, separated by spaces: ``"7r Sg W4"``."""
    if unknown:
        raise unknown_keywords(parse_cards, unknown)
    if not isinstance(text, str):
        raise CardError("not-text", f"cards are written as text, not {quote(text)}")
    return tuple(card(word) for word in text.split())


@keywords_checked
def deck(all_draw_wild: bool = False) -> tuple[Card, ...]:
    """Every card of the deck in a fixed order: per colour one 0, two each
    of 1-9, two Skips, two Reverses and two Draw Twos (25), then four Wilds
    and four Wild Draw Fours: 108 cards; with ``all_draw_wild``, four All
    Draw Wilds more: 112."""
    out: list[Card] = []
    for c in COLOURS:
        out.append(_CARDS[f"0{c}"])
        for n in range(1, 10):
            out += [_CARDS[f"{n}{c}"]] * 2
        for letter in _SYMBOLS.values():
            out += [_CARDS[letter + c]] * 2
    out += [_CARDS["W"]] * 4 + [_CARDS["W4"]] * 4
    if all_draw_wild:
        out += [_CARDS["A"]] * 4
    return tuple(out)

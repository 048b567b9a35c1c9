"""The Botzone / IJCAI Chinese Standard Mahjong judge's names of the tiles
(docs/mcr.md#botzone).

The judge names the 34 MCR kinds ``W1``-``W9`` (characters, our ``1m``-
``9m``), ``B1``-``B9`` (dots, ``1p``-``9p``), ``T1``-``T9`` (bamboo,
``1s``-``9s``), ``F1``-``F4`` (the winds East, South, West, North) and
``J1``-``J3`` (the dragons red, green, white: ``C``, ``F``, ``P``).
"""

from __future__ import annotations

from typing import Final, Never

from .._checks import quote, unknown_keywords
from ..errors import NotationError
from ..model.notation import parse_tile
from ..model.tiles import Tile

__all__ = ["botzone_tile", "from_botzone_tile"]

_SUITS: Final = {"W": "m", "B": "p", "T": "s"}
_HONOURS: Final = {"F1": "E", "F2": "S", "F3": "W", "F4": "N", "J1": "C", "J2": "F", "J3": "P"}
_NAMES: Final = {
    **{f"{s}{r}": f"{r}{ours}" for s, ours in _SUITS.items() for r in range(1, 10)},
    **_HONOURS,
}
"""Botzone name -> our notation."""
_BY_TILE: Final = {parse_tile(ours, "mcr"): name for name, ours in _NAMES.items()}
_BY_NAME: Final = {name: tile for tile, name in _BY_TILE.items()}


def botzone_tile(tile: Tile, **unknown: Never) -> str:
    """The judge's name of an MCR tile: ``W1`` for ``1m``, ``F1`` for ``E``."""
    if unknown:
        raise unknown_keywords(botzone_tile, unknown)
    name = _BY_TILE.get(tile) if isinstance(tile, Tile) else None
    if name is None:
        raise NotationError(
            "not-mcr-tile", f"botzone_tile() takes an MCR tile, not {quote(tile)}", argument="tile"
        )
    return name


def from_botzone_tile(name: str, **unknown: Never) -> Tile:
    """The MCR tile the judge names ``name`` (``W1`` ... ``J3``)."""
    if unknown:
        raise unknown_keywords(from_botzone_tile, unknown)
    tile = _BY_NAME.get(name) if isinstance(name, str) else None
    if tile is None:
        raise NotationError(
            "unknown-tile",
            f"{quote(name)} is not a Botzone tile name",
            hint="W1-W9, B1-B9, T1-T9, F1-F4, J1-J3",
            argument="name",
        )
    return tile

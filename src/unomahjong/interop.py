"""Conversions to PyMahjongGB's input format, for cross-checks and benchmarks.

PyMahjongGB (module ``MahjongGB``) names MCR tiles ``W1``-``W9`` (characters,
our ``m``), ``T1``-``T9`` (bamboo, ``s``), ``B1``-``B9`` (dots, ``p``),
``F1``-``F4`` (winds E S W N) and ``J1``-``J3`` (dragons C F P), and takes
melds as packs ``("CHI" | "PENG" | "GANG", tile, offer)`` with a chow named
by its middle tile and offer 0 for a concealed kong. Nothing here imports
PyMahjongGB itself.
"""

from __future__ import annotations

from typing import Final

from ._checks import quote
from .context import WINDS, WinContext
from .errors import ContextError, RulesError
from .hand import Hand, Meld, refuse_hand, refuse_meld, refuse_tile
from .rules import MCR
from .tiles import MCR_TILES, Tile

__all__ = ["FAN_NAMES", "GbPack", "gb_fan_arguments", "gb_hand", "gb_pack", "gb_tile"]

GbPack = tuple[str, str, int]

_SUIT: Final = ("W", "T", "B")
_HONOUR: Final = {"E": "F1", "S": "F2", "W": "F3", "N": "F4", "C": "J1", "F": "J2", "P": "J3"}

FAN_NAMES: Final = {"独听・边张": "边张", "独听・嵌张": "坎张", "独听・单钓": "单钓将"}
"""PyMahjongGB's Chinese fan names that differ from ours (the rest are equal)."""


def gb_tile(t: Tile) -> str:
    """PyMahjongGB's name of an MCR tile."""
    if not isinstance(t, Tile):
        raise refuse_tile("gb_tile", t, "t")
    if t.tileset is not MCR_TILES:
        raise RulesError("not-mcr", f"{t} is not an MCR tile")
    if t.rank is not None:
        assert t.suit is not None
        return f"{_SUIT[t.suit]}{t.rank}"
    return _HONOUR[t.notation]


def gb_pack(meld: Meld) -> GbPack:
    """A declared meld as a PyMahjongGB pack."""
    if not isinstance(meld, Meld):
        raise refuse_meld("gb_pack", meld)
    if meld.is_chow:
        return ("CHI", gb_tile(meld.tiles[1]), 1)
    return ("GANG" if meld.is_kong else "PENG", gb_tile(meld.tile), 1 if meld.exposed else 0)


def gb_hand(hand: Hand) -> tuple[tuple[GbPack, ...], tuple[str, ...]]:
    """``(pack, hand)`` for ``MahjongShanten`` and friends (concealed tiles,
    the winning tile excluded)."""
    if not isinstance(hand, Hand):
        raise refuse_hand("gb_hand", hand)
    return tuple(gb_pack(m) for m in hand.melds), tuple(gb_tile(t) for t in hand.concealed)


def gb_fan_arguments(hand: Hand, context: WinContext | None = None) -> dict[str, object]:
    """Keyword arguments of ``MahjongFanCalculator`` for a complete MCR hand.
    The context is checked as :func:`~unomahjong.score` checks it, so that
    nothing the calculator cannot express (天和, a replacement tile without
    a kong, ...) is dropped silently."""
    if not isinstance(hand, Hand):
        raise refuse_hand("gb_fan_arguments", hand)
    if hand.win is None:
        raise RulesError("missing-winning-tile", "the fan calculator needs a winning tile")
    context = context if context is not None else WinContext()
    if not isinstance(context, WinContext):
        raise ContextError("not-a-context", f"a WinContext or None, not {quote(context)}")
    MCR.check_context(context)
    context.check(hand)
    pack, standing = gb_hand(hand)
    return {
        "pack": pack,
        "hand": standing,
        "winTile": gb_tile(hand.win),
        "flowerCount": context.flowers,
        "isSelfDrawn": context.self_drawn,
        "is4thTile": context.last_copy,
        "isAboutKong": context.kong_replacement or context.robbing_kong,
        "isWallLast": context.last_tile,
        "seatWind": WINDS.index(context.seat_wind),
        "prevalentWind": WINDS.index(context.prevalent_wind),
    }

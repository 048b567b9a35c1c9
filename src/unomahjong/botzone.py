"""The conventions of the Botzone / IJCAI Chinese Standard Mahjong judge:
its tile names and the wall it deals from a seed (docs/mcr.md#botzone).

The judge names the 34 MCR kinds ``W1``-``W9`` (characters, our ``1m``-
``9m``), ``B1``-``B9`` (dots, ``1p``-``9p``), ``T1``-``T9`` (bamboo,
``1s``-``9s``), ``F1``-``F4`` (the winds East, South, West, North) and
``J1``-``J3`` (the dragons red, green, white: ``C``, ``F``, ``P``).

Given a seed (``initdata.srand``), it seeds the C library's ``rand()``
(GNU's: an additive feedback generator), draws the prevalent wind as
``rand() % 4`` unless one is given, and shuffles the 136 tiles, laid out
rank by rank, with the C++ library's ``random_shuffle`` (the tile at
position *i* swapped with the one at ``rand() % (i + 1)``, for *i* from 1).
:func:`judge_wall` does the same in Python, so that a judge game can be
dealt again without the judge.
"""

from __future__ import annotations

from typing import Final, Never

from ._checks import quote, unknown_keywords, whole
from .errors import NotationError, RulesError
from .notation import parse_tile
from .tiles import Tile

__all__ = ["botzone_tile", "from_botzone_tile", "judge_wall"]

_SUITS: Final = {"W": "m", "B": "p", "T": "s"}
_HONOURS: Final = {"F1": "E", "F2": "S", "F3": "W", "F4": "N", "J1": "C", "J2": "F", "J3": "P"}
_NAMES: Final = {
    **{f"{s}{r}": f"{r}{ours}" for s, ours in _SUITS.items() for r in range(1, 10)},
    **_HONOURS,
}
"""Botzone name -> our notation."""
_BY_TILE: Final = {parse_tile(ours, "mcr"): name for name, ours in _NAMES.items()}
_BY_NAME: Final = {name: tile for tile, name in _BY_TILE.items()}
_ORDER: Final = tuple(
    [f"{s}{r}" for r in range(1, 10) for _ in range(4) for s in "WBT"]
    + [f"F{k}" for k in range(1, 5) for _ in range(4)]
    + [f"J{k}" for k in range(1, 4) for _ in range(4)]
)
"""The judge's wall before the shuffle: four of each W, B, T rank by rank,
then four of each wind, then four of each dragon."""


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


class _GnuRand:
    """The GNU C library's ``rand()`` after ``srand(seed)``: its default
    generator, an additive feedback generator over 31 words."""

    def __init__(self, seed: int) -> None:
        seed &= 0xFFFFFFFF
        state = [seed or 1]
        if state[0] >= 1 << 31:  # the library keeps the seed in a signed 32-bit word
            state[0] -= 1 << 32
        for i in range(1, 31):
            # 16807 * previous mod (2**31 - 1), by Schrage's method, on signed words.
            hi, lo = divmod(abs(state[i - 1]), 127773)
            if state[i - 1] < 0:
                hi, lo = -hi, -lo
            word = 16807 * lo - 2836 * hi
            state.append(word + 2147483647 if word < 0 else word)
        state += state[:3]
        words = [x & 0xFFFFFFFF for x in state]
        for i in range(34, 344):  # the first 310 outputs are thrown away
            words.append((words[i - 31] + words[i - 3]) & 0xFFFFFFFF)
        self._words = words[-34:]

    def __call__(self) -> int:
        words = self._words
        value = (words[-31] + words[-3]) & 0xFFFFFFFF
        words.append(value)
        del words[0]
        return value >> 1


def judge_wall(
    srand: int, *, quan: int | None = None, **unknown: Never
) -> tuple[tuple[Tile, ...], int]:
    """The 136-tile wall the judge deals from the seed ``srand`` (a 32-bit
    signed integer, as the judge reads it), in its order (seat *s* owns
    tiles ``34 s`` to ``34 s + 33`` and draws from the end of its part),
    and the prevalent wind (0 East to 3 North): drawn from the seed, unless
    ``quan`` gives it."""
    if unknown:
        raise unknown_keywords(judge_wall, unknown)
    seed = whole(srand)
    if seed is None or not -(1 << 31) <= seed < 1 << 31:
        raise RulesError(
            "bad-seed", f"srand is a 32-bit integer, not {quote(srand)}", argument="srand"
        )
    rand = _GnuRand(seed)
    if quan is None:
        wind = rand() % 4
    else:
        given = whole(quan)
        if given is None or not 0 <= given <= 3:
            raise RulesError("bad-wind", f"quan is 0-3, not {quote(quan)}", argument="quan")
        wind = given
    wall = list(_ORDER)
    for i in range(1, len(wall)):
        j = rand() % (i + 1)
        wall[i], wall[j] = wall[j], wall[i]
    return tuple(_BY_NAME[name] for name in wall), wind

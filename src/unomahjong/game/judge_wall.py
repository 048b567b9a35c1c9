"""The wall the Botzone / IJCAI Chinese Standard Mahjong judge deals from a
seed, so that a judge game can be dealt again without the judge (the deal
of the ``botzone`` rules, :mod:`unomahjong.game.deal`).

Given a seed (``initdata.srand``), the judge seeds the C library's
``rand()`` (GNU's: an additive feedback generator), draws the prevalent
wind as ``rand() % 4`` unless one is given, and shuffles the 136 tiles,
laid out rank by rank, with the C++ library's ``random_shuffle`` (the tile
at position *i* swapped with the one at ``rand() % (i + 1)``, for *i* from
1). :func:`judge_wall` does the same in Python. The judge's protocol, its
tile names and its seats are :mod:`unomahjong.botzone`.
"""

from __future__ import annotations

from typing import Final, Never

from .._checks import quote, unknown_keywords, whole
from ..errors import RulesError
from ..model.notation import parse_tile
from ..model.tiles import Tile

__all__ = ["judge_wall"]

_ORDER: Final = tuple(
    [parse_tile(f"{r}{suit}", "mcr") for r in range(1, 10) for _ in range(4) for suit in "mps"]
    + [parse_tile(wind, "mcr") for wind in "ESWN" for _ in range(4)]
    + [parse_tile(dragon, "mcr") for dragon in "CFP" for _ in range(4)]
)
"""The judge's wall before the shuffle: four of each characters, dots and
bamboo tile rank by rank (the judge's W, B, T), then four of each wind,
then four of each dragon (red, green, white)."""


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
    return tuple(wall), wind

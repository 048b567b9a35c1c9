"""The judge's pre-filters: cheap tests that answer its questions sooner.

Each is a pure function (its result depends on its arguments only), and
exact where it answers: a pre-filter says "surely not" only when the exact
test (``min_shanten``, ``is_complete_counts``, the claim options) would say
no. tests/test_game_prefilters.py holds each to its exact test.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..model.tiles import Tile
from .tables import Tables

_HELD = bytes([0] + [1] * 255)
"""Byte translation: 1 for a held kind (count > 0)."""
_HALF = bytes(n >> 1 for n in range(256))
"""Byte translation: pairs in a count."""


def _standard_floor(concealed: tuple[Tile, ...], melds: int) -> int:
    """The standard shape's part of :func:`shanten_floor`."""
    sizes = []
    size = 0
    prev = -9
    ranked = False
    for t in concealed:
        code = t.code
        if code == prev or (ranked and code <= prev + 2 and t.rank is not None):
            size += 1
        else:
            sizes.append(size)
            size = 1
            ranked = t.rank is not None
        prev = code
    sizes.append(size)
    threes = sum(n // 3 for n in sizes)
    ones = sum(n % 3 == 1 for n in sizes)
    twos = sum(n % 3 == 2 for n in sizes)
    needed = 4 - melds
    left = needed + 1
    reuse = 3 * min(threes, left)
    left -= min(threes, left)
    reuse += 2 * min(twos, left) + min(ones, max(left - twos, 0))
    return 3 * needed + 1 - min(reuse, 3 * needed + 2)


def shanten_floor(
    tab: Tables, concealed: tuple[Tile, ...], counts: bytes | bytearray, melds: int
) -> int:
    """A cheap lower bound of the shanten of a hand of 14 tiles (kongs as
    three; ``concealed`` sorted by code, ``counts`` the same tiles by code).

    Standard shape: the shanten is ``3n + 1 - r`` where ``r`` is the most
    concealed tiles that ``n`` more melds and a pair can reuse. Split the
    tiles into blocks: copies of one kind, and suited tiles of one suit each
    within two ranks of the next. A meld or pair reuses tiles of one block
    only, at most three: so ``r`` is at most the sum of the ``n + 1`` largest
    gains, where a block of ``k`` tiles offers ``k // 3`` gains of three and
    one of ``k % 3``. (This is at least the older bound from isolated tiles,
    ``ceil(isolated / 2) - 1``.) Other shapes: seven pairs ``6 - pairs``,
    thirteen orphans at least ``12 - kinds of terminals and honours``, honours
    and knitted ``13 - honours - knitted``, knitted straight at least
    ``8 - knitted`` (tiles held of the best knitted set).

    For the other shapes the counts are read as bytes, one per code, and the
    sets of codes as integers with bit ``8 * code`` (see :class:`Tables`), so
    that the work is a few C-level operations.
    """
    best = _standard_floor(concealed, melds)
    if best < 0 or melds > 1:
        return best
    held = int.from_bytes(counts.translate(_HELD), "little")
    honours = 0
    if melds == 0:
        best = min(
            best,
            6 - min(sum(counts.translate(_HALF)), 7),
            12 - (held & tab.orphan8).bit_count(),
        )
        honours = (held & tab.honour8).bit_count()
    # The knitted terms can only lower ``best``; an upper bound of the tiles
    # held of a knitted set usually shows that they do not.
    lanes = tab.knit_lanes
    if lanes:
        spread = held * tab.knit_mult
        most = 0
        for high, low in lanes:
            if spread & high:
                most += 3 if spread & (spread >> 1) & low else 2
            elif spread & low:
                most += 1
        if 8 - most >= best and (melds or 13 - min(honours + most, 14) >= best):
            return best
    knitted = max(map(int.bit_count, map(held.__and__, tab.knitted8)), default=0)
    best = min(best, 8 - knitted)
    if melds == 0:
        best = min(best, 13 - min(honours + knitted, 14))
    return best


def may_complete(tab: Tables, counts: list[int], melds: int, code: int) -> bool:
    """False when the tiles ``counts`` plus one tile ``code`` surely do not
    complete a hand with ``melds`` melds.

    In a complete standard hand or seven pairs, the added tile shares its meld
    or pair with a tile of the same kind or a suited tile within two ranks.
    Without one, only thirteen orphans (thirteen kinds of terminals and
    honours at least), honours and knitted (fourteen kinds of honours and a
    knitted set) or the knitted straight (the nine tiles of a knitted set)
    remain.
    """
    if counts[code]:
        return True
    for d in tab.neighbours[code]:
        if counts[d]:
            return True
    if melds > 1:
        return False
    held = 1 << code
    for c, n in enumerate(counts):
        if n:
            held |= 1 << c
    knitted = max(map(int.bit_count, map(held.__and__, tab.knitted_masks)))
    return knitted >= 9 or (
        melds == 0
        and (
            (held & tab.orphan_mask).bit_count() >= 13
            or (held & tab.honour_mask).bit_count() + knitted >= 14
        )
    )


def can_chow(counts: Sequence[int], chows: tuple[tuple[Tile, int, int], ...]) -> bool:
    """Whether ``counts`` hold the two other tiles of one of the ``chows``."""
    return any(counts[a] and counts[b] for _, a, b in chows)

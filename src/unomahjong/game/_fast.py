"""The game engine's speed-only parts: tables built once per tile set, and
pre-filters that answer the judge's questions (judge.py) sooner.

Every function here is pure (a result depends on its arguments only) and
exact where it answers: a pre-filter says "surely not" only when the slow
way would say no. ``ENABLED`` switches the pre-filters and the round's
memos off together (:func:`set_fast`), and the judge then asks the public
API alone (``score``, ``is_winning``, ``waits``); tests/test_game_fast.py
plays thousands of seeded hands both ways and requires byte-identical logs
and outcomes. The tables (interned actions and events, neighbours and
chows) are values, not filters: they serve either way.
"""

from __future__ import annotations

from types import ModuleType

from .. import _engine
from ..shanten import layout_for
from ..tiles import Tile, TileSet
from .actions import MAX_PLAYERS, Action, ActionKind, Event

ENABLED = True
"""Whether the judge uses the pre-filters and memos (see :func:`set_fast`)."""


def set_fast(on: bool) -> bool:
    """Turn the pre-filters and memos on or off; returns the previous setting.
    For tests: the answers are the same either way, only slower without."""
    global ENABLED
    previous = ENABLED
    ENABLED = bool(on)
    return previous


def compiled_step() -> ModuleType | None:
    """The compiled game step (``unomahjong._core.game``: a seat's turn
    options, and a discard nobody may claim with the draw after it) while
    it serves: the compiled core active and the pre-filters on. The judge and
    the flow hand it those steps; it answers exactly as they would."""
    return _engine.core("game") if ENABLED else None


class Tables:
    """Per tile set: every action (actions are values, built once), the
    frequent events, the neighbours and chows of each tile, and the masks of
    :func:`shanten_floor` and :func:`may_complete`."""

    __slots__ = (
        "added_kong",
        "chow",
        "chows",
        "concealed_kong",
        "discard",
        "events",
        "honour8",
        "honour_mask",
        "knit_lanes",
        "knit_mult",
        "knitted8",
        "knitted_masks",
        "kong",
        "neighbours",
        "orphan8",
        "orphan_mask",
        "pung",
        "suited8",
        "tileset",
        "uno",
    )

    tileset: TileSet
    discard: dict[Tile, Action]
    uno: dict[Tile, Action]
    concealed_kong: dict[Tile, Action]
    added_kong: dict[Tile, Action]
    kong: dict[Tile, Action]
    pung: dict[Tile, Action]
    chow: dict[Tile, Action]
    events: dict[str, tuple[dict[Tile, Event], ...]]
    neighbours: list[tuple[int, ...]]
    chows: dict[Tile, tuple[tuple[Tile, int, int], ...]]
    knitted_masks: tuple[int, ...]
    orphan_mask: int
    honour_mask: int
    knitted8: tuple[int, ...]
    orphan8: int
    honour8: int
    suited8: int
    knit_mult: int
    knit_lanes: tuple[tuple[int, int], ...]

    def __init__(self, ts: TileSet) -> None:
        self.tileset = ts

        def table(kind: ActionKind, uno: bool = False) -> dict[Tile, Action]:
            return {t: Action(kind, t, uno) for t in ts.tiles}

        self.discard = table(ActionKind.DISCARD)
        self.uno = table(ActionKind.DISCARD, True)
        self.concealed_kong = table(ActionKind.CONCEALED_KONG)
        self.added_kong = table(ActionKind.ADDED_KONG)
        self.kong = table(ActionKind.KONG)
        self.pung = table(ActionKind.PUNG)
        self.chow = table(ActionKind.CHOW)
        self.events = {
            kind: tuple({t: Event(kind, seat, t) for t in ts.tiles} for seat in range(MAX_PLAYERS))
            for kind in ("draw", "replacement", "discard", "uno", "reverse", "skip")
        }
        """The frequent events, built once: ``events[kind][seat][tile]``."""
        self.neighbours, self.chows = _neighbours_and_chows(ts)
        lay = layout_for(ts)
        self.knitted_masks = lay.knitted_masks
        self.orphan_mask = lay.orphan_mask
        self.honour_mask = lay.honour_mask
        # The same sets with bit 8 * code, for shanten_floor.
        self.knitted8 = tuple(map(_spread, lay.knitted_masks))
        self.orphan8 = _spread(lay.orphan_mask)
        self.honour8 = _spread(lay.honour_mask)
        self.suited8 = _suited8(ts, self.neighbours)
        self.knit_mult, self.knit_lanes = _knit_lanes(ts, lay.knitted_codes)


def _neighbours_and_chows(
    ts: TileSet,
) -> tuple[list[tuple[int, ...]], dict[Tile, tuple[tuple[Tile, int, int], ...]]]:
    """Codes of the suited tiles within two ranks of each suited tile; and,
    for each tile, (lowest tile, the other two tiles' codes) of each chow
    holding it."""
    neighbours: list[tuple[int, ...]] = [() for _ in range(ts.size)]
    chows: dict[Tile, tuple[tuple[Tile, int, int], ...]] = {}
    for t in ts.tiles:
        if t.rank is None:
            chows[t] = ()
            continue
        suit = t.suit or 0
        neighbours[t.code] = tuple(
            ts.number(suit, r).code
            for r in range(t.rank - 2, t.rank + 3)
            if 1 <= r <= 9 and r != t.rank
        )
        found = []
        for start in range(max(1, t.rank - 2), min(7, t.rank) + 1):
            need = [ts.number(suit, r) for r in range(start, start + 3)]
            need.remove(t)
            found.append((ts.number(suit, start), need[0].code, need[1].code))
        chows[t] = tuple(found)
    return neighbours, chows


def _suited8(ts: TileSet, neighbours: list[tuple[int, ...]]) -> int:
    """The suited tiles, bit ``8 * code``. A shift by 8 or 16 bits moves a
    suited tile one or two ranks; the codes between the suits (blocks of 16)
    hold no suited tile, so masking with this keeps each suit apart. Checked
    here against the neighbour table."""
    suited8 = sum(1 << (8 * t.code) for t in ts.tiles if t.rank is not None)
    for t in ts.tiles:
        bit = 1 << (8 * t.code)
        near = ((bit << 8) | (bit >> 8) | (bit << 16) | (bit >> 16)) & suited8
        if t.rank is not None and near != sum(1 << (8 * d) for d in neighbours[t.code]):
            raise AssertionError(f"tile codes of {ts.name} do not keep suits apart")
    return suited8


def _spread(mask: int) -> int:
    """A set of codes (bit ``code``) as bit ``8 * code``."""
    out = 0
    code = 0
    while mask:
        if mask & 1:
            out |= 1 << (8 * code)
        mask >>= 1
        code += 1
    return out


def _knit_lanes(
    ts: TileSet, knitted_codes: tuple[tuple[int, ...], ...]
) -> tuple[int, tuple[tuple[int, int], ...]]:
    """How :func:`shanten_floor` bounds the tiles held of a knitted set.

    Each knitted set is three runs ``c, c + 3, c + 6`` (ranks 1-4-7, 2-5-8 and
    3-6-9, each from another suit). Multiplying the held kinds (bit
    ``8 * code``) by ``knit_mult`` sums each run into the byte of its last
    code (0 to 3, no carries). For each of the three rank patterns,
    ``knit_lanes`` holds the masks of bit 1 and of bit 0 of those bytes, from
    which the most tiles held of one run is read; the sum over the patterns
    is at least the tiles held of any knitted set. No lanes (the exact count
    is taken) if the tile set's knitted sets are not of that form.
    """
    mult = 1 | 1 << 24 | 1 << 48
    lanes = [0, 0, 0]
    for codes in knitted_codes:
        starts = [c for c in codes if c + 3 in codes and c + 6 in codes and c - 3 not in codes]
        slots = set()
        for c in starts:
            rank = ts.by_code(c).rank
            if rank is None or rank > 3:
                return mult, ()
            slots.add(rank - 1)
            lanes[rank - 1] |= 1 << (8 * (c + 6))
        if len(codes) != 9 or len(starts) != 3 or slots != {0, 1, 2}:
            return mult, ()
    return mult, tuple((low << 1, low) for low in lanes if low)


_TABLES: dict[int, Tables] = {}


def tables(ts: TileSet) -> Tables:
    """The tables of tile set ``ts`` (built once; a dict store is atomic)."""
    tab = _TABLES.get(id(ts))
    if tab is None or tab.tileset is not ts:
        tab = _TABLES[id(ts)] = Tables(ts)
    return tab


# ------------------------------------------------------------------ pre-filters

_HELD = bytes([0] + [1] * 255)
"""Byte translation: 1 for a held kind (count > 0)."""
_HALF = bytes(n >> 1 for n in range(256))
"""Byte translation: pairs in a count."""


def _standard_floor(concealed: tuple[Tile, ...], melds: int) -> int:
    """The standard shape's part of :func:`shanten_floor`."""
    threes = twos = ones = size = 0
    prev = -9
    ranked = False
    for t in concealed:
        code = t.code
        if code == prev or (ranked and code <= prev + 2 and t.rank is not None):
            size += 1
        else:
            threes += size // 3
            rest = size % 3
            if rest == 1:
                ones += 1
            elif rest == 2:
                twos += 1
            size = 1
            ranked = t.rank is not None
        prev = code
    threes += size // 3
    rest = size % 3
    if rest == 1:
        ones += 1
    elif rest == 2:
        twos += 1
    needed = 4 - melds
    left = needed + 1
    reuse = 3 * min(threes, left)
    left -= min(threes, left)
    reuse += 2 * min(twos, left) + min(ones, max(left - twos, 0))
    return 3 * needed + 1 - min(reuse, 3 * needed + 2)


def shanten_floor(tab: Tables, concealed: tuple[Tile, ...], counts: bytearray, melds: int) -> int:
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


def can_chow(counts: bytearray, chows: tuple[tuple[Tile, int, int], ...]) -> bool:
    """Whether ``counts`` hold the two other tiles of one of the ``chows``."""
    return any(counts[a] and counts[b] for _, a, b in chows)

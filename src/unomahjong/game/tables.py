"""The game engine's tables, built once per tile set: every action and the
frequent events interned (actions and events are values), each tile's
neighbours and chows, and the sets of tile codes the pre-filters
(:mod:`unomahjong.game.prefilters`) read as bit masks.
"""

from __future__ import annotations

from ..analysis.shanten import layout_for
from ..model.tiles import Tile, TileSet
from .actions import MAX_PLAYERS, Action, ActionKind, Event


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

"""Cross-check per-shape shanten and useful tiles against PyMahjongGB on MCR hands.

PyMahjongGB (the MCR reference calculator) judges shanten by shape, as this
library does, so both must agree exactly: the shanten of every shape the
hand can still reach, the tiles that lower it ("useful" tiles, dead ones
included), and the overall shanten with melds.

What PyMahjongGB accepts (probed): standing hands of 13, 10, 7, 4 or 1
tiles, never 14; ``RegularShanten`` takes any of those sizes,
``KnittedStraightShanten`` 13 or 10 (one meld declared), the other special
shapes only 13. That is exactly the set of shapes ``shanten_by_shape``
reports, so every reported shape is compared. Packs: ``("CHI", middle tile,
1)``, ``("PENG", tile, 1)``, ``("GANG", tile, 1)`` exposed or
``("GANG", tile, 0)`` concealed.

Useful tiles are computed on raw counts with the shape functions of
:mod:`unomahjong.analysis.shanten`, because a tile the hand already holds four of
cannot be added to a :class:`Hand`, yet by shape it may still be useful.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given

from unomahjong import MCR_TILES, Hand, Meld, Shape, Tile, shanten, shanten_by_shape
from unomahjong.analysis.shanten import layout_for, shape_shanten_counts
from unomahjong.research.interop import gb_pack, gb_tile
from unomahjong.research.strategies import hands, near_misses, ready_hands

MahjongGB = pytest.importorskip("MahjongGB")

_FUNCTIONS = {
    Shape.STANDARD: "RegularShanten",
    Shape.SEVEN_PAIRS: "SevenPairsShanten",
    Shape.THIRTEEN_ORPHANS: "ThirteenOrphansShanten",
    Shape.HONOURS_AND_KNITTED: "HonorsAndKnittedTilesShanten",
    Shape.KNITTED_STRAIGHT: "KnittedStraightShanten",
}
_REACHABLE = {
    0: set(Shape),
    1: {Shape.STANDARD, Shape.KNITTED_STRAIGHT},
}


_gb = gb_tile
_pack = gb_pack


def _after_draw(h: Hand) -> dict[Tile, dict[Shape, int]]:
    """Per-shape shanten after drawing each kind (a fifth copy allowed)."""
    lay = layout_for(MCR_TILES)
    out = {}
    counts = list(h.counts)
    for t in MCR_TILES:
        counts[t.code] += 1
        out[t] = shape_shanten_counts(lay, counts, len(h.melds))
        counts[t.code] -= 1
    return out


def _mismatches(h: Hand) -> list[str]:
    """Every disagreement with PyMahjongGB about the 13-tile hand ``h``.

    Useful tiles: PyMahjongGB sometimes leaves out a kind the hand already
    holds four of when using it would mean keeping five copies on the way to
    ready (e.g. 1123446666788m: draw 6m, discard 4m, ready on 7m with
    666 678 678), though elsewhere it counts such dead kinds (1111222233334m
    lists 1m-3m). This library applies the by-shape rule consistently, so for
    those kinds only "PyMahjongGB's set is a subset of ours" is required.
    """
    assert h.win is None
    standing = tuple(_gb(t) for t in h.concealed)
    ours = shanten_by_shape(h)
    out = []
    if set(ours) != _REACHABLE.get(len(h.melds), {Shape.STANDARD}):
        out.append(f"{h}: reachable shapes {sorted(s.value for s in ours)}")
    after = _after_draw(h)
    dead = {_gb(t) for t in MCR_TILES if h.counts[t.code] == MCR_TILES.copies}
    for shape, value in ours.items():
        theirs, their_useful = getattr(MahjongGB, _FUNCTIONS[shape])(standing)
        if theirs != value:
            out.append(f"{h}: {shape.value} shanten {value}, PyMahjongGB {theirs}")
            continue
        mine = {_gb(t) for t, by_shape in after.items() if by_shape[shape] < value}
        theirs_set = set(their_useful)
        if mine - dead != theirs_set - dead or not theirs_set <= mine:
            out.append(
                f"{h}: {shape.value} useful {sorted(mine)}, PyMahjongGB {sorted(theirs_set)}"
            )
    total = MahjongGB.MahjongShanten(pack=tuple(_pack(m) for m in h.melds), hand=standing)
    if total != shanten(h):
        out.append(f"{h}: shanten {shanten(h)}, PyMahjongGB MahjongShanten {total}")
    return out


@given(hands("mcr"))
def test_random_hands_match(h: Hand) -> None:
    assert _mismatches(h) == []


@given(ready_hands("mcr"))
def test_ready_hands_match(h: Hand) -> None:
    assert shanten(h) == 0
    assert _mismatches(h) == []


@given(near_misses("mcr", with_win=False))
def test_near_misses_match(h: Hand) -> None:
    assert shanten(h) <= 1
    assert _mismatches(h) == []


# ------------------------------------------------------------ seeded block

_SEED = 20_260_601
_HANDS = 3000


def _meld_from(rng: random.Random, left: list[int]) -> Meld | None:
    """An exposed chow, pung or kong, or a concealed kong, the wall can supply."""
    roll = rng.random()
    ts = MCR_TILES
    if roll < 0.5:
        starts = [
            t
            for t in ts.suited
            if t.rank and t.rank <= 7 and all(left[t.code + i] for i in (0, 1, 2))
        ]
        return Meld.chow(rng.choice(starts)) if starts else None
    if roll < 0.85:
        pungs = [t for t in ts if left[t.code] >= 3]
        return Meld.pung(rng.choice(pungs)) if pungs else None
    kongs = [t for t in ts if left[t.code] == 4]
    return Meld.kong(rng.choice(kongs), exposed=rng.random() < 0.5) if kongs else None


def _seeded_hand(rng: random.Random) -> Hand:
    ts = MCR_TILES
    kinds: Sequence[Tile] = ts.tiles
    if rng.random() < 0.5:  # dense: one or two suits, maybe the honours
        suits = rng.sample(range(3), rng.choice((1, 2)))
        honours = rng.random() < 0.5
        kinds = [t for t in ts if t.suit in suits or (honours and t.is_honour)]
    left = [0] * ts.size
    for t in kinds:
        left[t.code] = ts.copies
    melds: list[Meld] = []
    for _ in range(rng.choice((0, 0, 0, 1, 1, 2, 3, 4))):
        m = _meld_from(rng, left)
        if m is not None:
            for c in m.codes:
                left[c] -= 1
            melds.append(m)
    wall = [t for t in kinds for _ in range(left[t.code])]
    return Hand(ts, rng.sample(wall, 13 - 3 * len(melds)), melds)


def test_seeded_random_hands_match() -> None:
    """A few thousand hands from the 136-tile wall (half of them from one or two
    suits), over half with declared melds: per-shape shanten, useful tiles and
    overall shanten must all agree."""
    rng = random.Random(_SEED)
    bad: list[str] = []
    melded = 0
    for _ in range(_HANDS):
        h = _seeded_hand(rng)
        melded += bool(h.melds)
        bad += _mismatches(h)
    assert melded > _HANDS // 4
    assert bad == [], f"{len(bad)} mismatches, first: {bad[:5]}"

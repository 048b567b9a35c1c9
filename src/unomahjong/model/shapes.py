"""Winning shapes and the per-tile-set facts they need, as data."""

from __future__ import annotations

import enum

import attrs

from .._checks import Lookup, quote, unknown_member
from ..errors import RulesError
from .tiles import MCR_TILES, UNO_TILES, Tile, TileSet


class Shape(enum.Enum, metaclass=Lookup):
    """A winning shape. The value is the stable name used in JSON output."""

    STANDARD = "standard"
    """Four melds and a pair."""
    SEVEN_PAIRS = "seven_pairs"
    """七对: seven pairs, concealed; four identical tiles are two pairs."""
    THIRTEEN_ORPHANS = "thirteen_orphans"
    """十三幺 / 国士无双: terminals and honours (see :attr:`.ShapeSpec.orphans_pair`)."""
    HONOURS_AND_KNITTED = "honours_and_knitted"
    """全不靠: 14 different tiles from one knitted set plus the honours."""
    KNITTED_STRAIGHT = "knitted_straight"
    """组合龙 shape: the nine tiles of a knitted set, one meld and a pair."""

    @classmethod
    def _missing_(cls, value: object) -> Shape:
        # Shape("standard") looks a shape up by its JSON name; another value
        # is the library's error, not a bare ValueError.
        raise unknown_member(cls, value, RulesError, "unknown-shape")


ALL_SHAPES: tuple[Shape, ...] = tuple(Shape)
"""Every shape, in :class:`Shape` order."""


class ShapeFamily(enum.Enum):
    """Which kind of shape a reading has, for the per-hand detectors: their
    result depends on the hand's tiles and this, not on the melds."""

    MELDS = "melds"
    """Four melds and a pair, or a knitted straight with melds."""
    PAIRS = "pairs"
    """Seven pairs."""
    SPECIAL = "special"
    """Thirteen orphans, or honours and knitted tiles."""

    # Hashed by identity, like ``BlockStatus``: the per-hand cache is keyed
    # by it once per reading.
    def __hash__(self) -> int:
        return id(self)


FAMILY_SHAPES: dict[ShapeFamily, frozenset[Shape]] = {
    ShapeFamily.MELDS: frozenset({Shape.STANDARD, Shape.KNITTED_STRAIGHT}),
    ShapeFamily.PAIRS: frozenset({Shape.SEVEN_PAIRS}),
    ShapeFamily.SPECIAL: frozenset({Shape.THIRTEEN_ORPHANS, Shape.HONOURS_AND_KNITTED}),
}
"""The shapes of each family."""
FAMILY_OF: dict[Shape, ShapeFamily] = {
    shape: family for family, shapes in FAMILY_SHAPES.items() for shape in shapes
}
"""The family of each shape."""


@attrs.frozen(slots=True)
class ShapeSpec:
    """Which shapes a rule set allows and how its special shapes are built."""

    tileset: TileSet
    shapes: tuple[Shape, ...]
    """The shapes allowed, in :class:`Shape` order (any order and shape names
    are taken); ``Shape.STANDARD`` is always among them."""
    orphans_pair: bool
    """MCR's 十三幺 is 13 different kinds plus one pair; UNO's 国士无双 is 14
    different kinds out of 16, with no pair."""
    mask: int = attrs.field(init=False)
    """The allowed shapes as bits, bit ``i`` for the ``i``-th :class:`Shape`
    (what the compiled core takes)."""
    orphan_codes: tuple[int, ...] = attrs.field(init=False)
    honour_codes: tuple[int, ...] = attrs.field(init=False)
    knitted_codes: tuple[tuple[int, ...], ...] = attrs.field(init=False)
    knitted_masks: tuple[int, ...] = attrs.field(init=False)
    """Each knitted set's codes as a bit mask: a hand holds the set when its
    held-kinds mask covers it (one test instead of nine look-ups)."""
    orphan_tiles: frozenset[Tile] = attrs.field(init=False)
    """The kinds of 十三幺 / 国士无双, for subset tests."""
    knitted_tiles: tuple[frozenset[Tile], ...] = attrs.field(init=False)
    """Each knitted set's kinds (in ``knitted_codes`` order), for subset tests."""
    rank_shifts: tuple[int, ...] = attrs.field(init=False)
    """Each suit's code of rank 1: shifting a held-kinds mask right by it
    brings that suit's ranks to bits 0-8 (the knitted-set gate reads them)."""
    meld_blocks: tuple[tuple[int, int], ...] = attrs.field(init=False)
    """Code ranges ``[start, end)`` the decomposition reads one at a time: a
    suit's ranks (offsets 0-8) with the honours of its colour (UNO), and the
    free honours (MCR). A gap of one code separates honours, so they form only
    pungs and pairs, and a chow never leaves its suit."""

    def __attrs_post_init__(self) -> None:
        # The shapes' layouts and the engines' interned melds and tables are
        # built for the two built-in tile sets only; another tile set would
        # also be kept alive for good by those tables.
        if self.tileset is not UNO_TILES and self.tileset is not MCR_TILES:
            raise RulesError(
                "unsupported-tileset",
                f"tile set {quote(getattr(self.tileset, 'name', self.tileset))} is not a"
                " built-in one: shapes are defined for UNO_TILES and MCR_TILES only",
            )
        shapes = allowed_shapes(self.shapes, "ShapeSpec")
        object.__setattr__(self, "shapes", shapes)
        object.__setattr__(self, "mask", sum(1 << ALL_SHAPES.index(s) for s in shapes))
        ts = self.tileset
        object.__setattr__(self, "orphan_codes", tuple(t.code for t in ts.terminals_and_honours))
        object.__setattr__(self, "honour_codes", tuple(t.code for t in ts.honours))
        object.__setattr__(
            self,
            "knitted_codes",
            tuple(tuple(t.code for t in s) for s in ts.knitted_sets),
        )
        masks = tuple(sum(1 << c for c in codes) for codes in self.knitted_codes)
        object.__setattr__(self, "knitted_masks", masks)
        starts = tuple(ts.suit_codes(s).start for s in range(len(ts.suits)))
        blocks = [
            (start, max(t.code for t in ts.tiles if t.suit == s) + 1)
            for s, start in enumerate(starts)
        ]
        free = [t.code for t in ts.tiles if t.suit is None]
        if free:
            blocks.append((min(free), max(free) + 1))
        object.__setattr__(self, "meld_blocks", tuple(blocks))
        object.__setattr__(self, "orphan_tiles", frozenset(ts.terminals_and_honours))
        object.__setattr__(self, "knitted_tiles", tuple(frozenset(s) for s in ts.knitted_sets))
        object.__setattr__(self, "rank_shifts", starts)


def as_shape(value: object, func: str) -> Shape:
    """A :class:`Shape`, or its JSON name (``"seven_pairs"``), as a Shape;
    :class:`RulesError` (``unknown-shape``) for anything else."""
    if isinstance(value, Shape):
        return value
    if not isinstance(value, str):
        raise RulesError(
            "unknown-shape",
            f"{func}() takes shapes as Shape members or their names, not {quote(value)}",
            hint="one of " + ", ".join(f"Shape.{s.name}" for s in Shape),
        )
    return Shape(value)


def allowed_shapes(shapes: object, func: str) -> tuple[Shape, ...]:
    """``shapes`` (shapes or their names, in any order, repeats ignored) as a
    tuple in :class:`Shape` order; :class:`RulesError` for something that is
    not a shape (``unknown-shape``) or a set without the standard shape
    (``standard-required``: every hand with a declared meld, and every rule
    of play, is about four melds and a pair)."""
    if not isinstance(shapes, tuple | list | set | frozenset):
        raise RulesError(
            "unknown-shape", f"{func}() takes shapes as a tuple of Shape, not {quote(shapes)}"
        )
    given = {as_shape(s, func) for s in shapes}
    if Shape.STANDARD not in given:
        raise RulesError(
            "standard-required",
            f"{func}(): the standard shape (four melds and a pair) cannot be left out",
            hint="switch special shapes off; Shape.STANDARD stays",
        )
    return tuple(s for s in ALL_SHAPES if s in given)


def ranks_held(spec: ShapeSpec, mask: int) -> int:
    """The ranks of the number tiles in a held-kinds mask (bit ``c`` for code
    ``c``), in any suit, as bits 0-8 for 1-9: a knitted set needs all nine
    ranks, so this gates the search for one."""
    ranks = 0
    for shift in spec.rank_shifts:
        ranks |= mask >> shift
    return ranks & 0x1FF


UNO_SHAPES = ShapeSpec(UNO_TILES, ALL_SHAPES, orphans_pair=False)
MCR_SHAPES = ShapeSpec(MCR_TILES, ALL_SHAPES, orphans_pair=True)

_BY_TILESET = {id(UNO_TILES): UNO_SHAPES, id(MCR_TILES): MCR_SHAPES}


def shapes_for(tileset: TileSet) -> ShapeSpec:
    """The shape specification of a tile set's rules (the built-in tile sets
    only: hands of another tile set cannot be analysed)."""
    spec = _BY_TILESET.get(id(tileset))
    if spec is None:
        raise RulesError(
            "unsupported-tileset",
            f"tile set {getattr(tileset, 'name', tileset)!r} is not a built-in one:"
            " only UNO_TILES and MCR_TILES hands can be analysed",
        )
    return spec

"""The vocabulary's primitives of the tiles held and the reading's shape:
what the hand holds, its shape, every meld and the pair, the knitted set, a
concealed pattern of one suit and the kinds held four times."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import attrs

from ..model.hand import MeldKind
from ..model.shapes import Shape
from .fans import Gate
from .primitive import (
    MELD_SHAPES,
    SPECIAL_SHAPES,
    SimplePrimitive,
    check_count,
    check_one_of,
    family_union,
    members,
    refuse,
    set_repr,
    shape_gate,
    to_names,
    to_ranks,
    to_shapes,
)

if TYPE_CHECKING:
    from ..model.tiles import Tile
    from ..scoring.facts import Reading


@attrs.frozen(slots=True, repr=False)
class Holds(SimplePrimitive):
    """The tiles held, melds included, meet every rule given (None: no rule).

    * ``honours``: ``"none"`` (no honour), ``"some"`` (at least one) or
      ``"only"`` (no number tile);
    * ``ranks``: number tiles are held, every one of a rank in this set;
    * ``any_rank``: some number tile has a rank in this set;
    * ``suits``: exactly this many suits among the number tiles;
    * ``colours``: exactly this many colours among all tiles (an honour of
      a colour, UNO's function tiles, counts for its colour);
    * ``families``: exactly these honour families are held (``"wind"``,
      ``"dragon"``, ``"function"``);
    * ``honour_kinds``: exactly this many honour kinds are held;
    * ``consecutive``: the ranks held are this many consecutive ranks;
    * ``tiles``: every tile held is one of these (in notation, ``"2s"``);
    * ``shapes``: the reading has one of these shapes (default: every shape
      but thirteen orphans and honours-and-knitted, whose single tiles the
      tile fans skip).

    Examples: 清一色 ``Holds(honours="none", suits=1)``; 断幺
    ``Holds(honours="none", ranks={2, ..., 8})``; a fan for any 7 held
    ``Holds(any_rank={7}, shapes=ALL_SHAPES)``.
    """

    honours: Literal["none", "some", "only"] | None = attrs.field(
        default=None, validator=check_one_of("Holds", None, "none", "some", "only")
    )
    ranks: frozenset[int] | None = attrs.field(default=None, converter=to_ranks, repr=set_repr)
    any_rank: frozenset[int] | None = attrs.field(default=None, converter=to_ranks, repr=set_repr)
    suits: int | None = attrs.field(default=None, validator=check_count("Holds", 0, 4))
    colours: int | None = attrs.field(default=None, validator=check_count("Holds", 0, 4))
    families: frozenset[str] | None = attrs.field(default=None, converter=to_names, repr=set_repr)
    honour_kinds: int | None = attrs.field(default=None, validator=check_count("Holds", 0, 16))
    consecutive: int | None = attrs.field(default=None, validator=check_count("Holds", 1, 9))
    tiles: frozenset[str] | None = attrs.field(default=None, converter=to_names, repr=set_repr)
    shapes: frozenset[Shape] = attrs.field(default=MELD_SHAPES, converter=to_shapes, repr=set_repr)

    @property
    def per_hand(self) -> bool:
        return family_union(self.shapes)

    @property
    def gate(self) -> Gate | None:
        if not self.per_hand:
            return shape_gate(self.shapes)
        if self.honours == "none":
            return Gate.HONOURLESS
        if self.honours is not None:
            return Gate.HONOURS
        return None

    def count(self, r: Reading) -> int:
        if r.shape not in self.shapes:
            return 0
        f = r.facts
        honours = self.honours
        if honours is not None:
            if honours == "none":
                if f.honours:
                    return 0
            elif honours == "some":
                if not f.honours:
                    return 0
            elif f.suited:
                return 0
        if self.ranks is not None and not (f.suited and f.ranks <= self.ranks):
            return 0
        if self.any_rank is not None and not f.ranks & self.any_rank:
            return 0
        if self.suits is not None and len(f.suits) != self.suits:
            return 0
        if self.colours is not None and len(f.colours) != self.colours:
            return 0
        return int(self._rest(f.tiles, f.honours, f.ranks))

    def _rest(self, tiles: list[Tile], honours: list[Tile], ranks: frozenset[int]) -> bool:
        """The rarer rules (families, honour kinds, consecutive ranks, tiles)."""
        if self.families is not None:
            held = {t.honour.family for t in honours if t.honour is not None}
            if held != self.families:
                return False
        if self.honour_kinds is not None and len(honours) != self.honour_kinds:
            return False
        if self.consecutive is not None and not (
            len(ranks) == self.consecutive and max(ranks) - min(ranks) == self.consecutive - 1
        ):
            return False
        return self.tiles is None or all(t.notation in self.tiles for t in tiles)


@attrs.frozen(slots=True, repr=False)
class ShapeIs(SimplePrimitive):
    """The reading has this winning shape (七对, 十三幺, 全不靠, ...)."""

    shape: Shape = attrs.field(converter=Shape, repr=lambda s: f"Shape.{s.name}")

    @property
    def gate(self) -> Gate | None:
        return shape_gate(frozenset({self.shape}))

    def count(self, r: Reading) -> int:
        return int(r.shape is self.shape)


@attrs.frozen(slots=True, repr=False)
class EveryGroup(SimplePrimitive):
    """Every meld and the pair meet every rule given, in a reading of one
    of ``shapes`` (default: the standard shape):

    * ``meld``: every meld is a ``"chow"`` or a ``"pung"`` (kongs are pungs);
    * ``ranks``: every meld and the pair hold a tile of a rank in this set
      (an honour passes only with ``honours=True``);
    * ``number_pair``: the pair is a number tile.

    In seven pairs every pair is a group (and there is no meld). Examples: 碰碰和
    ``EveryGroup(meld="pung")``; 全带幺 ``EveryGroup(ranks={1, 9},
    honours=True)``; 平和 ``EveryGroup(meld="chow", number_pair=True,
    shapes={Shape.STANDARD, Shape.KNITTED_STRAIGHT})``.
    """

    meld: Literal["chow", "pung"] | None = attrs.field(
        default=None, validator=check_one_of("EveryGroup", None, "chow", "pung")
    )
    ranks: frozenset[int] | None = attrs.field(default=None, converter=to_ranks, repr=set_repr)
    honours: bool = attrs.field(default=False, validator=check_one_of("EveryGroup", False, True))
    number_pair: bool = attrs.field(
        default=False, validator=check_one_of("EveryGroup", False, True)
    )
    shapes: frozenset[Shape] = attrs.field(
        default=frozenset({Shape.STANDARD}), converter=to_shapes, repr=set_repr
    )

    def __attrs_post_init__(self) -> None:
        if self.shapes & SPECIAL_SHAPES:
            raise refuse("EveryGroup", "thirteen orphans and honours-and-knitted have no melds")

    @property
    def gate(self) -> Gate | None:
        return shape_gate(self.shapes)

    def count(self, r: Reading) -> int:
        if r.shape not in self.shapes:
            return 0
        if r.shape is Shape.SEVEN_PAIRS:
            return int(all(self._pair_holds(t) for t in r.facts.tiles))
        pair = r.pair
        if pair is not None and not self._pair_holds(pair):
            return 0
        wanted = self.meld
        for m in r.melds:
            chow = m.kind is MeldKind.CHOW
            if wanted is not None and chow != (wanted == "chow"):
                return 0
            if self.ranks is not None and not self._holds(m.tile.rank, 3 if chow else 1):
                return 0
        return 1

    def _pair_holds(self, tile: Tile) -> bool:
        if self.number_pair and tile.rank is None:
            return False
        return self.ranks is None or self._holds(tile.rank, 1)

    def _holds(self, rank: int | None, width: int) -> bool:
        """A group from ``rank`` over ``width`` ranks holds a wanted rank."""
        if rank is None:
            return self.honours
        assert self.ranks is not None
        return any(rank + i in self.ranks for i in range(width))


@attrs.frozen(slots=True, repr=False)
class KnittedSet(SimplePrimitive):
    """The reading holds the nine tiles of a knitted set (组合龙)."""

    @property
    def gate(self) -> Gate | None:
        return Gate.KNITTED

    def count(self, r: Reading) -> int:
        return int(len(r.decomposition.knitted) == 9)


def _nine(value: object) -> tuple[int, ...]:
    items = members(value, "counts")
    counts = tuple(c for c in items if type(c) is int and 0 <= c <= 4)
    if len(counts) != 9 or len(items) != 9:
        raise refuse("ConcealedPattern", f"{value!r} is not nine counts 0-4 (ranks 1-9)")
    if sum(counts) != 13:
        raise refuse("ConcealedPattern", "the counts are the 13 tiles before the win")
    return counts


@attrs.frozen(slots=True, repr=False)
class ConcealedPattern(SimplePrimitive):
    """A concealed hand (no declared meld) in the standard shape, all of one
    suit, whose 13 tiles before the win hold ``counts[r - 1]`` tiles of each
    rank ``r`` (九莲宝灯: ``(3, 1, 1, 1, 1, 1, 1, 1, 3)``), won on a tile of
    that suit. The fan uses every pung of the reading (``absorbs``)."""

    counts: tuple[int, ...] = attrs.field(converter=_nine)

    def evidence(self, r: Reading) -> tuple[int, ...]:
        return r.pungs

    def count(self, r: Reading) -> int:
        h = r.hand
        if h.melds or r.shape is not Shape.STANDARD or r.win.rank is None:
            return 0
        if r.facts.honours or len(r.facts.suits) != 1:
            return 0
        counts = [0] * 9
        for t in h.concealed:
            assert t.rank is not None  # one suit, no honour
            counts[t.rank - 1] += 1
        return int(tuple(counts) == self.counts)


@attrs.frozen(slots=True, repr=False)
class FourCopies(SimplePrimitive):
    """四归一: counts once each kind whose four copies are all held, but not
    as a kong (never in thirteen orphans or honours-and-knitted)."""

    @property
    def per_hand(self) -> bool:
        return True

    @property
    def gate(self) -> Gate | None:
        return Gate.FOURS

    def count(self, r: Reading) -> int:
        fours = r.facts.fours
        if not fours or r.special:
            return 0
        if not r.facts.kongs:
            return len(fours)
        kong_codes = {m.tile.code for m in r.hand.melds if m.kind is MeldKind.KONG}
        return sum(1 for c in fours if c not in kong_codes)

"""Tile sets as data, and the interned :class:`Tile` values they contain.

A tile is identified by a small integer *code*. Codes are laid out in blocks of
16 slots: a suit's ranks 1-9 sit at ``16*b + rank``, honours attached to a
colour (UNO's Reverse and Skip) at odd slots 11 and 13 of that colour's block,
and free-standing honours (MCR's winds and dragons) at odd slots of a final
block. Slots 0, 10, 12, 14 and 15 of every block are always empty, so
``code + 1`` and ``code + 2`` never reach into another suit, and hot loops can
index flat lists of length :attr:`TileSet.size`. Ascending code order is the
canonical notation order.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import compress
from typing import Final, Never

import attrs

from .._checks import checked_init, items, quote, unknown_keywords, whole, wrong_type
from ..errors import NotationError, RulesError

BLOCK: Final = 16
"""Slots per block of tile codes."""


@attrs.frozen(slots=True)
class SuitSpec:
    """A suit: ranks 1-9 that may form chows (a colour in UNO)."""

    letter: str
    name: str
    honours: tuple[HonourSpec, ...] = ()
    """Honours that carry this suit's colour (UNO's Reverse and Skip)."""


@attrs.frozen(slots=True)
class HonourSpec:
    """An honour kind: never part of a chow."""

    symbol: str
    """The rank letter used in notation (``R``, ``S``, ``E``, ...)."""
    name: str
    family: str
    """A grouping used by fans: ``function`` (UNO), ``wind`` or ``dragon`` (MCR)."""


@checked_init
@attrs.frozen(slots=True, eq=False, repr=False)
class Tile:
    """One tile kind of a tile set. Interned: compare with ``==`` or ``is``.

    Instances are created only by their :class:`TileSet`; ``str(tile)`` is its
    notation (``"5g"``, ``"Sg"``, ``"E"``).
    """

    tileset: TileSet
    code: int
    rank: int | None
    """1-9 for a suited tile, None for an honour."""
    suit: int | None
    """Index of the suit (colour) this tile belongs to, or None (MCR honours)."""
    honour: HonourSpec | None
    notation: str

    @property
    def face(self) -> str:
        """The rank as the notation writes it: the digit of a suited tile,
        the honour's letter otherwise (``"5"``, ``"S"``, ``"E"``)."""
        return str(self.rank) if self.honour is None else self.honour.symbol

    @property
    def suit_letter(self) -> str:
        """The letter of the tile's suit in notation (``"g"`` for ``5g`` and
        ``Sg``), or ``""`` for a tile of no suit (MCR's winds and dragons)."""
        return "" if self.suit is None else self.tileset.suits[self.suit].letter

    @property
    def is_suited(self) -> bool:
        """True for number tiles, which may form chows."""
        return self.rank is not None

    @property
    def is_honour(self) -> bool:
        """True for honours (UNO function tiles, MCR winds and dragons)."""
        return self.rank is None

    @property
    def is_terminal(self) -> bool:
        """True for a suited 1 or 9."""
        return self.rank == 1 or self.rank == 9

    @property
    def is_terminal_or_honour(self) -> bool:
        """幺九牌: a suited 1 or 9, or any honour."""
        return self.rank is None or self.rank == 1 or self.rank == 9

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"{self.tileset.constant}[{self.notation!r}]"

    # Tiles order by code. Against anything else, NotImplemented: Python
    # then raises its TypeError, as for any two types that do not compare
    # (an AttributeError would leak from ``other.code``); the try costs
    # nothing when both are tiles.

    def __lt__(self, other: Tile) -> bool:
        try:
            return self.code < other.code
        except AttributeError:
            return NotImplemented

    def __le__(self, other: Tile) -> bool:
        try:
            return self.code <= other.code
        except AttributeError:
            return NotImplemented

    def __gt__(self, other: Tile) -> bool:
        try:
            return self.code > other.code
        except AttributeError:
            return NotImplemented

    def __ge__(self, other: Tile) -> bool:
        try:
            return self.code >= other.code
        except AttributeError:
            return NotImplemented

    def __reduce__(self) -> tuple[object, ...]:
        return (_tile_by_set_name, (self.tileset.name, self.code))


def _tile_by_set_name(name: str, code: int) -> Tile:
    return tileset_by_name(name).by_code(code)


@checked_init
@attrs.frozen(slots=True, eq=False, repr=False)
class TileSet:
    """A tile set: suits, honours and copies per kind, with interned tiles."""

    name: str
    constant: str
    """The module-level name of this tile set, used by ``repr``."""
    suits: tuple[SuitSpec, ...]
    free_honours: tuple[HonourSpec, ...]
    """Honours that carry no colour (MCR's winds and dragons)."""
    copies: int = 4
    suffixed_honours: bool = attrs.field(default=True)
    """True when an honour is written with its colour letter (``Rr``), False when
    it is written by its symbol alone (``E``)."""

    tiles: tuple[Tile, ...] = attrs.field(init=False)
    """Every kind in canonical order."""
    size: int = attrs.field(init=False)
    """Length of a flat per-code array."""
    _by_code: tuple[Tile | None, ...] = attrs.field(init=False)
    _by_notation: dict[str, Tile] = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        copies = whole(self.copies)
        if copies is None or copies < 1:
            raise RulesError(
                "bad-tileset", f"copies per kind must be 1 or more, not {quote(self.copies)}"
            )
        object.__setattr__(self, "copies", copies)
        for param in ("name", "constant"):
            if not isinstance(getattr(self, param), str):
                raise wrong_type(
                    RulesError, "bad-tileset", "TileSet", param, getattr(self, param), "text"
                )
        if self.suffixed_honours is not True and self.suffixed_honours is not False:
            raise wrong_type(
                RulesError,
                "bad-tileset",
                "TileSet",
                "suffixed_honours",
                self.suffixed_honours,
                "True or False",
            )
        suits = items(
            self.suits, SuitSpec, RulesError, "bad-tileset", "TileSet", "suits", "SuitSpecs"
        )
        free = items(
            self.free_honours,
            HonourSpec,
            RulesError,
            "bad-tileset",
            "TileSet",
            "free_honours",
            "HonourSpecs",
        )
        for spec in suits:
            items(
                spec.honours,
                HonourSpec,
                RulesError,
                "bad-tileset",
                "SuitSpec",
                "honours",
                "HonourSpecs",
            )
        for text in (
            [s.letter for s in suits]
            + [h.symbol for h in free]
            + [h.symbol for s in suits for h in s.honours]
        ):
            if not isinstance(text, str) or len(text) != 1:
                raise RulesError(
                    "bad-tileset",
                    f"suit letters and honour symbols are one character, not {quote(text)}",
                )
        object.__setattr__(self, "suits", suits)
        object.__setattr__(self, "free_honours", free)
        letters = [s.letter for s in self.suits]
        if len(set(letters)) != len(letters):
            raise RulesError("bad-tileset", f"suit letters {', '.join(letters)} repeat")
        tiles: list[Tile] = []
        for b, suit in enumerate(self.suits):
            for rank in range(1, 10):
                tiles.append(Tile(self, BLOCK * b + rank, rank, b, None, f"{rank}{suit.letter}"))
            for i, honour in enumerate(suit.honours):
                tiles.append(
                    Tile(self, BLOCK * b + 11 + 2 * i, None, b, honour, honour.symbol + suit.letter)
                )
        base = BLOCK * len(self.suits)
        for i, honour in enumerate(self.free_honours):
            tiles.append(Tile(self, base + 1 + 2 * i, None, None, honour, honour.symbol))
        if not tiles:
            raise RulesError(
                "empty-tileset", f"tile set {quote(self.name)} has no suits and no honours"
            )
        size = max(t.code for t in tiles) + 3
        by_code: list[Tile | None] = [None] * size
        for t in tiles:
            by_code[t.code] = t
        object.__setattr__(self, "tiles", tuple(tiles))
        object.__setattr__(self, "size", size)
        object.__setattr__(self, "_by_code", tuple(by_code))
        object.__setattr__(self, "_by_notation", {t.notation: t for t in tiles})

    def __repr__(self) -> str:
        return self.constant

    def __reduce__(self) -> tuple[object, ...]:
        return (tileset_by_name, (self.name,))

    def __iter__(self) -> Iterator[Tile]:
        return iter(self.tiles)

    def __len__(self) -> int:
        return len(self.tiles)

    def __contains__(self, item: object) -> bool:
        return isinstance(item, Tile) and item.tileset is self

    def __getitem__(self, notation: str) -> Tile:
        """The tile written ``notation`` (``UNO_TILES["5g"]``)."""
        try:
            tile = self._by_notation.get(notation)
        except TypeError:  # unhashable
            tile = None
        if tile is None:
            if not isinstance(notation, str):
                raise wrong_type(
                    NotationError, "not-text", "TileSet[]", "notation", notation, "text ('5g')"
                )
            raise NotationError(
                "unknown-tile",
                f"{quote(notation)} is not a tile of the {self.name} tile set",
                hint=f"tiles look like {self.tiles[min(4, len(self.tiles) - 1)].notation!r}"
                f" or {self.tiles[-1].notation!r}",
            )
        return tile

    def by_code(self, code: int, **unknown: Never) -> Tile:
        """The tile with this code."""
        if unknown:
            raise unknown_keywords(TileSet.by_code, unknown)
        try:
            if 0 <= code < self.size:
                tile = self._by_code[code]
                if tile is not None:
                    return tile
        except TypeError:  # not a number, or a float
            pass
        if whole(code) is None:
            raise wrong_type(NotationError, "not-a-code", "TileSet.by_code", "code", code, "an int")
        raise NotationError(
            "unknown-tile", f"no tile has code {quote(code)} in the {self.name} tile set"
        )

    def owns(self, tile: object, **unknown: Never) -> bool:
        """Whether ``tile`` is this set's own tile of its code: every tile
        the library builds is; one made by ``object.__new__`` or changed with
        ``object.__setattr__`` is not."""
        if unknown:
            raise unknown_keywords(TileSet.owns, unknown)
        return owned_codes(self, (tile,)) is not None

    def held(self, counts: Sequence[int], **unknown: Never) -> list[Tile]:
        """The kinds with a nonzero count in a per-code array, in canonical
        order (codes rise in canonical order; the scan runs in C)."""
        if unknown:
            raise unknown_keywords(TileSet.held, unknown)
        try:
            return list(compress(self._by_code, counts))  # type: ignore[arg-type]
        except TypeError:
            raise wrong_type(
                NotationError,
                "not-counts",
                "TileSet.held",
                "counts",
                counts,
                "a sequence of counts",
            ) from None

    @property
    def kinds(self) -> int:
        """Number of tile kinds."""
        return len(self.tiles)

    @property
    def total(self) -> int:
        """Number of physical tiles in the wall."""
        return len(self.tiles) * self.copies

    @property
    def honours(self) -> tuple[Tile, ...]:
        """Every honour tile in canonical order."""
        return tuple(t for t in self.tiles if t.rank is None)

    @property
    def suited(self) -> tuple[Tile, ...]:
        """Every number tile in canonical order."""
        return tuple(t for t in self.tiles if t.rank is not None)

    def suit_codes(self, suit: int, **unknown: Never) -> range:
        """Codes of ranks 1-9 of a suit, in order."""
        if unknown:
            raise unknown_keywords(TileSet.suit_codes, unknown)
        s = whole(suit)
        if s is None or not 0 <= s < len(self.suits):
            raise NotationError(
                "unknown-suit",
                f"no suit {quote(suit)} in {self.name}: suits are 0..{len(self.suits) - 1}",
                argument="suit",
            )
        return range(BLOCK * s + 1, BLOCK * s + 10)

    def number(self, suit: int, rank: int, **unknown: Never) -> Tile:
        """The number tile of a suit (colour, 0-based) and rank (1-9)."""
        if unknown:
            raise unknown_keywords(TileSet.number, unknown)
        s, r = whole(suit), whole(rank)
        if s is None or r is None or not (0 <= s < len(self.suits) and 1 <= r <= 9):
            raise NotationError(
                "unknown-tile",
                f"no number tile of suit {quote(suit)} and rank {quote(rank)} in {self.name}",
            )
        return self.by_code(BLOCK * s + r)

    def counts(self, tiles: Sequence[Tile], **unknown: Never) -> list[int]:
        """A flat per-code count array of ``tiles`` (tiles of this set only)."""
        if unknown:
            raise unknown_keywords(TileSet.counts, unknown)
        out = [0] * self.size
        for t in items(
            tiles, object, NotationError, "not-tiles", "TileSet.counts", "tiles", "Tiles"
        ):
            if not isinstance(t, Tile) or t.tileset is not self:
                raise NotationError(
                    "unknown-tile", f"{quote(t)} is not a tile of the {self.name} set"
                )
            out[t.code] += 1
        return out

    @property
    def terminals_and_honours(self) -> tuple[Tile, ...]:
        """The 幺九牌 kinds: suited 1s and 9s and all honours."""
        return tuple(t for t in self.tiles if t.is_terminal_or_honour)

    @property
    def knitted_sets(self) -> tuple[tuple[Tile, ...], ...]:
        """Every knitted set (组合龙): three distinct suits holding 147, 258, 369.

        Ordered by (suit of 147, suit of 258, suit of 369); each set's nine
        tiles in canonical order.
        """
        n = len(self.suits)
        out: list[tuple[Tile, ...]] = []
        for a in range(n):
            for b in range(n):
                for c in range(n):
                    if len({a, b, c}) < 3:
                        continue
                    tiles = [
                        self.number(s, r)
                        for s, start in ((a, 1), (b, 2), (c, 3))
                        for r in range(start, 10, 3)
                    ]
                    out.append(tuple(sorted(tiles)))
        return tuple(out)


_FUNCTIONS = (HonourSpec("R", "Reverse", "function"), HonourSpec("S", "Skip", "function"))

UNO_TILES: Final = TileSet(
    name="uno",
    constant="UNO_TILES",
    suits=(
        SuitSpec("r", "red", _FUNCTIONS),
        SuitSpec("y", "yellow", _FUNCTIONS),
        SuitSpec("g", "green", _FUNCTIONS),
        SuitSpec("b", "blue", _FUNCTIONS),
    ),
    free_honours=(),
)
"""The UNO tile set: four colours of 1-9 plus Reverse and Skip: 44 kinds x 4."""

MCR_TILES: Final = TileSet(
    name="mcr",
    constant="MCR_TILES",
    suits=(
        SuitSpec("m", "characters"),
        SuitSpec("s", "bamboo"),
        SuitSpec("p", "dots"),
    ),
    free_honours=(
        HonourSpec("E", "East", "wind"),
        HonourSpec("S", "South", "wind"),
        HonourSpec("W", "West", "wind"),
        HonourSpec("N", "North", "wind"),
        HonourSpec("C", "Red dragon", "dragon"),
        HonourSpec("F", "Green dragon", "dragon"),
        HonourSpec("P", "White dragon", "dragon"),
    ),
    suffixed_honours=False,
)
"""The MCR tile set: characters, bamboo, dots, 4 winds, 3 dragons: 34 kinds x 4."""

TILESETS: Final = {"uno": UNO_TILES, "mcr": MCR_TILES}


def tileset_by_name(name: str) -> TileSet:
    """The tile set called ``name`` (``"uno"`` or ``"mcr"``)."""
    try:
        return TILESETS[name]
    except (KeyError, TypeError):
        raise RulesError(
            "unknown-rules", f"unknown tile set {quote(name)}", hint="use 'uno' or 'mcr'"
        ) from None


def owned_codes(ts: TileSet, tiles: Iterable[object]) -> list[int] | None:
    """The codes of ``tiles`` when every one is ``ts``'s own tile
    (:meth:`TileSet.owns`), else None: the check of a whole hand at once."""
    by_code = ts._by_code
    codes = []
    for t in tiles:
        if type(t) is not Tile:
            return None
        c = t.code
        if type(c) is not int or not 0 <= c < len(by_code) or by_code[c] is not t:
            return None
        codes.append(c)
    return codes

"""The immutable hand model: :class:`Meld` and :class:`Hand`, validated on construction.

Validation lives here, not only in the parser, so that a hand built in code
(by a game engine or a bot) obeys the same invariants as a parsed one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, Never

import attrs

from .._checks import (
    checked_init,
    describe,
    items,
    quote,
    restore_validated,
    unknown_keywords,
    wrong_type,
)
from ..errors import HandError
from .meld import CHOW as CHOW
from .meld import HAND_SIZE as HAND_SIZE
from .meld import KONG as KONG
from .meld import MAX_SEAT_OFFSET as MAX_SEAT_OFFSET
from .meld import PUNG as PUNG
from .meld import Meld as Meld
from .meld import MeldKind as MeldKind
from .meld import PrettyPrinter as PrettyPrinter
from .meld import refuse_meld as refuse_meld
from .meld import refuse_tile as refuse_tile
from .notation import (
    MAX_HAND_LENGTH,
    check_length,
    compiled_parse,
    format_meld,
    format_tiles,
    read_hand,
)
from .tiles import Tile, TileSet, owned_codes

if TYPE_CHECKING:
    from ..rules.rule_sets import RuleSet

_new = object.__new__
_set = object.__setattr__


def refuse_hand(func: str, value: object, param: str = "hand") -> HandError:
    """The error for a ``param`` of ``func`` that is not a :class:`Hand`."""
    return wrong_type(
        HandError, "not-a-hand", func, param, value, "a Hand", hint="parse_hand('123r ...')"
    )


def corrupt_hand(func: str, hand: Hand) -> HandError | None:
    """The error for a :class:`Hand` its constructor did not build as it is
    (made with ``object.__new__`` or changed with ``object.__setattr__``):
    a field unset or of another type, or counts that disagree with its
    tiles; None for a sound hand. The scoring functions ask it of every
    hand they are given, in both engines."""
    try:
        problem = _hand_problem(hand)
    except AttributeError:
        problem = "a field unset"
    if problem is None:
        return None
    return HandError(
        "corrupt-hand",
        f"{func}() was given a Hand with {problem}: a Hand is built by Hand(...) or parse_hand",
    )


def _sound_meld(meld: object, ts: TileSet) -> bool:
    """Whether ``meld`` is a meld its constructor would build, of ``ts``'s tiles."""
    if type(meld) is not Meld or not ts.owns(meld.tile) or type(meld.kind) is not MeldKind:
        return False
    return meld.kind is not MeldKind.CHOW or 1 <= (meld.tile.rank or 0) <= 7


def _hand_problem(hand: Hand) -> str | None:
    ts, concealed, melds, win = hand.tileset, hand.concealed, hand.melds, hand.win
    counts, all_counts = hand.counts, hand.all_counts
    if (
        type(ts) is not TileSet
        or type(concealed) is not tuple
        or type(melds) is not tuple
        or type(counts) is not tuple
        or type(all_counts) is not tuple
    ):
        return "a field of the wrong type"
    codes = owned_codes(ts, concealed if win is None else (*concealed, win))
    if codes is None:
        return "a tile that is not one of its tile set's"
    if not all(_sound_meld(m, ts) for m in melds) or (len(concealed) + 3 * len(melds) != HAND_SIZE):
        return "melds or a tile count its constructor refuses"
    expected = [0] * ts.size
    for c in codes:
        expected[c] += 1
    total = list(expected)
    for m in melds:
        for c in m.codes:
            total[c] += 1
    if tuple(expected) != counts or tuple(total) != all_counts or max(total) > ts.copies:
        return "counts that disagree with its tiles"
    if {*map(type, counts), *map(type, all_counts)} != {int}:
        return "counts that are not ints"
    return None


def _hand_from(fields: dict[str, Any]) -> Hand:
    """The hand of these fields by name, built by its constructor (unpickling)."""
    tileset: Any = fields.get("tileset")
    return Hand(tileset, fields.get("concealed", ()), fields.get("melds", ()), fields.get("win"))


def _sorted_tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    listed = items(
        tiles, Tile, HandError, "not-tiles", "Hand", "concealed", "Tiles", "parse_tiles('123r')"
    )
    return tuple(sorted(listed, key=_code))


def _sorted_melds(melds: Iterable[Meld]) -> tuple[Meld, ...]:
    ms = items(melds, Meld, HandError, "bad-meld", "Hand", "melds", "Melds", "parse_meld('[123r]')")
    return tuple(sorted(ms, key=lambda m: (0 if m.exposed else 1, m.sort_key())))


def _code(t: Tile) -> int:
    return t.code


@checked_init
@attrs.frozen(slots=True, repr=False)
class Hand:
    """A player's hand: concealed tiles, declared melds and the winning tile.

    ``melds`` holds exposed melds and concealed kongs (never concealed chows or
    pungs: those are the concealed tiles). ``win`` is the winning tile, kept
    apart from ``concealed``; a hand without one is a 13-tile hand waiting to
    be completed. Concealed tiles and melds are stored in canonical order, so
    equal hands compare equal whatever order they were given in.
    """

    tileset: TileSet
    concealed: tuple[Tile, ...] = attrs.field(converter=_sorted_tiles)
    melds: tuple[Meld, ...] = attrs.field(default=(), converter=_sorted_melds)
    win: Tile | None = None
    counts: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """Per-code counts of the concealed tiles, the winning tile included."""
    all_counts: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """Per-code counts of every tile held: concealed, the winning tile and the
    melds (a kong as four); what :meth:`total_counts` copies."""

    def __attrs_post_init__(self) -> None:
        ts = self.tileset
        if not isinstance(ts, TileSet):
            raise HandError(
                "wrong-tileset", f"{quote(ts)} is not a TileSet", hint="UNO_TILES or MCR_TILES"
            )
        if self.win is not None and not isinstance(self.win, Tile):
            raise HandError("not-tiles", f"the winning tile {quote(self.win)} is not a Tile")
        for t in self.concealed:
            if t.tileset is not ts:
                raise HandError("wrong-tileset", f"tile {t} is not from the {ts.name} tile set")
        if self.win is not None and self.win.tileset is not ts:
            raise HandError("wrong-tileset", f"winning tile {self.win} is not from {ts.name}")
        for m in self.melds:
            if m.tile.tileset is not ts:
                raise HandError("wrong-tileset", f"meld {m.tile} is not from {ts.name}")
            if not m.exposed and not m.is_kong:
                raise HandError(
                    "bad-meld",
                    "a hand's melds are exposed melds or concealed kongs",
                    hint="concealed chows and pungs are concealed tiles",
                )
        size = len(self.concealed) + 3 * len(self.melds)
        if size != HAND_SIZE:
            with_win = " plus the winning tile" if self.win is not None else ""
            raise HandError(
                "tile-count",
                f"the hand has {size} tiles{with_win}; it needs {HAND_SIZE}"
                f"{with_win} (a kong counts as 3)",
                hint="write the 14th tile after '+'"
                if size == HAND_SIZE + 1 and self.win is None
                else None,
            )
        counts = [0] * ts.size
        for t in self.concealed:
            counts[t.code] += 1
        if self.win is not None:
            counts[self.win.code] += 1
        total = list(counts)
        for m in self.melds:
            for c in m.codes:
                total[c] += 1
        if max(total) > ts.copies:
            code = next(c for c, n in enumerate(total) if n > ts.copies)
            raise HandError(
                "too-many-copies",
                f"{total[code]} copies of {ts.by_code(code)}; the set has only {ts.copies}",
            )
        object.__setattr__(self, "counts", tuple(counts))
        object.__setattr__(self, "all_counts", tuple(total))

    @classmethod
    def _trusted(
        cls,
        tileset: TileSet,
        concealed: tuple[Tile, ...],
        melds: tuple[Meld, ...],
        win: Tile | None,
        counts: tuple[int, ...],
        all_counts: tuple[int, ...],
    ) -> Hand:
        """A hand built from fields its caller has already validated, without
        the converters and checks of ``__init__`` (the compiled parser builds
        hands this way).

        The contract: every value is what ``Hand(tileset, concealed, melds,
        win)`` would store. ``concealed`` is a tuple of tiles of ``tileset`` in
        code order; ``melds`` a tuple of exposed melds and concealed kongs of
        ``tileset``, in canonical order (exposed first, then by
        :meth:`Meld.sort_key`); ``win`` a tile of ``tileset`` or None; the
        concealed tiles and the melds make 13 tiles (kongs as 3); ``counts``
        and ``all_counts`` are tuples of :attr:`TileSet.size` ints as
        documented on those fields, none above :attr:`TileSet.copies`.
        Nothing is checked here: a caller that breaks the contract gets a
        hand the constructor would have refused. A hand so built is equal,
        hashes, prints and pickles as one built by ``Hand(...)``.
        """
        h = _new(cls)
        _set(h, "tileset", tileset)
        _set(h, "concealed", concealed)
        _set(h, "melds", melds)
        _set(h, "win", win)
        _set(h, "counts", counts)
        _set(h, "all_counts", all_counts)
        return h

    def __reduce__(self) -> tuple[object, ...]:
        # Through the constructor: an unpickled hand is validated as a new
        # one is (attrs' own pickling restores the slots unchecked).
        return (Hand, (self.tileset, self.concealed, self.melds, self.win))

    def __setstate__(self, state: object) -> None:
        # Bytes in attrs' own format (not this class's __reduce__) are
        # validated too: a hand from a cache or a queue may be forged.
        restore_validated(self, state, _hand_from)

    @classmethod
    def parse(cls, text: str, rules: str = "uno", **unknown: Never) -> Hand:
        """Parse ``text`` in the notation of ``rules`` (``"uno"`` or ``"mcr"``)."""
        if unknown:
            raise unknown_keywords(Hand.parse, unknown)
        return parse_hand(text, rules)

    def __str__(self) -> str:
        return format_hand(self)

    def __repr__(self) -> str:
        """The notation as a call that rebuilds the hand:
        ``Hand.parse('[SSSg] 123456789r 5g +5g')``, with ``rules='mcr'`` for
        an MCR hand, so that ``eval(repr(hand)) == hand`` where the package's
        names are imported. A tile set without a notation (not
        :data:`~unomahjong.UNO_TILES` or :data:`~unomahjong.MCR_TILES`)
        shows the fields instead. A meld's claimed tile is not shown: the
        notation does not record it, and equality ignores it."""
        from .tiles import TILESETS

        ts = self.tileset
        if TILESETS.get(ts.name) is not ts:
            return (
                f"Hand(tileset={ts!r}, concealed={self.concealed!r}, melds={self.melds!r},"
                f" win={self.win!r})"
            )
        rules = "" if ts.name == "uno" else f", rules={ts.name!r}"
        return f"Hand.parse({format_hand(self)!r}{rules})"

    def _repr_pretty_(self, printer: PrettyPrinter, cycle: bool) -> None:
        # Hypothesis' pretty printer (which prints falsifying examples) and
        # IPython's show attrs classes field by field unless told otherwise.
        printer.text(repr(self))

    def _repr_svg_(self) -> str:
        """The hand as a picture, for Jupyter: :func:`unomahjong.render.hand_svg`."""
        # Pictures live in the render package, above the model: imported
        # when first drawn, as the model never needs them.
        from ..render._hand_svg import draw_hand

        return draw_hand(self, 4, str(self))

    @property
    def is_complete_size(self) -> bool:
        """True when the winning tile is present (14 tiles, kongs as 3)."""
        return self.win is not None

    @property
    def concealed_with_win(self) -> tuple[Tile, ...]:
        """The concealed tiles and the winning tile, in canonical order."""
        if self.win is None:
            return self.concealed
        return _sorted_tiles((*self.concealed, self.win))

    @property
    def is_concealed(self) -> bool:
        """True when no meld is exposed (concealed kongs allowed)."""
        return all(not m.exposed for m in self.melds)

    def all_tiles(self, **unknown: Never) -> Iterator[Tile]:
        """Every tile the hand holds: melds (kongs as four), concealed, winning tile."""
        if unknown:
            raise unknown_keywords(Hand.all_tiles, unknown)
        for m in self.melds:
            yield from m.tiles
        yield from self.concealed
        if self.win is not None:
            yield self.win

    def total_counts(self, **unknown: Never) -> list[int]:
        """Per-code counts over concealed tiles, melds and the winning tile
        (a new list: :attr:`all_counts` as a list)."""
        if unknown:
            raise unknown_keywords(Hand.total_counts, unknown)
        return list(self.all_counts)

    def map_tiles(self, f: Callable[[Tile], Tile], **unknown: Never) -> Hand:
        """This hand with every tile replaced by ``f(tile)`` (a symmetry such as
        a colour permutation or the rank mirror n -> 10-n); melds keep their
        kind, exposure and source."""
        if unknown:
            raise unknown_keywords(Hand.map_tiles, unknown)
        if not callable(f):
            raise wrong_type(
                HandError, "not-callable", "Hand.map_tiles", "f", f, "a function of a Tile"
            )

        def image(t: Tile) -> Tile:
            out = f(t)
            if not isinstance(out, Tile):
                raise HandError(
                    "not-tiles",
                    f"Hand.map_tiles(): f({t}) is {describe(out)}, not a Tile",
                    argument="f",
                )
            return out

        melds = []
        for m in self.melds:
            tiles = sorted((image(t) for t in m.tiles), key=_code)
            melds.append(Meld(m.kind, tiles[0], m.exposed, m.source))
        win = None if self.win is None else image(self.win)
        return Hand(self.tileset, [image(t) for t in self.concealed], melds, win)

    def with_win(self, tile: Tile, **unknown: Never) -> Hand:
        """This 13-tile hand completed by ``tile``."""
        if unknown:
            raise unknown_keywords(Hand.with_win, unknown)
        if not isinstance(tile, Tile):
            raise refuse_tile("Hand.with_win", tile)
        if self.win is not None:
            raise HandError("has-winning-tile", "the hand already has a winning tile")
        return Hand(self.tileset, self.concealed, self.melds, tile)

    def without_win(self, **unknown: Never) -> Hand:
        """The 13-tile hand before the winning tile."""
        if unknown:
            raise unknown_keywords(Hand.without_win, unknown)
        return Hand(self.tileset, self.concealed, self.melds, None)

    def discard(self, tile: Tile, **unknown: Never) -> Hand:
        """The 13-tile hand left after discarding ``tile`` from this 14-tile hand."""
        if unknown:
            raise unknown_keywords(Hand.discard, unknown)
        if self.win is None:
            raise HandError(
                "missing-winning-tile", "discarding needs a 14-tile hand (a tile after '+')"
            )
        tiles = list(self.concealed_with_win)
        try:
            tiles.remove(tile)
        except ValueError:
            if not isinstance(tile, Tile):
                raise refuse_tile("Hand.discard", tile) from None
            raise HandError("not-in-hand", f"{tile} is not among the concealed tiles") from None
        return Hand(self.tileset, tiles, self.melds, None)


# ---------------------------------------------------------------- as text


def parse_hand(text: str, rules: str | TileSet | RuleSet = "uno", **unknown: Never) -> Hand:
    """Parse a hand: melds, concealed tiles and an optional ``+`` winning tile.

    >>> str(parse_hand("[SSSg] 123r 456r 789r 5g +5g"))
    '[SSSg] 123456789r 5g +5g'
    """
    if unknown:
        raise unknown_keywords(parse_hand, unknown)
    text = check_length(text, MAX_HAND_LENGTH, "a hand")  # before the core reads it
    hand = compiled_parse("parse_hand", text, rules)
    if hand is not None:
        return hand  # type: ignore[no-any-return]
    ts, concealed, melds, win = read_hand(text, rules)
    return Hand(ts, concealed, melds, win)


def format_hand(hand: Hand, **unknown: Never) -> str:
    """The canonical text of ``hand``; ``parse_hand(format_hand(h)) == h``."""
    if unknown:
        raise unknown_keywords(format_hand, unknown)
    if not isinstance(hand, Hand):
        raise refuse_hand("format_hand", hand)
    parts = [format_meld(m) for m in hand.melds]
    if hand.concealed:
        parts.append(format_tiles(hand.concealed))
    if hand.win is not None:
        parts.append(f"+{hand.win}")
    return " ".join(parts)

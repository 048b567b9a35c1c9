"""Melds: :class:`Meld` and :class:`MeldKind`, validated on construction
(the layer below hands and notation: the parser builds melds, a hand holds
them)."""

from __future__ import annotations

import enum
from typing import Any, Never, Protocol

import attrs

from .._checks import (
    Lookup,
    checked_init,
    flag,
    quote,
    restore_validated,
    unknown_keywords,
    unknown_member,
    whole,
    wrong_type,
)
from ..errors import HandError
from .tiles import Tile

HAND_SIZE = 13
"""Tiles in a hand before the winning tile, a kong counting as three."""

MAX_SEAT_OFFSET = 7
"""The largest ``@k`` a meld may carry (8 players)."""


class MeldKind(enum.Enum, metaclass=Lookup):
    """The three meld shapes; whether a meld is exposed is a separate flag.
    ``MeldKind("pung")`` looks a kind up by value; an unknown value raises
    :class:`HandError` (``unknown-meld-kind``)."""

    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"

    @classmethod
    def _missing_(cls, value: object) -> MeldKind:
        raise unknown_member(cls, value, HandError, "unknown-meld-kind")


def refuse_meld(func: str, value: object, param: str = "meld") -> HandError:
    """The error for a ``param`` of ``func`` that is not a :class:`Meld`."""
    return wrong_type(
        HandError, "not-a-meld", func, param, value, "a Meld", hint="parse_meld('[123r]')"
    )


def refuse_tile(func: str, value: object, param: str = "tile") -> HandError:
    """The error for a ``param`` of ``func`` that is not a :class:`Tile`."""
    return wrong_type(
        HandError, "not-a-tile", func, param, value, "a Tile", hint="parse_tile('5g')"
    )


class PrettyPrinter(Protocol):
    """What ``_repr_pretty_`` receives from IPython's and Hypothesis' pretty
    printers: a ``text`` method is all the reprs here use."""

    def text(self, obj: str) -> None:
        """Append ``obj`` to the output."""
        ...


CHOW = MeldKind.CHOW
"""Alias of :attr:`MeldKind.CHOW` (the compiled core imports the three aliases)."""
PUNG = MeldKind.PUNG
"""Alias of :attr:`MeldKind.PUNG`."""
KONG = MeldKind.KONG
"""Alias of :attr:`MeldKind.KONG`."""


# The trusted constructors write the slots of a frozen instance the way
# attrs' own __init__ does.
_new = object.__new__
_set = object.__setattr__


@checked_init
@attrs.frozen(slots=True, order=False)
class Meld:
    """A chow, pung or kong.

    ``tile`` is the lowest tile (a chow) or the repeated tile. ``exposed`` is
    False for a concealed kong and for the concealed melds a decomposition
    finds. ``source`` is whom an exposed meld was claimed from (1..N-1 counted
    backwards from the claimer in seat order, docs/notation.md), and
    ``claimed`` which tile was claimed, where known. ``claimed`` is not part
    of equality, because the canonical notation does not record it.
    """

    kind: MeldKind
    tile: Tile
    exposed: bool = True
    source: int | None = None
    claimed: Tile | None = attrs.field(default=None, eq=False)

    def __reduce__(self) -> tuple[object, ...]:
        # Through the constructor: an unpickled meld is validated as a new one is.
        return (Meld, (self.kind, self.tile, self.exposed, self.source, self.claimed))

    def __setstate__(self, state: object) -> None:
        # Bytes in attrs' own format are validated too (see Hand).
        restore_validated(self, state, _meld_from)

    def __attrs_post_init__(self) -> None:
        t = self.tile
        if not isinstance(self.kind, MeldKind) or not isinstance(t, Tile):
            raise HandError(
                "bad-meld",
                f"a meld is a MeldKind and a Tile, not {quote(self.kind)} and {quote(t)}",
            )
        exposed, source = self.exposed, self.source
        if exposed is not True and exposed is not False:
            as_bool = flag(exposed)  # 1, 0 and NumPy bools, as WinContext's flags
            if as_bool is None:
                raise HandError("bad-meld", f"exposed must be True or False, not {quote(exposed)}")
            object.__setattr__(self, "exposed", as_bool)
        if source is not None and type(source) is not int:
            n = whole(source)  # any integer type, stored as int
            if n is None:
                raise HandError(
                    "bad-seat", f"source must be a seat offset or None, not {quote(source)}"
                )
            object.__setattr__(self, "source", n)
        if self.claimed is not None and not self.exposed:
            raise HandError("bad-meld", "a concealed meld has no claimed tile")
        if self.kind is MeldKind.CHOW:
            if t.rank is None:
                raise HandError(
                    "honour-chow",
                    f"a chow cannot be made of honour tiles ({t})",
                    hint="honours (function tiles, winds, dragons) form only pungs, kongs, pairs",
                )
            if t.rank > 7:
                raise HandError("bad-meld", f"a chow cannot start at {t}: it would pass 9")
        if not self.exposed and self.kind is not MeldKind.KONG and self.source is not None:
            raise HandError("bad-meld", "a concealed meld has no source seat")
        if self.source is not None and not 1 <= self.source <= MAX_SEAT_OFFSET:
            raise HandError(
                "bad-seat",
                f"seat offset {quote(self.source)} is out of range",
                hint=f"@k counts seats back from the claimer: 1..{MAX_SEAT_OFFSET}",
            )
        if self.kind is MeldKind.KONG and not self.exposed and self.source is not None:
            raise HandError("bad-meld", "a concealed kong is not claimed from anyone")
        if self.claimed is not None and self.claimed not in self.tiles:
            raise HandError("bad-meld", f"claimed tile {quote(self.claimed)} is not in the meld")

    def __str__(self) -> str:
        """The meld as the notation writes it: ``[123r]``, ``[SSSg@2]``
        exposed, ``(RRRRy)`` a concealed kong, and ``123r`` a concealed chow
        or pung (a group of a hand's reading, written as its tiles)."""
        tiles = self.tiles
        body = "".join(t.face for t in tiles) + tiles[0].suit_letter
        if not self.exposed:
            return f"({body})" if self.kind is MeldKind.KONG else body
        return f"[{body}]" if self.source is None else f"[{body}@{self.source}]"

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The meld's tiles in order (four for a kong)."""
        t = self.tile
        if self.kind is MeldKind.CHOW:
            ts = t.tileset
            return (t, ts.by_code(t.code + 1), ts.by_code(t.code + 2))
        return (t,) * (4 if self.kind is MeldKind.KONG else 3)

    @property
    def codes(self) -> tuple[int, ...]:
        """The meld's tile codes in order."""
        c = self.tile.code
        if self.kind is MeldKind.CHOW:
            return (c, c + 1, c + 2)
        return (c,) * (4 if self.kind is MeldKind.KONG else 3)

    @property
    def is_chow(self) -> bool:
        """True for a chow."""
        return self.kind is MeldKind.CHOW

    @property
    def is_pung_or_kong(self) -> bool:
        """True for a pung or a kong (they count alike for most fans)."""
        return self.kind is not MeldKind.CHOW

    @property
    def is_kong(self) -> bool:
        """True for a kong, exposed or concealed."""
        return self.kind is MeldKind.KONG

    @property
    def is_concealed_kong(self) -> bool:
        """True for a concealed kong (暗杠)."""
        return self.kind is MeldKind.KONG and not self.exposed

    @property
    def json_kind(self) -> str:
        """The kind as the JSON contract names it."""
        return "concealed_kong" if self.is_concealed_kong else self.kind.value

    def sort_key(self, **unknown: Never) -> tuple[int, ...]:
        """Canonical order: by tiles, then shorter first, then by source seat."""
        if unknown:
            raise unknown_keywords(Meld.sort_key, unknown)
        return (*self.codes, 0 if len(self.codes) == 3 else 1, self.source or 0)

    @classmethod
    def _trusted(cls, kind: MeldKind, tile: Tile, exposed: bool, source: int | None) -> Meld:
        """A meld built from fields its caller has already validated, without
        the checks of ``__init__`` (the compiled parser builds melds this way).

        The contract: ``kind`` is a :class:`MeldKind`, ``tile`` a
        :class:`Tile`, ``exposed`` a bool and ``source`` None or an int in
        1..:data:`MAX_SEAT_OFFSET`, and together they pass every check of
        ``__attrs_post_init__`` (a chow starts at a suited rank of at most 7;
        a concealed meld is a kong without a source). ``claimed`` is None.
        Nothing is checked here: a caller that breaks the contract gets a
        meld the constructor would have refused. A meld so built is equal,
        hashes, prints and pickles as one built by ``Meld(...)``.
        """
        m = _new(cls)
        _set(m, "kind", kind)
        _set(m, "tile", tile)
        _set(m, "exposed", exposed)
        _set(m, "source", source)
        _set(m, "claimed", None)
        return m

    @classmethod
    def chow(
        cls, tile: Tile, *, exposed: bool = True, source: int | None = None, **unknown: Never
    ) -> Meld:
        """A chow starting at ``tile``."""
        if unknown:
            raise unknown_keywords(Meld.chow, unknown)
        return cls(MeldKind.CHOW, tile, exposed, source)

    @classmethod
    def pung(
        cls, tile: Tile, *, exposed: bool = True, source: int | None = None, **unknown: Never
    ) -> Meld:
        """A pung of ``tile``."""
        if unknown:
            raise unknown_keywords(Meld.pung, unknown)
        return cls(MeldKind.PUNG, tile, exposed, source)

    @classmethod
    def kong(
        cls, tile: Tile, *, exposed: bool = True, source: int | None = None, **unknown: Never
    ) -> Meld:
        """A kong of ``tile``; ``exposed=False`` for a concealed kong."""
        if unknown:
            raise unknown_keywords(Meld.kong, unknown)
        return cls(MeldKind.KONG, tile, exposed, source)


def _meld_from(fields: dict[str, Any]) -> Meld:
    """The meld of these fields by name, built by its constructor (unpickling)."""
    kind: Any = fields.get("kind")
    tile: Any = fields.get("tile")
    return Meld(
        kind, tile, fields.get("exposed", True), fields.get("source"), fields.get("claimed")
    )

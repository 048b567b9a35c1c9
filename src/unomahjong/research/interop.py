"""Conversions between MCR hands and the data other mahjong libraries take.

Everything here works on plain data (tuples, strings, lists of ints) and
imports neither library.

**PyMahjongGB** (module ``MahjongGB``) names MCR tiles ``W1``-``W9``
(characters, our ``m``), ``T1``-``T9`` (bamboo, ``s``), ``B1``-``B9`` (dots,
``p``), ``F1``-``F4`` (winds E S W N) and ``J1``-``J3`` (dragons C F P). It
takes the declared melds as packs ``(type, tile, offer)``:

* ``("CHI", middle tile, k)``: an exposed chow, named by its middle tile;
  ``k`` = 1, 2 or 3 says which of its three tiles was claimed (the chow
  itself is always claimed from the previous seat). Written from
  :attr:`Meld.claimed <unomahjong.Meld.claimed>`, 1 when that is unknown.
* ``("PENG" | "GANG", tile, k)``: an exposed pung or kong claimed from the
  seat ``k`` = 1, 2 or 3 back (the previous, opposite and next seat of four,
  as :attr:`Meld.source <unomahjong.Meld.source>` counts them). A meld with
  no source recorded is written with offer 1; a source beyond 3, which no
  seat of four players has, is refused.
* offer 0: a concealed pack. ``("GANG", tile, 0)`` is a concealed kong; a
  concealed ``CHI`` or ``PENG`` is what :func:`gb_pack` writes for the
  concealed chows and pungs of a decomposition, which a
  :class:`~unomahjong.Hand` keeps among its concealed tiles instead.

The way back (:func:`from_gb_tile`, :func:`from_gb_pack`,
:func:`from_gb_hand`, :func:`from_gb_fan_arguments`) reads the same
conventions. A pack records less than a meld, so a round trip through
PyMahjongGB gives the hand back with every exposed meld's source made
explicit: a chow's is 1, and a pung or kong with none recorded gets 1.
Otherwise ``from_gb_hand(*gb_hand(h), gb_tile(h.win))`` is ``h``, and
``gb_hand`` of a hand read from packs gives those packs back in the
canonical order of a hand's melds and tiles (two chows equal but for the
claimed tile keep the order they came in).

>>> from unomahjong import parse_hand
>>> from unomahjong.research.interop import from_gb_hand, gb_hand
>>> pack, standing = gb_hand(parse_hand("[567s@2] 123m 456m 789m E", "mcr"))
>>> pack, standing
((('CHI', 'T6', 1),), ('W1', 'W2', 'W3', 'W4', 'W5', 'W6', 'W7', 'W8', 'W9', 'F1'))
>>> str(from_gb_hand((("PENG", "J1", 2),), standing, "F1"))
'[CCC@2] 123456789m E +E'

**The riichi** ``mahjong`` **package** counts tiles in 34-arrays, one count
per kind in the order 1-9 characters (its man), 1-9 dots (pin), 1-9 bamboo
(sou), the winds E S W N and the dragons white, green, red (our P, F, C);
and it names single tiles by ids 0-135, four per kind (``4 * kind + copy``).
:func:`to_34` and :func:`from_34` convert counts, :func:`to_136` and
:func:`from_136` ids. ``to_136`` gives the copies of each kind out in the
order the tiles come, lowest id first (a hand's tiles come melds first, then
the concealed tiles, then the winning tile); so the ids of the fives it
hands out first (16, 52, 88) are those the riichi package treats as red
fives when playing with them. MCR has no red fives: :func:`from_136`
reads every id as a plain tile. MCR's flowers are a count in the win
context, not tiles, so they have no ids; UNO tiles have no riichi kind and
are refused (:class:`~unomahjong.RulesError`, ``not-mcr``).

>>> from unomahjong import parse_tiles
>>> from unomahjong.research.interop import from_136, to_34, to_136
>>> to_136(parse_tiles("123m 55p EEE 99s", "mcr"))
[0, 4, 8, 52, 53, 108, 109, 110, 104, 105]
>>> to_34(parse_tiles("123m 55p EEE 99s", "mcr"))[:14]
[1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]
>>> " ".join(str(t) for t in from_136([0, 4, 8, 132, 133]))
'1m 2m 3m C C'
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from typing import Final, Never

from .._checks import describe, flag, items, iterable, quote, unknown_keywords, whole, wrong_type
from ..errors import ContextError, HandError, NotationError, RulesError
from ..model.context import WINDS, WinContext
from ..model.hand import HAND_SIZE, Hand, Meld, MeldKind, refuse_hand, refuse_meld, refuse_tile
from ..model.tiles import MCR_TILES, Tile
from ..rules.rule_sets import MCR

__all__ = [
    "FAN_NAMES",
    "GbPack",
    "from_34",
    "from_136",
    "from_gb_fan_arguments",
    "from_gb_hand",
    "from_gb_pack",
    "from_gb_tile",
    "gb_fan_arguments",
    "gb_hand",
    "gb_pack",
    "gb_tile",
    "to_34",
    "to_136",
]

GbPack = tuple[str, str, int]
"""A PyMahjongGB pack: ``(type, tile name, offer)``."""

_SUIT: Final = ("W", "T", "B")
_HONOUR: Final = {"E": "F1", "S": "F2", "W": "F3", "N": "F4", "C": "J1", "F": "J2", "P": "J3"}

FAN_NAMES: Final = {"独听・边张": "边张", "独听・嵌张": "坎张", "独听・单钓": "单钓将"}
"""PyMahjongGB's Chinese fan names that differ from ours (the rest are equal)."""

_PACK_KINDS: Final = {"CHI": MeldKind.CHOW, "PENG": MeldKind.PUNG, "GANG": MeldKind.KONG}
_SEATS: Final = 3
"""Seats a pack's offer can name: the other three of four."""
_TILE_NAMES: Final = "W1-W9, T1-T9, B1-B9, F1-F4 or J1-J3"


def gb_tile(t: Tile, **unknown: Never) -> str:
    """PyMahjongGB's name of an MCR tile (``"W5"`` for 5m)."""
    if unknown:
        raise unknown_keywords(gb_tile, unknown)
    if not isinstance(t, Tile):
        raise refuse_tile("gb_tile", t, "t")
    _check_mcr(t)
    if t.rank is not None:
        assert t.suit is not None
        return f"{_SUIT[t.suit]}{t.rank}"
    return _HONOUR[t.notation]


def _check_mcr(t: Tile) -> None:
    if t.tileset is not MCR_TILES:
        raise RulesError("not-mcr", f"{t} is not an MCR tile")


_BY_GB_NAME: Final = {gb_tile(t): t for t in MCR_TILES.tiles}


def gb_pack(meld: Meld, **unknown: Never) -> GbPack:
    """A meld as a PyMahjongGB pack (the conventions are in the module's
    description). A source beyond 3 seats back, which no seat of four
    players has, raises :class:`~unomahjong.HandError` (``bad-seat``)."""
    if unknown:
        raise unknown_keywords(gb_pack, unknown)
    if not isinstance(meld, Meld):
        raise refuse_meld("gb_pack", meld)
    if meld.source is not None and meld.source > _SEATS:
        raise HandError(
            "bad-seat",
            f"gb_pack(): meld {meld.tile} is claimed from {meld.source} seats back;"
            f" PyMahjongGB's offer names 1 to {_SEATS} (four players)",
            argument="meld",
        )
    if meld.is_chow:
        offer = 1 if meld.claimed is None else meld.tiles.index(meld.claimed) + 1
        return ("CHI", gb_tile(meld.tiles[1]), offer if meld.exposed else 0)
    offer = meld.source or 1
    return ("GANG" if meld.is_kong else "PENG", gb_tile(meld.tile), offer if meld.exposed else 0)


def gb_hand(hand: Hand, **unknown: Never) -> tuple[tuple[GbPack, ...], tuple[str, ...]]:
    """``(pack, hand)`` for ``MahjongShanten`` and friends (concealed tiles,
    the winning tile excluded)."""
    if unknown:
        raise unknown_keywords(gb_hand, unknown)
    if not isinstance(hand, Hand):
        raise refuse_hand("gb_hand", hand)
    return tuple(gb_pack(m) for m in hand.melds), tuple(gb_tile(t) for t in hand.concealed)


def gb_fan_arguments(
    hand: Hand, context: WinContext | None = None, **unknown: Never
) -> dict[str, object]:
    """Keyword arguments of ``MahjongFanCalculator`` for a complete MCR hand.
    The context is checked as :func:`~unomahjong.score` checks it, so that
    nothing the calculator cannot express (天和, a replacement tile without
    a kong, ...) is dropped silently."""
    if unknown:
        raise unknown_keywords(gb_fan_arguments, unknown)
    if not isinstance(hand, Hand):
        raise refuse_hand("gb_fan_arguments", hand)
    if hand.win is None:
        raise RulesError("missing-winning-tile", "the fan calculator needs a winning tile")
    context = context if context is not None else WinContext()
    if not isinstance(context, WinContext):
        raise ContextError("not-a-context", f"a WinContext or None, not {quote(context)}")
    MCR.check_context(context)
    context.check(hand)
    pack, standing = gb_hand(hand)
    return {
        "pack": pack,
        "hand": standing,
        "winTile": gb_tile(hand.win),
        "flowerCount": context.flowers,
        "isSelfDrawn": context.self_drawn,
        "is4thTile": context.last_copy,
        "isAboutKong": context.kong_replacement or context.robbing_kong,
        "isWallLast": context.last_tile,
        "seatWind": WINDS.index(context.seat_wind),
        "prevalentWind": WINDS.index(context.prevalent_wind),
    }


# ---------------------------------------------------------------- from PyMahjongGB


def _tile(name: object, func: str, param: str, where: str) -> Tile:
    """The MCR tile PyMahjongGB calls ``name``, found at ``where`` (a
    parameter or one item of it) of ``func``."""
    if not isinstance(name, str):
        raise NotationError(
            "not-text",
            f"{func}() takes a PyMahjongGB tile name as {where}, not {describe(name)}",
            hint=_TILE_NAMES,
            argument=param,
        )
    tile = _BY_GB_NAME.get(name)
    if tile is None:
        flower = len(name) == 2 and name[0] == "H" and name[1] in "12345678"
        raise NotationError(
            "unknown-tile",
            f"{func}(): {where} {quote(name)} is not a PyMahjongGB tile name",
            hint="flowers are a count (flowerCount), not tiles" if flower else _TILE_NAMES,
            argument=param,
        )
    return tile


def _bounded(value: object, limit: int, func: str, param: str, expected: str) -> tuple[object, ...]:
    """``value``'s items, reading no more than ``limit + 1`` of them (a
    longer input is refused by the caller without being read to its end)."""
    listed = iterable(value, HandError, "not-a-sequence", func, param, expected)
    try:
        return tuple(itertools.islice(listed, limit + 1))
    except TypeError:
        raise wrong_type(HandError, "not-a-sequence", func, param, value, expected) from None


def _meld(pack: object, func: str, param: str, where: str) -> Meld:
    """The meld of the PyMahjongGB pack ``pack`` found at ``where``."""
    if not isinstance(pack, (tuple, list)) or len(pack) != 3:
        raise HandError(
            "not-a-pack",
            f"{func}() takes a pack (type, tile, offer) as {where}, not {describe(pack)}",
            hint="('PENG', 'W5', 1)",
            argument=param,
        )
    kind_name, name, offer_value = pack
    kind = _PACK_KINDS.get(kind_name) if isinstance(kind_name, str) else None
    if kind is None:
        raise HandError(
            "bad-pack-type",
            f"{func}(): {where} has type {quote(kind_name)}, not 'CHI', 'PENG' or 'GANG'",
            argument=param,
        )
    tile = _tile(name, func, param, f"{where}[1]")
    offer = whole(offer_value)
    if offer is None or not 0 <= offer <= _SEATS:
        raise HandError(
            "bad-offer",
            f"{func}(): {where} has offer {quote(offer_value)}, not 0, 1, 2 or 3",
            hint="0 for a concealed pack; 1-3 the claimed tile (CHI) or seat (PENG, GANG)",
            argument=param,
        )
    if kind is MeldKind.CHOW:
        if tile.rank is None or not 2 <= tile.rank <= 8:
            raise HandError(
                "bad-meld",
                f"{func}(): {where} names a chow by its middle tile, and {quote(name)}"
                " is the middle of none",
                argument=param,
            )
        low = MCR_TILES.by_code(tile.code - 1)
        if offer == 0:
            return Meld(kind, low, exposed=False)
        return Meld(kind, low, True, 1, MCR_TILES.by_code(low.code + offer - 1))
    if offer == 0:
        return Meld(kind, tile, exposed=False)
    return Meld(kind, tile, True, offer, tile)


def from_gb_tile(name: str, **unknown: Never) -> Tile:
    """The MCR tile PyMahjongGB calls ``name`` (``"W5"`` is 5m): the inverse
    of :func:`gb_tile`. An unknown name raises
    :class:`~unomahjong.NotationError` (``unknown-tile``)."""
    if unknown:
        raise unknown_keywords(from_gb_tile, unknown)
    return _tile(name, "from_gb_tile", "name", "name")


def from_gb_pack(pack: GbPack, **unknown: Never) -> Meld:
    """The meld of a PyMahjongGB pack: the inverse of :func:`gb_pack`. An
    exposed meld gets the source and claimed tile the offer records (a
    chow's source is 1); offer 0 gives a concealed meld. A malformed pack
    raises :class:`~unomahjong.HandError` naming what is wrong (``not-a-pack``,
    ``bad-pack-type``, ``bad-offer``, ``bad-meld``) and an unknown tile name
    :class:`~unomahjong.NotationError`."""
    if unknown:
        raise unknown_keywords(from_gb_pack, unknown)
    return _meld(pack, "from_gb_pack", "pack", "pack")


def _hand(
    pack: object, hand: object, win_tile: object, func: str, names: tuple[str, str, str]
) -> Hand:
    """The hand of PyMahjongGB's ``pack``, ``hand`` and ``win_tile``; ``names``
    are the three as the caller's errors name them, the parameter that holds
    them is ``names[0]``'s up to the first ``[``."""
    params = tuple(n.split("[")[0] for n in names)
    packs = _bounded(pack, 4, func, params[0], "a sequence of packs")
    if len(packs) > 4:
        raise HandError(
            "tile-count", f"{func}(): {names[0]} has more than 4 packs", argument=params[0]
        )
    melds = [_meld(p, func, params[0], f"{names[0]}[{i}]") for i, p in enumerate(packs)]
    for i, m in enumerate(melds):
        if not m.exposed and not m.is_kong:
            raise HandError(
                "concealed-pack",
                f"{func}(): {names[0]}[{i}] {quote(packs[i])} is a concealed chow or pung;"
                " a Hand holds those among its concealed tiles",
                hint=f"put its tiles in {names[1]}",
                argument=params[0],
            )
    need = HAND_SIZE - 3 * len(melds)
    standing = _bounded(hand, need, func, params[1], "a sequence of tile names")
    if len(standing) != need:
        held = f"more than {need}" if len(standing) > need else str(len(standing))
        raise HandError(
            "tile-count",
            f"{func}(): {names[1]} has {held} tiles; with {len(melds)} packs it needs {need}",
        )  # no argument named: either of the two may be the one at fault
    concealed = [_tile(t, func, params[1], f"{names[1]}[{i}]") for i, t in enumerate(standing)]
    win = None if win_tile is None else _tile(win_tile, func, params[2], names[2])
    return Hand(MCR_TILES, concealed, melds, win)


def from_gb_hand(
    pack: Iterable[GbPack], hand: Iterable[str], win_tile: str | None = None, **unknown: Never
) -> Hand:
    """The MCR :class:`~unomahjong.Hand` of PyMahjongGB's ``pack`` (declared
    melds), ``hand`` (standing tiles) and ``win_tile`` (None for a 13-tile
    hand): the inverse of :func:`gb_hand` (see the module's description for
    what a round trip keeps). Bad input raises the library's typed errors,
    naming the pack or tile at fault (``pack[2]``, ``hand[5]``): a malformed
    pack as :func:`from_gb_pack`, a concealed ``CHI`` or ``PENG``
    (``concealed-pack``), too many or too few tiles (``tile-count``) and a
    fifth copy of a tile (``too-many-copies``)."""
    if unknown:
        raise unknown_keywords(from_gb_hand, unknown)
    return _hand(pack, hand, win_tile, "from_gb_hand", ("pack", "hand", "win_tile"))


_FAN_ARGUMENTS: Final = (
    "pack",
    "hand",
    "winTile",
    "flowerCount",
    "isSelfDrawn",
    "is4thTile",
    "isAboutKong",
    "isWallLast",
    "seatWind",
    "prevalentWind",
)
"""The keyword arguments of ``MahjongFanCalculator`` that describe the win."""
_FLAGS: Final = {"isSelfDrawn": "self_drawn", "is4thTile": "last_copy", "isWallLast": "last_tile"}


def from_gb_fan_arguments(
    arguments: Mapping[str, object], **unknown: Never
) -> tuple[Hand, WinContext]:
    """The hand and win context of ``MahjongFanCalculator``'s keyword
    arguments (the calculator's own ``verbose`` is allowed and ignored): the
    inverse of :func:`gb_fan_arguments`. ``isAboutKong`` is a kong's
    replacement tile when self-drawn, else a robbed kong. Bad input raises
    the library's typed errors (as :func:`from_gb_hand`, and
    :class:`~unomahjong.ContextError` for a missing or unknown argument, a
    flag that is not True or False, a wind outside 0-3, a flower count
    outside 0-8, or a context that contradicts the hand)."""
    if unknown:
        raise unknown_keywords(from_gb_fan_arguments, unknown)
    func = "from_gb_fan_arguments"
    if not isinstance(arguments, Mapping):
        raise wrong_type(
            ContextError, "not-arguments", func, "arguments", arguments, "a mapping of arguments"
        )
    extra = [k for k in arguments if k not in _FAN_ARGUMENTS and k != "verbose"]
    if extra:
        raise ContextError(
            "unknown-argument",
            f"{func}(): {quote(extra[0])} is not an argument of MahjongFanCalculator",
            argument="arguments",
        )
    missing = [k for k in _FAN_ARGUMENTS if k not in arguments]
    if missing:
        raise ContextError(
            "missing-argument",
            f"{func}(): arguments lack {', '.join(missing)}",
            argument="arguments",
        )
    if arguments["winTile"] is None:
        raise RulesError("missing-winning-tile", "the fan calculator needs a winning tile")
    where = ("arguments['pack']", "arguments['hand']", "arguments['winTile']")
    hand = _hand(arguments["pack"], arguments["hand"], arguments["winTile"], func, where)
    flags: dict[str, bool] = {}
    for key in (*_FLAGS, "isAboutKong"):
        value = flag(arguments[key])
        if value is None:
            raise ContextError(
                "bad-flag",
                f"{func}(): arguments[{key!r}] must be True or False, not {quote(arguments[key])}",
                argument="arguments",
            )
        flags[key] = value
    winds = []
    for key in ("seatWind", "prevalentWind"):
        n = whole(arguments[key])
        if n is None or not 0 <= n < len(WINDS):
            raise ContextError(
                "bad-wind",
                f"{func}(): arguments[{key!r}] is {quote(arguments[key])}, not 0-3 (E S W N)",
                argument="arguments",
            )
        winds.append(WINDS[n])
    flowers = whole(arguments["flowerCount"])
    if flowers is None or not 0 <= flowers <= 8:
        raise ContextError(
            "bad-flowers",
            f"{func}(): arguments['flowerCount'] is {quote(arguments['flowerCount'])}, not 0-8",
            argument="arguments",
        )
    about_kong, self_drawn = flags["isAboutKong"], flags["isSelfDrawn"]
    context = WinContext(
        **{name: flags[key] for key, name in _FLAGS.items()},
        kong_replacement=about_kong and self_drawn,
        robbing_kong=about_kong and not self_drawn,
        seat_wind=winds[0],
        prevalent_wind=winds[1],
        flowers=flowers,
    )
    context.check(hand)
    return hand, context


# ---------------------------------------------------------------- the riichi package

_KINDS: Final = 34
_SUIT_BASE: Final = (0, 18, 9)
"""Where each of our suits (m, s, p) starts in a 34-array (man, pin, sou)."""
_HONOUR_KIND: Final = {"E": 27, "S": 28, "W": 29, "N": 30, "P": 31, "F": 32, "C": 33}


def _kind(t: Tile) -> int:
    if t.rank is not None:
        assert t.suit is not None
        return _SUIT_BASE[t.suit] + t.rank - 1
    return _HONOUR_KIND[t.notation]


_KIND_OF: Final = {t.code: _kind(t) for t in MCR_TILES.tiles}
"""Tile code -> index in a 34-array."""
_TILE_OF: Final = tuple(sorted(MCR_TILES.tiles, key=_kind))
"""Index in a 34-array -> tile."""


def _riichi_kinds(tiles: Hand | Iterable[Tile], func: str) -> list[int]:
    """The 34-array index of each tile (a hand's: :meth:`Hand.all_tiles`),
    in order; at most 4 of a kind."""
    if isinstance(tiles, Hand):
        listed: tuple[Tile, ...] = tuple(tiles.all_tiles())
    else:
        listed = items(
            tiles, Tile, HandError, "not-tiles", func, "tiles", "a Hand or Tiles",
            "parse_tiles('123m', 'mcr')",
        )  # fmt: skip
    out = []
    for t in listed:
        _check_mcr(t)
        out.append(_KIND_OF[t.code])
    return out


def _too_many(func: str, tile: Tile) -> HandError:
    return HandError(
        "too-many-copies",
        f"{func}(): more than {MCR_TILES.copies} copies of {tile}",
        argument="tiles",
    )


def to_34(tiles: Hand | Iterable[Tile], **unknown: Never) -> list[int]:
    """The riichi ``mahjong`` package's 34-array of MCR tiles: how many of
    each kind (a hand's tiles are all it holds: melds, a kong as four,
    concealed tiles and the winning tile). A non-MCR tile raises
    :class:`~unomahjong.RulesError` (``not-mcr``), a fifth copy
    :class:`~unomahjong.HandError` (``too-many-copies``)."""
    if unknown:
        raise unknown_keywords(to_34, unknown)
    counts = [0] * _KINDS
    for k in _riichi_kinds(tiles, "to_34"):
        counts[k] += 1
        if counts[k] > MCR_TILES.copies:
            raise _too_many("to_34", _TILE_OF[k])
    return counts


def to_136(tiles: Hand | Iterable[Tile], **unknown: Never) -> list[int]:
    """The riichi ``mahjong`` package's tile ids of MCR tiles, in the order
    given (a hand's as :meth:`~unomahjong.Hand.all_tiles`): the n-th copy of
    a kind gets ``4 * kind + n``, so the ids are the same for the same tiles
    in the same order. Errors as :func:`to_34`."""
    if unknown:
        raise unknown_keywords(to_136, unknown)
    used = [0] * _KINDS
    ids = []
    for k in _riichi_kinds(tiles, "to_136"):
        if used[k] == MCR_TILES.copies:
            raise _too_many("to_136", _TILE_OF[k])
        ids.append(4 * k + used[k])
        used[k] += 1
    return ids


def from_34(counts: Iterable[int], **unknown: Never) -> tuple[Tile, ...]:
    """The MCR tiles a riichi 34-array counts, in canonical order: the
    inverse of :func:`to_34`. Anything but 34 whole numbers 0-4 raises
    :class:`~unomahjong.HandError` (``bad-counts``) naming the first bad one."""
    if unknown:
        raise unknown_keywords(from_34, unknown)
    func = "from_34"
    listed = _bounded(counts, _KINDS, func, "counts", "34 counts")
    if len(listed) != _KINDS:
        raise HandError(
            "bad-counts",
            f"{func}() takes 34 counts, not {'more' if len(listed) > _KINDS else len(listed)}",
            argument="counts",
        )
    out: list[Tile] = []
    for k, value in enumerate(listed):
        n = whole(value)
        if n is None or not 0 <= n <= MCR_TILES.copies:
            raise HandError(
                "bad-counts",
                f"{func}(): counts[{k}] ({_TILE_OF[k]}) is {quote(value)}, not 0-4",
                argument="counts",
            )
        out.extend([_TILE_OF[k]] * n)
    return tuple(sorted(out, key=lambda t: t.code))


def from_136(ids: Iterable[int], **unknown: Never) -> tuple[Tile, ...]:
    """The MCR tiles of riichi tile ids 0-135, in the order given (``id // 4``
    is the kind): the inverse of :func:`to_136`. An id out of range, not a
    whole number, or given twice (one physical tile) raises
    :class:`~unomahjong.HandError` (``bad-tile-id``) naming its position."""
    if unknown:
        raise unknown_keywords(from_136, unknown)
    func = "from_136"
    listed = _bounded(ids, 4 * _KINDS, func, "ids", "tile ids")
    if len(listed) > 4 * _KINDS:
        raise HandError("bad-tile-id", f"{func}() takes at most 136 ids", argument="ids")
    seen: set[int] = set()
    out = []
    for i, value in enumerate(listed):
        n = whole(value)
        if n is None or not 0 <= n < 4 * _KINDS or n in seen:
            why = "given twice" if n in seen else "not a tile id 0-135"
            raise HandError(
                "bad-tile-id", f"{func}(): ids[{i}] {quote(value)} is {why}", argument="ids"
            )
        seen.add(n)
        out.append(_TILE_OF[n // 4])
    return tuple(out)

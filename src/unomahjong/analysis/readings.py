"""Every decomposition of a complete hand under every shape of its rule set.

A :class:`Decomposition` is one way to read the 14 tiles (kongs as 4) as a
winning shape, together with every role the winning tile can play in it
(which concealed meld it completes, or the pair). Scoring evaluates each
decomposition under each role and keeps the best (就高不就低).

Block arrangements are memoised on the block's counts, so the work per
hand is a product of a few cached lists (bounded tables, safe to share
between threads: ``unomahjong._memo``).
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Never

import attrs

from .._checks import Lookup, checked_init, unknown_keywords, unknown_member
from .._memo import Memo
from ..errors import HandError
from ..model.hand import Hand, Meld, MeldKind, refuse_hand
from ..model.shapes import Shape, ShapeSpec, ranks_held
from ..model.tiles import Tile, TileSet
from ..rules.rule_sets import shapes_of

if TYPE_CHECKING:
    from ..rules.rule_sets import RuleSet

__all__ = ["Decomposition", "Role", "WinRole", "decompose", "decompose_under"]


class Role(enum.Enum, metaclass=Lookup):
    """What the winning tile completes."""

    MELD = "meld"
    """A concealed meld (``WinRole.index`` says which)."""
    PAIR = "pair"
    """The pair (单钓将 shape), or a pair of seven pairs."""
    KNITTED = "knitted"
    """The knitted set of 组合龙 / 全不靠."""
    SINGLE = "single"
    """One of the single tiles of 十三幺 / 国士无双 / 全不靠 (honours)."""

    @classmethod
    def _missing_(cls, value: object) -> Role:
        raise unknown_member(cls, value, HandError, "unknown-role")


@checked_init
@attrs.frozen(slots=True)
class WinRole:
    """One role of the winning tile; ``index`` points into ``Decomposition.melds``."""

    role: Role
    index: int | None = None


@checked_init
@attrs.frozen(slots=True)
class Decomposition:
    """One reading of a complete hand.

    ``melds`` lists the hand's declared melds first (in the hand's order), then
    the concealed melds found in the concealed tiles (``exposed=False``).
    """

    shape: Shape
    melds: tuple[Meld, ...] = ()
    pair: Tile | None = None
    pairs: tuple[Tile, ...] = ()
    """Seven pairs: the seven pairs' tiles (a tile twice for four of a kind)."""
    knitted: tuple[Tile, ...] = ()
    """The knitted-set tiles held (组合龙, 全不靠)."""
    singles: tuple[Tile, ...] = ()
    """Single tiles of 十三幺 / 国士无双, and the honours of 全不靠."""
    win_roles: tuple[WinRole, ...] = ()

    def tiles(self, **unknown: Never) -> list[Tile]:
        """Every tile of the reading (kongs as four), for checks and display."""
        if unknown:
            raise unknown_keywords(Decomposition.tiles, unknown)
        out: list[Tile] = []
        for m in self.melds:
            out.extend(m.tiles)
        if self.pair is not None:
            out += [self.pair, self.pair]
        for p in self.pairs:
            out += [p, p]
        out.extend(self.knitted)
        out.extend(self.singles)
        return out


_Arr = tuple[tuple[tuple[int, bool], ...], int | None]
"""A block arrangement: melds as (offset, is a chow) in ascending order, so a
pung comes before a chow at the same offset, and the pair's offset or None."""
_Options = tuple[tuple[tuple[Meld, ...], int | None], ...]
"""A block's arrangements as concealed melds and the pair's code or None."""


_arrangements: Memo[tuple[int, ...], tuple[_Arr, ...]] = Memo()
"""Block counts -> :func:`_suit_arrangements`."""
_options: Memo[tuple[TileSet, int, tuple[int, ...]], _Options] = Memo()
"""(tile set, first code, block counts) -> :func:`_block_options`."""
_EMPTY_BLOCK: tuple[_Arr, ...] = (((), None),)


def _suit_arrangements(c: tuple[int, ...]) -> tuple[_Arr, ...]:
    """Every split of one block's counts into pungs, chows and at most one
    pair. Chows start at offsets 0-6 (a suit's ranks 1-7); honours sit apart,
    a gap between any two, so they form pungs and pairs only. Memoised; the
    recursion is short even with nothing memoised (each level takes two or
    three of at most 14 tiles, in at most three ways)."""
    found = _arrangements.new.get(c)
    if found is None:
        if not any(c):
            return _EMPTY_BLOCK
        found = _arrangements.get_or_compute(c, _arrange, c)
    return found


def _arrange(c: tuple[int, ...]) -> tuple[_Arr, ...]:
    """:func:`_suit_arrangements` of counts holding a tile, from those of
    smaller counts."""
    i = 0
    while not c[i]:
        i += 1
    out: set[_Arr] = set()
    ci = c[i]

    def sub(drops: Sequence[int], add: tuple[int, bool] | None, pair: bool) -> None:
        nxt = list(c)
        for j in drops:
            nxt[j] -= 1
        for melds, p in _suit_arrangements(tuple(nxt)):
            if pair:
                if p is not None:
                    continue
                out.add((melds, i))
            else:
                assert add is not None
                out.add((tuple(sorted((add, *melds))), p))

    if ci >= 3:
        sub((i, i, i), (i, False), False)
    if ci >= 2:
        sub((i, i), None, True)
    if i <= 6 and c[i + 1] and c[i + 2]:
        sub((i, i + 1, i + 2), (i, True), False)
    return tuple(sorted(out, key=lambda a: (a[0], -1 if a[1] is None else a[1])))


_MELDS: dict[tuple[int, bool, int], Meld] = {}


def concealed_meld(ts: TileSet, chow: bool, code: int) -> Meld:
    """The concealed chow (``chow`` true; the compiled core passes 1) or pung
    (false, 0) at ``code``, interned: decompositions reuse the same objects,
    so equal melds are one object (:func:`_roles` relies on it). Internal,
    and part of the interface the compiled scoring core builds its results
    with."""
    key = (id(ts), chow, code)
    m = _MELDS.get(key)
    if m is None:
        kind = MeldKind.CHOW if chow else MeldKind.PUNG
        # Interned for good (a few dozen per tile set, never emptied), and
        # atomically: when two threads make the same meld, both keep the one
        # stored first.
        m = _MELDS.setdefault(key, Meld(kind, ts.by_code(code), exposed=False))
    return m


def _block_options(ts: TileSet, base: int, key: tuple[int, ...]) -> _Options:
    """The arrangements of one block's counts as interned melds and the
    pair's code; memoised."""
    return _options.get_or_compute((ts, base, key), _options_of, ts, base, key)


def _options_of(ts: TileSet, base: int, key: tuple[int, ...]) -> _Options:
    return tuple(
        (
            tuple(concealed_meld(ts, chow, base + off) for off, chow in melds),
            None if p is None else base + p,
        )
        for melds, p in _suit_arrangements(key)
    )


def _standard(
    spec: ShapeSpec, counts: tuple[int, ...], needed: int
) -> list[tuple[tuple[Meld, ...], Tile]]:
    """Concealed melds and pair of every standard arrangement of ``counts``
    (a tuple, so that a block's slice is already a memo key). Blocks come in
    code order and each block's melds are sorted, so the melds come out in
    ``Meld.sort_key`` order."""
    ts = spec.tileset
    per_block: list[tuple[tuple[tuple[Meld, ...], int | None], ...]] = []
    for base, end in spec.meld_blocks:
        key = counts[base:end]
        n = sum(key)
        if not n:
            continue  # an empty block adds nothing to any arrangement
        if n % 3 == 1:
            return []
        options = _options.new.get((ts, base, key))
        if options is None:
            options = _block_options(ts, base, key)
        if not options:
            return []
        per_block.append(options)
    out: list[tuple[tuple[Meld, ...], Tile]] = []
    for combo in itertools.product(*per_block):
        pairs = [p for _, p in combo if p is not None]
        melds = tuple(m for ms, _ in combo for m in ms)
        if len(pairs) == 1 and len(melds) == needed:
            out.append((melds, ts.by_code(pairs[0])))
    return out


_ROLES: dict[tuple[Role, int | None], WinRole] = {}


def interned_role(role: Role, index: int | None = None) -> WinRole:
    """The interned :class:`WinRole` of ``role`` (and meld ``index``): every
    reading reuses the same few values. Internal, and part of the interface
    the compiled scoring core builds its results with."""
    key = (role, index)
    r = _ROLES.get(key)
    if r is None:
        r = _ROLES.setdefault(key, WinRole(role, index))
    return r


_MELD_ROLES = tuple(interned_role(Role.MELD, i) for i in range(4))
_PAIR_ROLE = interned_role(Role.PAIR)


def _roles(
    win: Tile, melds: tuple[Meld, ...], first_concealed: int, pair: Tile | None
) -> list[WinRole]:
    roles = []
    seen: list[int] = []  # ids of the melds taken: equal melds are one role
    code = win.code
    for i in range(first_concealed, len(melds)):
        m = melds[i]
        c = m.tile.code
        holds = c <= code <= c + 2 if m.kind is MeldKind.CHOW else c == code
        # Concealed melds are interned, so equal melds are the same object.
        if holds and id(m) not in seen:
            seen.append(id(m))
            roles.append(_MELD_ROLES[i])
    if pair is win:
        roles.append(_PAIR_ROLE)
    return roles


def memos() -> tuple[Memo[Any, Any], ...]:
    """This module's memo tables (``scoring.memo_tables``)."""
    return (_arrangements, _options)


def clear_caches() -> None:
    """Forget the memoised block arrangements (see :func:`scoring.clear_caches`):
    each table is replaced by an empty one, so a thread using it meanwhile
    finishes with the old one. The interned melds and roles are kept (their
    identity matters: :func:`_roles`)."""
    _arrangements.clear()
    _options.clear()


def decompose(
    hand: Hand, *, rules: str | RuleSet | None = None, **unknown: Never
) -> tuple[Decomposition, ...]:
    """Every reading of a complete hand under the shapes of ``rules`` (a rule
    set or its name; default: every shape of the hand's tile set); empty
    when it does not win.

    Deterministic order: standard readings first, then seven pairs, thirteen
    orphans, honours-and-knitted and knitted-straight readings.
    """
    if unknown:
        raise unknown_keywords(decompose, unknown)
    if not isinstance(hand, Hand):
        raise refuse_hand("decompose", hand)
    return decompose_under(hand, shapes_of(hand, rules, "decompose"))


def decompose_under(hand: Hand, spec: ShapeSpec) -> tuple[Decomposition, ...]:
    """:func:`decompose` with the shapes given as a :class:`ShapeSpec` of the
    hand's tile set (what scoring passes on: its rule set's shapes)."""
    win = hand.win
    if win is None:
        raise HandError(
            "missing-winning-tile",
            "decomposition needs a complete hand",
            hint="write the winning tile after '+'",
        )
    counts = hand.counts
    declared = hand.melds
    out: list[Decomposition] = []
    needed = 4 - len(declared)
    if Shape.STANDARD in spec.shapes:
        for melds, pair in _standard(spec, counts, needed):
            allm = declared + melds
            roles = _roles(win, allm, len(declared), pair)
            out.append(Decomposition(Shape.STANDARD, allm, pair, win_roles=tuple(roles)))
    # Distinct kinds held: seven pairs needs at most 7, the shapes of (nearly)
    # all different tiles 13 or more, a knitted straight 9.
    kinds = len(counts) - counts.count(0)
    if not declared and (kinds <= 7 or kinds >= 13):
        out.extend(_special_concealed(spec, hand, kinds))
    if len(declared) <= 1 and kinds >= 9 and Shape.KNITTED_STRAIGHT in spec.shapes:
        out.extend(_knitted_straight(spec, hand))
    return tuple(out)


def _special_concealed(spec: ShapeSpec, hand: Hand, kinds: int) -> list[Decomposition]:
    """Seven pairs (at most 7 kinds held), or the shapes of 13 or 14 kinds."""
    win = hand.win
    assert win is not None
    if kinds <= 7:
        return _seven_pairs(spec, hand)
    counts = hand.counts
    held = hand.tileset.held(counts)  # concealed and winning kinds, in order
    out: list[Decomposition] = []
    if Shape.THIRTEEN_ORPHANS in spec.shapes and spec.orphan_tiles.issuperset(held):
        out.extend(_thirteen_orphans(spec, held, counts, win))
    if Shape.HONOURS_AND_KNITTED in spec.shapes and len(held) == 14:
        out.extend(_honours_and_knitted(spec, held, win))
    return out


def _seven_pairs(spec: ShapeSpec, hand: Hand) -> list[Decomposition]:
    """Seven pairs, when every count held is even."""
    counts = hand.counts
    # Every count even: the built-in tile sets (the only ones a ShapeSpec
    # is made for) hold 4 copies of a kind, so no 1s and no 3s.
    if Shape.SEVEN_PAIRS not in spec.shapes or 1 in counts or 3 in counts:
        return []
    held = hand.tileset.held(counts)
    pairs = tuple(t for t in held for _ in range(counts[t.code] // 2))
    return [Decomposition(Shape.SEVEN_PAIRS, pairs=pairs, win_roles=(_PAIR_ROLE,))]


def _thirteen_orphans(
    spec: ShapeSpec, held: list[Tile], counts: Sequence[int], win: Tile
) -> list[Decomposition]:
    """Thirteen orphans, on kinds held that are all orphans: 13 kinds, one
    of them twice (the standard form), or 14 single kinds (``orphans_pair``
    off)."""
    if spec.orphans_pair:
        doubles = [t for t in held if counts[t.code] == 2]
        if len(held) != 13 or len(doubles) != 1:
            return []
        return [
            Decomposition(
                Shape.THIRTEEN_ORPHANS,
                pair=doubles[0],
                singles=tuple(t for t in held if t is not doubles[0]),
                win_roles=(interned_role(Role.PAIR if win is doubles[0] else Role.SINGLE),),
            )
        ]
    if len(held) != 14:
        return []
    return [
        Decomposition(
            Shape.THIRTEEN_ORPHANS, singles=tuple(held), win_roles=(interned_role(Role.SINGLE),)
        )
    ]


def _honours_and_knitted(spec: ShapeSpec, held: list[Tile], win: Tile) -> list[Decomposition]:
    """Honours and knitted tiles, on 14 kinds held: the suited ones all from
    one knitted pattern."""
    suited = [t for t in held if t.rank is not None]
    if not any(ks.issuperset(suited) for ks in spec.knitted_tiles):
        return []
    role = Role.KNITTED if win.is_suited else Role.SINGLE
    return [
        Decomposition(
            Shape.HONOURS_AND_KNITTED,
            knitted=tuple(suited),
            singles=tuple(t for t in held if t.rank is None),
            win_roles=(interned_role(role),),
        )
    ]


def _knitted_straight(spec: ShapeSpec, hand: Hand) -> list[Decomposition]:
    ts = spec.tileset
    win = hand.win
    assert win is not None
    declared = hand.melds
    out: list[Decomposition] = []
    mask = 0
    for t in hand.concealed:
        mask |= 1 << t.code
    mask |= 1 << win.code
    if ranks_held(spec, mask) != 0x1FF:
        return out  # a knitted set holds every rank
    for codes, knitted_mask in zip(spec.knitted_codes, spec.knitted_masks, strict=True):
        if mask & knitted_mask != knitted_mask:
            continue
        rest = list(hand.counts)
        for c in codes:
            rest[c] -= 1
        knitted = tuple(ts.by_code(c) for c in codes)
        for melds, pair in _standard(spec, tuple(rest), 1 - len(declared)):
            allm = declared + melds
            roles = _roles(win, allm, len(declared), pair)
            if win.code in codes:
                roles.append(interned_role(Role.KNITTED))
            out.append(
                Decomposition(
                    Shape.KNITTED_STRAIGHT, allm, pair, knitted=knitted, win_roles=tuple(roles)
                )
            )
    return out

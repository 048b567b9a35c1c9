"""Detectors shared by rule sets: melds, kongs, concealment, waits, context.

Simple and per-meld detectors read a :class:`~unomahjong.fans.engine.Reading`
and return a count (0 when the fan is absent) or meld indices. Set and pair
detectors read only the (suit, rank) keys of one kind of number meld (and
the pair), so the engine can memoise them on those keys: they return tuples
of positions in the key list (set fans) or a yes/no for two keys (pair fans).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Sequence

from ..hand import Meld, MeldKind
from ..shapes import Shape
from ..tiles import HonourSpec, Tile
from .model import Detector, DetectorKind, Gate, MeldKey
from .reading import Reading

# ------------------------------------------------------------- set builders


def steps(ranks: Sequence[int], allowed: Sequence[int]) -> bool:
    """True when the sorted ranks rise by the same step, one of ``allowed``."""
    rs = sorted(ranks)
    d = rs[1] - rs[0]
    return d in allowed and all(b - a == d for a, b in itertools.pairwise(rs))


def sets_of(
    keys: Sequence[MeldKey], size: int, test: Callable[[list[MeldKey]], bool]
) -> list[tuple[int, ...]]:
    """Every ``size``-subset of melds (as ascending positions in ``keys``)
    passing ``test``."""
    return [
        combo
        for combo in itertools.combinations(range(len(keys)), size)
        if test([keys[i] for i in combo])
    ]


def one_suit(ks: list[MeldKey]) -> bool:
    """All melds in one suit."""
    return len({k[0] for k in ks}) == 1


def distinct_suits(ks: list[MeldKey]) -> bool:
    """Every meld in a different suit."""
    return len({k[0] for k in ks}) == len(ks)


def same_rank(ks: list[MeldKey]) -> bool:
    """Every meld has the same (lowest) rank."""
    return len({k[1] for k in ks}) == 1


def rank_steps(ks: list[MeldKey], allowed: Sequence[int]) -> bool:
    """The melds' (lowest) ranks rise by the same step, one of ``allowed``."""
    return steps([k[1] for k in ks], allowed)


# ------------------------------------------------------------- pair fans


def pure_double_chow(a: MeldKey, b: MeldKey) -> bool:
    """一般高: two identical chows."""
    return a == b


def mixed_double_chow(a: MeldKey, b: MeldKey) -> bool:
    """喜相逢: the same chow in two suits."""
    return a[0] != b[0] and a[1] == b[1]


def short_straight(a: MeldKey, b: MeldKey) -> bool:
    """连六: one suit, six consecutive ranks."""
    return a[0] == b[0] and abs(a[1] - b[1]) == 3


def two_terminal_chows(a: MeldKey, b: MeldKey) -> bool:
    """老少副: one suit, 123 and 789."""
    return a[0] == b[0] and {a[1], b[1]} == {1, 7}


def double_pung(a: MeldKey, b: MeldKey) -> bool:
    """双同刻: two number pungs of the same rank."""
    return a[1] == b[1]


# ------------------------------------------------------------- melds and kongs


def kongs(r: Reading) -> int:
    """Kongs declared, exposed or concealed."""
    return r.facts.exposed_kongs + r.facts.concealed_kongs


def exposed_kongs(r: Reading) -> int:
    """Exposed kongs."""
    return r.facts.exposed_kongs


def concealed_kongs(r: Reading) -> int:
    """Concealed kongs."""
    return r.facts.concealed_kongs


def terminal_or_honour_pungs(r: Reading) -> list[int]:
    """Pungs and kongs of 1s, 9s and honours."""
    return [i for i in r.pungs if r.melds[i].tile.is_terminal_or_honour]


def all_pungs(r: Reading) -> int:
    """碰碰和: four pungs or kongs and a pair."""
    return int(r.shape is Shape.STANDARD and len(r.pungs) == 4)


def _has_terminal_or_honour(m: Meld) -> bool:
    rank = m.tile.rank
    if m.kind is MeldKind.CHOW:
        return rank == 1 or rank == 7
    return rank is None or rank == 1 or rank == 9


def outside_hand(r: Reading) -> int:
    """全带幺: every meld and the pair hold a terminal or honour."""
    if r.shape is not Shape.STANDARD or r.pair is None or not r.pair.is_terminal_or_honour:
        return 0
    return int(all(_has_terminal_or_honour(m) for m in r.melds))


def melded_hand(r: Reading) -> int:
    """全求人: four exposed melds, won on a discard (the pair wait follows)."""
    return int(r.facts.exposed_melds == 4 and not r.context.self_drawn)


# ------------------------------------------------------------- concealment


def fully_concealed(r: Reading) -> int:
    """不求人: no exposed meld, self-drawn."""
    return int(r.facts.exposed_melds == 0 and r.context.self_drawn)


def concealed_hand(r: Reading) -> int:
    """门前清: no exposed meld, won on a discard."""
    return int(r.facts.exposed_melds == 0 and not r.context.self_drawn)


def concealed_pungs(n: int) -> Callable[[Reading], int]:
    """A detector for at least ``n`` concealed pungs (暗刻); the larger fan's
    exclusions keep only one of 四暗刻, 三暗刻, 双暗刻 counted."""

    def detect(r: Reading) -> int:
        return int(r.concealed_pungs >= n)

    detect.__doc__ = f"At least {n} concealed pungs."
    return detect


def tile_hog(r: Reading) -> int:
    """四归一: kinds whose four copies are all used, but not as a kong."""
    fours = r.facts.fours
    if not fours or r.special:
        return 0
    if not r.facts.kongs:
        return len(fours)
    kong_codes = {m.tile.code for m in r.hand.melds if m.kind is MeldKind.KONG}
    return sum(1 for c in fours if c not in kong_codes)


def edge_wait(r: Reading) -> int:
    """边张: the 3 of 12 or the 7 of 89, the only wait."""
    return int(r.wait == "edge")


def closed_wait(r: Reading) -> int:
    """坎张: the middle of a chow, the only wait."""
    return int(r.wait == "closed")


def single_wait(r: Reading) -> int:
    """单钓将: the pair, the only wait."""
    return int(r.wait == "single")


# ------------------------------------------------------------- context


def context_flag(name: str) -> Callable[[Reading], int]:
    """A detector function that reads one :class:`WinContext` flag (the
    input check of flags is ``unomahjong._checks.flag``, another thing)."""

    def detect(r: Reading) -> int:
        return int(bool(getattr(r.context, name)))

    detect.__doc__ = f"The win context's {name} flag."
    return detect


def last_tile_draw(r: Reading) -> int:
    """妙手回春: self-drawn on the wall's last tile."""
    return int(r.context.last_tile and r.context.self_drawn)


def last_tile_claim(r: Reading) -> int:
    """海底捞月: won on the hand's last discard."""
    return int(r.context.last_tile and not r.context.self_drawn)


def last_copy(r: Reading) -> int:
    """和绝张: flagged, or the winner's own exposed melds hold the other three."""
    if r.context.last_copy:
        return 1
    if not r.facts.exposed_melds:
        return 0
    code = r.win.code
    shown = 0
    for m in r.hand.melds:
        if m.exposed:
            c = m.tile.code
            if m.kind is MeldKind.CHOW:
                shown += c <= code <= c + 2
            elif c == code:
                shown += 4 if m.kind is MeldKind.KONG else 3
    return int(shown == 3)


# ------------------------------------------------------------- tiles, shapes and sets

S = DetectorKind.SIMPLE


def seven_shifted_pairs(r: Reading) -> int:
    if r.shape is not Shape.SEVEN_PAIRS:
        return 0
    f = r.facts
    ranks = sorted(t.rank for t in f.tiles if t.rank is not None)
    return int(
        not f.honours and len(f.suits) == 1 and len(ranks) == 7 and ranks[-1] - ranks[0] == 6
    )


def nine_gates(r: Reading) -> int:
    h = r.hand
    if h.melds or r.shape is not Shape.STANDARD or r.win.rank is None:
        return 0
    if r.facts.honours or len(r.facts.suits) != 1:
        return 0  # a flush of one suit: checked before counting the tiles
    suit = r.win.suit
    counts = [0] * 10
    for t in h.concealed:
        if t.suit != suit or t.rank is None:
            return 0
        counts[t.rank] += 1
    return int(counts[1:] == [3, 1, 1, 1, 1, 1, 1, 1, 3])


def nine_gates_evidence(r: Reading) -> tuple[int, ...]:
    return tuple(terminal_or_honour_pungs(r))


_TERMINALS = frozenset({1, 9})
_EVENS = frozenset({2, 4, 6, 8})
_FIVES = frozenset({5})
_SIMPLES = frozenset(range(2, 9))


def all_honours(r: Reading) -> int:
    return int(not r.special and not r.facts.suited)


def only_ranks(ok: frozenset[int]) -> Callable[[Reading], int]:
    """A detector function: every tile is a number tile with a rank in ``ok``
    (not a special shape). :func:`only_ranks_fan` is its :class:`Detector`."""

    def detect(r: Reading) -> int:
        f = r.facts
        return int(not r.special and not f.honours and f.ranks <= ok)

    return detect


all_terminals: Callable[[Reading], int] = only_ranks(_TERMINALS)
_evens_only = only_ranks(_EVENS)
_fives_only = only_ranks(_FIVES)


def all_terminals_and_honours(r: Reading) -> int:
    f = r.facts
    return int(not r.special and bool(f.honours) and bool(f.suited) and f.ranks <= {1, 9})


def all_even_pungs(r: Reading) -> int:
    return int(r.shape is Shape.STANDARD and _evens_only(r))


def full_flush(r: Reading) -> int:
    f = r.facts
    return int(not r.special and not f.honours and len(f.suits) == 1)


def half_flush(r: Reading) -> int:
    """混一色: number tiles of one suit and honours; honours that carry a
    colour (UNO) carry that suit's colour."""
    f = r.facts
    return int(not r.special and bool(f.honours) and len(f.suits) == 1 and len(f.colours) == 1)


def only_ranks_fan(ok: frozenset[int]) -> Detector:
    """The detector of a fan of number tiles with ranks in ``ok`` only (全大,
    大于五, ...): :func:`only_ranks`, once per hand, gated on no honour."""
    return Detector(S, only_ranks(ok), per_hand=True, requires=Gate.HONOURLESS)


def all_fives(r: Reading) -> int:
    if r.shape is Shape.SEVEN_PAIRS:
        return _fives_only(r)
    if r.shape is not Shape.STANDARD or r.pair is None or r.pair.rank != 5:
        return 0
    return int(all(_holds_five(m) for m in r.melds))


def _holds_five(m: Meld) -> bool:
    """A pung or kong of 5s, or a chow from 3, 4 or 5."""
    rank = m.tile.rank
    if rank is None:
        return False
    return 3 <= rank <= 5 if m.kind is MeldKind.CHOW else rank == 5


all_simples: Callable[[Reading], int] = only_ranks(_SIMPLES)


def no_honours(r: Reading) -> int:
    return int(not r.facts.honours)


_SHAPE_GATES = {
    Shape.SEVEN_PAIRS: Gate.SEVEN_PAIRS,
    Shape.THIRTEEN_ORPHANS: Gate.SPECIAL,
    Shape.HONOURS_AND_KNITTED: Gate.SPECIAL,
}


def shape(shape: Shape) -> Detector:
    """A fan that is a winning shape, gated by its shape family."""
    return Detector(S, lambda r: int(r.shape is shape), requires=_SHAPE_GATES.get(shape))


def knitted_straight(r: Reading) -> int:
    return int(len(r.decomposition.knitted) == 9)


def all_chows(r: Reading) -> int:
    pair = r.pair
    if pair is None or pair.rank is None:
        return 0
    if r.shape is Shape.STANDARD:
        return int(len(r.chows) == 4)
    if r.shape is Shape.KNITTED_STRAIGHT:
        return int(len(r.chows) == 1)
    return 0


def at_least(fn: Callable[[Reading], int], n: int, *, requires: Gate | None = None) -> Detector:
    """Holds with at least ``n``: the larger fans' exclusions keep one counted
    (四杠 excludes 三杠, 三暗刻 excludes 双暗刻, ...)."""

    def detect(r: Reading) -> int:
        return int(fn(r) >= n)

    return Detector(S, detect, per_hand=True, requires=requires)


# --- chow and pung sets -------------------------------------------------------


def quadruple_chow(ks: Sequence[MeldKey], pair: Tile | None) -> list[tuple[int, ...]]:
    return sets_of(ks, 4, lambda c: one_suit(c) and same_rank(c))


def two_double_chows(ks: Sequence[MeldKey], pair: Tile | None) -> list[tuple[int, ...]]:
    if len(ks) != 4:
        return []
    c = Counter(ks)
    return [(0, 1, 2, 3)] if sorted(c.values()) == [2, 2] else []


def four_pure_shifted_chows(ks: Sequence[MeldKey], pair: Tile | None) -> list[tuple[int, ...]]:
    return sets_of(ks, 4, lambda c: one_suit(c) and rank_steps(c, (1, 2)))


def pure_terminal_chows(ks: Sequence[MeldKey], pair: Tile | None) -> list[tuple[int, ...]]:
    if pair is None or pair.rank != 5:
        return []
    suit = pair.suit
    return sets_of(
        ks,
        4,
        lambda c: one_suit(c) and c[0][0] == suit and sorted(k[1] for k in c) == [1, 1, 7, 7],
    )


def three_colour_terminal_chows(ks: Sequence[MeldKey], pair: Tile | None) -> list[tuple[int, ...]]:
    if pair is None or pair.rank != 5:
        return []
    suit = pair.suit

    def test(c: list[MeldKey]) -> bool:
        by_suit: dict[int, list[int]] = {}
        for s, rank in c:
            by_suit.setdefault(s, []).append(rank)
        return (
            len(by_suit) == 2
            and all(sorted(v) == [1, 7] for v in by_suit.values())
            and suit not in by_suit
        )

    return sets_of(ks, 4, test)


def mixed_quadruple_chow(ks: Sequence[MeldKey], pair: Tile | None) -> list[tuple[int, ...]]:
    return sets_of(ks, 4, lambda c: distinct_suits(c) and same_rank(c))


def mixed_shifted_chows(ks: Sequence[MeldKey], pair: Tile | None) -> list[tuple[int, ...]]:
    return sets_of(ks, 4, lambda c: distinct_suits(c) and rank_steps(c, (1, 2)))


def pure_triple_chow(ks: Sequence[MeldKey], pair: Tile | None) -> list[tuple[int, ...]]:
    return sets_of(ks, 3, lambda c: one_suit(c) and same_rank(c))


def pure_shifted_chows(ks: Sequence[MeldKey], pair: Tile | None) -> list[tuple[int, ...]]:
    return sets_of(ks, 3, lambda c: one_suit(c) and rank_steps(c, (1, 2)))


def pure_straight(ks: Sequence[MeldKey], pair: Tile | None) -> list[tuple[int, ...]]:
    return sets_of(ks, 3, lambda c: one_suit(c) and sorted(k[1] for k in c) == [1, 4, 7])


def mixed_straight(ks: Sequence[MeldKey], pair: Tile | None) -> list[tuple[int, ...]]:
    return sets_of(ks, 3, lambda c: distinct_suits(c) and sorted(k[1] for k in c) == [1, 4, 7])


def four_pure_shifted_pungs(ks: Sequence[MeldKey], pair: Tile | None) -> list[tuple[int, ...]]:
    return sets_of(ks, 4, lambda c: one_suit(c) and rank_steps(c, (1,)))


def quadruple_pung(ks: Sequence[MeldKey], pair: Tile | None) -> list[tuple[int, ...]]:
    return sets_of(ks, 4, same_rank)


def mixed_shifted_pungs(ks: Sequence[MeldKey], pair: Tile | None) -> list[tuple[int, ...]]:
    return sets_of(ks, 4, lambda c: distinct_suits(c) and rank_steps(c, (1,)))


def pure_shifted_pungs(ks: Sequence[MeldKey], pair: Tile | None) -> list[tuple[int, ...]]:
    return sets_of(ks, 3, lambda c: one_suit(c) and rank_steps(c, (1,)))


def honour_pungs(r: Reading, test: Callable[[HonourSpec], bool]) -> list[int]:
    """Indices of the pungs and kongs of honours passing ``test``."""
    return [i for i, honour in r.honour_pungs if test(honour)]


def honour_pungs_fan(test: Callable[[HonourSpec], bool], n: int, exact: bool = False) -> Detector:
    """A fan of ``n`` (or, unless ``exact``, at least ``n``) pungs or kongs of
    the honours passing ``test`` (大四喜, 箭刻, 长暂停, 三暂停, ...)."""

    def fn(r: Reading) -> int:
        k = len(honour_pungs(r, test))
        return int(k == n if exact else k >= n)

    return Detector(
        S,
        fn,
        evidence=lambda r: tuple(honour_pungs(r, test)),
        requires=Gate.HONOUR_PUNGS,
    )


def little_honours_fan(test: Callable[[HonourSpec], bool], n: int) -> Detector:
    """A fan of ``n`` pungs or kongs of the honours passing ``test`` and a
    pair of another such honour (小四喜, 小三元, 短暂停, 小逆转)."""

    def fn(r: Reading) -> int:
        pair = r.pair
        return int(
            len(honour_pungs(r, test)) == n
            and pair is not None
            and pair.honour is not None
            and test(pair.honour)
        )

    return Detector(
        S,
        fn,
        evidence=lambda r: tuple(honour_pungs(r, test)),
        requires=Gate.HONOUR_PUNGS,
    )


def counted(fn: Callable[[Reading], int], *, requires: Gate | None = None) -> Detector:
    """A simple, per-reading detector."""
    return Detector(S, fn, requires=requires)


def hand_level(fn: Callable[[Reading], int], *, requires: Gate | None = None) -> Detector:
    """A simple detector that depends only on the hand and its shape family."""
    return Detector(S, fn, per_hand=True, requires=requires)

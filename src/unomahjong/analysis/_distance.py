"""Table-driven distances to winning shapes, on flat per-code count arrays.

The core quantity is the *overlap*: how many of the hand's concealed tiles a
target group of ``k`` melds (plus ``p`` pairs, 0 or 1) can reuse. Tiles may be
added without limit (the shape view of the MCR calculators), so a block's
best overlap depends only on that block's counts. A block is one suit (with
the honours that carry its colour, in UNO) or the free honours (MCR). Each
block's vector of best overlaps, indexed ``2*k + p``, is memoised on its count
tuple and interned as a small int; interned vectors of several blocks combine
by a memoised max-plus convolution keyed by their two ids. A hand that needs
``n`` more melds and a pair is ``3n + 2 - overlap`` tiles from winning, and its
shanten is that distance minus one.
"""

from __future__ import annotations

import enum
import threading
from typing import Any, Final

from .._memo import Memo

MAX_MELDS: Final = 4
VEC_LEN: Final = 2 * (MAX_MELDS + 1)
ZERO: Final[tuple[int, ...]] = (0,) * VEC_LEN
ZERO_ID: Final = 0

Vector = tuple[int, ...]

_vectors: list[Vector] = [ZERO]
"""The interned vectors, by id. Never emptied: an id stays valid for the
life of the process, so memo entries and a computation in flight in another
thread never see an id stand for another vector. Few by construction: the
vectors of every suit with up to four copies of each rank, and every
max-plus convolution of them, are 164 in all (the entries of a vector are
bounded by the tiles of ``k`` melds and ``p`` pairs)."""
_vector_ids: dict[Vector, int] = {ZERO: ZERO_ID}
_intern_lock = threading.Lock()
"""Held to give a new vector its id (a miss: a few hundred times per process)."""
_suit_memo: Memo[tuple[int, ...], Vector] = Memo()
"""Each suit's vector, by its nine counts."""
_conv_memo: Memo[int, int] = Memo()
"""Convolutions of interned vectors, by their two ids."""


def intern(v: Vector) -> int:
    """The small-int id of a vector."""
    i = _vector_ids.get(v)
    if i is None:
        with _intern_lock:
            i = _vector_ids.get(v)
            if i is None:
                i = len(_vectors)
                _vectors.append(v)  # the vector first, then its id: a reader of the id finds it
                _vector_ids[v] = i
    return i


def vector(vid: int) -> Vector:
    """The vector of an id."""
    return _vectors[vid]


def _merge_meld(best: list[int], sub: Vector, gain: int) -> None:
    for k in range(1, MAX_MELDS + 1):
        j = 2 * k
        a = sub[j - 2] + gain
        if a > best[j]:
            best[j] = a
        a = sub[j - 1] + gain
        if a > best[j + 1]:
            best[j + 1] = a


def _merge_pair(best: list[int], sub: Vector, gain: int) -> None:
    for k in range(MAX_MELDS + 1):
        a = sub[2 * k] + gain
        if a > best[2 * k + 1]:
            best[2 * k + 1] = a


def _minus(c: tuple[int, ...], *drops: tuple[int, int]) -> tuple[int, ...]:
    out = list(c)
    for i, n in drops:
        out[i] -= n
    return tuple(out)


def suit_vector(c: tuple[int, ...]) -> Vector:
    """Best overlaps of one suit's nine counts with k melds (+ a pair)."""
    v = _suit_memo.new.get(c)
    if v is None:  # (the local table of a computation, only on a miss)
        v = _suit_memo.get_or_compute(c, _compute_suit, c, {})
    return v


def _sub_vector(c: tuple[int, ...], local: dict[tuple[int, ...], Vector]) -> Vector:
    v = local.get(c)
    if v is None:
        v = _suit_memo.get(c)
        if v is None:
            v = local[c] = _compute_suit(c, local)
            _suit_memo.put(c, v)
    return v


def _compute_suit(c: tuple[int, ...], local: dict[tuple[int, ...], Vector]) -> Vector:
    """The vector of ``c``, from those of smaller counts. ``local`` holds the
    sub-results of this computation: the recursion never depends on what the
    shared memo keeps (it may be emptied, or kept small, meanwhile)."""
    # Decide the fate of one copy of the lowest held rank i: unused, in a
    # pung, in the pair, or in a chow that also takes any subset of the next
    # two held ranks. Pungs and pairs take as many copies as they can (an
    # exchange argument shows that loses nothing).
    i = 0
    while i < 9 and not c[i]:
        i += 1
    if i == 9:
        return ZERO
    ci = c[i]
    best = list(_sub_vector(_minus(c, (i, 1)), local))
    n = min(ci, 3)
    _merge_meld(best, _sub_vector(_minus(c, (i, n)), local), n)
    n = min(ci, 2)
    _merge_pair(best, _sub_vector(_minus(c, (i, n)), local), n)
    if i <= 7:
        nxt = [j for j in (i + 1, i + 2) if j <= 8 and c[j] and (i <= 6 or j == i + 1)]
        for mask in range(1 << len(nxt)):
            drops = [(i, 1)] + [(j, 1) for b, j in enumerate(nxt) if mask >> b & 1]
            _merge_meld(best, _sub_vector(_minus(c, *drops), local), len(drops))
    return tuple(best)


def honour_vector(n: int) -> Vector:
    """Best overlaps of ``n`` copies of one honour (no chows)."""
    # A lone rank 9 forms no chow here (it starts none; 7 and 8 are absent),
    # so it scores exactly like an honour.
    return suit_vector((0, 0, 0, 0, 0, 0, 0, 0, n))


_SPLITS: Final = tuple(
    tuple((2 * k1 + p1, 2 * (k - k1) + p - p1) for k1 in range(k + 1) for p1 in range(p + 1))
    for k in range(MAX_MELDS + 1)
    for p in (0, 1)
)
"""For each entry ``2*k + p`` of a convolution, the index pairs (u, v) of
every split of k melds and p pairs between two blocks."""


def convolve(u: Vector, v: Vector) -> Vector:
    """Max-plus convolution: the best split of k melds and p pairs between u and v."""
    out = []
    for splits in _SPLITS:
        best = 0
        for i, j in splits:
            a = u[i] + v[j]
            if a > best:
                best = a
        out.append(best)
    return tuple(out)


def convolve_ids(a: int, b: int) -> int:
    """:func:`convolve` on interned ids, memoised."""
    key = (a << 20) | b
    r = _conv_memo.new.get(key)
    if r is None:
        r = _conv_memo.get_or_compute(key, _convolve_ids, a, b)
    return r


def _convolve_ids(a: int, b: int) -> int:
    return intern(convolve(_vectors[a], _vectors[b]))


_block_kinds: list[BlockKind] = []

BlockInfo = tuple[int, int, int, int]
"""(vector id, bits of held codes, bits of codes held twice or more, pairs held)."""


class BlockStatus(enum.Enum):
    """What one block's counts are as groups, for the wait search."""

    MELDS = "melds"
    """Exactly melds (pungs and chows)."""
    MELDS_AND_PAIR = "melds and a pair"
    """Exactly melds and one pair."""
    NEITHER = "neither"
    """Neither: the block needs a tile (or has one too many)."""

    # Members are singletons compared by identity; hashing by identity too
    # keeps the memo keys that hold a status as cheap as with a string
    # (``Enum.__hash__`` is a Python-level call).
    __hash__ = object.__hash__


_MELDS: Final = BlockStatus.MELDS
_MELDS_AND_PAIR: Final = BlockStatus.MELDS_AND_PAIR
_NEITHER: Final = BlockStatus.NEITHER


class BlockKind:
    """How to read one block's count slice: which offsets are suited ranks."""

    __slots__ = (
        "completing_memo",
        "honour_offsets",
        "length",
        "memo",
        "offsets",
        "status_memo",
        "suited",
    )

    def __init__(self, length: int, suited: bool, honour_offsets: tuple[int, ...]) -> None:
        self.length = length
        self.suited = suited
        self.honour_offsets = honour_offsets
        self.memo: Memo[tuple[int, ...], BlockInfo] = Memo()
        self.status_memo: Memo[tuple[int, ...], BlockStatus] = Memo()
        self.completing_memo: Memo[tuple[tuple[int, ...], BlockStatus], tuple[int, ...]] = Memo()
        self.offsets = tuple(range(9)) if suited else ()
        self.offsets += honour_offsets

    def info(self, key: tuple[int, ...]) -> BlockInfo:
        """The memoised facts of one block's counts."""
        r = self.memo.new.get(key)
        if r is None:
            r = self.memo.get_or_compute(key, self._compute, key)
        return r

    def status(self, key: tuple[int, ...]) -> BlockStatus:
        """Whether the block's counts are exactly melds, exactly melds and one
        pair, or neither (:class:`BlockStatus`). Found by a direct
        search, much cheaper on a miss than the overlap vector: the wait test
        of scoring asks it of many one-off keys."""
        r = self.status_memo.new.get(key)
        if r is None:
            r = self.status_memo.get_or_compute(key, self._status, key)
        return r

    def completing(self, key: tuple[int, ...], want: BlockStatus) -> tuple[int, ...]:
        """Offsets whose tile, added to this block, gives it status ``want``
        (melds, or melds and a pair; see :meth:`status`). Only tiles that can join a
        group are tried: a rank beside a held one, or a held honour."""
        return self.completing_memo.get_or_compute((key, want), self._completing, key, want)

    def _completing(self, key: tuple[int, ...], want: BlockStatus) -> tuple[int, ...]:
        out: list[int] = []
        grown = list(key)
        for off in self.offsets:
            if self.suited and off < 9:
                if not any(key[max(0, off - 2) : min(9, off + 3)]):
                    continue
            elif not key[off]:
                continue  # a lone honour is neither a pung nor a pair
            grown[off] += 1
            if self.status(tuple(grown)) is want:
                out.append(off)
            grown[off] -= 1
        return tuple(out)

    def _status(self, key: tuple[int, ...]) -> BlockStatus:
        n = sum(key)
        if n % 3 == 1:
            return _NEITHER
        honour_pairs = 0
        for off in self.honour_offsets:
            # Copies of an honour are pungs, plus a pair when 2 are left over
            # (5 copies: the shape view counts a wait on a fifth copy).
            left = key[off] % 3
            if left == 2:
                honour_pairs += 1
            elif left:
                return _NEITHER
        want_pair = n % 3 == 2
        if honour_pairs > int(want_pair):
            return _NEITHER
        if not self.suited:
            return _MELDS_AND_PAIR if want_pair else _MELDS
        ranks = list(key[:9])
        if not want_pair or honour_pairs:
            ok = _melds_only(ranks)
        else:
            ok = False
            # Each meld's ranks sum to a multiple of 3 (3r for a pung,
            # 3r + 3 for a chow), so the pair's rank p has 2p = the sum of
            # all ranks, mod 3: one rank in three can hold it.
            total = sum(i * n for i, n in enumerate(ranks))
            for i in range(2 * total % 3, 9, 3):
                if ranks[i] >= 2:
                    ranks[i] -= 2
                    ok = _melds_only(ranks)
                    ranks[i] += 2
                    if ok:
                        break
        if not ok:
            return _NEITHER
        return _MELDS_AND_PAIR if want_pair else _MELDS

    def _compute(self, key: tuple[int, ...]) -> BlockInfo:
        vid = intern(suit_vector(key[:9])) if self.suited else ZERO_ID
        for off in self.honour_offsets:
            n = key[off]
            if n:
                # Interned and memoised: a miss here is a new block, whose
                # honours mostly come in combinations already seen.
                vid = convolve_ids(vid, intern(honour_vector(n)))
        held = paired = pairs = 0
        for i, n in enumerate(key):
            if n:
                held |= 1 << i
                if n > 1:
                    paired |= 1 << i
                    pairs += n >> 1
        return (vid, held, paired, pairs)


_KINDS: dict[tuple[int, bool, tuple[int, ...]], BlockKind] = {}


def block_kind(length: int, suited: bool, honour_offsets: tuple[int, ...]) -> BlockKind:
    """The one :class:`BlockKind` of this layout: blocks alike (UNO's four
    colours, MCR's three suits) share it, and so share its memo tables."""
    key = (length, suited, honour_offsets)
    kind = _KINDS.get(key)
    if kind is None:
        with _intern_lock:
            kind = _KINDS.get(key)
            if kind is None:
                kind = BlockKind(length, suited, honour_offsets)
                _block_kinds.append(kind)
                _KINDS[key] = kind
    return kind


def _melds_only(c: list[int]) -> bool:
    """True when the nine rank counts split into chows and pungs.

    One pass: at each rank, the tiles left after the chows begun at the two
    ranks below start ``left % 3`` chows and form pungs with the rest.
    Starting more chows there never helps: three equal chows hold the same
    tiles as three pungs."""
    p1 = p2 = 0  # chows begun one and two ranks below
    for i in range(9):
        left = c[i] - p1 - p2
        if left < 0:
            return False
        s = left % 3
        if s and i >= 7:
            return False  # a chow cannot begin on an 8 or a 9
        p2, p1 = p1, s
    return True


def memos() -> tuple[Memo[Any, Any], ...]:
    """This module's memo tables (``scoring.memo_tables``)."""
    out: list[Memo[Any, Any]] = [_suit_memo, _conv_memo]
    for kind in tuple(_block_kinds):
        out += [kind.memo, kind.status_memo, kind.completing_memo]
    return tuple(out)


def clear_caches() -> None:
    """Forget the memoised vectors, convolutions and block facts (a cold
    start for benchmarks; memory). Each table is replaced by an empty one, so
    a thread using them meanwhile finishes with the old one; the interned
    vectors are kept, so the ids it holds keep their meaning."""
    _suit_memo.clear()
    _conv_memo.clear()
    for kind in tuple(_block_kinds):
        kind.memo.clear()
        kind.status_memo.clear()
        kind.completing_memo.clear()

# cython: language_level=3
"""Compiled core: shanten per shape, waits and discard options.

The same answers as :mod:`unomahjong.analysis.shanten` (the reference) for the two
built-in tile sets, computed on per-code count arrays in C. Rule set 0 is
UNO (``UNO_TILES``), 1 is MCR (``MCR_TILES``). The shapes allowed are a
mask, bit ``i`` for the ``i``-th ``Shape`` (``ShapeSpec.mask``): standard 1,
seven pairs 2, thirteen orphans 4, honours and knitted 8, knitted straight
16; the standard shape is always among them.

Standard shape. The reference measures a hand by the most concealed tiles
that ``k`` melds and a pair can reuse (the *overlap*; tiles may be added
without limit, so it depends on the counts alone). Here the overlap is read
off a small per-block table: for each number of whole melds ``m3`` (0-4) and
whether a whole pair is set aside (0 or 1), the most two-tile parts of melds
``m2`` the block's tiles can form beside them (-1: not possible). Such a set
of groups is closed downwards (a meld less one tile is a part, a part or a
meld can be dropped), so the table describes it, and k melds and a pair
then reuse ``3*m3 + 2*m2 + 2*pair`` tiles plus one loose tile per slot left
open. Tables of blocks combine by a max-plus sum. A suit's table comes from
a left-to-right pass over its ranks that decides, rank by rank, every group
starting there; honours are table look-ups.

Every table is built when the module is imported and never written again;
each call works on its own stack, so the functions need no lock.

Bad input (wrong length, a code outside the tile set, a count or a hand size
that no hand has) is refused with a sentinel (``BAD`` or None), never by
reading outside an array: the Python side then raises the library's error.
"""

from libc.stdint cimport uint64_t
from libc.string cimport memcmp, memcpy, memset

from cpython.long cimport PyLong_CheckExact
from cpython.object cimport PyObject
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE


cdef object _ZERO = 0


API = 1
"""The core's interface version (see :mod:`unomahjong._engine`)."""

BAD = -100
"""What an int-valued function returns for input it refuses."""

UNO = 0
MCR = 1

cdef enum:
    SIZE = 64          # codes per count array: TileSet.size of both sets
    NT = 10            # table entries: 2 * m3 + pair, m3 in 0..4
    MAX_TILES = 14     # concealed tiles of any hand, one added tile included
    UNREACH = 99       # shanten.UNREACHABLE
    REFUSED = -100     # BAD
    # States of a suit pass: remainders (x, y) of two ranks, x + y <= 14.
    MAX_STATES = 64
    ST_M = 0           # block status: exactly melds
    ST_P = 1           # exactly melds and one pair
    ST_X = 2           # neither
    NONE = -100        # a table entry that no grouping reaches
    SEGMENT_SPAN = 6   # ranks of the runs whose tables are built at import
    SEGMENT_KEYS = 15625  # 5 ** SEGMENT_SPAN: a run's counts as base-5 digits

ctypedef signed char tab_t

# The numbering shared with the Python modules, generated from them
# (_core/numbering.py): SH_<SHAPE> is a shape's position in Shape.
include "_numbering.pxi"

cdef enum:
    # Bits of a shapes mask (ShapeSpec.mask).
    B_STANDARD = 1 << SH_STANDARD
    B_SEVEN_PAIRS = 1 << SH_SEVEN_PAIRS
    B_ORPHANS = 1 << SH_THIRTEEN_ORPHANS
    B_HONOURS_KNITTED = 1 << SH_HONOURS_AND_KNITTED
    B_KNITTED_STRAIGHT = 1 << SH_KNITTED_STRAIGHT

ALL_SHAPES = SH_ALL
"""The mask of every shape (the default of each function)."""


cdef struct RuleSet:
    int nsuits
    int nhonours
    int honour[8]          # honour codes in order
    int nkinds
    int kinds[44]          # every code of the set, in order
    uint64_t valid         # bit c: code c is a tile of the set
    uint64_t honour_mask
    uint64_t orphan_mask
    int norphans
    int orphans[16]        # terminal and honour codes in order
    int nknitted
    uint64_t knitted[24]   # each knitted set's codes
    int knitted_suit[24][3]  # the suits holding its 147, 258 and 369
    bint orphans_pair      # MCR: 13 kinds and a pair; UNO: 14 different kinds


cdef RuleSet RULES[2]
cdef tab_t HONOUR[MAX_TILES + 1][NT]   # the table of n copies of one honour
cdef tab_t IDENTITY[NT]                # an empty block: no groups at all
cdef tab_t CAP[NT]                     # most parts beside m3 melds: 4 - m3
cdef tab_t SEGMENT[SEGMENT_KEYS][NT]   # runs of a suit: SEGMENT_SPAN ranks, 0-4 copies
cdef bint SEGMENT_IDENTITY[SEGMENT_KEYS]


# ------------------------------------------------------------------ set-up


cdef void _build_rules(RuleSet* rs, int nsuits, bint colour_honours, bint orphans_pair) noexcept:
    cdef int s, r, a, b, c, k, code
    rs.nsuits = nsuits
    rs.nhonours = 0
    rs.nkinds = 0
    rs.norphans = 0
    rs.valid = 0
    rs.honour_mask = 0
    rs.orphan_mask = 0
    rs.orphans_pair = orphans_pair
    # Codes in ascending order, as TileSet lays them out.
    for s in range(nsuits):
        for r in range(1, 10):
            code = 16 * s + r
            rs.kinds[rs.nkinds] = code
            rs.nkinds += 1
            if r == 1 or r == 9:
                rs.orphan_mask |= (<uint64_t>1) << code
        if colour_honours:
            for code in (16 * s + 11, 16 * s + 13):
                rs.kinds[rs.nkinds] = code
                rs.nkinds += 1
                rs.honour[rs.nhonours] = code
                rs.nhonours += 1
    if not colour_honours:
        for k in range(7):
            code = 16 * nsuits + 1 + 2 * k
            rs.kinds[rs.nkinds] = code
            rs.nkinds += 1
            rs.honour[rs.nhonours] = code
            rs.nhonours += 1
    for k in range(rs.nkinds):
        rs.valid |= (<uint64_t>1) << rs.kinds[k]
    for k in range(rs.nhonours):
        rs.honour_mask |= (<uint64_t>1) << rs.honour[k]
    rs.orphan_mask |= rs.honour_mask
    for k in range(rs.nkinds):
        if rs.orphan_mask >> rs.kinds[k] & 1:
            rs.orphans[rs.norphans] = rs.kinds[k]
            rs.norphans += 1
    # Knitted sets in TileSet.knitted_sets order: (suit of 147, of 258, of 369).
    rs.nknitted = 0
    for a in range(nsuits):
        for b in range(nsuits):
            for c in range(nsuits):
                if a == b or b == c or a == c:
                    continue
                rs.knitted[rs.nknitted] = 0
                for r in range(3):
                    rs.knitted[rs.nknitted] |= (<uint64_t>1) << (16 * a + 1 + 3 * r)
                    rs.knitted[rs.nknitted] |= (<uint64_t>1) << (16 * b + 2 + 3 * r)
                    rs.knitted[rs.nknitted] |= (<uint64_t>1) << (16 * c + 3 + 3 * r)
                rs.knitted_suit[rs.nknitted][0] = a
                rs.knitted_suit[rs.nknitted][1] = b
                rs.knitted_suit[rs.nknitted][2] = c
                rs.nknitted += 1


cdef void _build_tables() noexcept:
    cdef int n, m3, pr, rest, cap
    for m3 in range(NT):
        IDENTITY[m3] = NONE
        CAP[m3] = 4 - (m3 >> 1)
    IDENTITY[0] = 0
    for n in range(MAX_TILES + 1):
        for m3 in range(5):
            for pr in range(2):
                rest = n - 3 * m3 - 2 * pr
                cap = 4 - m3
                if rest < 0:
                    HONOUR[n][2 * m3 + pr] = NONE
                else:
                    HONOUR[n][2 * m3 + pr] = rest // 2 if rest // 2 < cap else cap


# ------------------------------------------------------------------ helpers


cdef inline int _popcount(uint64_t x) noexcept nogil:
    # The bit-parallel sum: portable, and inline where a compiler built for
    # the baseline CPU would call a library routine.
    x = x - ((x >> 1) & 0x5555555555555555ULL)
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL
    return <int>((x * 0x0101010101010101ULL) >> 56)


cdef inline int _min(int a, int b) noexcept nogil:
    return a if a < b else b


# The search itself, in two files of one subject each (textual includes:
# one extension module, so calls between the parts stay direct C calls).
include "_analysis_tables.pxi"
include "_analysis_search.pxi"


# ------------------------------------------------------------ Python interface


cdef int _load(object counts, int melds, int rules, int* out) noexcept:
    """Copy a per-code count array into ``out``; the number of concealed
    tiles, or ``REFUSED`` when the input is not a hand's counts."""
    cdef int i, n = 0
    cdef long v
    cdef const RuleSet* rs
    cdef tuple t
    cdef PyObject* p
    cdef PyObject* zero = <PyObject*>_ZERO
    if rules < 0 or rules > 1 or melds < 0 or melds > 4:
        return REFUSED
    rs = &RULES[rules]
    try:
        t = <tuple>counts if type(counts) is tuple else tuple(counts)
        if PyTuple_GET_SIZE(t) != SIZE:
            return REFUSED
        for i in range(SIZE):
            p = PyTuple_GET_ITEM(t, i)  # in range: the length is SIZE
            if p == zero:  # most codes; CPython shares the int 0
                out[i] = 0
                continue
            item = <object>p
            if not PyLong_CheckExact(item):
                return REFUSED
            v = item  # OverflowError past a C long: refused below
            if v < 0 or v > MAX_TILES or (v and not rs.valid >> i & 1):
                return REFUSED
            out[i] = <int>v
            n += <int>v
    except Exception:
        return REFUSED
    # Shanten is defined for the hand before the winning tile (13, kongs as
    # 3) and after it (14).
    if n + 3 * melds != 13 and n + 3 * melds != 14:
        return REFUSED
    return n


cdef inline int _get_int(object x, int* out) noexcept:
    cdef long v
    if not PyLong_CheckExact(x):
        return 0
    try:
        v = x
    except OverflowError:
        return 0
    if v < -1000 or v > 1000:
        return 0
    out[0] = <int>v
    return 1


cdef tuple _codes(uint64_t mask):
    cdef list out = []
    cdef int code
    for code in range(SIZE):
        if mask >> code & 1:
            out.append(code)
    return tuple(out)


cdef inline int _get_shapes(object shapes, int* out) noexcept:
    """A shapes mask the core takes into ``out``; 0 when it is not one."""
    return _get_int(shapes, out) and _shapes_ok(out[0])


def shanten(counts, melds, rules, shapes=ALL_SHAPES):
    """The lowest shanten over the shapes of the mask ``shapes`` of the
    concealed ``counts`` (a sequence of 64 per-code counts) with ``melds``
    declared melds, for rule set ``rules`` (0 UNO, 1 MCR); ``BAD`` for input
    no hand has."""
    cdef int c[SIZE]
    cdef int m, r, n, sh
    if not _get_int(melds, &m) or not _get_int(rules, &r) or not _get_shapes(shapes, &sh):
        return REFUSED
    n = _load(counts, m, r, c)
    if n == REFUSED:
        return REFUSED
    return _shanten_of(&RULES[r], c, n, m, sh)


def shanten_by_shape(counts, melds, rules):
    """Shanten of (standard, seven pairs, orphans, honours and knitted,
    knitted straight), 99 for a shape the melds rule out; None for bad input."""
    cdef int c[SIZE]
    cdef int m, r, n
    cdef Facts f
    cdef const RuleSet* rs
    if not _get_int(melds, &m) or not _get_int(rules, &r):
        return None
    n = _load(counts, m, r, c)
    if n == REFUSED:
        return None
    rs = &RULES[r]
    _facts(rs, c, n, m, &f)
    if m:
        return (_standard(&f), UNREACH, UNREACH, UNREACH, _knitted_straight(rs, c, &f, UNREACH))
    return (
        _standard(&f),
        _seven_pairs(&f),
        _orphans(rs, f.held, f.paired),
        _honours_knitted(rs, f.held),
        _knitted_straight(rs, c, &f, UNREACH),
    )


def is_winning(counts, melds, rules, shapes=ALL_SHAPES):
    """True when the 14-tile concealed ``counts`` complete the hand under
    some shape of the mask ``shapes``; None for bad input (13 tiles
    included: ask shanten)."""
    cdef int c[SIZE]
    cdef int m, r, n, sh
    if not _get_int(melds, &m) or not _get_int(rules, &r) or not _get_shapes(shapes, &sh):
        return None
    n = _load(counts, m, r, c)
    if n == REFUSED or n + 3 * m != 14:
        return None
    return _shanten_of(&RULES[r], c, n, m, sh) == -1


def waits(counts, melds, rules, shapes=ALL_SHAPES):
    """The codes completing the 13-tile concealed ``counts``, by the shapes
    of the mask ``shapes``, in ascending order; None for bad input."""
    cdef int c[SIZE]
    cdef int m, r, n, sh
    if not _get_int(melds, &m) or not _get_int(rules, &r) or not _get_shapes(shapes, &sh):
        return None
    n = _load(counts, m, r, c)
    if n == REFUSED or n + 3 * m != 13:
        return None
    return _codes(_waits(&RULES[r], c, m, sh))


def single_wait(counts, melds, rules, code, shapes=ALL_SHAPES):
    """1 when every wait of the 13-tile ``counts`` by the shapes of the mask
    ``shapes`` is ``code`` (none at all included), 0 when another kind
    completes it; ``BAD`` for bad input."""
    cdef int c[SIZE]
    cdef int m, r, n, k, sh
    if (
        not _get_int(melds, &m)
        or not _get_int(rules, &r)
        or not _get_int(code, &k)
        or not _get_shapes(shapes, &sh)
    ):
        return REFUSED
    n = _load(counts, m, r, c)
    if n == REFUSED:
        return REFUSED
    return waits_only_on_shapes(c, m, r, sh, k)


def discard_options(counts, melds, rules, shapes=ALL_SHAPES):
    """For each held code of the 14-tile concealed ``counts``, in ascending
    order: (code, shanten after discarding it over the shapes of the mask
    ``shapes``, codes that would lower that shanten, ascending). None for
    bad input."""
    cdef int c[SIZE]
    cdef int m, r, n, code, s, sh
    cdef const RuleSet* rs
    cdef Facts f
    cdef uint64_t useful
    cdef list out = []
    if not _get_int(melds, &m) or not _get_int(rules, &r) or not _get_shapes(shapes, &sh):
        return None
    n = _load(counts, m, r, c)
    if n == REFUSED or n + 3 * m != 14:
        return None
    rs = &RULES[r]
    for code in range(SIZE):
        if not c[code]:
            continue
        c[code] -= 1
        _facts(rs, c, n - 1, m, &f)
        s = _min_shanten(rs, c, &f, sh)
        useful = _useful(rs, c, &f, s, sh)
        c[code] += 1
        out.append((code, s, _codes(useful)))
    return out

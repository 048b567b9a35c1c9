# cython: language_level=3
"""Compiled core: shanten per shape, waits and discard options.

The same answers as :mod:`unomahjong.shanten` (the reference) for the two
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

cdef enum:
    # Bits of a shapes mask, in Shape order.
    SH_STANDARD = 1
    SH_SEVEN_PAIRS = 2
    SH_ORPHANS = 4
    SH_HONOURS_KNITTED = 8
    SH_KNITTED_STRAIGHT = 16
    SH_ALL = 31

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


# ------------------------------------------------------------ block tables


cdef inline void _merge(const tab_t* src, tab_t* dst, int dm3, int dpr, int dm2) noexcept nogil:
    """Add ``dm3`` melds, ``dpr`` pairs and ``dm2`` parts to every entry of
    ``src`` and keep the better of that and ``dst``. ``NONE`` plus the few
    parts of one hand stays negative, so no entry needs a test; parts past
    ``CAP`` are never used (k <= 4 melds in all)."""
    cdef int i, j, v, off = 2 * dm3
    if dpr == 0:
        for i in range(NT - off):
            j = i + off
            v = src[i] + dm2
            if v > CAP[j]:
                v = CAP[j]
            if v > dst[j]:
                dst[j] = v
    else:
        for i in range(0, NT - off, 2):
            j = i + off + 1
            v = src[i] + dm2
            if v > CAP[j]:
                v = CAP[j]
            if v > dst[j]:
                dst[j] = v


cdef void _combine(const tab_t* a, const tab_t* b, tab_t* out) noexcept nogil:
    """Max-plus sum of two blocks' tables: the best split of melds and the pair."""
    cdef int i, na = 0, nb = 0
    cdef const tab_t* t
    cdef tab_t tmp[NT]
    for i in range(NT):
        na += a[i] >= 0
        nb += b[i] >= 0
    if na > nb:  # loop over the sparser table's entries
        t = a
        a = b
        b = t
        na = nb
    if na == 1 and a[0] == 0:  # a block of loose tiles adds nothing
        memcpy(out, b, NT)
        return
    memset(tmp, NONE, NT)
    for i in range(NT):
        if a[i] >= 0:
            _merge(b, tmp, i >> 1, i & 1, a[i])
    memcpy(out, tmp, NT)


cdef void _pass_table(const int* c, int lo, int hi, tab_t* out) noexcept nogil:
    """The table of the rank counts ``c[lo..hi]`` (each 0..MAX_TILES, ``c[lo]``
    and ``c[hi]`` held, nothing else of the suit within two ranks).

    Ranks are read from low to high. At rank i every group whose lowest tile
    is at i is decided at once: ``b`` chows (i, i+1, i+2), ``e`` parts
    (i, i+1), ``f`` parts (i, i+2), ``a`` pungs, the set-aside pair, and
    parts (i, i) from what is left (as many as possible: those tiles have no
    other use, and a part more never lowers the overlap). The state carried
    to the next rank is what remains of ranks i+1 and i+2; states with the
    same remainder keep one table, the best of both."""
    cdef int r1s[2][MAX_STATES]
    cdef int r2s[2][MAX_STATES]
    cdef tab_t tabs[2][MAX_STATES][NT]
    cdef signed char index[MAX_TILES + 1][MAX_TILES + 1]
    cdef int ns = 1, nn, cur = 0, nxt, i, s, j, k
    cdef int r1, r2, c2, b, e, f, a, rest, left, nr1, nr2, bmax, emax, fmax
    memset(index, -1, sizeof(index))
    r1s[0][0] = c[lo]
    r2s[0][0] = c[lo + 1] if lo + 1 <= hi else 0
    memcpy(tabs[0][0], IDENTITY, NT)
    for i in range(lo, hi + 1):
        c2 = c[i + 2] if i + 2 <= hi else 0
        nxt = 1 - cur
        nn = 0
        for s in range(ns):
            r1 = r1s[cur][s]
            r2 = r2s[cur][s]
            bmax = _min(_min(r1, r2), c2)
            for b in range(bmax + 1):
                emax = _min(r1 - b, r2 - b)
                for e in range(emax + 1):
                    fmax = _min(r1 - b - e, c2 - b)
                    for f in range(fmax + 1):
                        nr1 = r2 - b - e
                        nr2 = c2 - b - f
                        j = index[nr1][nr2]
                        if j < 0:
                            j = index[nr1][nr2] = nn
                            r1s[nxt][nn] = nr1
                            r2s[nxt][nn] = nr2
                            memset(tabs[nxt][nn], NONE, NT)
                            nn += 1
                        rest = r1 - b - e - f
                        for a in range(rest // 3 + 1):
                            if a + b > 4:
                                break
                            left = rest - 3 * a
                            _merge(tabs[cur][s], tabs[nxt][j], a + b, 0, left // 2 + e + f)
                            if left >= 2:
                                _merge(tabs[cur][s], tabs[nxt][j], a + b, 1,
                                       (left - 2) // 2 + e + f)
        for s in range(nn):
            index[r1s[nxt][s]][r2s[nxt][s]] = -1
        ns = nn
        cur = nxt
    # After the highest held rank nothing remains: one state, (0, 0).
    memcpy(out, tabs[cur][0], NT)


cdef void _suit_table(const int* c, tab_t* out) noexcept nogil:
    """The table of one suit's nine rank counts (each 0..MAX_TILES).

    Two empty ranks in a row split the suit into runs that no group spans
    (a group's tiles lie within three ranks); a run of at most
    ``SEGMENT_SPAN`` ranks with at most 4 copies each is looked up, longer
    ones are computed."""
    cdef int i = 0, lo, hi, key, scale, big, r
    cdef bint first = True
    while i < 9:
        if c[i] == 0:
            i += 1
            continue
        lo = hi = i
        i += 1
        while i < 9 and (c[i] or (i + 1 < 9 and c[i + 1])):
            if c[i]:
                hi = i
            i += 1
        if hi - lo < SEGMENT_SPAN:
            key = 0
            scale = 1
            big = 0
            for r in range(lo, hi + 1):
                key += c[r] * scale
                scale *= 5
                big |= c[r] > 4
            if not big:
                if first:
                    memcpy(out, SEGMENT[key], NT)
                    first = False
                elif not SEGMENT_IDENTITY[key]:
                    _combine(out, SEGMENT[key], out)
                continue
        if first:
            _pass_table(c, lo, hi, out)
            first = False
        else:
            _pass_and_combine(c, lo, hi, out)
    if first:
        memcpy(out, IDENTITY, NT)


cdef void _pass_and_combine(const int* c, int lo, int hi, tab_t* out) noexcept nogil:
    cdef tab_t t[NT]
    _pass_table(c, lo, hi, t)
    _combine(out, t, out)


cdef int SEGMENT_PLACE[SEGMENT_SPAN]   # 5 ** rank: a run's counts as base-5 digits
cdef bint SEGMENT_DONE[SEGMENT_KEYS]   # set-up only


cdef void _segment(int key) noexcept:
    """Build the table of one run (counts ``key`` in base 5) from smaller
    runs: one copy of the lowest held rank is loose, or in a pung, the pair,
    a part of a pung, a chow, or a part of a chow with the next held rank or
    the one after."""
    cdef int d[SEGMENT_SPAN]
    cdef int i, k = key, lo = -1, sub
    cdef tab_t* t = SEGMENT[key]
    if SEGMENT_DONE[key]:
        return
    SEGMENT_DONE[key] = True
    for i in range(SEGMENT_SPAN):
        d[i] = k % 5
        k //= 5
        if d[i] and lo < 0:
            lo = i
    if lo < 0:
        memcpy(t, IDENTITY, NT)
        return
    memset(t, NONE, NT)
    i = lo
    sub = key - SEGMENT_PLACE[i]
    _segment(sub)
    _merge(SEGMENT[sub], t, 0, 0, 0)
    if d[i] >= 3:
        sub = key - 3 * SEGMENT_PLACE[i]
        _segment(sub)
        _merge(SEGMENT[sub], t, 1, 0, 0)
    if d[i] >= 2:
        sub = key - 2 * SEGMENT_PLACE[i]
        _segment(sub)
        _merge(SEGMENT[sub], t, 0, 1, 0)
        _merge(SEGMENT[sub], t, 0, 0, 1)
    if i + 1 < SEGMENT_SPAN and d[i + 1]:
        sub = key - SEGMENT_PLACE[i] - SEGMENT_PLACE[i + 1]
        _segment(sub)
        _merge(SEGMENT[sub], t, 0, 0, 1)
        if i + 2 < SEGMENT_SPAN and d[i + 2]:
            sub -= SEGMENT_PLACE[i + 2]
            _segment(sub)
            _merge(SEGMENT[sub], t, 1, 0, 0)
    if i + 2 < SEGMENT_SPAN and d[i + 2]:
        sub = key - SEGMENT_PLACE[i] - SEGMENT_PLACE[i + 2]
        _segment(sub)
        _merge(SEGMENT[sub], t, 0, 0, 1)


cdef void _build_segments() noexcept:
    cdef int key, r
    SEGMENT_PLACE[0] = 1
    for r in range(1, SEGMENT_SPAN):
        SEGMENT_PLACE[r] = 5 * SEGMENT_PLACE[r - 1]
    for key in range(SEGMENT_KEYS):
        SEGMENT_DONE[key] = False
    for key in range(SEGMENT_KEYS):
        _segment(key)
    for key in range(SEGMENT_KEYS):
        SEGMENT_IDENTITY[key] = memcmp(SEGMENT[key], IDENTITY, NT) == 0


_build_rules(&RULES[0], 4, True, False)
_build_rules(&RULES[1], 3, False, True)
_build_tables()
_build_segments()


cdef int _overlap(const tab_t* t, int n, int k) noexcept nogil:
    """Most of ``n`` concealed tiles that ``k`` melds and a pair can reuse."""
    cdef int m3, pr, m2, used, slots, v, best = 0
    for m3 in range(k + 1):
        for pr in range(2):
            m2 = t[2 * m3 + pr]
            if m2 < 0:
                continue
            if m2 > k - m3:
                m2 = k - m3
            used = 3 * m3 + 2 * m2 + 2 * pr
            slots = k - m3 - m2 + 1 - pr  # open slots: one loose tile each
            v = used + _min(n - used, slots)
            if v > best:
                best = v
    return best


# ------------------------------------------------------------ a hand's facts


cdef struct Facts:
    int n                  # concealed tiles
    int melds
    tab_t suit[4][NT]
    tab_t honours[NT]      # every honour kind combined
    tab_t whole[NT]        # every block combined
    uint64_t held          # bit c: code c held
    uint64_t paired        # held twice or more
    int pairs              # pairs of seven pairs (4 copies are two)
    tab_t variant[4][3][NT]  # a suit less one of each held 147 / 258 / 369
    bint have_variant[4][3]


cdef void _honour_facts(const RuleSet* rs, const int* c, Facts* f) noexcept nogil:
    cdef int k, n
    memcpy(f.honours, IDENTITY, NT)
    for k in range(rs.nhonours):
        n = c[rs.honour[k]]
        if n > 1:  # a lone honour is only a loose tile: the identity table
            _combine(f.honours, HONOUR[n], f.honours)


cdef void _whole(const RuleSet* rs, Facts* f) noexcept nogil:
    cdef int s
    memcpy(f.whole, f.honours, NT)
    for s in range(rs.nsuits):
        _combine(f.whole, f.suit[s], f.whole)


cdef void _bits(const RuleSet* rs, const int* c, Facts* f) noexcept nogil:
    cdef int k, code, n
    f.held = 0
    f.paired = 0
    f.pairs = 0
    for k in range(rs.nkinds):
        code = rs.kinds[k]
        n = c[code]
        if n:
            f.held |= (<uint64_t>1) << code
            if n > 1:
                f.paired |= (<uint64_t>1) << code
                f.pairs += n >> 1


cdef void _facts(const RuleSet* rs, const int* c, int n, int melds, Facts* f) noexcept nogil:
    cdef int s, j
    f.n = n
    f.melds = melds
    for s in range(rs.nsuits):
        _suit_table(c + 16 * s + 1, f.suit[s])
        for j in range(3):
            f.have_variant[s][j] = False
    _honour_facts(rs, c, f)
    _whole(rs, f)
    _bits(rs, c, f)


cdef const tab_t* _variant(const int* c, Facts* f, int s, int j) noexcept nogil:
    """Suit ``s``'s table less one copy of each held rank j+1, j+4, j+7."""
    cdef int ranks[9]
    cdef int r
    if not f.have_variant[s][j]:
        memcpy(ranks, c + 16 * s + 1, 9 * sizeof(int))
        for r in range(j, 9, 3):
            if ranks[r]:
                ranks[r] -= 1
        _suit_table(ranks, f.variant[s][j])
        f.have_variant[s][j] = True
    return f.variant[s][j]


# ------------------------------------------------------------ shanten per shape


cdef inline int _standard(const Facts* f) noexcept nogil:
    cdef int k = 4 - f.melds
    return 3 * k + 1 - _overlap(f.whole, f.n, k)


cdef inline int _seven_pairs(const Facts* f) noexcept nogil:
    if f.melds:
        return UNREACH
    return 6 - _min(f.pairs, 7)


cdef inline int _orphans(const RuleSet* rs, uint64_t held, uint64_t paired) noexcept nogil:
    cdef int kinds = _popcount(held & rs.orphan_mask)
    if rs.orphans_pair:
        return 13 - kinds - (1 if paired & rs.orphan_mask else 0)
    return 13 - _min(kinds, 14)


cdef inline int _top_knitted(const RuleSet* rs, uint64_t held) noexcept nogil:
    cdef int k, v, top = 0
    for k in range(rs.nknitted):
        v = _popcount(held & rs.knitted[k])
        if v > top:
            top = v
    return top


cdef inline int _honours_knitted(const RuleSet* rs, uint64_t held) noexcept nogil:
    return 13 - _min(_top_knitted(rs, held) + _popcount(held & rs.honour_mask), 14)


cdef int _knitted_straight(const RuleSet* rs, const int* c, Facts* f, int bound) noexcept nogil:
    """组合龙 shape: a knitted set, one meld and a pair. Sets whose floor
    (the whole hand's overlap bounds what their rest can reuse) cannot beat
    ``bound`` or the best so far are skipped."""
    cdef int needed = 1 - f.melds
    if needed < 0:
        return UNREACH
    cdef int whole = _overlap(f.whole, f.n, needed)
    cdef int best = UNREACH, k, s, j, present, floor, v
    cdef tab_t rest[NT]
    cdef bint touched[4]
    for k in range(rs.nknitted):
        present = _popcount(f.held & rs.knitted[k])
        floor = 9 + 3 * needed + 1 - present - whole
        if floor >= best or floor >= bound:
            continue
        for s in range(4):
            touched[s] = False
        memcpy(rest, f.honours, NT)
        for j in range(3):
            s = rs.knitted_suit[k][j]
            touched[s] = True
            _combine(rest, _variant(c, f, s, j), rest)
        for s in range(rs.nsuits):
            if not touched[s]:
                _combine(rest, f.suit[s], rest)
        v = 9 + 3 * needed + 1 - present - _overlap(rest, f.n - present, needed)
        if v < best:
            best = v
    return best


cdef int _min_shanten(const RuleSet* rs, const int* c, Facts* f, int shapes) noexcept nogil:
    """The lowest shanten over the shapes of the mask ``shapes``
    (shanten.min_shanten)."""
    cdef int best = _standard(f), s, top
    if best < 0 or f.melds > 1 or shapes == SH_STANDARD:
        return best
    top = _top_knitted(rs, f.held)
    if f.melds == 0:
        if shapes & SH_SEVEN_PAIRS:
            s = _seven_pairs(f)
            if s < best:
                best = s
        if shapes & SH_ORPHANS:
            s = _orphans(rs, f.held, f.paired)
            if s < best:
                best = s
        if shapes & SH_HONOURS_KNITTED:
            s = 13 - _min(top + _popcount(f.held & rs.honour_mask), 14)
            if s < best:
                best = s
    if best > -1 and shapes & SH_KNITTED_STRAIGHT:
        # A knitted straight lies below ``best`` only if its floor does.
        if 10 + 3 * (1 - f.melds) - top - _overlap(f.whole, f.n, 1 - f.melds) < best:
            s = _knitted_straight(rs, c, f, best)
            if s < best:
                best = s
    return best


# ------------------------------------------------------------ completeness and waits


cdef bint _melds_only(const int* c) noexcept nogil:
    """True when nine rank counts split into chows and pungs: at each rank
    the tiles left after the chows begun below start ``left % 3`` chows and
    make pungs of the rest (three equal chows hold what three pungs hold)."""
    cdef int p1 = 0, p2 = 0, i, left, s
    for i in range(9):
        left = c[i] - p1 - p2
        if left < 0:
            return False
        s = left % 3
        if s and i >= 7:
            return False
        p2 = p1
        p1 = s
    return True


cdef int _suit_status(const int* c) noexcept nogil:
    cdef int n = 0, w = 0, i, p
    cdef int ranks[9]
    for i in range(9):
        n += c[i]
        w += i * c[i]
    if n % 3 == 1:
        return ST_X
    if n % 3 == 0:
        return ST_M if _melds_only(c) else ST_X
    # Melds' ranks sum to 0 mod 3, so the pair's rank p has 2p = w mod 3.
    memcpy(ranks, c, 9 * sizeof(int))
    for p in range((2 * w) % 3, 9, 3):
        if ranks[p] >= 2:
            ranks[p] -= 2
            if _melds_only(ranks):
                return ST_P
            ranks[p] += 2
    return ST_X


cdef inline int _honour_status(int n) noexcept nogil:
    n %= 3
    return ST_M if n == 0 else (ST_P if n == 2 else ST_X)


cdef uint64_t _standard_waits(const RuleSet* rs, const int* c) noexcept nogil:
    """Kinds that make the counts exactly melds and one pair. Blocks are the
    suits and each honour kind; one added tile mends at most one block."""
    cdef int status[4 + 8]
    cdef int nblocks = rs.nsuits + rs.nhonours
    cdef int broken = 0, pairs = 0, u, want, r, code, n
    cdef int ranks[9]
    cdef unsigned int held, near
    cdef uint64_t out = 0
    for u in range(nblocks):
        if u < rs.nsuits:
            status[u] = _suit_status(c + 16 * u + 1)
        else:
            status[u] = _honour_status(c[rs.honour[u - rs.nsuits]])
        if status[u] == ST_X:
            broken += 1
        elif status[u] == ST_P:
            pairs += 1
    if broken > 1:
        return 0
    for u in range(nblocks):
        if broken - (status[u] == ST_X):
            continue
        n = pairs - (status[u] == ST_P)
        if n > 1:
            continue
        want = ST_M if n else ST_P
        if u >= rs.nsuits:
            code = rs.honour[u - rs.nsuits]
            # A lone new honour is neither a pung nor a pair.
            if c[code] and _honour_status(c[code] + 1) == want:
                out |= (<uint64_t>1) << code
            continue
        memcpy(ranks, c + 16 * u + 1, 9 * sizeof(int))
        held = 0
        for r in range(9):
            if ranks[r]:
                held |= 1u << r
        # A new tile joins a group only beside a held rank (two ranks away at most).
        near = (held | held << 1 | held << 2 | held >> 1 | held >> 2) & 0x1FF
        for r in range(9):
            if near >> r & 1:
                ranks[r] += 1
                if _suit_status(ranks) == want:
                    out |= (<uint64_t>1) << (16 * u + 1 + r)
                ranks[r] -= 1
    return out


cdef bint _standard_complete(const RuleSet* rs, const int* c) noexcept nogil:
    cdef int u, st, pairs = 0
    for u in range(rs.nsuits):
        st = _suit_status(c + 16 * u + 1)
        if st == ST_X:
            return False
        pairs += st
    for u in range(rs.nhonours):
        st = _honour_status(c[rs.honour[u]])
        if st == ST_X:
            return False
        pairs += st
    return pairs == 1


cdef void _less_knitted(const int* c, uint64_t km, int* out) noexcept nogil:
    """The counts less one copy of each held kind of a knitted set."""
    cdef int code
    memcpy(out, c, SIZE * sizeof(int))
    for code in range(SIZE):
        if km >> code & 1 and out[code]:
            out[code] -= 1


cdef uint64_t _special_waits(const RuleSet* rs, const int* c, int melds, int shapes) noexcept nogil:
    """Waits of the shapes of the mask ``shapes`` other than melds and a pair
    (13 tiles, at most one declared meld: only the knitted straight allows
    one)."""
    cdef uint64_t out = 0, held = 0, paired = 0, km, missing
    cdef int pairs = 0, k, code, n, honours, orphans, present
    cdef int rest[SIZE]
    for k in range(rs.nkinds):
        code = rs.kinds[k]
        n = c[code]
        if n:
            held |= (<uint64_t>1) << code
            if n > 1:
                paired |= (<uint64_t>1) << code
                pairs += n >> 1
    if melds == 0:
        if shapes & SH_SEVEN_PAIRS and pairs == 6:  # six pairs and a single: the single's kind
            for k in range(rs.nkinds):
                code = rs.kinds[k]
                if c[code] & 1:
                    out |= (<uint64_t>1) << code
        if shapes & SH_ORPHANS and _orphans(rs, held, paired) == 0:
            if rs.orphans_pair and not paired & rs.orphan_mask:
                out |= rs.orphan_mask  # 13 kinds: any of them as the pair
            else:
                out |= rs.orphan_mask & ~held
        honours = _popcount(held & rs.honour_mask)
        if shapes & SH_HONOURS_KNITTED and not paired and _popcount(held) == 13:
            for k in range(rs.nknitted):
                km = rs.knitted[k]
                if held & ~rs.honour_mask & ~km:
                    continue
                if _popcount(held & km) + honours == 13:
                    out |= (km | rs.honour_mask) & ~held
    if not shapes & SH_KNITTED_STRAIGHT:
        return out
    for k in range(rs.nknitted):
        km = rs.knitted[k]
        present = _popcount(held & km)
        if present < 8:
            continue
        _less_knitted(c, km, rest)
        if present == 9:
            out |= _standard_waits(rs, rest)
        elif _standard_complete(rs, rest):
            out |= km & ~held
    return out


cdef uint64_t _waits(const RuleSet* rs, const int* c, int melds, int shapes) noexcept nogil:
    cdef uint64_t out = _standard_waits(rs, c)
    if melds <= 1 and shapes != SH_STANDARD:
        out |= _special_waits(rs, c, melds, shapes)
    return out


cdef int waits_only_on(const int* counts, int melds, int rules, int code) noexcept nogil:
    """1 when every wait of the 13-tile concealed ``counts`` (SIZE entries,
    ``melds`` declared) is ``code``, else 0; ``REFUSED`` for bad input. The
    unique-wait test of scoring (shanten.won_on_single_wait, on the hand
    less its winning tile), by every shape."""
    return waits_only_on_shapes(counts, melds, rules, SH_ALL, code)


cdef int waits_only_on_shapes(
    const int* counts, int melds, int rules, int shapes, int code
) noexcept nogil:
    """:func:`waits_only_on` by the shapes of the mask ``shapes``."""
    if rules < 0 or rules > 1 or melds < 0 or melds > 4 or code < 0 or code >= SIZE:
        return REFUSED
    if not _shapes_ok(shapes):
        return REFUSED
    cdef const RuleSet* rs = &RULES[rules]
    cdef int i, n = 0
    for i in range(SIZE):
        if counts[i] < 0 or counts[i] > MAX_TILES:
            return REFUSED
        if counts[i] and not rs.valid >> i & 1:
            return REFUSED
        n += counts[i]
    if n + 3 * melds != 13:
        return REFUSED
    return 0 if _waits(rs, counts, melds, shapes) & ~((<uint64_t>1) << code) else 1


# ------------------------------------------------------------ discard options


cdef inline bint _shapes_ok(int shapes) noexcept nogil:
    """A shapes mask the core takes: shapes it knows, the standard one among them."""
    return shapes & SH_STANDARD and not shapes & ~SH_ALL


cdef int _shanten_of(const RuleSet* rs, const int* c, int n, int melds, int shapes) noexcept nogil:
    cdef Facts f
    _facts(rs, c, n, melds, &f)
    return _min_shanten(rs, c, &f, shapes)


cdef bint _isolated(const RuleSet* rs, const int* c, int code) noexcept nogil:
    """True when an added ``code`` would share no group with a held tile: an
    honour not held, or a rank with no held rank of its suit within two."""
    cdef int base, r, j
    if rs.honour_mask >> code & 1:
        return c[code] == 0
    base = code & ~15
    r = code - base - 1
    for j in range(r - 2, r + 3):
        if 0 <= j <= 8 and c[base + 1 + j]:
            return False
    return True


cdef uint64_t _useful(const RuleSet* rs, int* c, Facts* f, int s, int shapes) noexcept nogil:
    """The kinds whose addition lowers the shanten ``s`` of the counts ``c``
    that ``f`` describes (discard analysis). One added tile changes one
    block, so each trial recomputes that block's table only, against the
    others' combined table; a tile that joins no held one cannot lower the
    standard shape (it could only sit alone in a group, and a hand one tile
    from complete has no group to spare), so only the other shapes are
    tried for it."""
    cdef tab_t others[5][NT]   # every block but suit u (u < nsuits) or the honours
    cdef tab_t block[NT]
    cdef tab_t whole[NT]
    cdef Facts g
    cdef int u, v, k, code, n1 = f.n + 1, kk = 4 - f.melds, needed = 1 - f.melds
    cdef int ks_whole_base, top, pairs, ks_whole
    cdef uint64_t out = 0, held, paired, bit, honour
    cdef bint alone
    for u in range(rs.nsuits + 1):
        if u < rs.nsuits:
            memcpy(others[u], f.honours, NT)
        else:
            memcpy(others[u], IDENTITY, NT)
        for v in range(rs.nsuits):
            if v != u:
                _combine(others[u], f.suit[v], others[u])
    ks_whole_base = _overlap(f.whole, f.n, needed) if needed >= 0 else 0
    for k in range(rs.nkinds):
        code = rs.kinds[k]
        bit = (<uint64_t>1) << code
        alone = _isolated(rs, c, code)
        c[code] += 1
        honour = rs.honour_mask & bit
        if not alone:
            if honour:
                _honour_facts(rs, c, &g)
                memcpy(block, g.honours, NT)
                _combine(others[rs.nsuits], block, whole)
            else:
                u = code >> 4
                _suit_table(c + 16 * u + 1, block)
                _combine(others[u], block, whole)
            if 3 * kk + 1 - _overlap(whole, n1, kk) < s:
                out |= bit
                c[code] -= 1
                continue
        if f.melds > 1 or shapes == SH_STANDARD:
            c[code] -= 1
            continue
        held = f.held | bit
        paired = f.paired | (bit if c[code] > 1 else 0)
        pairs = f.pairs + (1 if c[code] > 1 and not c[code] & 1 else 0)
        top = _top_knitted(rs, held)
        if f.melds == 0 and (
            (shapes & SH_SEVEN_PAIRS and 6 - _min(pairs, 7) < s)
            or (shapes & SH_ORPHANS and _orphans(rs, held, paired) < s)
            or (
                shapes & SH_HONOURS_KNITTED
                and 13 - _min(top + _popcount(held & rs.honour_mask), 14) < s
            )
        ):
            out |= bit
            c[code] -= 1
            continue
        # The knitted straight, behind the same floor as in _min_shanten: an
        # added tile raises the whole hand's overlap by one at most.
        if not shapes & SH_KNITTED_STRAIGHT:
            c[code] -= 1
            continue
        ks_whole = _overlap(whole, n1, needed) if not alone else ks_whole_base + 1
        if 10 + 3 * needed - top - ks_whole < s:
            memcpy(&g, f, sizeof(Facts))
            g.n = n1
            g.held = held
            g.paired = paired
            g.pairs = pairs
            if honour:
                _honour_facts(rs, c, &g)
            else:
                u = code >> 4
                _suit_table(c + 16 * u + 1, g.suit[u])
                for v in range(3):
                    g.have_variant[u][v] = False
            _whole(rs, &g)
            if _knitted_straight(rs, c, &g, s) < s:
                out |= bit
        c[code] -= 1
    return out


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

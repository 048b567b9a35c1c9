# Part of analysis.pyx (included there, in this order): the block tables and
# a hand's facts.

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

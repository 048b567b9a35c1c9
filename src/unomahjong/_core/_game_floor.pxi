# The shanten floor of the compiled game step (included by game.pyx):
# game/prefilters.py's ``shanten_floor`` on C arrays.

# ---------------------------------------------------------------- the shanten floor

cdef inline void close_block(int size, int* gains) noexcept:
    """Count a block of ``size`` tiles: ``size // 3`` gains of three, and
    one of two or of one for the rest (``gains``: threes, twos, ones)."""
    gains[0] += size // 3
    if size % 3 == 1:
        gains[2] += 1
    elif size % 3 == 2:
        gains[1] += 1


cdef int standard_floor(_Tables ct, const int* kinds, int nkinds,
                        const unsigned char* counts, int melds) noexcept:
    """game/prefilters.py's ``_standard_floor``, from the kinds held (in
    code order) and their counts."""
    cdef int gains[3]
    cdef int size = 0, prev = -9, code, k
    cdef bint ranked = False
    gains[0] = gains[1] = gains[2] = 0
    for k in range(nkinds):
        code = kinds[k]
        if ranked and code <= prev + 2 and ct.rank[code] >= 0:
            size += counts[code]
        else:
            close_block(size, gains)
            size = counts[code]
            ranked = ct.rank[code] >= 0
        prev = code
    close_block(size, gains)
    cdef int threes = gains[0], twos = gains[1], ones = gains[2]
    cdef int needed = 4 - melds
    cdef int left = needed + 1
    cdef int take = threes if threes < left else left
    cdef int reuse = 3 * take
    left -= take
    take = twos if twos < left else left
    cdef int single = left - twos if left - twos > 0 else 0
    reuse += 2 * take + (ones if ones < single else single)
    cdef int most = 3 * needed + 2
    return 3 * needed + 1 - (reuse if reuse < most else most)


cdef int shanten_floor(_Tables ct, const int* kinds, int nkinds,
                       const unsigned char* counts, int melds) noexcept:
    """game/prefilters.py's ``shanten_floor``, from the same terms (its early
    exits only skip terms that cannot lower the result)."""
    cdef int best = standard_floor(ct, kinds, nkinds, counts, melds)
    if best < 0 or melds > 1:
        return best
    cdef uint64_t held = 0
    cdef int c, pairs = 0, k, knitted = 0, n, honours = 0
    for k in range(nkinds):
        c = kinds[k]
        held |= (<uint64_t>1) << c
        pairs += counts[c] >> 1
    if melds == 0:
        if pairs > 7:
            pairs = 7
        best = min(best, 6 - pairs, 12 - popcount64(held & ct.orphans))
        honours = popcount64(held & ct.honours)
    for k in range(ct.nknitted):
        n = popcount64(held & ct.knitted[k])
        if n > knitted:
            knitted = n
    best = min(best, 8 - knitted)
    if melds == 0:
        best = min(best, 13 - min(honours + knitted, 14))
    return best
